"""The PettingZoo environments: PettingZoo's own API, seed and render tests over every table
size, agent names, rewards, formalities, rendering and refusals."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from pickletable.envs import IllegalEnvActionError, PickletableAEC, board_v0, card_v0, slam_v0

MAIN_VARIANTS = [
    (board_v0, {"players": 2}),
    (board_v0, {"players": 4, "level": "beginner"}),
    (card_v0, {"players": 2, "target_score": 3}),
    (card_v0, {"players": 3, "target_score": 3}),
    (card_v0, {"players": 4, "target_score": 3}),
    (slam_v0, {"players": 3}),
    (slam_v0, {"players": 4, "doubles": True}),
    (slam_v0, {"players": 5, "tokens_to_win": 1}),
    (slam_v0, {"players": 6, "tokens_to_win": 1}),
]
"""Every table size of every game (and the doubles table)."""
IDS = [f"{module.__name__.rsplit('.', 1)[-1]}-{kwargs}" for module, kwargs in MAIN_VARIANTS]


# Masked observations are Dicts, as in PettingZoo's own classic games, which the test warns about.
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("module", "kwargs"), MAIN_VARIANTS, ids=IDS)
def test_pettingzoo_api_test_passes(module: Any, kwargs: dict[str, Any]) -> None:
    api_test(module.env(**kwargs), num_cycles=60)


@pytest.mark.parametrize(("module", "kwargs"), MAIN_VARIANTS, ids=IDS)
def test_pettingzoo_seed_test_passes(module: Any, kwargs: dict[str, Any]) -> None:
    seed_test(lambda: module.env(**kwargs), num_cycles=40)


@pytest.mark.parametrize(("module", "kwargs"), MAIN_VARIANTS, ids=IDS)
def test_pettingzoo_render_test_passes(module: Any, kwargs: dict[str, Any]) -> None:
    render_test(lambda render_mode: module.env(render_mode=render_mode, **kwargs))


def test_raw_env_is_a_class_with_class_level_metadata() -> None:
    for module in (board_v0, card_v0, slam_v0):
        assert isinstance(module.raw_env, type) and issubclass(module.raw_env, PickletableAEC)
        metadata = module.raw_env.metadata
        assert metadata["name"] == module.__name__.rsplit(".", 1)[-1]
        assert metadata["render_fps"] > 0 and metadata["is_parallelizable"] is False
        assert set(metadata["render_modes"]) == {"ansi", "human", "rgb_array"}
        assert module.env().metadata["name"] == metadata["name"]


def test_agents_are_numbered_in_turn_order_whatever_the_engine_seats() -> None:
    env = card_v0.raw_env(players=2)  # the singles table seats North 0 and South 2
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.seat_of == {"player_0": 0, "player_1": 2}
    assert env.agent_of == {0: "player_0", 2: "player_1"}
    assert {agent: info["seat"] for agent, info in env.infos.items()} == env.seat_of
    assert env.seat_of[env.agent_selection] == env.table.state.current_player


def test_rgb_array_draws_the_terminal_view() -> None:
    env = card_v0.env(render_mode="rgb_array")
    env.reset(seed=3)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.min() == 0 and image.max() == 255  # black text on white


def _play(env: PickletableAEC, seed: int) -> dict[str, float]:
    """A random game to its end; each agent's total reward."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return totals


def test_rewards_are_zero_sum_by_default_the_losers_sharing_minus_one() -> None:
    totals = _play(slam_v0.raw_env(players=3, tokens_to_win=1), seed=5)
    assert sorted(totals.values()) == [-0.5, -0.5, 1.0]
    assert sum(totals.values()) == 0.0


@pytest.mark.parametrize(("module", "kwargs"), MAIN_VARIANTS, ids=IDS)
def test_every_table_size_sums_to_zero(module: Any, kwargs: dict[str, Any]) -> None:
    totals = _play(module.raw_env(**kwargs), seed=1)
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) == 1.0


def test_without_zero_sum_the_winning_side_gets_one_and_every_other_seat_minus_one() -> None:
    totals = _play(slam_v0.raw_env(players=3, tokens_to_win=1, zero_sum=False), seed=5)
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0]


def _rewards_before_the_end(env: PickletableAEC, seed: int) -> list[float]:
    env.reset(seed=seed)
    rng, rewards = random.Random(seed), list[float]()
    while not env.table.state.is_over:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
        if not env.table.state.is_over:
            rewards += env.rewards.values()
    return rewards


def test_shaped_rewards_follow_the_lead_and_are_off_by_default() -> None:
    assert not any(_rewards_before_the_end(card_v0.raw_env(target_score=2), seed=2))
    shaped = _rewards_before_the_end(card_v0.raw_env(target_score=2, shaping=0.1), seed=2)
    assert {abs(round(reward, 6)) for reward in shaped} >= {0.1}


def test_a_seat_whose_only_action_is_a_formality_is_still_asked() -> None:
    env = slam_v0.raw_env(players=4)
    env.reset(seed=1)
    rng, formalities = random.Random(1), 0
    while not env.table.state.is_over:
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        if env.table.state.is_formality():
            formalities += 1
            assert env.seat_of[agent] == env.table.state.current_player
            assert mask.sum() == 1
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert formalities > 0


def test_the_same_seed_replays_the_same_game() -> None:
    first, second = card_v0.raw_env(target_score=2), card_v0.raw_env(target_score=2)
    assert _play(first, 11) == _play(second, 11)
    assert first.table.state.history == second.table.state.history


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    env = card_v0.raw_env()
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    before = list(env.table.state.history)
    with pytest.raises(IllegalEnvActionError, match="may not play action"):
        env.step(forbidden)
    assert env.table.state.history == before


def test_ansi_rendering_is_the_terminal_view_as_text() -> None:
    env = card_v0.env(render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "Draw pile" in text


def test_the_ids_are_in_pettingzoos_registry() -> None:
    env = pettingzoo.make("aec", "pickletable/slam-v0", players=5)
    env.reset(seed=0)
    assert len(env.possible_agents) == 5


def test_max_cycles_truncates_a_long_game() -> None:
    env = board_v0.raw_env(max_cycles=3)
    env.reset(seed=0)
    steps, truncated_seen = 0, False
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            truncated_seen |= truncated
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert truncated_seen and steps == 3 * len(env.possible_agents)
