"""The codes the card rules speak in: where the engine waits, what happened, why a rally ended.

Their values are the strings stored in game records and sent to clients,
so a `StrEnum` member compares, hashes and serialises as its value.

>>> Step.DISCARD == "discard", EventKind.RALLY_SCORED.value, str(Ending.PILE)
(True, 'rally_scored', 'pile')
"""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    """The engine's waiting point (`CardState.step`)."""

    FIRST_SERVER = "first_server"
    """Chance turns cards face up, one per seat clockwise from North, until a Kitchen shows."""
    DEAL = "deal"
    """Chance deals the hands, one card at a time, starting left of the server."""
    FLIP = "flip"
    """Chance turns up the first discard."""
    TURN = "turn"
    """The seat to play draws (``draw``) or takes the top discard (``take 7``)."""
    DRAWING = "drawing"
    """Chance gives the drawn card."""
    DISCARD = "discard"
    """The seat discards (``discard 7``), or discards and lays down (``discard 7 lay``)."""
    OVER = "over"


CHANCE_STEPS = frozenset({Step.FIRST_SERVER, Step.DEAL, Step.FLIP, Step.DRAWING})
"""The steps at which chance acts."""


class EventKind(StrEnum):
    """What an action caused (the ``kind`` of an `Event`)."""

    SHOWN = "shown"
    FIRST_SERVER = "first_server"
    RALLY_START = "rally_start"
    DEALT = "dealt"
    FLIPPED = "flipped"
    TOOK = "took"
    DREW = "drew"
    PILE_EMPTY = "pile_empty"
    DISCARDED = "discarded"
    LAID_DOWN = "laid_down"
    FINAL_LAP = "final_lap"
    RESHUFFLED = "reshuffled"
    RALLY_SCORED = "rally_scored"
    GAME_OVER = "game_over"


class Ending(StrEnum):
    """Why a rally ended (``ended`` of a ``rally_scored`` event)."""

    PILE = "pile"
    """The draw pile ran out once more than `reshuffle_limit` allows."""
    LAP = "lap"
    """Everyone had a final turn after the first lay-down."""
    LIMIT = "limit"
    """The house rule `rally_turn_limit` was reached."""
