"""Running the web table on uvicorn (what ``pickletable serve`` does)."""

from __future__ import annotations

import contextlib
import faulthandler
import socket

import uvicorn
from rich.console import Console
from sqlalchemy import create_engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError

from pickletable.core.errors import PickletableError
from pickletable.server import memory
from pickletable.server.app import create_app
from pickletable.server.bot_processes import BOT_PROCESSES
from pickletable.server.config import Limits, Settings, default_database_url
from pickletable.server.http_guard import guarded_http
from pickletable.server.sqlite_identity import DatabaseInUse, only_server
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
    trusted_proxies: tuple[str, ...] = (),
    bot_processes: int = BOT_PROCESSES,
) -> None:
    """Say where the tables are stored and where to point a browser, then serve until stopped.

    Only the `trusted_proxies` may say who the client is (X-Forwarded-For); uvicorn's own
    default would trust 127.0.0.1, so anyone on the machine could pass for any address.
    """
    console = console or Console()
    limits = limits or Limits()
    settings = Settings(
        database_url=database_url or default_database_url(),
        limits=limits,
        trusted_proxies=trusted_proxies,
        bot_processes=bot_processes,
    )
    where = settings.sqlite_path or _hide_password(settings.database_url)
    _check_port(host, port)
    _check_database(settings.database_url, str(where))
    # Two servers on one SQLite file would each keep tables in memory and write over the
    # other's: a second one is refused (PostgreSQL's workers share tables by leases).
    sole = only_server(settings.sqlite_path) if settings.sqlite_path else contextlib.nullcontext()
    try:
        with sole:
            _serve(settings, console, host, port, str(where))
    except DatabaseInUse as in_use:
        raise ServeError(
            f"cannot serve {where}: {in_use}; stop that server, or give this one another "
            "--database-url"
        ) from None


def _serve(settings: Settings, console: Console, host: str, port: int, where: str) -> None:
    limits, trusted_proxies = settings.limits, settings.trusted_proxies
    app = create_app(settings)
    memory.settle()
    # A fatal signal (SIGBUS from a database's shared memory file that cannot be written,
    # say) prints what the server was doing instead of ending it without a word.
    with contextlib.suppress(OSError, ValueError, AttributeError):  # stderr is not a file
        faulthandler.enable()
    announce(console, f"Tables are stored in {where}", host, port, "the server")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=WS_FRAME_LIMIT,  # beyond it the socket closes (1009); below, a clear refusal
        ws_per_message_deflate=False,  # views are small; compressing each was the top CPU cost
        http=guarded_http(
            limits.request_seconds,
            limits.http_connections_per_address,
            frozenset(trusted_proxies),
        ),
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=list(trusted_proxies) or None,
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


def announce(console: Console, stored: str, host: str, port: int, stops: str) -> None:
    """Say where tables are kept and where to point a browser (a path is never broken)."""
    console.print(stored, soft_wrap=True)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(f"Open http://{shown}:{port}/ in a browser (Ctrl-C stops {stops}).")


def _hide_password(url: str) -> str:
    """A database URL fit to print: ``postgresql://user:***@host/db``."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}{sep}{user}:***@{place}"
