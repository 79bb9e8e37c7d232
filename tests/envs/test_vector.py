"""The batched environment: N games stepped together equal N single-agent games step for
step, masks are never all zero, a finished game starts again on the next step, and the
opponents of every game can be swapped."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from pickletable.envs import make_vector
from pickletable.envs.single import SingleAgentEnv
from pickletable.envs.vector import BatchedEnv

SHORT: dict[str, dict[str, Any]] = {
    "board": {"level": "beginner"},
    "card": {"target_score": 1},
    "slam": {"players": 3, "tokens_to_win": 1},
}
"""Short games of each game, so that a few hundred steps end several."""


def _random_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """One action per row, uniform over the row's legal ones."""
    actions: np.ndarray[Any, Any] = (rng.random(masks.shape) * masks).argmax(axis=1)
    return actions


@pytest.mark.parametrize("game", SHORT)
def test_the_batch_plays_what_n_single_games_play_step_for_step(game: str) -> None:
    kwargs = {"opponents": "random", **SHORT[game]}
    batch = make_vector(game, num_envs=3, **kwargs)
    singles = [SingleAgentEnv(game, **kwargs) for _ in range(3)]
    observations, _ = batch.reset(seed=7)
    expected = [single.reset(seed=7 + i)[0] for i, single in enumerate(singles)]
    over = [False] * 3
    rng, ends = np.random.default_rng(0), 0
    for _ in range(150):
        for i in range(3):
            assert np.array_equal(observations["observation"][i], expected[i]["observation"])
            assert np.array_equal(observations["action_mask"][i], expected[i]["action_mask"])
        actions = _random_actions(observations["action_mask"], rng)
        observations, rewards, terminated, truncated, _ = batch.step(actions)
        for i, single in enumerate(singles):
            if over[i]:  # next-step autoreset: the batch starts the game again
                expected[i], _ = single.reset()
                step: tuple[Any, ...] = (0.0, False, False)
            else:
                expected[i], *rest, _ = single.step(int(actions[i]))
                step = tuple(rest)
            assert (rewards[i], terminated[i], truncated[i]) == step
            over[i] = bool(terminated[i] or truncated[i])
            ends += over[i]
    assert ends >= 3


def test_no_mask_row_is_ever_all_zero_and_a_finished_row_holds_the_no_op() -> None:
    batch = make_vector("card", num_envs=4, opponents="random", target_score=1)
    observations, infos = batch.reset(seed=1)
    rng, finished = np.random.default_rng(1), 0
    for _ in range(300):
        masks = observations["action_mask"]
        assert masks.sum(axis=1).min() >= 1
        for row in np.flatnonzero(infos["episode_over"]):
            assert masks[row].tolist() == [1] + [0] * (masks.shape[1] - 1)
            finished += 1
        observations, _, _, _, infos = batch.step(_random_actions(masks, rng))
    assert finished > 0


def test_the_row_after_an_end_is_a_new_game_whatever_the_action() -> None:
    batch = make_vector("card", num_envs=2, opponents="random", target_score=1)
    observations, infos = batch.reset(seed=3)
    rng = np.random.default_rng(3)
    while not infos["episode_over"].any():
        observations, _, _, _, infos = batch.step(_random_actions(observations["action_mask"], rng))
    row = int(np.flatnonzero(infos["episode_over"])[0])
    actions = _random_actions(observations["action_mask"], rng)
    actions[row] = 42  # forbidden, and ignored: the game starts again
    observations, rewards, terminated, truncated, infos = batch.step(actions)
    assert (rewards[row], terminated[row], truncated[row], infos["episode_over"][row]) == (
        0.0,
        False,
        False,
        False,
    )
    assert not infos["illegal_action"][row] and observations["action_mask"][row].sum() >= 1
    assert len(batch.envs[row].table.state.history) < 30  # a fresh game
    assert batch.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP


def test_opponents_are_swapped_in_every_game_and_seeds_may_be_listed() -> None:
    batch = BatchedEnv("card", num_envs=2, opponents="random")
    batch.set_opponents("medium")
    batch.reset(seed=[5, 9])
    assert batch.call("seat") == (0, 0)
    assert [env.bots[2].name for env in batch.envs] == ["heuristic", "heuristic"]
    with pytest.raises(ValueError, match="2 seeds are needed, 1 were given"):
        batch.reset(seed=[5])
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        make_vector("card", num_envs=0)
