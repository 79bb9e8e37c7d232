"""Undo requests at a casual table: ask to take back your last move, answer another's."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from pickletable.server.deps import Manager, Token
from pickletable.server.routes.coaching import refuse_if_rated
from pickletable.server.schemas import refusals

router = APIRouter(prefix="/api/tables", tags=["coaching"])


class UndoAnswer(BaseModel):
    """A person's answer to another's undo request."""

    accept: bool = Field(description="true: the move may go; false: it stands")


@router.post("/{table_id}/undo", responses=refusals(403, 404, 409))
async def ask_undo(
    table_id: str, request: Request, manager: Manager, token: Token
) -> dict[str, Any]:
    """Ask to take back your last move (with any moves after it). Refused at a rated
    table, and once a die or a card came up since (in the card game and Slam, also once
    another player has moved since). Every other person at the table is asked (the view's
    ``undo.request``); bots accept. ``granted`` says whether it was done at once."""
    table = await manager.fetch(table_id)
    await refuse_if_rated(request, table)
    return await manager.ask_undo(table_id, token)


@router.delete("/{table_id}/undo", status_code=204, responses=refusals(403, 404, 409))
async def withdraw_undo(table_id: str, manager: Manager, token: Token) -> None:
    """Take back your own undo request while it waits for answers."""
    await manager.withdraw_undo(table_id, token)


@router.post("/{table_id}/undo/answer", responses=refusals(403, 404, 409, 422))
async def answer_undo(
    table_id: str, answer: UndoAnswer, request: Request, manager: Manager, token: Token
) -> dict[str, Any]:
    """Accept or refuse the undo another player asked for; the last acceptance grants it,
    one refusal ends it. ``waiting`` lists the seats still to answer."""
    table = await manager.fetch(table_id)
    await refuse_if_rated(request, table)
    return await manager.answer_undo(table_id, token, answer.accept)
