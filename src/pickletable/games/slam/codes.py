"""The codes Slam's engine speaks in: its steps, the phases of a round, event kinds and the
codes event data carry.

Each is a `StrEnum` whose values are what game records hold and clients read,
so they never change: a record written before these enums existed replays
byte for byte.

>>> Step.POACH_WINDOW, Step("swap-draw") is Step.SWAP_DRAW
(<Step.POACH_WINDOW: 'poach'>, True)
>>> Phase.PLAY == "play", EventKind.ROUND_WON == "round-won"
(True, True)
"""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    """What the engine waits for: a seat's choice, or a card from the stack (chance)."""

    DEAL = "deal"
    """Chance: the next card of the deal."""
    SWAP = "swap"
    """Every player after the deal: keep the hand, or swap extra DRAW cards."""
    SWAP_DRAW = "swap-draw"
    """Chance: a replacement for a swapped DRAW card."""
    DRAW_CARD = "draw"
    """Chance: the DRAW-phase draw."""
    DISCARD = "discard"
    """The drawer keeps or discards."""
    NO_DRAW = "no-draw"
    """Nothing to draw: lay a held PLAY card, or pass."""
    REFILL_DRAW = "refill-draw"
    """Chance: doubles refill to five."""
    REFILL_RETURN = "refill-return"
    """Doubles: return a card to the stack."""
    TURN = "turn"
    """PLAY phase: play, pass (or, as a doubles lead, "yours")."""
    PARTNER = "partner"
    """Doubles: the partner plays or the team passes."""
    TARGET = "target"
    """A twist card's player picks its target."""
    SHAKE = "shake"
    """The SHAKE & BAKE target answers with any card."""
    DRAW_TWO = "draw-two"
    """Chance: a DRAW TWO card's draws."""
    POACH_WINDOW = "poach"
    """A player outside the duel: poach or decline."""
    OVER = "over"
    """The game is over."""


CHANCE_STEPS = frozenset(
    {Step.DEAL, Step.SWAP_DRAW, Step.DRAW_CARD, Step.REFILL_DRAW, Step.DRAW_TWO}
)
"""The steps at which the stack gives a card."""


class Phase(StrEnum):
    """The part of a round being played."""

    SETUP = "setup"
    """The deal and the swap of extra DRAW cards."""
    DRAW = "draw"
    """Players draw and discard until a PLAY card shows."""
    PLAY = "play"
    """Cards are played on the centre pile."""
    OVER = "over"
    """The game is over."""


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
