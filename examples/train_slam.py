"""Train a linear policy for Pickleball Slam (3 players) in NumPy, save it, test it in the arena.

    python examples/train_slam.py            # a few minutes on two cores
    python examples/train_slam.py --quick    # seconds (what the test suite runs)

The learner takes every seat in turn against two `random` or two `medium`
bots, with a shaped reward per round (0.3 times the change of token lead) on
top of the final +1/-1. The fair share of wins at a 3-player table is 33%.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _training import parse, run

if __name__ == "__main__":
    arguments = parse(__doc__.splitlines()[0], 3000, 300, "models/slam_linear.npz")
    run(
        arguments,
        "slam",
        players=3,
        options={},
        opponents=("random", "medium"),
        shaping=0.3,
        learning_rate=0.02,
    )
