"""The server's database schema as Alembic revisions, applied when the server starts.

`upgrade(engine)` brings any database (SQLite or PostgreSQL) to the newest
revision: a new one gets every table, an older one the revisions it lacks,
and one made before the schema had revisions (no ``alembic_version`` table)
is brought to the first revision and then on. Several servers starting at
once on one PostgreSQL database take turns (an advisory lock), so a
revision never runs twice.

A new revision goes in ``versions/`` (``alembic revision`` with the
``alembic.ini`` beside this file, or by hand: copy the newest and change
``revision``/``down_revision``); `tests/server/test_migrations.py` checks
that the revisions build exactly the tables the models in
`pickletable.server.storage` and `pickletable.server.accounts.rows` describe.

>>> from sqlalchemy import create_engine, inspect
>>> engine = create_engine("sqlite://")
>>> upgrade(engine)
>>> {'tables', 'steps', 'users', 'ratings'} <= set(inspect(engine).get_table_names())
True
>>> current_revision(engine) == head_revision()
True
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent
MIGRATION_LOCK = 0x7069636B
"""The PostgreSQL advisory lock one server holds while it upgrades the schema."""


def upgrade(engine: Engine) -> None:
    """Apply every revision the database lacks, in one transaction."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config = _config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None: it has none yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    """The newest revision."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None, "the migrations folder holds no revision"
    return head


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE))
    return config
