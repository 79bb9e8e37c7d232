"""How Alembic runs the revisions: on the connection `upgrade` hands it, or from a URL by hand."""

from __future__ import annotations

from alembic import context
from alembic.config import Config
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from pickletable.server import review_store as _review_rows  # noqa: F401 (its table)
from pickletable.server.accounts import rows as _account_rows  # noqa: F401 (their tables)
from pickletable.server.storage import Base


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    context.run_migrations()


def _by_hand() -> None:
    """``alembic -c .../alembic.ini -x url=sqlite:///tables.sqlite3 upgrade head``."""
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("name the database: alembic -x url=sqlite:///path/to/tables.sqlite3 ...")
    with create_engine(url).begin() as connection:
        _run(connection)


config: Config | None
try:
    config = context.config
except AttributeError:  # imported outside a migration run (a doctest collector): nothing to do
    config = None
if config is not None:
    handed = config.attributes.get("connection")
    if handed is None:
        _by_hand()
    else:
        _run(handed)
