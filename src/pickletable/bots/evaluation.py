"""How ISMCTS scores a rollout it stops before the end of the game.

A rollout that reaches the end of the game scores the outcome (1 for a
winner, -1 for the others). Whole games are long in the card game (many
rallies to 11) and Slam (rounds to 3 tokens), so a rollout stops at a
*horizon*: after `horizon_count` events of the kinds in `horizon` (the end
of a rally, of a round, a point), as the game's kit says. Each
seat's lead is the state's own `lead()` (scores, tokens or skill levels, in
the game's units); ISMCTS scores a rollout by how the lead changed since the
root, divided by `scale` and squashed into (-1, 1).

>>> from pickletable.core.registry import get_game
>>> state = get_game("card").new_game(2)
>>> evaluation_for("card").lead(state)
{0: 0.0, 2: 0.0}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pickletable.core.registry import find_kit
from pickletable.core.state import GameState

Values = dict[int, float]


@dataclass(frozen=True)
class Evaluation:
    """A game's rollout horizon and each seat's lead in a position (in the game's units)."""

    horizon: frozenset[str]
    horizon_count: int
    lead: Callable[[GameState], Values]
    scale: float
    """A lead change worth about three quarters of a win."""


def evaluation_for(game_id: str) -> Evaluation:
    """The evaluation of a game (an unknown game rolls out to its end and scores 0 otherwise)."""
    kit = find_kit(game_id)
    if kit is None:
        return _TO_THE_END
    game = kit.bot_settings
    return Evaluation(game.horizon, game.horizon_count, _lead, game.lead_scale)


def _lead(state: GameState) -> Values:
    return state.lead()


def _neutral(state: GameState) -> Values:
    return {seat: 0.0 for seat in state.seats}


_TO_THE_END = Evaluation(frozenset(), 1, _neutral, 1.0)
