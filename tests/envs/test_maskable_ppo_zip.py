"""A real MaskablePPO model, trained for a moment by sb3-contrib and saved as a ``.zip``,
plays in the arena as ``learned:PATH.zip`` and chooses as the model does.

This needs the ``train`` extra (sb3-contrib and PyTorch), which ``make test`` does not
install (no deep-learning wheels there): without it the module skips and says how to run
it. The loader's behaviour without PyTorch is tested in `tests.envs.test_policy_formats`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pickletable.analysis.arena import run_arena
from pickletable.bots import bot_from_name
from pickletable.envs import single_agent
from pickletable.envs.sb3 import MaskablePPOPolicy

sb3_contrib = pytest.importorskip(
    "sb3_contrib",
    reason="needs the train extra: pip install -e '.[rl,train]' (PyTorch), then run this file",
)


@pytest.fixture(scope="module")
def saved_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """A MaskablePPO trained for 128 steps on the card game against random play, saved."""
    env = single_agent("card", opponents="random")
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu"
    )
    model.learn(total_timesteps=128)
    path = tmp_path_factory.mktemp("ppo") / "card-ppo.zip"
    model.save(str(path))
    return path, model


def test_a_saved_maskable_ppo_plays_whole_arena_games(saved_model: tuple[Path, Any]) -> None:
    path, _model = saved_model
    bots = [f"learned:{path}", "random"]
    result = run_arena("card", bots, 4, seed=1, options={"target_score": 1})
    assert result.games == 4  # whole games: an illegal choice would have raised


def test_the_loaded_zip_chooses_what_the_model_itself_predicts(
    saved_model: tuple[Path, Any],
) -> None:
    path, model = saved_model
    policy = bot_from_name(f"learned:{path}", "card").policy  # type: ignore[attr-defined]
    assert isinstance(policy, MaskablePPOPolicy) and policy.wants_dict
    env = single_agent("card", opponents="random")
    observation, _ = env.reset(seed=3)
    for _ in range(20):
        mask = observation["action_mask"]
        chosen = policy.act(observation["observation"], mask, np.random.default_rng())
        expected, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        assert chosen == int(expected) and mask[chosen]
        observation, _reward, over, _cut, _info = env.step(chosen)
        if over:
            observation, _ = env.reset(seed=4)
