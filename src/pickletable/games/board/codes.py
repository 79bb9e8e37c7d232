"""The codes the board game's engine speaks in: its steps, event kinds and fixed actions.

Each code is a `StrEnum` whose values are the strings stored in game
records and sent to clients, so a typo fails mypy while records keep
replaying byte for byte.

>>> Step.SERVE_ROLL == "serve_roll", EventKind.GAME_OVER == "game_over"
(True, True)
"""

from __future__ import annotations

from enum import StrEnum

from pickletable.core.actions import Action


class Step(StrEnum):
    """What the engine waits for (``BoardState.step``)."""

    DEAL = "deal"
    """Chance deals characters, then (advanced) Skill and Strategy Cards."""
    COLOUR = "colour"
    """Chance rolls the Colour Ball die for the first server."""
    SERVE = "serve"
    """The server serves (with the stanchion rule, places the stanchion first)."""
    SERVE_ROLL = "serve_roll"
    """Chance rolls the IN/OUT/ACE die for the serve."""
    HIT = "hit"
    """The hitter rolls (or, advanced, plays a Skill or Strategy Card)."""
    ROLL_OUTCOME = "roll_outcome"
    """Chance rolls the IN/OUT/ACE die of a hit."""
    ROLL_HIT = "roll_hit"
    """Chance rolls the HIT die of a hit."""
    CHOOSE_SERVER = "choose_server"
    """A Strategy Card's player picks the next server."""
    PLAY_DRAW = "play_draw"
    """Chance draws a Play Card for the player who earned a point."""
    PLAY_TARGET = "play_target"
    """The Play Card's drawer picks an opponent to move."""
    CARD_DRAW = "card_draw"
    """Chance draws the Skill or Strategy Card a Play Card gave."""
    OVER = "over"
    """The game has ended."""


CHANCE_STEPS = frozenset(
    {
        Step.DEAL,
        Step.COLOUR,
        Step.SERVE_ROLL,
        Step.ROLL_OUTCOME,
        Step.ROLL_HIT,
        Step.PLAY_DRAW,
        Step.CARD_DRAW,
    }
)
"""The steps at which chance acts: a die roll or a card drawn."""

HITTING_STEPS = frozenset({Step.SERVE, Step.SERVE_ROLL, Step.HIT, Step.ROLL_OUTCOME, Step.ROLL_HIT})
"""The steps of a rally in progress, at which someone is to hit the ball."""

HITTER_ASKED = frozenset({Step.SERVE, Step.HIT})
"""The steps at which the hitter decides (serve, or how to hit)."""

ANSWERING_STEPS = frozenset({Step.HIT, Step.ROLL_OUTCOME, Step.ROLL_HIT})
"""The steps at which the hitter answers the last IN shot."""

OUTCOME_DIE_STEPS = frozenset({Step.SERVE_ROLL, Step.ROLL_OUTCOME})
"""The steps at which chance rolls the IN/OUT/ACE die."""

DRAW_STEPS = frozenset({Step.DEAL, Step.PLAY_DRAW, Step.CARD_DRAW})
"""The steps at which chance draws a card from a face-down pile."""

# (Sets of steps are also quicker to test than `Step.X` lookups, which cost on Python 3.11.)


class EventKind(StrEnum):
    """The kinds of events the board game's actions cause."""

    CHARACTER = "character"
    CARD = "card"
    FIRST_SERVER = "first_server"
    TO_SERVE = "to_serve"
    STANCHION = "stanchion"
    FAULT = "fault"
    SERVE = "serve"
    DIE = "die"
    SHOT = "shot"
    SKILL_CARD = "skill_card"
    STRATEGY_CARD = "strategy_card"
    RALLY_OVER = "rally_over"
    POINT = "point"
    PLAY_CARD = "play_card"
    MOVE = "move"
    NO_EFFECT = "no_effect"
    SERVER_CHOSEN = "server_chosen"
    GAME_OVER = "game_over"


class Via(StrEnum):
    """How a shot was made: the serve's one die, both dice rolled, or a Skill Card."""

    SERVE = "serve"
    ROLL = "roll"
    SKILL = "skill"


ROLL = Action("roll")
SERVE = Action("serve")
PLACE_STANCHION = Action("place", ("stanchion",))
