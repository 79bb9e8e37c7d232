"""The steps of a Slam game: what the engine is waiting for."""

from __future__ import annotations

from typing import Final

# Steps: what the engine waits for.
DEAL: Final = "deal"  # chance: the next card of the deal
SWAP: Final = "swap"  # a player dealt extra DRAW cards: swap some?
SWAP_DRAW: Final = "swap-draw"  # chance: a replacement for a swapped DRAW card
DRAW_CARD: Final = "draw"  # chance: the DRAW-phase draw
DISCARD: Final = "discard"  # the drawer keeps or discards
NO_DRAW: Final = "no-draw"  # nothing to draw: lay a held PLAY card, or pass
REFILL_DRAW: Final = "refill-draw"  # chance: doubles refill to five
REFILL_RETURN: Final = "refill-return"  # doubles: return a card to the stack
TURN: Final = "turn"  # PLAY phase: play, pass (or, doubles lead, "yours")
PARTNER: Final = "partner"  # doubles: the partner plays or the team passes
TARGET: Final = "target"  # a twist card's player picks its target
SHAKE: Final = "shake"  # the SHAKE & BAKE target answers with any card
DRAW_TWO: Final = "draw-two"  # chance: a DRAW TWO card's draws
POACH_WINDOW: Final = "poach"  # a player outside the duel: poach or decline
OVER: Final = "over"

CHANCE_STEPS = frozenset({DEAL, SWAP_DRAW, DRAW_CARD, REFILL_DRAW, DRAW_TWO})

# Phases of a round.
SETUP_PHASE: Final = "setup"
DRAW_PHASE: Final = "draw"
PLAY_PHASE: Final = "play"
