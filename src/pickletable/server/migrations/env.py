"""How Alembic runs the revisions: on the connection `upgrade` hands it (never from a URL here)."""

from __future__ import annotations

from alembic import context

from pickletable.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:  # `alembic` run by hand: the URL comes from alembic.ini or -x url=...
    from sqlalchemy import create_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or context.config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///path/to/tables.sqlite3 ...")
    with create_engine(url).begin() as opened:
        context.configure(connection=opened, target_metadata=Base.metadata, render_as_batch=True)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    context.run_migrations()
