"""Bot decision times: mean, 95th percentile and worst, per game, at the default budgets.

One `hard` bot plays against `medium` bots through whole games; every real
decision (two legal actions or more) is timed. Run it on an idle machine:
the target is `hard` under 1 s and `medium` under 10 ms at the 95th percentile.

    .venv/bin/python benchmarks/bots_decision_time.py [--games 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from pickletable.analysis.statistics import percentile
from pickletable.bots import HARD_SETTINGS, make_bot
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.match import run_match
from pickletable.core.registry import get_game

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("board", 2, {"level": "advanced"}),
    ("card", 2, {}),
    ("slam", 3, {}),
]


class Timed:
    """A bot whose real decisions are timed (milliseconds)."""

    def __init__(self, agent: Agent, times: list[float]) -> None:
        self.agent, self.name, self.times = agent, agent.name, times

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        started = time.perf_counter()
        action = self.agent.choose(view, rng)
        self.times.append((time.perf_counter() - started) * 1000)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    columns = ("decisions", "mean ms", "p95 ms", "max ms")
    print(f"{'game':6} {'bot':8} {'budget':>18} " + " ".join(f"{c:>9}" for c in columns))
    for game, players, options in TABLES:
        times: dict[str, list[float]] = {"hard": [], "medium": []}
        for index in range(args.games):
            state = get_game(game).new_game(players, options)
            seats = state.seats
            hard_seat = seats[index % len(seats)]
            agents: dict[int, Agent] = {
                seat: Timed(
                    make_bot("hard" if seat == hard_seat else "medium", game),
                    times["hard" if seat == hard_seat else "medium"],
                )
                for seat in seats
            }
            run_match(state, agents, random.Random(args.seed + index))
        iterations, rollout = HARD_SETTINGS[game]
        for level, values in times.items():
            budget = f"{iterations} it, {rollout}" if level == "hard" else "-"
            print(
                f"{game:6} {level:8} {budget:>18} {len(values):9d} "
                f"{sum(values) / max(1, len(values)):9.2f} {percentile(values, 0.95):9.2f} "
                f"{max(values, default=0.0):9.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
