"""Fixtures for tests against a real server process on 127.0.0.1, over real sockets."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from pickletable.loadkit.server import ServerProcess

QUIET_LIMITS = {
    "messages_per_second": 1000,
    "tables_per_minute": 1000,
    "connections_per_address": 1000,
    "http_connections_per_address": 1000,
}
"""Test clients are quicker than people: the limits not under test are raised."""


@pytest.fixture
def real_server(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start servers (`pickletable serve`) on a SQLite file of this test; stopped at its end."""
    started: list[ServerProcess] = []

    def start(
        database: Path | None = None, port: int | None = None, **limits: Any
    ) -> ServerProcess:
        server = ServerProcess(
            database or tmp_path / "tables.sqlite3",
            limits={**QUIET_LIMITS, **limits},
            log=tmp_path / f"server-{len(started)}.log",
        )
        started.append(server.start(port=port))
        return server

    yield start
    for server in started:
        server.stop()


def server_log(server: ServerProcess) -> str:
    """Everything the server printed."""
    return server.log.read_text(errors="replace")


def run_async(main: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine to its end on a thread of its own (and return its result).

    The browser tests' Playwright leaves an event loop marked running on the
    main thread, so `asyncio.run` there would refuse.
    """
    result: list[Any] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(main))
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    thread = threading.Thread(target=target, name="reliability-clients")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]
