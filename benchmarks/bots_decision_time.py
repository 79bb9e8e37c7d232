"""Bot decision times: mean, 95th percentile and worst, per game, at the default budgets.

One `hard` bot plays against `medium` bots through whole games; every real
decision (two legal actions or more) is timed. Run it on an idle machine:
the target is `hard` under 1 s and `medium` under 10 ms at the 95th percentile.

    .venv/bin/python benchmarks/bots_decision_time.py [--games 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from pickletable.analysis.arena import TimedAgent
from pickletable.analysis.statistics import percentile
from pickletable.bots import make_bot
from pickletable.core.agents import Agent
from pickletable.core.match import run_match
from pickletable.core.registry import get_game

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("board", 2, {"level": "advanced"}),
    ("card", 2, {}),
    ("slam", 3, {}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    columns = ("decisions", "mean ms", "p95 ms", "max ms")
    print(f"{'game':6} {'bot':8} {'budget':>22} " + " ".join(f"{c:>9}" for c in columns))
    for game, players, options in TABLES:
        times: dict[str, list[float]] = {"hard": [], "medium": []}
        for index in range(args.games):
            state = get_game(game).new_game(players, options)
            seats = state.seats
            hard_seat = seats[index % len(seats)]
            agents: dict[int, Agent] = {
                seat: TimedAgent(
                    make_bot("hard" if seat == hard_seat else "medium", game),
                    times["hard" if seat == hard_seat else "medium"],
                )
                for seat in seats
            }
            run_match(state, agents, random.Random(args.seed + index))
        for level, values in times.items():
            budget = make_bot("hard", game).name if level == "hard" else "-"
            print(
                f"{game:6} {level:8} {budget:>22} {len(values):9d} "
                f"{sum(values) / max(1, len(values)):9.2f} {percentile(values, 0.95):9.2f} "
                f"{max(values, default=0.0):9.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
