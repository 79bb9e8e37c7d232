"""The quick-match queue: join a game and mode's queue, ask where you stand, take the seat
it found you, leave.

A seat token leaves the server only in answer to a POST (with the session's CSRF token),
never to a GET, and with ``Cache-Control: no-store``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response, status
from pydantic import BaseModel, Field

from pickletable.server.accounts.queue import Queue
from pickletable.server.deps import Manager
from pickletable.server.routes.accounts import Session
from pickletable.server.schemas import refusals

router = APIRouter(prefix="/api/queue", tags=["queue"])


class JoinQueue(BaseModel):
    """The game and mode to find a table of, and whether bots may fill it."""

    game: str = Field(max_length=16)
    players: int = Field(ge=2, le=8)
    doubles: bool = False
    bots: bool = False
    """Fill the seats with bots of your strength if nobody close comes within a while."""


def get_queue(request: Request) -> Queue:
    """The app's queue (set up by the app's lifespan)."""
    queue: Queue = request.app.state.queue
    return queue


QueueDep = Annotated[Queue, Depends(get_queue)]


@router.post("", status_code=status.HTTP_202_ACCEPTED, responses=refusals(403, 404, 422))
async def join_queue(
    body: JoinQueue, signed: Session, queue: QueueDep, manager: Manager, response: Response
) -> dict[str, Any]:
    """Wait for a rated table of this game and mode with players of close rating (matched at
    once: the table and your seat token)."""
    await queue.join(signed.user, body.game, body.players, body.doubles, body.bots)
    response.headers["Cache-Control"] = "no-store"
    return await queue.status(signed.user, manager, hand_over=True)


@router.get("", responses=refusals(403))
async def queue_status(signed: Session, queue: QueueDep, manager: Manager) -> dict[str, Any]:
    """Where you stand: waiting (for how long, within what rating window), or matched (the
    table; its seat token comes from ``POST /api/queue/seat``)."""
    return await queue.status(signed.user, manager)


@router.post("/seat", responses=refusals(403, 404))
async def take_seat(signed: Session, queue: QueueDep, response: Response) -> dict[str, Any]:
    """The table the queue seated you at and your seat token there, as often as you ask
    while that game is on (a reload, another browser of yours)."""
    response.headers["Cache-Control"] = "no-store"
    return await queue.seat(signed.user)


@router.post("/leave", status_code=status.HTTP_204_NO_CONTENT, responses=refusals(403))
async def leave_queue(signed: Session, queue: QueueDep) -> None:
    """Stop waiting."""
    await queue.leave(signed.user)
