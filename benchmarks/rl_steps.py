"""Steps per CPU-second of the RL environments (pickletable.envs), random legal actions.

- ``aec``: the PettingZoo environment, every seat choosing at random
  (steps: agent decisions; chance is resolved inside a step);
- ``single``: the Gymnasium single-agent env against `random` bots
  (steps: the learner's decisions; the bots' moves happen inside a step);
- ``vector x8``: eight single-agent envs in a `SyncVectorEnv` (steps: learner
  decisions summed over the eight games);
- ``obs %``, ``mask %``: of the ``aec`` run's CPU time, the share spent
  building the observation vector (``observe`` and the encoder) and the
  action mask (the engine's move generation); the rest is the engine's step.

Times are CPU time of the process (``time.process_time``), which other work
on a shared machine disturbs less than the wall clock.

    python benchmarks/rl_steps.py [--seconds 2]
    python benchmarks/rl_steps.py --base main [--rounds 3]   # before/after, same run

With ``--base``, the base commit is measured in its own worktree and
process, interleaved with HEAD's working tree (see ``side_by_side.py``),
and the HEAD/base ratios are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by file path
from side_by_side import Runs, compare_sides, print_ratios

TABLES: dict[str, dict[str, Any]] = {
    "board": {"players": 2},
    "card": {"players": 2},
    "slam": {"players": 4},
}
FIGURES = ("aec", "single", "vector x8")


def pick(rng: random.Random, mask: np.ndarray[Any, Any]) -> int:
    """A random legal action (Python's generator: NumPy's `choice` costs more than a step)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def aec_steps(game: str, seconds: float) -> tuple[float, float, float]:
    """Steps per CPU-second, and the shares of the observation vector and of the mask."""
    from pickletable.envs.aec import PickletableAEC

    env = PickletableAEC(game, **TABLES[game])
    rng = random.Random(0)
    env.reset(seed=0)
    table = env.table
    steps, vector_time, mask_time = 0, 0.0, 0.0
    start = time.process_time()
    while time.process_time() - start < seconds:
        if table.state.is_over:
            env.reset()
        seat = env.seat_of[env.agent_selection]
        before = time.process_time()
        table.observation(seat)
        between = time.process_time()
        mask = table.mask(seat)
        after = time.process_time()
        vector_time += between - before
        mask_time += after - between
        env.step(pick(rng, mask))
        steps += 1
    total = time.process_time() - start
    return steps / total, vector_time / total, mask_time / total


def single_steps(game: str, seconds: float) -> float:
    from pickletable.envs import single_agent

    env = single_agent(game, opponents="random", **TABLES[game])
    rng = random.Random(0)
    observation, _ = env.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        action = pick(rng, observation["action_mask"])
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            observation, _ = env.reset()
        steps += 1
    return steps / (time.process_time() - start)


def vector_steps(game: str, seconds: float, envs: int = 8) -> float:
    from pickletable.envs import make_vector

    vector = make_vector(game, num_envs=envs, opponents="random", **TABLES[game])
    rng = np.random.default_rng(0)
    observations, _ = vector.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        masks = observations["action_mask"] + 1e-9  # older commits: all-zero rows
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)  # uniform over the legal
        observations, *_ = vector.step(actions)
        steps += envs
    vector.close()
    return steps / (time.process_time() - start)


def measure(seconds: float) -> dict[str, Any]:
    """Every figure of every game: ``{"steps": {"card aec": ...}, "shares": {...}}``."""
    import pickletable

    steps: dict[str, float] = {}
    shares: dict[str, float] = {}
    for game in TABLES:
        aec, vector_share, mask_share = aec_steps(game, seconds)
        steps[f"{game} aec"] = aec
        steps[f"{game} single"] = single_steps(game, seconds)
        steps[f"{game} vector x8"] = vector_steps(game, seconds)
        shares[f"{game} obs"], shares[f"{game} mask"] = vector_share, mask_share
    return {"code": str(Path(pickletable.__file__).parent), "steps": steps, "shares": shares}


def print_table(result: dict[str, Any]) -> None:
    header = " ".join(f"{name:>10}" for name in FIGURES)
    print(f"{'game':<6} {header} {'obs %':>6} {'mask %':>6}   (steps per CPU-second)")
    for game in TABLES:
        figures = " ".join(f"{result['steps'][f'{game} {name}']:>10,.0f}" for name in FIGURES)
        obs, mask = result["shares"][f"{game} obs"], result["shares"][f"{game} mask"]
        print(f"{game:<6} {figures} {obs:>6.0%} {mask:>6.0%}", flush=True)


def show_round(title: str, base: Runs, head: Runs) -> None:
    print(f"\n{title}")
    for side, runs in (("base", base), ("HEAD", head)):
        print(f"  {side}:")
        print_table(runs[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per measurement")
    parser.add_argument("--base", help="also measure this commit, interleaved, and print ratios")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of base and HEAD (--base)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(measure(arguments.seconds)))
    elif arguments.base:
        what = f"steps per CPU-second, {arguments.seconds:g} CPU-s per figure"
        child = ["--seconds", str(arguments.seconds)]
        runs = compare_sides(
            Path(__file__), arguments.base, arguments.rounds, child, what, show_round
        )
        print_ratios(
            "steps per CPU-second (medians)",
            runs["base"],
            runs["HEAD"],
            field="steps",
            label="env",
            width=18,
            number=",.0f",
        )
        print_ratios(
            "share of the aec step's CPU time (medians)",
            runs["base"],
            runs["HEAD"],
            field="shares",
            label="part",
            width=18,
            number=".2f",
        )
    else:
        print_table(measure(arguments.seconds))


if __name__ == "__main__":
    main()
