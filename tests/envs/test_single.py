"""The Gymnasium single-agent wrapper: Gymnasium's checker, the documented penalty for a
masked-out action, whole games against bots, the registry and the vector runner."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pickletable.envs import make_env, make_vector, single_agent
from pickletable.envs.single import SingleAgentEnv

GAMES = {"board": {}, "card": {"target_score": 2}, "slam": {"players": 3, "tokens_to_win": 1}}


@pytest.mark.filterwarnings("ignore:.*not having a spec")
@pytest.mark.parametrize("game", GAMES)
def test_gymnasiums_env_checker_passes(game: str) -> None:
    check_env(single_agent(game, opponents="random", **GAMES[game]))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_bots_ends_with_plus_or_minus_one(game: str) -> None:
    env = single_agent(game, seat=0, opponents="medium", **GAMES[game])
    observation, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    rewards, terminated = [], False
    while not terminated:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        assert not truncated
        rewards.append(reward)
    assert rewards[-1] in (-1.0, 1.0) and not any(rewards[:-1])
    assert not observation["action_mask"].any()


def test_a_masked_out_action_costs_one_and_leaves_the_game_as_it_was() -> None:
    env = single_agent("card", opponents="random")
    observation, _ = env.reset(seed=2)
    history = list(env.table.state.history)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(forbidden)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert env.table.state.history == history
    assert all(np.array_equal(again[key], observation[key]) for key in observation)


def test_the_learner_may_sit_at_any_seat_in_play_only() -> None:
    env = single_agent("card", seat=2, opponents=["random"])
    env.reset(seed=0)
    assert env.table.state.current_player == 2
    with pytest.raises(ValueError, match="seat 1 is not in play"):
        single_agent("card", seat=1)
    with pytest.raises(ValueError, match="2 opponents are needed"):
        single_agent("card", players=3, opponents=["random"])


def test_the_single_agent_ids_are_in_gymnasiums_registry() -> None:
    env = gymnasium.make("pickletable/CardSingle-v0", opponents="random", render_mode="ansi")
    env.reset(seed=0)
    assert isinstance(env.unwrapped, SingleAgentEnv)
    assert "Your hand" in str(env.render())
    assert make_env("pickletable/BoardSingle-v0").unwrapped.table.game_id == "board"
    with pytest.raises(ValueError, match="unknown environment 'pickletable/chess-v0'"):
        make_env("pickletable/chess-v0")


def test_the_vector_runner_steps_many_games_at_once() -> None:
    envs = make_vector("card", num_envs=3, opponents="random", target_score=2)
    observations, _ = envs.reset(seed=5)
    assert observations["observation"].shape == (3, 204)
    for _ in range(50):
        masks = observations["action_mask"]
        actions = masks.argmax(axis=1)  # after a game ends the mask is all 0: any action
        observations, rewards, _, _, _ = envs.step(actions)
        assert rewards.shape == (3,)
    envs.close()
