"""The loops every engine benchmark times: random play, and clones of a mid-game position.

Imported by the per-game benchmarks (this folder is on their path when run).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pickletable.core.chance import sample_outcome
from pickletable.core.state import CHANCE, GameState

Clock = Callable[[], float]


def random_play(
    new_state: Callable[[], GameState], seconds: float, checked: bool, clock: Clock
) -> tuple[int, int]:
    """Play random games for `seconds` of `clock`; return (decisions, steps incl. chance)."""
    rng = random.Random(1)
    decisions = steps = 0
    end = clock() + seconds
    while clock() < end:
        state = new_state()
        while True:
            player = state.current_player
            if player is None:
                break
            if player == CHANCE:
                action = sample_outcome(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            if checked:
                state.apply(action)
            else:
                state.push(action)
            steps += 1
    return decisions, steps


def advance(state: GameState, steps: int, seed: int = 2) -> GameState:
    """Play `steps` steps (chance at random, first legal move otherwise) into a game."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.current_player is None:
            break
        state.apply(
            sample_outcome(state, rng)
            if state.current_player == CHANCE
            else state.legal_actions()[0]
        )
    return state


def count_copies(copier: Callable[[], object], seconds: float, clock: Clock) -> int:
    """How many times `copier` runs in `seconds` of `clock`."""
    count = 0
    end = clock() + seconds
    while clock() < end:
        for _ in range(100):
            copier()
        count += 100
    return count


def print_play(table: str, checked: bool, decisions: int, steps: int, seconds: float) -> None:
    """One line of random-play figures."""
    how = "apply (checked)" if checked else "_apply (unchecked)"
    print(
        f"  {table:9}, {how:18}: {decisions / seconds:10,.0f} decisions/s"
        f"  {steps / seconds:10,.0f} steps/s"
    )


def print_clones(clones: Callable[[float, bool], int], seconds: float) -> None:
    """Our clone against the deepcopy baseline, measured in the same run."""
    ours = clones(seconds, False) / seconds
    deep = clones(seconds, True) / seconds
    print(f"  clone():        {ours:10,.0f} /s")
    print(f"  copy.deepcopy:  {deep:10,.0f} /s  (baseline; clone is {ours / deep:.1f}x faster)")
