"""The live win chance where no rollouts are needed: its cost, and its error where modelled.

    python benchmarks/coaching_known_chance.py [--games N] [--positions N]

- **Cost** (CPU seconds, `time.process_time`): building a board chain cold
  (beginner singles and doubles per variant; intermediate singles per Play
  pile view, its `ORDERS` orders), then each figure of a seeded game once
  built (median and most), the card game's figures likewise.
- **Intermediate singles' error over orders**: the standard error of the
  mean over the sampled orders at each serve of a seeded game.
- **The card table's error** between rallies: its figure against the share
  of games played on from the true state (`simulated_win_chance`), beside
  the live rollouts' (60) at the same positions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from pickletable.bots.coaching import ODDS_ITERATIONS, ODDS_SEED
from pickletable.bots.heuristic import HeuristicBot
from pickletable.bots.win_odds import rollout_win_chance, simulated_win_chance
from pickletable.core.agents import AgentView
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.board.bots import exact_chance
from pickletable.games.board.codes import Step as BoardStep
from pickletable.games.card.bots import known_chance as card_chance


def _game(game: str, players: int, options: dict[str, object], seed: int) -> list[GameState]:
    state = get_game(game).new_game(players, options)
    rng = random.Random(seed)
    bot = HeuristicBot()
    positions = []
    while not state.is_over:
        positions.append(state.clone())
        player = state.current_player
        if player == CHANCE:
            state.push(state.sample_chance(rng))
        else:
            assert player is not None
            state.push(bot.choose(AgentView(state, player), rng))
    return positions


def _cpu(work: Callable[..., object], *arguments: object) -> float:
    began = time.process_time()
    work(*arguments)
    return time.process_time() - began


def board(seed: int) -> None:
    for label, players, options in [
        ("beginner singles", 2, {"level": "beginner"}),
        ("beginner doubles", 4, {"level": "beginner"}),
        ("intermediate singles", 2, {"level": "intermediate"}),
    ]:
        positions = _game("board", players, options, seed)
        cold = _cpu(exact_chance.chance, positions[0], 0)
        figures = [_cpu(exact_chance.chance, p, 0) for p in positions]
        median = statistics.median(figures) * 1000
        print(
            f"board {label}: first figure (chain built cold) {cold:.3f} s; "
            f"{len(positions)} figures of a game: median {median:.1f} ms, "
            f"most {max(figures):.3f} s (a new Play pile view builds its orders' chains)"
        )
        if options["level"] == "intermediate":
            spreads = [
                found.spread
                for p in positions
                if p.step == BoardStep.SERVE and (found := exact_chance.estimate(p, 0)) is not None
            ]
            print(
                f"  error over {exact_chance.ORDERS} orders at {len(spreads)} serves: "
                f"standard error median {statistics.median(spreads):.4f}, most {max(spreads):.4f}"
            )


def card(games: int, observed: int) -> None:
    table_gaps, rollout_gaps, biases, costs = [], [], [], []
    for seed in range(games):
        positions = _game("card", 2, {}, 100 + seed)
        between = [p for p in positions if (f := card_chance.figure(p, 0)) and f[0] == "table"]
        position = random.Random(seed).choice(between[1:] or between)
        costs.append(_cpu(card_chance.chance, position, 0))
        table = card_chance.chance(position, 0)
        assert table is not None
        rolled = rollout_win_chance(position, 0, iterations=ODDS_ITERATIONS, seed=ODDS_SEED)
        share = simulated_win_chance(position, iterations=observed, seed=seed)[0]
        table_gaps.append(abs(table[0] - share))
        rollout_gaps.append(abs(rolled[0] - share))
        biases.append(table[0] - share)
    print(
        f"card, between rallies, {games} positions, {observed} games played on each: "
        f"table mean gap {statistics.mean(table_gaps):.3f} (bias {statistics.mean(biases):+.3f}), "
        f"{ODDS_ITERATIONS} rollouts' mean gap {statistics.mean(rollout_gaps):.3f}; "
        f"a figure {statistics.median(costs) * 1000:.2f} ms (median)"
    )
    last = [
        (p, p.current_player)
        for seed in range(4)
        for p in _game("card", 2, {}, 200 + seed)
        if p.current_player is not None
        and p.current_player != CHANCE
        and (f := card_chance.figure(p, p.current_player))
        and f[0] == "last turn"
    ]
    cost = [_cpu(card_chance.chance, p, s) for p, s in last]
    print(
        f"card, the seat's own last turn: {len(last)} figures, median "
        f"{statistics.median(cost) * 1000:.2f} ms, most {max(cost) * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--observed", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    board(arguments.seed)
    card(arguments.games, arguments.observed)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
