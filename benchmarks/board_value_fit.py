"""Fit the board game's win-chance model (`pickletable.games.board.bots.value.WEIGHTS`).

Plays `medium` against `medium` in advanced singles, records the position at
the start of every rally (its serve) with the game's winner, and fits a
logistic regression on the feature differences of `board_value.features`
(seat 0's features minus seat 2's; Newton's method with a ridge of 1). Prints
the held-out log-loss with and without the card features, a calibration
table, and the weights fitted on every game, ready to paste into
``WEIGHTS``. Needs numpy (the ``rl`` extra).

    .venv/bin/python benchmarks/board_value_fit.py [--games 4000] [--seed 1]

The weights in the module were fitted the same way, on 4,000 games with
seed 1, by a draft of this script (134,314 rallies; held-out log-loss
0.583, 0.590 without the cards); this script was not rerun on a quiet
machine to check that it gives the same figures to the last digit.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from pickletable.core.state import CHANCE
from pickletable.games.board import GAME
from pickletable.games.board.bots.fast_medium import fast_medium
from pickletable.games.board.bots.hard import FastChance
from pickletable.games.board.bots.value import features
from pickletable.games.board.codes import Step
from pickletable.games.board.position import BoardPosition

TRACK_FEATURES = 14
"""The features before the cards (distances to the target, alone and when serving)."""


def rallies(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Feature differences and wins of seat 0 at the start of every rally of `games` games."""
    rng = random.Random(seed)
    start = GAME.new_game(2, {"level": "advanced"})
    rows: list[list[float]] = []
    wins: list[float] = []
    for _ in range(games):
        state = start.clone()
        assert isinstance(state, BoardPosition)
        found: list[list[float]] = []
        while (player := state.current_player) is not None:
            if player == CHANCE:
                state.push(FastChance.of(state.rules).sample(state, rng))
                continue
            if state.step == Step.SERVE:
                mine, theirs = features(state, 0, 2), features(state, 2, 0)
                found.append([a - b for a, b in zip(mine, theirs, strict=True)])
            state.push(fast_medium(state, player))
        outcome = state.outcome
        assert outcome is not None
        rows += found
        wins += [1.0 if 0 in outcome.winners else 0.0] * len(found)
    return np.array(rows), np.array(wins)


def fit(rows: np.ndarray, wins: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression weights by Newton's method."""
    weights = np.zeros(rows.shape[1])
    for _ in range(30):
        chance = 1 / (1 + np.exp(-(rows @ weights)))
        gradient = rows.T @ (chance - wins) + ridge * weights
        hessian = (rows * (chance * (1 - chance))[:, None]).T @ rows
        weights -= np.linalg.solve(hessian + ridge * np.eye(rows.shape[1]), gradient)
    return weights


def log_loss(weights: np.ndarray, rows: np.ndarray, wins: np.ndarray) -> float:
    """Mean negative log-likelihood."""
    chance = np.clip(1 / (1 + np.exp(-(rows @ weights))), 1e-9, 1 - 1e-9)
    return float(-np.mean(wins * np.log(chance) + (1 - wins) * np.log(1 - chance)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows, wins = rallies(args.games, args.seed)
    cut = int(0.8 * len(wins))
    weights = fit(rows[:cut], wins[:cut])
    track = fit(rows[:cut, :TRACK_FEATURES], wins[:cut])
    print(f"{len(wins)} rallies from {args.games} games")
    print(f"held-out log-loss {log_loss(weights, rows[cut:], wins[cut:]):.4f}, without cards ")
    print(f"{log_loss(track, rows[cut:, :TRACK_FEATURES], wins[cut:]):.4f}")
    chance = 1 / (1 + np.exp(-(rows[cut:] @ weights)))
    for low in np.arange(0.0, 1.0, 0.1):
        inside = (chance >= low) & (chance < low + 0.1)
        if inside.any():
            print(
                f"predicted {low:.1f}-{low + 0.1:.1f}: {int(inside.sum()):6d} rallies, "
                f"mean {chance[inside].mean():.3f}, won {wins[cut:][inside].mean():.3f}"
            )
    print(tuple(round(float(w), 5) for w in fit(rows, wins)))


if __name__ == "__main__":
    main()
