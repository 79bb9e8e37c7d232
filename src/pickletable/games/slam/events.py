"""What Slam events say: their kinds and the codes their data carry.

Values are what game records hold, so they never change: a record written
before these enums existed replays byte for byte. A card only one seat may
see travels as a secret (`secret_card`); the public data says who, never what.

>>> import json
>>> EventKind.ROUND_WON == "round-won"
True
>>> event = secret_card(EventKind.DREW, {"seat": 1, "why": DrawReason.DRAW}, 1, "switch-4")
>>> json.dumps(event.to_json())
'{"kind": "drew", "seat": 1, "why": "draw", "secret": {"card": "switch-4"}, "visible_to": [1]}'
>>> event.for_seat(0).data == {"seat": 1, "why": "draw"}
True
"""

from __future__ import annotations

from enum import StrEnum

from pickletable.core.events import Event


class EventKind(StrEnum):
    """Every kind of Slam event, as written in records."""

    ROUND = "round"
    DEALT = "dealt"
    KEEP_DRAWS = "keep-draws"
    SWAPPED = "swapped"
    DRAW_PHASE = "draw-phase"
    DREW = "drew"
    DREW_PLAY = "drew-play"
    DISCARD = "discard"
    KEPT = "kept"
    DISCARD_PLAY = "discard-play"
    NOTHING_TO_DRAW = "nothing-to-draw"
    NO_DRAW_PASS = "no-draw-pass"
    RESHUFFLE = "reshuffle"
    LAP_LIMIT = "lap-limit"
    PLAY_PHASE = "play-phase"
    PLAY = "play"
    DRAW_TWO_SHORT = "draw-two-short"
    SWITCH = "switch"
    SHAKE = "shake"
    SHAKE_ANSWER = "shake-answer"
    TARGET = "target"
    DECLINE = "decline"
    POACH = "poach"
    YOURS = "yours"
    PASS = "pass"
    RETURNED = "returned"
    ROUND_WON = "round-won"
    GAME_WON = "game-won"


class DrawReason(StrEnum):
    """Why a player drew (``drew`` events' ``why``)."""

    DRAW = "draw"
    SWAP = "swap"
    REFILL = "refill"
    DRAW_TWO = "draw-two"


class PassReason(StrEnum):
    """Why a side passed (``pass`` events' ``why``)."""

    PASS = "pass"
    NO_CARDS = "no cards"


class PlayStart(StrEnum):
    """How the PLAY phase started (``play-phase`` events' ``how``)."""

    DRAWN = "drawn"
    DISCARDED = "discarded"
    LAPS = "laps"


class RoundWinReason(StrEnum):
    """How a round was won (``round-won`` events' ``why``)."""

    NOBODY_COULD_PLAY = "nobody could play"
    NOBODY_COULD_FOLLOW = "nobody could follow"
    SHAKE_AND_BAKE = "SHAKE & BAKE"


class ReshuffleSource(StrEnum):
    """Where a new stack came from (``reshuffle`` events' ``source``)."""

    DISCARDS = "discards"
    CENTRE = "centre"


def secret_card(kind: EventKind, data: dict[str, object], seat: int, code: str) -> Event[EventKind]:
    """An event whose card only `seat` may see (a draw, a face-down discard)."""
    return Event(kind, data, secret={"card": code}, visible_to=(seat,))
