"""What every suite shares: real PostgreSQL and Redis servers (see `tests.services`), and
running in parallel.

``make test`` runs the tests on every core (``pytest -n auto``, pytest-xdist).
Each worker is its own process with its own temporary folders, its own
throwaway PostgreSQL and Redis servers on free ports (a test's database has a
name of its own) and its own Hypothesis database. Tests that share something a
worker cannot have on its own run on one worker, one after another: `GROUPS`
names them and `pytest_xdist_make_scheduler` keeps each group together. No
single test may take more than `CPU_BUDGET_SECONDS` of processor time, so that
the suite's time stays bounded.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.database import (
    DirectoryBasedExampleDatabase,
    ExampleDatabase,
    MultiplexedDatabase,
    ReadOnlyDatabase,
)

from tests.services import (
    HOW_TO_POSTGRES,
    HOW_TO_REDIS,
    POSTGRES_ENV,
    REDIS_ENV,
    ServiceMissing,
    fresh_postgres_database,
    throwaway_postgres,
    throwaway_redis,
)

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
BROWSER = TESTS / "browser"
GROUPS: dict[str, tuple[Path, ...]] = {
    # The browser tests in two halves of about equal time (measured with --durations:
    # 230 and 245 s), one a worker: the desktop's whole games and those of two people in
    # two browsers here, the phone's whole games and everything else in the other.
    "browser-1": tuple(
        BROWSER / name
        for name in (
            "test_whole_games.py",
            "test_accessibility.py",
            "test_play_in_browsers.py",
            "test_layouts.py",
            "test_end_of_game.py",
            "test_last_results.py",
            "test_turn_alerts_and_leaving.py",
            "test_waiting_table.py",
            "test_rated_game.py",
        )
    ),
    "browser-2": (BROWSER,),
    "ray": (TESTS / "analysis" / "test_ray_backend.py", TESTS / "analysis" / "test_ray_cluster.py"),
    "cluster": (TESTS / "server" / "cluster",),
}
"""Tests that run on one worker, one after another, by file or folder (the first group
that holds a file takes it). A browser group shares one Chromium, and its tests are
timed against the real clock (bot delays, formality pauses, reconnections) and each
starts a server: one at a time per worker keeps a machine of two cores from running
more than two browsers at once. The Ray tests share one local Ray cluster, whose
processes and ports are the machine's. The cluster tests each start two or three
server processes and kill some: one at a time keeps their takeover times (which they
bound) from being those of an overloaded machine."""
CPU_BUDGET_SECONDS = 30.0
"""Most processor time one test (its set-up, or its body) may take, in its own process.

A test over it fails and says so: make it smaller (fewer games, a quicker
variant, a lower budget for the bot), or split it. Time in child processes (a
server, a browser) does not count; waiting does not count."""
HYPOTHESIS = Path(os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY", ROOT / ".hypothesis"))
"""Hypothesis's folder: a serial run's database in ``examples/``, each worker's in
``workers/gwN/``."""


def group_of(nodeid: str) -> str | None:
    """The group of `GROUPS` a test belongs to, if any.

    >>> group_of("tests/browser/test_keys.py::test_keys[phone]"), group_of("tests/test_x.py::y")
    ('browser-2', None)
    >>> group_of("tests/browser/test_accessibility.py::test_lobby")
    'browser-1'
    """
    path = ROOT / nodeid.split("::", 1)[0]
    for group, places in GROUPS.items():
        if any(path == where or path.is_relative_to(where) for where in places):
            return group
    return None


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Hand out the tests one by one, but each group of `GROUPS` whole, to one worker.

    xdist's own ``--dist loadgroup`` writes an ``xdist_group`` mark into
    ``item._nodeid``, which pytest 9.2 no longer reads (a node's id is its ``_id``):
    the groups were split over the workers. This scheduler reads the test's path.
    The biggest unit goes first (xdist's ``--loadscope-reorder``), so the long
    browser group starts at once while the other workers take the rest.
    """
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None  # another mode asked for (each, loadfile...): xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or nodeid

    return GroupScheduling(config, log)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """Fail a test whose set-up takes more than the CPU budget."""
    return (yield from _within_budget(item, "set-up"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Fail a test whose body takes more than the CPU budget."""
    return (yield from _within_budget(item, "body"))


def _within_budget(item: pytest.Item, part: str) -> Generator[None, None, None]:
    started = time.process_time()
    result = yield
    used = time.process_time() - started
    if used > CPU_BUDGET_SECONDS:
        raise pytest.fail.Exception(
            f"{item.nodeid}: its {part} took {used:.1f} s of processor time, over the "
            f"{CPU_BUDGET_SECONDS:g} s budget of every test (tests/conftest.py): make it "
            "smaller or split it",
            pytrace=False,
        )
    return result


def _hypothesis_database(worker: str, workers: int) -> ExampleDatabase:
    """A worker's Hypothesis database: it writes to its own folder, reads every worker's.

    So two workers never write one folder, and an example that failed on one
    worker is tried again next run whichever worker gets its test (and a serial
    run's examples, in Hypothesis's usual folder, are tried too).
    """

    def examples(worker: str) -> DirectoryBasedExampleDatabase:
        return DirectoryBasedExampleDatabase(HYPOTHESIS / "workers" / worker / "examples")

    others = [f"gw{number}" for number in range(workers) if f"gw{number}" != worker]
    serial = DirectoryBasedExampleDatabase(HYPOTHESIS / "examples")
    readable = [ReadOnlyDatabase(examples(other)) for other in others]
    return MultiplexedDatabase(examples(worker), *readable, ReadOnlyDatabase(serial))


if _worker := os.environ.get("PYTEST_XDIST_WORKER"):
    # Hypothesis's other files (its cache of the constants in the code under test) too.
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(HYPOTHESIS / "workers" / _worker)
    settings.register_profile(
        "xdist-worker",
        database=_hypothesis_database(_worker, int(os.environ["PYTEST_XDIST_WORKER_COUNT"])),
    )
    settings.load_profile("xdist-worker")


def _service(
    variable: str, throwaway: Callable[[], AbstractContextManager[str]], kind: str, how: str
) -> Iterator[str]:
    """The server named by `variable`, else a throwaway one for the run, else a skip."""
    named = os.environ.get(variable)
    if named:
        yield named
        return
    try:
        with throwaway() as url:
            yield url
    except ServiceMissing as missing:
        pytest.skip(f"no {kind} for this test: {missing}. To run it: {how}")


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """A PostgreSQL server's URL with the right to create databases."""
    yield from _service(POSTGRES_ENV, throwaway_postgres, "PostgreSQL", HOW_TO_POSTGRES)


@pytest.fixture
def postgres_url(postgres_admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database of this test's own."""
    with fresh_postgres_database(postgres_admin_url) as url:
        yield url


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Redis server's URL."""

    def throwaway() -> AbstractContextManager[str]:
        return throwaway_redis(tmp_path_factory.mktemp("redis"))

    yield from _service(REDIS_ENV, throwaway, "Redis", HOW_TO_REDIS)
