"""Browser tests: a real server in a subprocess, Debian's Chromium driven by Playwright.

Playwright's own browser download does not work everywhere; these tests use
the system Chromium (``/usr/bin/chromium``, or ``PICKLETABLE_CHROMIUM``).
``make test`` installs Debian's ``chromium`` package when it is missing and
it can; without it these tests are skipped and say how to install it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")
"""Debian's `chromium-headless-shell`: Blink without the full browser's window compositing
(which cost the suite about a hundred processor-seconds in the browser and GPU processes)."""
CHROMIUM = Path(
    os.environ.get(
        "PICKLETABLE_CHROMIUM",
        HEADLESS_SHELL if HEADLESS_SHELL.exists() else "/usr/bin/chromium",
    )
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # The pulsing piece of the seat to act would repaint every page all the time: a
    # processor's worth over a run. The page has no motion then (the CSS honours it).
    "--force-prefers-reduced-motion",
]
HOW_TO_INSTALL = (
    f"no Chromium at {CHROMIUM}: install Debian's package with "
    "`sudo apt-get install -y chromium-headless-shell` (make test does this when run as root), "
    "or point PICKLETABLE_CHROMIUM at a Chromium binary"
)
ROOT = Path(__file__).resolve().parents[2]
FORMALITY_PAUSE = "0.3"
"""Seconds the test server's browsers wait before answering a formality (1.5 by default)."""
REVIEW_BUDGET = "8"
"""Rollouts per move the test server's post-game reviews weigh (48 by default): a rough
review, ready in a second or two."""
START_SECONDS = 60
"""How long a server may take to answer after it is started (far longer than it needs
on a quiet machine: on a busy one a start took 17 s)."""
SCREENSHOTS = Path(os.environ.get("PICKLETABLE_SCREENSHOTS", ROOT / "build" / "screenshots"))


def screenshot_of(page: Any, selector: str, path: Path) -> None:
    """A screenshot of the page where the element `selector` finds is drawn.

    Taken of the page clipped to the element's box, not of the element itself: a
    view that arrives meanwhile (a seat connecting) draws the element anew, and a
    screenshot of a replaced element fails.
    """
    expect(page.locator(selector)).to_be_visible()
    # The box is read once the element drawn last has a size (a redraw may be under way).
    box = page.wait_for_function(
        """selector => { const e = document.querySelector(selector);
           if (!e) return null; const r = e.getBoundingClientRect();
           return r.width > 0 && r.height > 0
             ? {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height} : null; }""",
        arg=selector,
    ).json_value()
    page.screenshot(path=str(path), clip=box, full_page=True, animations="disabled")


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker so `-m "not browser"` skips these tests."""
    config.addinivalue_line("markers", "browser: Playwright tests in Debian's Chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a browser test."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One headless Chromium for the browser tests, closed when they are done.

    Playwright's sync API keeps an event loop running in the main thread while
    it is open: tests after this package that call `asyncio.run` need it gone."""
    if not CHROMIUM.exists():
        pytest.skip(HOW_TO_INSTALL)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def close_pages_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every page a test opened: a page left open keeps running (a live table's
    socket, a pulsing piece) and takes CPU from the tests after it. A script error in any
    of them fails the test."""
    launched = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if launched is None:
        return
    errors = [
        f"{page.url}: {error}"
        for context in launched.contexts
        for page in context.pages
        for error in page.page_errors()
    ]
    for context in list(launched.contexts):
        context.close()
    # A script error in a page still open at the end fails its test, whether or not the
    # test listened for it (a page a test closed itself is not seen here).
    assert not errors, "errors in the page's scripts:\n" + "\n".join(errors)


class Server:
    """``pickletable serve`` in a subprocess, on a free port, with its own SQLite file."""

    def __init__(
        self, database: Path, env: dict[str, str] | None = None, limits: tuple[str, ...] = ()
    ) -> None:
        self.env = env or {}
        """Environment variables of this server's own (short settings: a grace time)."""
        self.limits = limits
        """``NAME=VALUE`` limits of this server's own (``serve --limit``)."""
        self.database_url = f"sqlite:///{database}"
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.output = database.parent / "server.log"

    def start(self) -> None:
        """Start and wait until the API answers."""
        env = {
            **os.environ,
            "PICKLETABLE_BOT_DELAY": "0.05",
            "PICKLETABLE_FORMALITY_PAUSE": FORMALITY_PAUSE,
            "PICKLETABLE_REVIEW_BUDGET": REVIEW_BUDGET,
            **self.env,
        }
        with self.output.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "pickletable.cli.main",
                    "serve",
                    "--port",
                    str(self.port),
                    "--database-url",
                    self.database_url,
                    # Bots think on the server's threads: two bot processes more per server
                    # would cost the suite seconds of processor time at every start (the
                    # processes are tested in tests/server/test_bot_processes.py).
                    "--bot-processes",
                    "0",
                    *(f"--limit={limit}" for limit in self.limits),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.output.read_text()}")
            try:
                self.get("/api/games")
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.output.read_text()}")

    def stop(self) -> None:
        """Stop the server (as Ctrl-C would)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.process = None

    def restart(self) -> None:
        """Stop and start again on the same port and database."""
        self.stop()
        self.start()

    def get(self, path: str) -> Any:
        """GET a JSON document from the server."""
        with urllib.request.urlopen(self.url + path, timeout=5) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        """POST a JSON body (as the seat of `token`, if given); the JSON answer, or None."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        with urllib.request.urlopen(request, timeout=5) as answer:
            data = answer.read()
            return json.loads(data) if data else None


SHARED_LIMITS = ("tables_per_minute=100000",)
"""The shared server's tests create far more tables a minute than a person would."""


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for every test of a pytest worker that opens tables of its own and looks
    only at those: a start costs about two processor-seconds, and most tests need no more
    than a table of their own (staged ones included: `staging`)."""
    yield from running_server(tmp_path_factory.mktemp("shared"), limits=SHARED_LIMITS)


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The server a test plays on: the shared one (a module that restarts its server, or
    looks at every table it holds, such as the lobby's list, uses `fresh_server`)."""
    return shared_server


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A running server of this test's own, with no table but the test's."""
    yield from running_server(tmp_path)


def running_server(
    folder: Path, env: dict[str, str] | None = None, limits: tuple[str, ...] = ()
) -> Iterator[Server]:
    """Start a server on a database in `folder`, yield it, stop it.

    A module whose tests need a server of their own settings (a short grace time) may
    share one over the module, which saves a start per test:

        @pytest.fixture(scope="module")
        def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
            yield from running_server(tmp_path_factory.mktemp("server"), {"KEY": "value"})
    """
    running = Server(folder / "tables.sqlite3", env, limits)
    running.start()
    yield running
    running.stop()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
