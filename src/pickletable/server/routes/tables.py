"""Tables: create, list, look at, join, start, hand a seat to a bot (and take it back),
rematch, record, replay, summary."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request, status

from pickletable.server.deps import Manager, Token
from pickletable.server.errors import NotFound, Refused, TooMany
from pickletable.server.live import LiveTable
from pickletable.server.manager import Joined
from pickletable.server.routes.accounts import keep_seat
from pickletable.server.schemas import (
    Action,
    CreateTable,
    HandToBot,
    JoinTable,
    RematchRequest,
    RematchState,
    Seated,
    StartTable,
    Summary,
    refusals,
)
from pickletable.server.summaries import table_summary

router = APIRouter(prefix="/api/tables", tags=["tables"])
SEATED = refusals(403, 404, 409, 422, 503)
"""What a route that changes a table may answer besides success."""


@router.get("", responses=refusals(422))
async def list_tables(manager: Manager) -> list[dict[str, Any]]:
    """Tables waiting for players or in play with recent activity, most recent first,
    each with ``age_seconds`` (since it was created) and ``idle_seconds`` (since anything
    last happened there).

    Tables idle for long (by default a day before the start, a week in play) and finished
    ones are left out (`serve --limit lobby_waiting_seconds=...`, `lobby_playing_seconds`,
    `lobby_finished_seconds`); their links still work.
    """
    return manager.listing()


@router.post("", status_code=status.HTTP_201_CREATED, responses=refusals(422, 429, 503))
async def create_table(body: CreateTable, request: Request, manager: Manager) -> Seated:
    """Open a table; you sit in its first human seat and get that seat's secret token.

    One client address may create `Limits.tables_per_minute` tables a minute (429 beyond).
    """
    wait = manager.creations.take(request.client.host if request.client else "?")
    if wait:
        raise TooMany(
            f"too many new tables from your address: try again in {wait:.0f} s", retry_after=wait
        )
    joined = await manager.create(
        body.game,
        players=body.players,
        options=body.options,
        seats=body.seats,
        name=body.name,
        sit=body.sit,
        turn_seconds=body.turn_seconds,
    )
    await keep_seat(request, joined.table.id, joined.token)
    return _seated(joined, request, manager)


@router.get("/{table_id}", responses=refusals(404, 422))
async def get_table(table_id: str, manager: Manager, token: Token) -> dict[str, Any]:
    """A table's public facts and its ages (as the list has them); with your seat token,
    also which seat is yours."""
    table = await manager.fetch(table_id)
    seat = table.seat_for_token(token)
    return {
        **manager.info(table),
        **manager.ages(table),
        "you": None if seat is None else seat.seat,
    }


@router.post("/{table_id}/join", responses=SEATED)
async def join_table(table_id: str, body: JoinTable, request: Request, manager: Manager) -> Seated:
    """Take a free seat with a display name."""
    joined = await manager.join(table_id, body.name, body.seat)
    await keep_seat(request, joined.table.id, joined.token)
    return _seated(joined, request, manager)


@router.post("/{table_id}/start", status_code=status.HTTP_204_NO_CONTENT, responses=SEATED)
async def start_table(table_id: str, body: StartTable, manager: Manager, token: Token) -> None:
    """Start the game (any seated player may); bots can fill the free seats."""
    await manager.start_game(table_id, token, body.fill_with_bots)


@router.post("/{table_id}/actions", status_code=status.HTTP_204_NO_CONTENT, responses=SEATED)
async def act(table_id: str, body: Action, manager: Manager, token: Token) -> None:
    """Play a move for your seat (the WebSocket offers the same, with live updates).

    The move says the step of the view it answers (``step``): without it, or for
    another step, it is refused (409, with the table's step now), so a move sent again
    later is never played twice. A seat that plays here counts as present, like one on
    a WebSocket.
    """
    await manager.act(table_id, token, body.action, step=body.step, require_step=True)


@router.post(
    "/{table_id}/seats/{seat}/bot", status_code=status.HTTP_204_NO_CONTENT, responses=SEATED
)
async def hand_to_bot(
    table_id: str, seat: int, body: HandToBot, manager: Manager, token: Token
) -> None:
    """Hand a seat to a bot: your own when you leave, or one whose player has gone."""
    await manager.hand_to_bot(table_id, token, seat, body.level)


@router.post(
    "/{table_id}/seats/{seat}/invite", status_code=status.HTTP_204_NO_CONTENT, responses=SEATED
)
async def open_seat(table_id: str, seat: int, manager: Manager, token: Token) -> None:
    """Turn a bot's seat into a free one for a friend, before the start (any seated player
    may); the table's invite link then offers it."""
    await manager.open_seat(table_id, token, seat)


@router.post(
    "/{table_id}/seats/{seat}/reclaim", status_code=status.HTTP_204_NO_CONTENT, responses=SEATED
)
async def reclaim_seat(table_id: str, seat: int, manager: Manager, token: Token) -> None:
    """Take your seat back from the bot that plays it since you left.

    Needs the seat token of the player who left (403 otherwise); refused (409) when no
    bot plays the seat in your place or the game is over. Everyone at the table sees it.
    """
    await manager.reclaim(table_id, token, seat)


@router.post("/{table_id}/rematch", responses=SEATED)
async def rematch(
    table_id: str,
    request: Request,
    manager: Manager,
    token: Token,
    body: RematchRequest | None = None,
) -> RematchState:
    """Accept a rematch: same game, options and people; it opens once every person at the
    table has accepted (bots accept at once), and each seat keeps its token there.

    Everyone at the table sees who has accepted (each seat's ``rematch``); when the
    rematch opens, every connection is sent ``{"type": "rematch", "table": id}``. With
    ``without_absent``, it opens now if everyone it waits for has left the table (409
    otherwise): a bot takes their seats, which they can take back.
    """
    without = body is not None and body.without_absent
    answer = await manager.rematch(table_id, token, without_absent=without)
    again = answer.table
    return RematchState(
        accepted=answer.accepted,
        waiting=answer.waiting,
        table=None if again is None else again.id,
        invite=None if again is None else str(request.url_for("table_page", table_id=again.id)),
    )


@router.get("/{table_id}/record", responses=refusals(404, 409, 422))
async def record(table_id: str, manager: Manager) -> dict[str, Any]:
    """The game record in pickletable's JSON format (``pickletable replay`` checks it).

    Open once the game is over, or when the table is read-only (every stored step). The
    post-game reviews made of it so far come with it, in ``meta.reviews``.
    """
    table = await _finished(manager, table_id)
    record = table.record()
    reviews = await manager.reviews.kept(table.id)
    if reviews:
        record["meta"]["reviews"] = reviews
    return record


@router.get("/{table_id}/replay", responses=refusals(404, 409, 422))
async def replay(
    table_id: str,
    manager: Manager,
    seat: int | None = Query(None, description="see the game as this seat saw it"),
) -> dict[str, Any]:
    """Every step of a finished game as a frame: the view after it and its log lines.

    A read-only table's replay goes as far as its steps replay.
    """
    table = await _finished(manager, table_id)
    if seat is not None and seat not in table.state.seats:
        raise NotFound(f"this table has no seat {seat}")
    frames = await manager.replays.frames(table, seat)  # kept; a long game takes a while
    return {"table": manager.info(table), "seat": seat, "frames": frames}


@router.get("/{table_id}/summary", responses=refusals(404, 409, 422))
async def summary(table_id: str, manager: Manager) -> Summary:
    """The end-of-game summary: each side's score after every rally or round, every rally
    or round (who served or dealt, how it ended), the lab's figures of the game and each
    player's (points won on serve, cards played, Dink Shots, twist cards...).

    Open once the game is over, like the record; the same for everyone, computed from what
    a spectator saw. A read-only table's summary goes as far as its steps replay.
    """
    table = await _finished(manager, table_id)
    return Summary.model_validate(await asyncio.to_thread(table_summary, table))


async def _finished(manager: Manager, table_id: str) -> LiveTable:
    table = await manager.fetch(table_id)
    if not table.closed:
        raise Refused("the record, the replay and the summary open once the game is over")
    return table


def _seated(joined: Joined, request: Request, manager: Manager) -> Seated:
    invite = str(request.url_for("table_page", table_id=joined.table.id))
    return Seated(
        table=manager.info(joined.table), seat=joined.seat, token=joined.token, invite=invite
    )
