"""Card game speed: hand checks per second (cached and uncached) and random-play decisions.

    .venv/bin/python benchmarks/card_solver.py [--seconds 2]

"Uncached" judges every hand from scratch (a fresh search memo each time);
"cached" asks the solver the way the engine does, on hands already seen.
Random play counts decisions (a seat's choice) and steps (chance included).
Rates are per second of this process's CPU time, so a busy machine does not
halve them.
"""

from __future__ import annotations

import argparse
import copy
import random
import time

import engine_loops

from pickletable.games.card import GAME
from pickletable.games.card.content import CardDeck
from pickletable.games.card.solver import solver_for


def sample_hands(count: int) -> list[tuple[str, ...]]:
    deck = CardDeck.from_data(GAME.default_content().data).cards()
    rng = random.Random(7)
    solver = solver_for(1, 10)
    return [solver.sort(rng.sample(deck, 7)) for _ in range(count)]


def checks(seconds: float, cached: bool) -> int:
    """How many hands are judged in `seconds`."""
    solver = solver_for(1, 10)
    hands = sample_hands(5_000)
    if cached:
        for hand in hands:
            solver.verdict_sorted(hand)
    count = 0
    end = time.process_time() + seconds
    while time.process_time() < end:
        if cached:
            for hand in hands:
                solver.verdict_sorted(hand)
        else:
            for hand in hands[:500]:
                solver.verdict_uncached(hand)
        count += len(hands) if cached else 500
    return count


def random_play(seconds: float, players: int, checked: bool) -> tuple[int, int]:
    """Random games for `seconds` of CPU time; return (decisions, steps incl. chance)."""
    return engine_loops.random_play(
        lambda: GAME.new_game(players), seconds, checked, time.process_time
    )


def clones(seconds: float, deep: bool) -> int:
    state = engine_loops.advance(GAME.new_game(4), 60)

    def copier() -> object:
        # The shared rules (deck, options, solver caches) are not part of a position.
        if deep:
            return copy.deepcopy(state, {id(state.rules): state.rules})
        return state.clone()

    return engine_loops.count_copies(copier, seconds, time.process_time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    seconds = parser.parse_args().seconds
    print(f"card game, {seconds:.1f} CPU s per figure")
    random_play(seconds / 2, 4, False)  # warm the solver's memo as a long run would
    uncached = checks(seconds, cached=False) / seconds
    cached = checks(seconds, cached=True) / seconds
    print(f"  hand checks, uncached: {uncached:12,.0f} /s")
    print(f"  hand checks, cached:   {cached:12,.0f} /s")
    for players in (2, 3, 4):
        for checked in (False, True):
            decisions, steps = random_play(seconds, players, checked)
            engine_loops.print_play(f"{players} players", checked, decisions, steps, seconds)
    engine_loops.print_clones(clones, seconds)


if __name__ == "__main__":
    main()
