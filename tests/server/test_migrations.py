"""The schema is Alembic's: revisions build the models' tables and upgrade older databases.

Run against SQLite always and against a real PostgreSQL server when one is
at hand (see `tests.services`).
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine

from pickletable.core.records import replay
from pickletable.server import Settings, create_app
from pickletable.server.migrations import current_revision, head_revision, upgrade
from pickletable.server.storage import Base, Storage
from tests.server.conftest import TEST_LIMITS, Client, Player, new_table, play_until, start

BEFORE_MIGRATIONS = Path(__file__).parent.parent / "fixtures" / "databases"
OLD_DATABASE = BEFORE_MIGRATIONS / "before-migrations.sqlite3"
OLD_TOKENS = json.loads((BEFORE_MIGRATIONS / "before-migrations.tokens.json").read_text())
OLD_TABLES = {
    "kBboqQDG": ("board", "over", 32),
    "yL8p04H9": ("board", "playing", 32),
    "jv9VkDp5": ("board", "waiting", 0),
    "kj5x9CXo": ("card", "over", 193),
    "ps2H_R09": ("card", "playing", 73),
    "etfp-xN4": ("card", "waiting", 0),
    "e4Cu_lbD": ("slam", "over", 87),
    "K3AFrQQk": ("slam", "playing", 31),
    "-XeYjKya": ("slam", "waiting", 0),
}
"""What the old database holds (made by ``make_before_migrations.py``): game, status, steps."""


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database URL: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def _differences(engine: Engine) -> list[Any]:
    with engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))


def test_the_revisions_build_exactly_the_tables_the_models_describe(any_database: str) -> None:
    engine = create_engine(any_database)
    try:
        upgrade(engine)
        assert current_revision(engine) == head_revision()
        assert _differences(engine) == []
    finally:
        engine.dispose()


def test_upgrading_an_up_to_date_database_changes_nothing(any_database: str) -> None:
    Storage(any_database).close()
    engine = create_engine(any_database)
    try:
        before = {name: inspect(engine).get_columns(name) for name in ("tables", "steps")}
        upgrade(engine)
        after = {name: inspect(engine).get_columns(name) for name in ("tables", "steps")}
        assert [str(c) for c in before.values()] == [str(c) for c in after.values()]
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_a_database_from_before_revisions_keeps_every_table_and_step(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    shutil.copyfile(OLD_DATABASE, path)
    url = f"sqlite:///{path}"
    storage = Storage(url)
    try:
        tables = {stored.row["id"]: stored for stored in storage.load()}
    finally:
        storage.close()
    assert {
        table_id: (stored.row["game"], stored.row["status"], len(stored.steps))
        for table_id, stored in tables.items()
    } == OLD_TABLES
    engine = create_engine(url)
    try:
        assert current_revision(engine) == head_revision()
        assert _differences(engine) == []
    finally:
        engine.dispose()


def test_an_upgraded_old_database_serves_its_tables_and_they_play_on(
    serve: Any, database_url: str
) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("the old-release fixture is a SQLite file")
    shutil.copyfile(OLD_DATABASE, database_url.removeprefix("sqlite:///"))
    with serve() as client:
        for table_id, (_game, status, steps) in OLD_TABLES.items():
            shown = client.get(f"/api/tables/{table_id}")
            assert shown.status_code == 200, shown.text
            assert shown.json()["status"] == status
            if status == "playing":  # the two people come back and finish the game
                url = f"/ws/tables/{table_id}"
                with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
                    first, second = OLD_TOKENS[table_id]
                    players = [Player(one, first), Player(two, second)]
                    assert players[0].current()["step"] >= steps
                    play_until(players)
            if status != "waiting":
                record = client.get(f"/api/tables/{table_id}/record")
                assert record.status_code == 200, record.text
                assert replay(record.json()).is_over
                assert len(record.json()["steps"]) >= steps


def test_the_old_columns_are_added_once_to_an_old_postgresql_database(postgres_url: str) -> None:
    engine = create_engine(postgres_url)
    try:
        with engine.begin() as connection:  # the tables as an early release made them
            connection.execute(
                text(
                    "CREATE TABLE tables (id VARCHAR(16) PRIMARY KEY, game VARCHAR(16) NOT NULL,"
                    " players INTEGER NOT NULL, options JSON NOT NULL, content JSON NOT NULL,"
                    " seats JSON NOT NULL, notes JSON NOT NULL, seed INTEGER NOT NULL,"
                    " status VARCHAR(16) NOT NULL, turn_seconds INTEGER NOT NULL,"
                    " rematch_of VARCHAR(16), rematch_id VARCHAR(16), created VARCHAR(40) NOT NULL)"
                )
            )
            connection.execute(
                text(
                    "CREATE TABLE steps (table_id VARCHAR(16) REFERENCES tables (id),"
                    ' "index" INTEGER, by INTEGER NOT NULL, action TEXT NOT NULL,'
                    ' events JSON NOT NULL, PRIMARY KEY (table_id, "index"))'
                )
            )
            connection.execute(
                text(
                    "INSERT INTO tables VALUES ('old', 'card', 2, '{}', '{}', '[]', '[]', 1,"
                    " 'waiting', 0, NULL, NULL, '2026-01-01T00:00:00+00:00')"
                )
            )
        upgrade(engine)
        assert _differences(engine) == []
        with engine.connect() as connection:
            row = connection.execute(text("SELECT id, active, made_with, rules FROM tables"))
            assert row.all() == [("old", None, None, None)]
    finally:
        engine.dispose()


def test_servers_starting_together_on_postgresql_migrate_it_once(postgres_url: str) -> None:
    engines = [create_engine(postgres_url) for _ in range(4)]
    failures: list[BaseException] = []
    barrier = threading.Barrier(len(engines))

    def start(engine: Engine) -> None:
        try:
            barrier.wait()
            upgrade(engine)
        except BaseException as failure:  # reported below
            failures.append(failure)

    threads = [threading.Thread(target=start, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        assert failures == []
        with engines[0].connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        assert versions == [(head_revision(),)]
    finally:
        for engine in engines:
            engine.dispose()


def test_a_postgresql_table_plays_to_its_end_and_replays(postgres_url: str) -> None:
    app = create_app(Settings(database_url=postgres_url, limits=TEST_LIMITS, bot_delay=0))
    with Client(app) as client:
        made = new_table(client, "card", ["human", "bot:easy"], options={"target_score": 2})
        table_id = made["table"]["id"]
        start(client, table_id, made["token"])
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            play_until([Player(socket, made["token"])])
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert replay(record).is_over
    again = Storage(postgres_url)
    try:
        (stored,) = again.load(table_id=table_id)
    finally:
        again.close()
    assert stored.row["status"] == "over"
    assert len(stored.steps) == len(record["steps"])
