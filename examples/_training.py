"""What both training examples share: arguments, the training report, saving, the arena."""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pickletable.envs.learning import TrainingLog, evaluate, train


def parse(description: str, episodes: int, games: int, output: str) -> argparse.Namespace:
    """The examples' command line."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--episodes", type=int, default=episodes, help="training games")
    parser.add_argument("--games", type=int, default=games, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output", type=Path, default=Path(output), help="where to save (.npz)")
    parser.add_argument(
        "--quick", action="store_true", help="a few episodes and games (the test suite's run)"
    )
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.episodes, arguments.games = 16, 4
    return arguments


def run(
    arguments: argparse.Namespace,
    game: str,
    *,
    players: int | None,
    options: Mapping[str, object],
    **settings: Any,
) -> None:
    """Train, save, then evaluate against random and medium; print every figure."""
    start = time.perf_counter()

    def report(log: TrainingLog) -> None:
        batches = len(log.batch_rewards)
        if batches % 25 == 0:
            recent = log.batch_rewards[-25:]
            print(
                f"  {log.episodes:>6} games  {log.decisions:>8} decisions  {log.seconds:5.0f} s"
                f"  mean final reward (last 25 batches) {sum(recent) / len(recent):+.2f}",
                flush=True,
            )

    print(f"Training on {game} ({players or 'default'} players, {dict(options)})...", flush=True)
    policy, log = train(
        game,
        episodes=arguments.episodes,
        players=players,
        options=options,
        seed=arguments.seed,
        report=report,
        **settings,
    )
    print(f"Trained on {log.episodes} games, {log.decisions} decisions in {log.seconds:.0f} s")
    arguments.output.parent.mkdir(parents=True, exist_ok=True)
    policy.save(arguments.output, game=game, players=players, options=dict(options))
    print(f"Saved {arguments.output}")
    print(f"Arena: {arguments.games} seat-rotated games per opponent (seed {arguments.seed + 1})")
    for opponent in ("random", "medium"):
        result = evaluate(
            policy,
            game,
            opponent,
            arguments.games,
            players=players,
            options=options,
            seed=arguments.seed + 1,
        )
        print("  " + result.line(), flush=True)
    print(f"Total {time.perf_counter() - start:.0f} s")
