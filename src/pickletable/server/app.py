"""The FastAPI app: routers, static files, refusals as JSON, and the manager's lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from pickletable import __version__
from pickletable.server.config import Settings
from pickletable.server.errors import Refused
from pickletable.server.manager import TableManager
from pickletable.server.routes import games, pages, play, tables
from pickletable.server.routes.pages import web_root


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web table app; tables are rebuilt from the database when it starts."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(settings)
        await manager.start()
        app.state.manager = manager
        try:
            yield
        finally:
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
    app.add_exception_handler(Refused, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.include_router(games.router)
    app.include_router(tables.router)
    app.include_router(play.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=web_root()), name="static")
    return app


async def _refused(_request: Request, error: Refused) -> JSONResponse:
    return JSONResponse({"detail": error.message}, status_code=error.status)


async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
    """A request whose values do not fit: where and why, never the value itself echoed back."""
    issues = [
        {
            "loc": list(issue.get("loc", ())),
            "msg": str(issue.get("msg", "")),
            "type": issue.get("type", ""),
        }
        for issue in error.errors()
    ]
    return JSONResponse({"detail": issues}, status_code=422)
