"""The FastAPI app: routers, static files, refusals as JSON, and the manager's lifespan."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from pickletable import __version__
from pickletable.server.accounts.csrf import CsrfGuard
from pickletable.server.accounts.setup import open_accounts
from pickletable.server.config import Settings
from pickletable.server.errors import Refused
from pickletable.server.http_guard import BodyLimit
from pickletable.server.manager import TableManager
from pickletable.server.routes import (
    accounts,
    coaching,
    games,
    my_tables,
    pages,
    play,
    queue,
    ratings,
    reviews,
    tables,
    undo,
)
from pickletable.server.routes.pages import web_root


def create_app(
    settings: Settings | None = None,
    manager: Callable[[Settings], TableManager] = TableManager,
) -> FastAPI:
    """The web table app; tables are rebuilt from the database when it starts.

    `manager` makes the table manager (one of several processes brings its own:
    `pickletable.server.cluster.app`).
    """
    settings = settings or Settings()
    make_manager = manager

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = make_manager(settings)
        await manager.start()
        app.state.manager = manager
        rating = open_accounts(app.state, manager)
        try:
            yield
        finally:
            await rating.settle()
            app.state.accounts.work.close()
            await manager.stop()

    # /docs (Swagger UI) from the files fastapi-offline packages, not a CDN: the API docs
    # work on a machine with no internet. The online validator is off too. No /redoc:
    # ReDoc's page still asks a CDN for its logo.
    app = FastAPIOffline(
        title="pickletable web table",
        version=__version__,
        summary="Lobby, tables and live play for three pickleball tabletop games.",
        lifespan=lifespan,
        swagger_ui_parameters={"validatorUrl": None},
        redoc_url=None,
    )
    app.state.settings = settings
    app.add_middleware(CsrfGuard)
    app.add_middleware(BodyLimit, limit=settings.limits.body_bytes)
    app.add_exception_handler(Refused, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.include_router(games.router)
    app.include_router(accounts.router)
    app.include_router(ratings.router)
    app.include_router(my_tables.router)
    app.include_router(queue.router)
    app.include_router(tables.router)
    app.include_router(coaching.router)
    app.include_router(reviews.router)
    app.include_router(undo.router)
    app.include_router(play.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=web_root()), name="static")
    return app


ECHO_LIMIT = 200
"""The most characters of any text a refusal carries: a message quotes what it was sent
(an option's value, a move), and a megabyte sent must not come back."""


DEFAULT_RETRY_SECONDS = 60
"""Retry-After of a 429 that does not know better (a limit on tables at once)."""


async def _refused(_request: Request, error: Refused) -> JSONResponse:
    headers = None
    retry = error.retry_after
    if retry is None and error.status == 429:
        retry = DEFAULT_RETRY_SECONDS
    if retry is not None:
        headers = {"Retry-After": str(max(1, math.ceil(retry)))}
    return JSONResponse(
        {"detail": shown(error.message, 2 * ECHO_LIMIT)}, status_code=error.status, headers=headers
    )


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` fit to send back: at most `limit` characters, lone surrogates replaced."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.encode("utf-8", "replace").decode()


async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
    """A request whose values do not fit: where and why, never the value itself echoed back."""
    issues = [
        {
            "loc": [part if isinstance(part, int) else shown(str(part)) for part in issue["loc"]],
            "msg": shown(str(issue.get("msg", ""))),
            "type": shown(str(issue.get("type", ""))),
        }
        for issue in error.errors()
    ][:20]
    return JSONResponse({"detail": issues}, status_code=422)
