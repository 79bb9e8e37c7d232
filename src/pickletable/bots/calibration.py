"""How well the live win chance predicts: the evaluator's figure against games played on.

`measure` draws positions from seeded games of the quick rules of thumb (one
decision of each game, picked at random among its decisions, so the positions
are independent), asks the evaluator for the deciding seat's win chance from
that seat's own view, and plays the game on from the *true* state many times
(`simulated_win_chance`: every card where it really is) for the observed
share. The gap between the two is the evaluator's error: its own rollouts'
noise plus what not knowing the hidden cards costs the model. The figures
are grouped in bins of predicted chance (a calibration plot: predicted
against observed), summed up by the mean absolute error, the bias and the
expected calibration error (the bins' gaps weighted by their counts).

``benchmarks/win_odds_calibration.py`` runs it for every game and draws the
plot in docs/coaching.md.

>>> result = measure("slam", positions=2, predicted_rollouts=4, observed_games=4, seed=1)
>>> len(result.points), 0 <= result.mean_abs_error <= 1
(2, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pickletable.bots.heuristic import policy_for
from pickletable.bots.win_odds import rollout_win_chance, simulated_win_chance
from pickletable.core.agents import AgentView
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState

BINS = 10
"""Bins of predicted chance, each a tenth wide."""
MAX_STEPS = 20_000
ATTEMPTS = 20
"""Games tried for one position before giving up (each without a decision)."""


@dataclass(frozen=True)
class Bin:
    """The positions whose predicted chance fell in one tenth: their mean figures."""

    low: float
    count: int
    predicted: float
    observed: float


@dataclass(frozen=True)
class Calibration:
    """The evaluator's figures against the observed shares, over many positions of a game."""

    game: str
    points: list[tuple[float, float]]
    """(predicted, observed) for each position."""
    predicted_rollouts: int
    observed_games: int

    @property
    def mean_abs_error(self) -> float:
        """The mean gap between predicted and observed, position by position."""
        return sum(abs(p - o) for p, o in self.points) / max(1, len(self.points))

    @property
    def bias(self) -> float:
        """Predicted minus observed, on average (positive: the evaluator is too hopeful)."""
        return sum(p - o for p, o in self.points) / max(1, len(self.points))

    @property
    def bins(self) -> list[Bin]:
        """The positions by tenths of predicted chance (empty tenths left out)."""
        grouped: dict[int, list[tuple[float, float]]] = {}
        for point in self.points:
            grouped.setdefault(min(BINS - 1, int(point[0] * BINS)), []).append(point)
        return [
            Bin(
                index / BINS,
                len(group),
                sum(p for p, _ in group) / len(group),
                sum(o for _, o in group) / len(group),
            )
            for index, group in sorted(grouped.items())
        ]

    @property
    def calibration_error(self) -> float:
        """The bins' gaps between mean predicted and mean observed, weighted by their counts."""
        total = sum(each.count for each in self.bins)
        return sum(each.count * abs(each.predicted - each.observed) for each in self.bins) / max(
            1, total
        )


def measure(
    game_id: str,
    *,
    positions: int,
    predicted_rollouts: int,
    observed_games: int,
    seed: int,
    players: int | None = None,
) -> Calibration:
    """The evaluator (`predicted_rollouts` per figure) on `positions` positions of the game,
    each against `observed_games` games played on from its true state."""
    points = []
    for number in range(positions):
        state, seat = decision_position(game_id, random.Random(f"{seed}/{number}"), players)
        predicted = rollout_win_chance(state, seat, iterations=predicted_rollouts)[seat]
        observed = simulated_win_chance(state, iterations=observed_games, seed=seed + number)
        points.append((predicted, observed[seat]))
    return Calibration(game_id, points, predicted_rollouts, observed_games)


def decision_position(
    game_id: str, rng: random.Random, players: int | None = None
) -> tuple[GameState, int]:
    """A game of the quick rules of thumb, stopped at one of its decisions picked at random
    (each equally likely): the state there and the seat deciding. A game without a decision
    (a board game can be all rolls) is passed over for the next one."""
    definition = get_game(game_id)
    start = definition.new_game(players or min(definition.player_counts))
    policy = policy_for(game_id, rollout=True)
    for _ in range(ATTEMPTS):
        state = start.clone()
        kept: tuple[GameState, int] | None = None
        decisions = 0
        for _ in range(MAX_STEPS):
            player = state.current_player
            if player is None:
                break
            if player == CHANCE:
                state.push(state.sample_chance(rng))
                continue
            view = AgentView(state, player)
            if len(view.legal_actions) >= 2:
                decisions += 1
                if rng.random() < 1 / decisions:  # reservoir sampling: each decision alike
                    kept = (state.clone(), player)
            state.push(policy(view, rng) if policy else rng.choice(view.legal_actions))
        if kept is not None:
            return kept
    raise ValueError(f"{ATTEMPTS} seeded games of {game_id} had no decision to measure")
