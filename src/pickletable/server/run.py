"""Running the web table on uvicorn (what ``pickletable serve`` does)."""

from __future__ import annotations

import socket

import uvicorn
from rich.console import Console
from sqlalchemy import create_engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError

from pickletable.core.errors import PickletableError
from pickletable.server import memory
from pickletable.server.app import create_app
from pickletable.server.config import Limits, Settings, default_database_url
from pickletable.server.storage import make_sqlite_folder

WS_FRAME_LIMIT = 1 << 20
"""Largest WebSocket frame uvicorn reads at all (the server's own limit is far lower)."""


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    console: Console | None = None,
    limits: Limits | None = None,
) -> None:
    """Say where the tables are stored and where to point a browser, then serve until stopped."""
    console = console or Console()
    limits = limits or Limits()
    settings = Settings(database_url=database_url or default_database_url(), limits=limits)
    where = settings.sqlite_path or _hide_password(settings.database_url)
    _check_port(host, port)
    _check_database(settings.database_url, str(where))
    app = create_app(settings)
    memory.settle()
    console.print(f"Tables are stored in {where}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(f"Open http://{shown}:{port}/ in a browser (Ctrl-C stops the server).")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=WS_FRAME_LIMIT,  # beyond it the socket closes (1009); below, a clear refusal
        ws_per_message_deflate=False,  # views are small; compressing each was the top CPU cost
    )


class ServeError(PickletableError):
    """The web table cannot start (bad port, address in use, unusable database)."""


def _check_database(url: str, where: str) -> None:
    """Fail with one clear line if the database cannot be opened."""
    try:
        make_sqlite_folder(url)
        engine = create_engine(url)
        with engine.connect():
            pass
        engine.dispose()
    except (
        ArgumentError,
        NoSuchModuleError,
        OperationalError,
        ModuleNotFoundError,
        OSError,
    ) as error:
        hint = ""
        if isinstance(error, ModuleNotFoundError):
            hint = " (PostgreSQL needs a driver: pip install 'psycopg[binary]')"
        first_line = str(error).splitlines()[0]
        raise ServeError(f"cannot open the database {where}: {first_line}{hint}") from None


def _check_port(host: str, port: int) -> None:
    """Fail before printing the address if the port cannot be listened on."""
    if not 1 <= port <= 65535:
        raise ServeError(f"--port {port} is not a port: use 1 to 65535")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise ServeError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def _hide_password(url: str) -> str:
    """A database URL fit to print: ``postgresql://user:***@host/db``."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}{sep}{user}:***@{place}"
