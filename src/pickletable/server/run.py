"""Running the web table on uvicorn (what ``pickletable serve`` does)."""

from __future__ import annotations

import uvicorn
from rich.console import Console

from pickletable.server.app import create_app
from pickletable.server.config import Settings, default_database_url


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    console: Console | None = None,
) -> None:
    """Say where the tables are stored and where to point a browser, then serve until stopped."""
    console = console or Console()
    settings = Settings(database_url=database_url or default_database_url())
    where = settings.sqlite_path or _hide_password(settings.database_url)
    console.print(f"Tables are stored in {where}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(f"Open http://{shown}:{port}/ in a browser (Ctrl-C stops the server).")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")


def _hide_password(url: str) -> str:
    """A database URL fit to print: ``postgresql://user:***@host/db``."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}{sep}{user}:***@{place}"
