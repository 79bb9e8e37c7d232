"""Fixtures every suite may use: real PostgreSQL and Redis servers (see `tests.services`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager

import pytest

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
