"""Pickleball Slam engine speed: random-play decisions and steps per second, clones per second.

Decisions are the choices of seats; steps add the chance steps (each card
dealt or drawn). Baseline measured in the same run: `copy.deepcopy` as a clone.

    .venv/bin/python benchmarks/slam_engine.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import copy
import time
from typing import Any

import engine_loops

from pickletable.games.slam import GAME

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("3 players", 3, {}),
    ("6 players", 6, {}),
    ("doubles", 4, {"doubles": True}),
]


def random_play(
    seconds: float, checked: bool, players: int, options: dict[str, Any]
) -> tuple[int, int]:
    """Play random games for `seconds`; return (decisions, steps incl. chance)."""
    return engine_loops.random_play(
        lambda: GAME.new_game(players, options), seconds, checked, time.perf_counter
    )


def clones(seconds: float, deep: bool) -> int:
    """Clones per `seconds` of a mid-game 6-player position."""
    state = engine_loops.advance(GAME.new_game(6), 60)
    copier = (lambda: copy.deepcopy(state)) if deep else state.clone
    return engine_loops.count_copies(copier, seconds, time.perf_counter)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    seconds = parser.parse_args().seconds
    print(f"Pickleball Slam, {seconds:.1f} s per figure")
    for label, players, options in TABLES:
        for checked in (False, True):
            decisions, steps = random_play(seconds, checked, players, options)
            engine_loops.print_play(label, checked, decisions, steps, seconds)
    engine_loops.print_clones(clones, seconds)


if __name__ == "__main__":
    main()
