"""Train a linear policy for the card game (singles) in NumPy, save it, test it in the arena.

    python examples/train_card.py            # a few minutes on two cores
    python examples/train_card.py --quick    # seconds (what the test suite runs)

The learner plays both seats in turn against `random` and `medium` bots,
with a small shaped reward per point (0.1 times the change of lead) on top
of the final +1/-1. See docs/rl.md for the encodings and the figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _training import parse, run

if __name__ == "__main__":
    arguments = parse(__doc__.splitlines()[0], 6000, 400, "models/card_linear.npz")
    run(
        arguments,
        "card",
        players=2,
        options={},
        opponents=("random", "medium"),
        shaping=0.1,
        learning_rate=0.02,
    )
