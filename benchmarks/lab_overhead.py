"""What watching costs: a study of random bots against bare random play, games per second.

Bare play is `pickletable.core.match.run_match` with random bots and no
watcher (what the arena did before the lab); the study is the same loop
watched by each game's collector, and its summary. Both play the same games
(the same seeds), one process, in interleaved rounds; the figures are the
medians of the rounds. The goal: the study within 15% of bare play (ratio
>= 0.85). Figures only, nothing asserted.

    .venv/bin/python benchmarks/lab_overhead.py [--games 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pickletable.analysis.runner import GameTask
from pickletable.analysis.study import play_study_game
from pickletable.bots import RandomBot
from pickletable.core.agents import Agent
from pickletable.core.match import run_match
from pickletable.core.registry import get_game

TABLES = (("board", 2, {"level": "advanced"}), ("card", 2, {}), ("slam", 4, {}))


def bare(game: str, players: int, options: dict[str, object], games: int) -> float:
    """Games per second of bare random play."""
    definition = get_game(game)
    started = time.process_time()
    for index in range(games):
        state = definition.new_game(players, options)
        agents: dict[int, Agent] = {seat: RandomBot() for seat in state.seats}
        run_match(state, agents, random.Random(index))
    return games / (time.process_time() - started)


def study(game: str, players: int, options: dict[str, object], games: int) -> float:
    """Games per second of the same games, watched by the lab's collectors."""
    started = time.process_time()
    for index in range(games):
        play_study_game(GameTask(game, players, dict(options), ("random",) * players, index, 0))
    return games / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':6} {'bare games/s':>13} {'study games/s':>14} {'ratio':>6}")
    for game, players, options in TABLES:
        resolved = dict(get_game(game).options.resolve(options))
        bare_rates, study_rates = [], []
        for _ in range(args.rounds):
            bare_rates.append(bare(game, players, resolved, args.games))
            study_rates.append(study(game, players, resolved, args.games))
        plain, watched = statistics.median(bare_rates), statistics.median(study_rates)
        print(f"{game:6} {plain:13.1f} {watched:14.1f} {watched / plain:6.2f}")


if __name__ == "__main__":
    main()
