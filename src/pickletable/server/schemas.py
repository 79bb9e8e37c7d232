"""The request and response bodies of the REST API (they make the OpenAPI spec)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from pickletable.core.registry import DEFAULT_GAME, available_games
from pickletable.server.names import NAME_LIMIT
from pickletable.server.turns import MAX_TURN_SECONDS


class CreateTable(BaseModel):
    """A new table: the game, its options and who sits where."""

    game: str = Field(
        description="the game's id (see GET /api/games)",
        examples=[DEFAULT_GAME],
        json_schema_extra={"enum": list(available_games())},
    )
    players: int | None = Field(None, description="how many seats (the game's default if left out)")
    options: dict[str, bool | int | float | str] = Field(
        default_factory=dict, description="game options by name (see GET /api/games)"
    )
    seats: list[str] | None = Field(
        None,
        max_length=8,
        description="one entry per seat: human, human:NAME, bot, bot:easy|medium|hard",
        examples=[["human", "human", "bot:easy"]],
    )
    name: str = Field(
        "",
        description=f"your display name (at most {NAME_LIMIT} characters once trimmed, "
        "no control or invisible characters); you take the first human seat",
    )
    sit: bool = Field(True, description="take the first human seat yourself")
    turn_seconds: int = Field(
        0,
        ge=0,
        le=MAX_TURN_SECONDS,
        description="turn clock per decision; 0 is off; an hour or more (up to two weeks) "
        "makes a turn-based table, which waits for each player's move",
    )


class JoinTable(BaseModel):
    """Taking a free seat."""

    name: str = Field(
        "",
        description=f"your display name (at most {NAME_LIMIT} characters once trimmed)",
    )
    seat: int | None = Field(None, description="the seat number; the first free one if left out")


class StartTable(BaseModel):
    """Starting a waiting table."""

    fill_with_bots: bool = Field(False, description="bots take any seats still free")


class HandToBot(BaseModel):
    """Handing a seat to a bot."""

    level: str = Field("medium", pattern="^(easy|medium|hard)$")


class Action(BaseModel):
    """A move in the game's notation, as REST (the WebSocket takes the same)."""

    action: str = Field(max_length=200, examples=["roll", "discard 7"])
    step: int | None = Field(
        None,
        ge=0,
        description="the step of the view this move answers (needed: a move without it, "
        "or for another step, is refused with 409 and the step now); the seat's last move "
        "sent again with its step is acknowledged without being replayed",
    )


class Seated(BaseModel):
    """A table and your place at it: keep the token secret, it is your seat."""

    table: dict[str, Any]
    seat: int | None
    token: str | None
    invite: str = Field(description="the link to share with the other players")


class RematchRequest(BaseModel):
    """Accepting a rematch."""

    without_absent: bool = Field(
        False,
        description="open it now if everyone it still waits for has left the table "
        "(a bot takes their seats; they can take them back)",
    )


class RematchState(BaseModel):
    """Where a rematch stands: it opens once every person at the table has accepted."""

    accepted: list[int] = Field(description="the seats that accept (bots at once)")
    waiting: list[int] = Field(description="the seats of people who have not accepted yet")
    table: str | None = Field(description="the rematch's table id, once it is open")
    invite: str | None = Field(description="the rematch's link, once it is open")


class Problem(BaseModel):
    """Why a request was refused."""

    detail: str


class Issue(BaseModel):
    """One value of a request that does not fit its schema."""

    loc: list[str | int] = Field(description="where: body, query or path, then the field")
    msg: str
    type: str


class Invalid(BaseModel):
    """A request refused for its values: a list of issues, or one sentence from the game."""

    detail: str | list[Issue]


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented refusals of a route: 422 as `Invalid`, the others as `Problem`."""
    return {code: {"model": Invalid if code == 422 else Problem} for code in codes}


class SummarySide(BaseModel):
    """The seats that share one score (a player, or a team)."""

    seats: list[int]
    name: str = Field(description="the seats' names: Blue, North & South")
    players: list[str] = Field(description="who sat in each of those seats")


class SummaryRally(BaseModel):
    """One rally (or round): who opened it, how it ended, what it changed."""

    number: int
    start: int = Field(description="the step it began at, counted from 0 as in the record")
    opener: int | None = Field(description="the seat that served (or dealt), if known")
    ended: str = Field(description="how it ended, as the designer's lab counts it: ace, Dink Shot")
    changes: list[float] = Field(description="each side's change of score, in `sides` order")
    scores: list[float] = Field(description="each side's score after it")


class SummaryFigure(BaseModel):
    """A per-player figure's key and label."""

    key: str
    label: str


class SummaryPlayer(BaseModel):
    """One seat's figures, by key (see `figures`)."""

    seat: int
    name: str
    player: str
    values: dict[str, float]


class GameFigure(BaseModel):
    """A figure of the whole game from the designer's lab, with its metric's definition."""

    key: str
    label: str
    value: str
    definition: str


class Summary(BaseModel):
    """A finished game in figures: the score after every rally or round, each one, each player."""

    table: str
    game: str
    over: bool = Field(description="false for a read-only table that stops before its end")
    outcome: str
    rally_word: str = Field(examples=["Rally", "Round"])
    rallies_word: str
    opener_word: str = Field(examples=["Served by", "Dealer"])
    score_word: str = Field(examples=["Level", "Points", "Tokens"])
    digits: int = Field(description="decimal places a score is shown with")
    sides: list[SummarySide]
    history: list[list[float]] = Field(
        description="each side's score at the start, then after every rally or round"
    )
    rallies: list[SummaryRally]
    figures: list[SummaryFigure]
    players: list[SummaryPlayer]
    game_figures: list[GameFigure]
