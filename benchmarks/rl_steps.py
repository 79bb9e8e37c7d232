"""Steps per second of the RL environments (pickletable.envs), random legal actions throughout.

- ``aec``: the PettingZoo environment, every seat choosing at random
  (steps: agent decisions; chance is resolved inside a step);
- ``single``: the Gymnasium single-agent env against `random` bots
  (steps: the learner's decisions; the bots' moves happen inside a step);
- ``vector x8``: eight single-agent envs in a `SyncVectorEnv` (steps: learner
  decisions summed over the eight games).

    python benchmarks/rl_steps.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pickletable.envs import make_vector, single_agent
from pickletable.envs.aec import PickletableAEC

TABLES = {"board": {"players": 2}, "card": {"players": 2}, "slam": {"players": 4}}


def aec_steps(game: str, seconds: float) -> float:
    env = PickletableAEC(game, **TABLES[game])
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if env.table.state.is_over:
            env.reset()
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return steps / (time.perf_counter() - start)


def single_steps(game: str, seconds: float) -> float:
    env = single_agent(game, opponents="random", **TABLES[game])
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, _, _ = env.step(action)
        if terminated:
            observation, _ = env.reset()
        steps += 1
    return steps / (time.perf_counter() - start)


def vector_steps(game: str, seconds: float, envs: int = 8) -> float:
    vector = make_vector(game, num_envs=envs, opponents="random", **TABLES[game])
    rng = np.random.default_rng(0)
    observations, _ = vector.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = observations["action_mask"].astype(float) + 1e-9  # all-zero after a game ends
        actions = np.array([rng.choice(len(mask), p=mask / mask.sum()) for mask in masks])
        observations, *_ = vector.step(actions)
        steps += envs
    vector.close()
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    seconds = parser.parse_args().seconds
    print(f"{'game':<6} {'aec':>10} {'single':>10} {'vector x8':>10}   (steps/s)")
    for game in TABLES:
        figures = [aec_steps(game, seconds), single_steps(game, seconds)]
        figures.append(vector_steps(game, seconds))
        print(f"{game:<6} " + " ".join(f"{value:>10,.0f}" for value in figures), flush=True)


if __name__ == "__main__":
    main()
