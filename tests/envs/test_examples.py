"""The training examples run end to end in their --quick mode (no strength asserted here:
strength is measured by the full runs and reported in docs/rl.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pickletable.envs.learning import LinearPolicy

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("script", ["train_card.py", "train_slam.py"])
def test_the_example_trains_saves_and_evaluates(script: str, tmp_path: Path) -> None:
    output = tmp_path / "policy.npz"
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--quick", "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert "vs random" in done.stdout and "vs medium" in done.stdout
    policy, about = LinearPolicy.load(output)
    assert about["game"] in script and policy.weights.any()
