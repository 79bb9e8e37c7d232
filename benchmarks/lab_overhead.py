"""What watching costs: a study of random bots against bare random play, games per second.

Bare play is `pickletable.core.match.run_match` with random bots and no
watcher (what the arena did before the lab); the study is
`pickletable.analysis.study.play_study_game`: the same games watched by each
game's collector, and its summary. Both play exactly the same games (each
game's seed is the study's, `GameTask.game_seed`), in one process, in
interleaved rounds whose order alternates (bare first, then the study first),
after a round of both to warm the games' memo tables (the card game's hand
solver keeps what it has solved, so whichever ran a game second would get it
cheaper); the figures are the medians of the rounds, in CPU seconds. The goal:
the study within 15% of bare play (ratio >= 0.85). Figures only, nothing
asserted.

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

TABLES = (
    ("board", 2, {"level": "advanced"}),
    ("board", 2, {"level": "beginner"}),
    ("card", 2, {}),
    ("slam", 4, {}),
)


def tasks(game: str, players: int, options: dict[str, object], games: int) -> list[GameTask]:
    """The games of a study of random bots, seed 0."""
    return [
        GameTask(game, players, dict(options), ("random",) * players, i, 0) for i in range(games)
    ]


def bare(games: list[GameTask]) -> float:
    """Games per second of bare random play of these games."""
    started = time.process_time()
    for task in games:
        state = get_game(task.game).new_game(task.players, task.options)
        agents: dict[int, Agent] = {seat: RandomBot() for seat in state.seats}
        run_match(state, agents, random.Random(task.game_seed))
    return len(games) / (time.process_time() - started)


def study(games: list[GameTask]) -> float:
    """Games per second of the same games, watched by the lab's collectors."""
    started = time.process_time()
    for task in games:
        play_study_game(task)
    return len(games) / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':16} {'bare games/s':>13} {'study games/s':>14} {'ratio':>6}")
    for game, players, options in TABLES:
        games = tasks(game, players, dict(get_game(game).options.resolve(options)), args.games)
        bare(games), study(games)  # warm the memo tables for both
        bare_rates, study_rates = [], []
        for number in range(args.rounds):
            if number % 2:
                study_rates.append(study(games))
                bare_rates.append(bare(games))
            else:
                bare_rates.append(bare(games))
                study_rates.append(study(games))
        plain, watched = statistics.median(bare_rates), statistics.median(study_rates)
        label = f"{game} {options.get('level', '')}".strip()
        print(f"{label:16} {plain:13.1f} {watched:14.1f} {watched / plain:6.2f}")


if __name__ == "__main__":
    main()
