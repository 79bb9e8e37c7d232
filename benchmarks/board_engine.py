"""Board game engine speed: random-play decisions per second and clones per second.

Baselines measured in the same run: `copy.deepcopy` as a clone, and a game
loop that lists legal actions through the checked `apply`.

    .venv/bin/python benchmarks/board_engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import copy
import time

import engine_loops

from pickletable.games.board import GAME


def random_play(seconds: float, checked: bool, players: int) -> tuple[int, int]:
    """Play random advanced games for `seconds`; return (decisions, steps incl. chance)."""
    return engine_loops.random_play(
        lambda: GAME.new_game(players, {"level": "advanced"}), seconds, checked, time.perf_counter
    )


def clones(seconds: float, deep: bool) -> int:
    state = engine_loops.advance(GAME.new_game(4, {"level": "advanced"}), 200)
    copier = (lambda: copy.deepcopy(state)) if deep else state.clone
    return engine_loops.count_copies(copier, seconds, time.perf_counter)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    seconds = parser.parse_args().seconds
    print(f"board game, advanced, {seconds:.1f} s per figure")
    for players in (2, 4):
        for checked in (False, True):
            decisions, steps = random_play(seconds, checked, players)
            engine_loops.print_play(f"{players} players", checked, decisions, steps, seconds)
    engine_loops.print_clones(clones, seconds)


if __name__ == "__main__":
    main()
