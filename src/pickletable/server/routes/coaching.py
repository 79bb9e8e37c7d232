"""The win chance and the hint at a casual table (refused at a rated one)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from pickletable.server.coaching import RATED
from pickletable.server.deps import Manager, Token
from pickletable.server.errors import NotYours, Refused
from pickletable.server.live import LiveTable
from pickletable.server.schemas import refusals

router = APIRouter(prefix="/api/tables", tags=["coaching"])


@router.get("/{table_id}/odds", responses=refusals(404, 409))
async def win_chance(
    table_id: str, request: Request, manager: Manager, token: Token
) -> dict[str, Any]:
    """Each seat's win chance as your seat sees the table (no token: the public view,
    no hidden cards). ``line`` says it in words; ``step`` is the position weighed."""
    table = await manager.fetch(table_id)
    await refuse_if_rated(request, table)
    seat = table.seat_for_token(token)
    return await manager.coach.odds(table, None if seat is None else seat.seat)


@router.post("/{table_id}/hint", responses=refusals(403, 404, 409))
async def hint(table_id: str, request: Request, manager: Manager, token: Token) -> dict[str, Any]:
    """What the hard bot would play for you now, and why, in a line; the table's log says
    that your seat used a hint."""
    table = await manager.fetch(table_id)
    await refuse_if_rated(request, table)
    seat = table.seat_for_token(token)
    if seat is None:
        raise NotYours("a hint is for a player at the table, about their own move")
    answer = await manager.coach.hint(table, seat.seat)
    await manager.note(table, f"{seat.name} ({seat.label()}) used a hint.")
    return answer


async def refuse_if_rated(request: Request, table: LiveTable) -> None:
    """Refuse coaching at a rated table, with the reason."""
    ratings = getattr(request.app.state, "ratings", None)
    if table.options.get("rated") or (
        ratings is not None and await asyncio.to_thread(ratings.is_rated, table.id)
    ):
        raise Refused(RATED)
