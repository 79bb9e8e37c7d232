"""How ISMCTS scores a rollout it stops before the end of the game, per game.

A rollout that reaches the end of the game scores the outcome (1 for a
winner, -1 for the others). Whole games are long in the card game (many
rallies to 11) and Slam (rounds to 3 tokens), so a rollout stops at a
*horizon*: after `horizon_count` events of the kinds in `horizon` (the end
of a rally, of a round, a point). The position reached is then scored from
its public view (`observation(None)`: the scores, tokens or skill levels)
as a number in [-1, 1] per seat.

>>> from pickletable.core.registry import get_game
>>> state = get_game("card").new_game(2)
>>> evaluation_for("card").value(state)
{0: 0.0, 2: 0.0}
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pickletable.core.state import GameState

Values = dict[int, float]


@dataclass(frozen=True)
class Evaluation:
    """A game's rollout horizon and its value of a position (per seat, in [-1, 1])."""

    horizon: frozenset[str]
    horizon_count: int
    value: Callable[[GameState], Values]


def evaluation_for(game_id: str) -> Evaluation:
    """The evaluation of a game (an unknown game rolls out to its end and scores 0 otherwise)."""
    return _EVALUATIONS.get(game_id, _TO_THE_END)


def _neutral(state: GameState) -> Values:
    return {seat: 0.0 for seat in state.seats}


def _card_value(state: GameState) -> Values:
    """Score lead, and half a point for holding the serve, squashed to (-1, 1)."""
    view = state.observation(None)
    teams = view["teams"]
    scale = max(2.0, float(view["target"]) / 3)
    lead = [0.0, 0.0]
    for team in (0, 1):
        mine, theirs = teams[team]["score"], teams[1 - team]["score"]
        serving = view["serving_team"]
        serve = 0.0 if serving is None else (0.5 if serving == team else -0.5)
        lead[team] = math.tanh((mine - theirs + serve) / scale)
    return {seat["seat"]: lead[seat["team"]] for seat in view["seats"]}


def _slam_value(state: GameState) -> Values:
    """Tokens ahead of the best other side, squashed to (-1, 1)."""
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
        best = max(others) if others else 0
        values[seat] = math.tanh(1.2 * (mine - best) / max(1, view["tokens_to_win"] - 1))
    return values


def _board_value(state: GameState) -> Values:
    """Mean skill of one side minus the other's, as a share of the track."""
    view = state.observation(None)
    target = float(view["target"]) or 1.0
    totals = [0.0, 0.0]
    counts = [0, 0]
    for seat in view["seats"]:
        totals[seat["team"]] += seat["skill"]
        counts[seat["team"]] += 1
    means = [totals[t] / max(1, counts[t]) for t in (0, 1)]
    lead = [max(-1.0, min(1.0, 2.0 * (means[t] - means[1 - t]) / target)) for t in (0, 1)]
    return {seat["seat"]: lead[seat["team"]] for seat in view["seats"]}


_TO_THE_END = Evaluation(frozenset(), 1, _neutral)
_EVALUATIONS = {
    "card": Evaluation(frozenset({"rally_scored"}), 1, _card_value),
    "slam": Evaluation(frozenset({"round-won"}), 1, _slam_value),
    "board": Evaluation(frozenset({"point"}), 4, _board_value),
}
