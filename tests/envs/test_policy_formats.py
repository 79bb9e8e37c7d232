"""The arena loads every policy format: our linear ``.npz``, a MaskablePPO ``.zip`` (through
sb3-contrib, here a stand-in module: the suite installs no PyTorch) and a factory by module
name; without sb3-contrib a ``.zip`` seat is refused with the advice to install it."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from pickletable.analysis.arena import run_arena
from pickletable.bots import bot_from_name
from pickletable.cli.main import app
from pickletable.core.errors import SeatError
from pickletable.envs import single_agent
from pickletable.envs.sb3 import MaskablePPOPolicy
from tests.envs.test_learned_bot import saved_policy


class StandInModel:
    """What the loader uses of a MaskablePPO model: its observation space and `predict`."""

    loaded: list[tuple[str, str]] = []  # noqa: RUF012 (each load, for the test to read)
    predictions = 0

    def __init__(self, observation_space: Any) -> None:
        self.observation_space = observation_space
        self.seen: list[Any] = []

    @classmethod
    def load(cls, path: str, device: str) -> StandInModel:
        cls.loaded.append((path, device))
        if not Path(path).read_text().startswith("model"):
            raise ValueError("File is not a zip file")
        return cls(single_agent("card", opponents="random").observation_space)

    def predict(
        self, observation: Any, action_masks: np.ndarray[Any, Any], deterministic: bool
    ) -> tuple[np.ndarray[Any, Any], None]:
        assert deterministic and action_masks.dtype == np.bool_
        self.seen.append(observation)
        StandInModel.predictions += 1
        return np.array(int(np.flatnonzero(action_masks)[-1])), None


@pytest.fixture
def sb3_contrib(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    module = ModuleType("sb3_contrib")
    module.MaskablePPO = StandInModel  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sb3_contrib", module)
    StandInModel.loaded.clear()
    StandInModel.predictions = 0
    return module


def test_the_arena_plays_a_linear_policy_a_maskable_ppo_zip_and_a_factory(
    tmp_path: Path, sb3_contrib: ModuleType
) -> None:
    linear = saved_policy(tmp_path)
    zipped = tmp_path / "ppo.zip"
    zipped.write_text("model")
    factory = "tests.envs.test_learned_bot:first_legal"
    for bots in ([f"learned:{linear}", f"learned:{zipped}"], [f"learned:{factory}", "random"]):
        result = run_arena("card", bots, 2, seed=1, options={"target_score": 1})
        assert result.games == 2  # whole games: any illegal choice would have raised
    assert (str(zipped), "cpu") in StandInModel.loaded and StandInModel.predictions > 0


def test_a_zip_policy_is_given_the_observation_and_mask_its_model_was_trained_on(
    tmp_path: Path, sb3_contrib: ModuleType
) -> None:
    path = tmp_path / "ppo.zip"
    path.write_text("model")
    agent = bot_from_name(f"learned:{path}", "card")
    policy = agent.policy  # type: ignore[attr-defined]
    assert isinstance(policy, MaskablePPOPolicy) and policy.wants_dict
    env = single_agent("card", opponents="random")
    observation, _ = env.reset(seed=0)
    index = policy.act(
        observation["observation"], observation["action_mask"], np.random.default_rng()
    )
    assert index == int(np.flatnonzero(observation["action_mask"])[-1])
    assert set(policy.model.seen[-1]) == {"observation", "action_mask"}


def test_a_zip_that_is_no_model_or_is_missing_is_refused(
    tmp_path: Path, sb3_contrib: ModuleType
) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_text("not a model")
    with pytest.raises(SeatError, match="not a MaskablePPO model"):
        bot_from_name(f"learned:{broken}", "card")
    with pytest.raises(SeatError, match="no such file"):
        bot_from_name(f"learned:{tmp_path / 'missing.zip'}", "card")


def test_without_sb3_contrib_a_zip_seat_says_to_install_the_train_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # an import of it fails
    with pytest.raises(
        SeatError, match=r"needs sb3-contrib \(pip install 'pickletable\[train\]'\)"
    ):
        bot_from_name(f"learned:{tmp_path / 'ppo.zip'}", "card")


def test_the_arenas_bots_help_names_learned_seats() -> None:
    result = CliRunner().invoke(app, ["arena", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "learned:SPEC" in text and ".zip" in text
