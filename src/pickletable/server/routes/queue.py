"""The quick-match queue: join a game and mode's queue, ask where you stand, leave."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, status
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
    body: JoinQueue, signed: Session, queue: QueueDep, manager: Manager
) -> dict[str, Any]:
    """Wait for a rated table of this game and mode with players of close rating."""
    await queue.join(signed.user, body.game, body.players, body.doubles, body.bots)
    return await queue.status(signed.user, manager)


@router.get("", responses=refusals(403))
async def queue_status(signed: Session, queue: QueueDep, manager: Manager) -> dict[str, Any]:
    """Where you stand: waiting (for how long, within what rating window), or matched (the
    table and your seat token, given once)."""
    return await queue.status(signed.user, manager)


@router.post("/leave", status_code=status.HTTP_204_NO_CONTENT, responses=refusals(403))
async def leave_queue(signed: Session, queue: QueueDep) -> None:
    """Stop waiting."""
    await queue.leave(signed.user)
