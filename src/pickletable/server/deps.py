"""Dependencies the routes share: the table manager, and a seat token from a header.

Both are ``async``: FastAPI runs a plain ``def`` dependency on a worker thread,
a thread hop per request for a lookup that does no I/O.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from pickletable.server.manager import TableManager


async def get_manager(connection: HTTPConnection) -> TableManager:
    """The app's table manager (set up by the app's lifespan)."""
    manager: TableManager = connection.app.state.manager
    return manager


async def seat_token(
    x_seat_token: Annotated[str | None, Header(description="the secret token of your seat")] = None,
) -> str | None:
    """The seat token a request carries in the ``X-Seat-Token`` header."""
    return x_seat_token


Manager = Annotated[TableManager, Depends(get_manager)]
Token = Annotated[str | None, Depends(seat_token)]
