"""How ISMCTS scores a rollout it stops before the end of the game, per game.

A rollout that reaches the end of the game scores the outcome (1 for a
winner, -1 for the others). Whole games are long in the card game (many
rallies to 11) and Slam (rounds to 3 tokens), so a rollout stops at a
*horizon*: after `horizon_count` events of the kinds in `horizon` (the end
of a rally, of a round, a point). Each seat's `lead` is read from the public
view (`observation(None)`: scores, tokens or skill levels) in the game's own
units; ISMCTS scores a rollout by how the lead changed since the root,
divided by `scale` and squashed into (-1, 1).

>>> from pickletable.core.registry import get_game
>>> state = get_game("card").new_game(2)
>>> evaluation_for("card").lead(state)
{0: 0.0, 2: 0.0}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
    return _EVALUATIONS.get(game_id, _TO_THE_END)


def _neutral(state: GameState) -> Values:
    return {seat: 0.0 for seat in state.seats}


def _card_lead(state: GameState) -> Values:
    """Points ahead of the other team, and half a point for holding the serve."""
    view = state.observation(None)
    teams = view["teams"]
    serving = view["serving_team"]
    lead = [0.0, 0.0]
    for team in (0, 1):
        serve = 0.0 if serving is None else (0.5 if serving == team else -0.5)
        lead[team] = teams[team]["score"] - teams[1 - team]["score"] + serve
    return {seat["seat"]: lead[seat["team"]] for seat in view["seats"]}


def _slam_lead(state: GameState) -> Values:
    """Tokens ahead of the best other side."""
    view = state.observation(None)
    tokens = view["tokens"]
    doubles = view["doubles"]
    values = {}
    for seat, mine in enumerate(tokens):
        others = [
            count
            for other, count in enumerate(tokens)
            if other != seat and not (doubles and other // 2 == seat // 2)
        ]
        values[seat] = float(mine - max(others, default=0))
    return values


def _board_lead(state: GameState) -> Values:
    """Mean skill of one side minus the other's, in spaces of the track."""
    view = state.observation(None)
    step = float(view["step"]) or 1.0
    totals = [0.0, 0.0]
    counts = [0, 0]
    for seat in view["seats"]:
        totals[seat["team"]] += seat["skill"] / step
        counts[seat["team"]] += 1
    means = [totals[t] / max(1, counts[t]) for t in (0, 1)]
    return {seat["seat"]: means[seat["team"]] - means[1 - seat["team"]] for seat in view["seats"]}


_TO_THE_END = Evaluation(frozenset(), 1, _neutral, 1.0)
_EVALUATIONS = {
    "card": Evaluation(frozenset({"rally_scored"}), 1, _card_lead, 1.5),
    "slam": Evaluation(frozenset({"round-won"}), 1, _slam_lead, 1.0),
    "board": Evaluation(frozenset({"point"}), 4, _board_lead, 2.0),
}
