"""Rated tables, leaderboards and player profiles."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response, status
from fastapi import Path as FastPath

from pickletable.core.errors import UnknownGameError
from pickletable.core.registry import kit_for
from pickletable.server.accounts.history import profile, profile_exists
from pickletable.server.accounts.rating_graph import graph_svg, rating_points
from pickletable.server.accounts.rating_store import Ratings
from pickletable.server.accounts.ratings import mode_of
from pickletable.server.accounts.service import HeldSeat
from pickletable.server.deps import Manager, Token
from pickletable.server.errors import NotFound, NotYours, Refused
from pickletable.server.live import WAITING
from pickletable.server.routes.accounts import AccountsDep, Session
from pickletable.server.schemas import refusals

router = APIRouter(tags=["ratings"])


def get_ratings(request: Request) -> Ratings:
    """The app's ratings (set up by the app's lifespan)."""
    ratings: Ratings = request.app.state.ratings
    return ratings


RatingsDep = Annotated[Ratings, Depends(get_ratings)]


@router.post(
    "/api/tables/{table_id}/rated",
    status_code=status.HTTP_204_NO_CONTENT,
    responses=refusals(403, 404, 409),
)
async def make_rated(
    table_id: str,
    manager: Manager,
    token: Token,
    signed: Session,
    accounts: AccountsDep,
    ratings: RatingsDep,
) -> None:
    """Make a table not yet started rated: you sit there signed in, and so does every
    other person seated. A table is rated at its end only if every person's seat is then
    an account's (a guest who joins later makes it count for nobody)."""
    table = await manager.fetch(table_id)
    seat = table.seat_for_token(token)
    if seat is None:
        raise NotYours("only someone seated at the table may make it rated")
    if table.status != WAITING:
        raise Refused("a table is made rated before its start")
    await accounts.claim(signed.user, [HeldSeat(table_id, token or "")])
    owners = await asyncio.to_thread(accounts.users.seats_of, table_id)
    guests = [
        s.player for s in table.seats if not s.is_bot and not s.is_free and s.seat not in owners
    ]
    if guests:
        names = ", ".join(guests)
        raise Refused(f"every person at a rated table signs in first: {names} has not")
    kit = kit_for(table.game.id)
    mode = mode_of(kit, table.players, table.options)
    await asyncio.to_thread(ratings.ask, table_id, kit.id, mode)


@router.get("/api/tables/{table_id}/rated", responses=refusals(422))
async def is_rated(table_id: str, ratings: RatingsDep) -> dict[str, bool]:
    """Whether a table was made rated."""
    return {"rated": await asyncio.to_thread(ratings.is_rated, table_id)}


@router.get("/api/leaderboards/{game}/{mode}", responses=refusals(404, 422))
async def leaderboard(game: str, mode: str, ratings: RatingsDep) -> list[dict[str, Any]]:
    """The best ratings of a game and mode (``singles``, ``doubles``, ``3 players``...)."""
    try:
        kit_for(game)
    except UnknownGameError as error:
        raise NotFound(str(error)) from None
    return await asyncio.to_thread(ratings.leaderboard, game, mode)


PlayerId = Annotated[int, FastPath(ge=1, le=2**63 - 1, description="the player's number")]
"""A player's number: a positive 64-bit integer (a larger one is refused with 422)."""


@router.get("/api/players/{user_id}", responses=refusals(404, 422))
async def player(user_id: PlayerId, accounts: AccountsDep, ratings: RatingsDep) -> dict[str, Any]:
    """A player's profile: ratings per game and mode, and tables with results."""
    return await asyncio.to_thread(profile, accounts.db, ratings, user_id)


@router.get(
    "/api/players/{user_id}/rating-graph",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}, **refusals(404, 422)},
)
async def rating_graph(
    user_id: PlayerId,
    accounts: AccountsDep,
    game: Annotated[str, Query(max_length=16)],
    mode: Annotated[str, Query(max_length=24)],
) -> Response:
    """A player's rating in one game and mode over their rated games, as an SVG picture
    (finished tables only)."""
    try:
        kit_for(game)
    except UnknownGameError as error:
        raise NotFound(str(error)) from None
    await asyncio.to_thread(profile_exists, accounts.db, user_id)
    points = await asyncio.to_thread(rating_points, accounts.db, user_id, game, mode)
    svg = graph_svg(points, f"{game}, {mode}")
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})
