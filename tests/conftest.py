"""Fixtures every suite may use: real PostgreSQL and Redis servers (see `tests.services`)."""

from __future__ import annotations

import os
from collections.abc import Iterator

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


@pytest.fixture(scope="session")
def postgres_admin_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A PostgreSQL server's URL with the right to create databases (see `tests.services`)."""
    named = os.environ.get(POSTGRES_ENV)
    if named:
        yield named
        return
    try:
        with throwaway_postgres() as url:
            yield url
    except ServiceMissing as missing:
        pytest.skip(f"no PostgreSQL for this test: {missing}. To run it: {HOW_TO_POSTGRES}")


@pytest.fixture
def postgres_url(postgres_admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database of this test's own."""
    with fresh_postgres_database(postgres_admin_url) as url:
        yield url


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Redis server's URL (see `tests.services`)."""
    named = os.environ.get(REDIS_ENV)
    if named:
        yield named
        return
    try:
        with throwaway_redis(tmp_path_factory.mktemp("redis")) as url:
            yield url
    except ServiceMissing as missing:
        pytest.skip(f"no Redis for this test: {missing}. To run it: {HOW_TO_REDIS}")
