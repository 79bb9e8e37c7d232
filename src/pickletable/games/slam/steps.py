"""The steps of a Slam game (what the engine is waiting for) and the phases of a round.

Both are `StrEnum`s whose values are what records and clients read.

>>> Step.POACH_WINDOW, Step("swap-draw") is Step.SWAP_DRAW
(<Step.POACH_WINDOW: 'poach'>, True)
>>> Phase.PLAY == "play"
True
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
