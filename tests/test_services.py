"""The real servers the database tests use are there and keep tests apart (see tests.services)."""

from __future__ import annotations

import redis
from sqlalchemy import create_engine, inspect, text

from tests.services import fresh_postgres_database


def test_a_test_gets_an_empty_postgresql_database_that_is_dropped_afterwards(
    postgres_admin_url: str,
) -> None:
    with fresh_postgres_database(postgres_admin_url) as url:
        engine = create_engine(url)
        with engine.begin() as connection:
            assert inspect(connection).get_table_names() == []
            connection.execute(text("CREATE TABLE scratch (n INTEGER)"))
        engine.dispose()
        name = url.rsplit("/", 1)[1]
    admin = create_engine(postgres_admin_url)
    with admin.connect() as connection:
        left = connection.execute(
            text("SELECT count(*) FROM pg_database WHERE datname = :name"), {"name": name}
        ).scalar_one()
    admin.dispose()
    assert left == 0


def test_redis_answers(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    try:
        assert client.ping() is True
    finally:
        client.close()
