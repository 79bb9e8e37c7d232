"""The post-game review of a finished table (refused while the game is in play)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from pickletable.server.deps import Manager, Token
from pickletable.server.errors import BadRequest, NotFound
from pickletable.server.schemas import refusals

router = APIRouter(prefix="/api/tables", tags=["coaching"])


@router.get("/{table_id}/review", responses=refusals(404, 409, 422))
async def review(
    table_id: str,
    manager: Manager,
    token: Token,
    seat: int | None = Query(None, description="the seat to review (default: your own)"),
    start: bool = Query(
        True, description='false: only a review made already (else ``{"state": "none"}``)'
    ),
) -> dict[str, Any]:
    """The review of one seat's decisions in a finished game: for each, the win chance after
    the move played and after the best move found, the loss and a mark; the key moments;
    the seat's accuracy.

    The first ask starts it in the background and answers ``{"state": "running", "done",
    "total"}``; ask again for the progress, then ``{"state": "done", "review": ...}``. It is
    kept once done, in the database too: a restarted server answers it at once, and the
    table's record carries it (``meta.reviews``). With ``start=false`` a review not made yet
    is not started: ``{"state": "none"}`` (the summary asks so, to mark a kept review's key
    moments on its chart). Refused (409) while the game is in play.
    """
    table = await manager.fetch(table_id)
    if seat is None:
        mine = table.seat_for_token(token)
        if mine is None:
            raise BadRequest("say which seat to review (?seat=N): you hold no seat at this table")
        seat = mine.seat
    if seat not in table.state.seats:
        raise NotFound(f"this table has no seat {seat}")
    return {"seat": seat, **(await manager.reviews.ask(table, seat, start=start))}
