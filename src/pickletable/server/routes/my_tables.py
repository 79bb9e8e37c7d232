"""The lobby's "My tables": the tables of the signed-in account and of the browser's seats."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from pickletable.server.accounts.my_tables import my_tables
from pickletable.server.accounts.service import HeldSeat
from pickletable.server.routes.accounts import AccountsDep, MaybeSignedIn, SeatsHeld
from pickletable.server.schemas import refusals

router = APIRouter(tags=["accounts"])


@router.post("/api/my-tables", responses=refusals(403, 422))
async def list_my_tables(
    body: SeatsHeld, request: Request, signed: MaybeSignedIn, accounts: AccountsDep
) -> dict[str, Any]:
    """Your tables (``tables``): the signed-in account's and those whose seat tokens you
    send; ``forget`` names the tables you sent where no token of yours holds a seat.

    Those where it is your move come first (``your_move``, with ``seconds_left`` on the
    turn clock when it has one), then the others in play or waiting, then the last few
    finished ones. Read from the database, so every worker gives the same answer.
    """
    held = [HeldSeat(item.table, item.token) for item in body.seats]
    user = None if signed is None else signed.user.id
    now = request.app.state.settings.now()
    return await asyncio.to_thread(my_tables, accounts.db, user, held, now)
