"""The Gymnasium single-agent wrapper: Gymnasium's checker, the documented refusal of a
masked-out action, the end-of-episode no-op, the time limit, whole games against bots,
swappable opponents and the registry (the vector env: test_vector.py)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pickletable.envs import make_env, single_agent
from pickletable.envs.learning import LinearPolicy
from pickletable.envs.policies import OpponentPool
from pickletable.envs.single import SingleAgentEnv

GAMES = {"board": {}, "card": {"target_score": 2}, "slam": {"players": 3, "tokens_to_win": 1}}


EVERY_TABLE = [
    ("board", {"players": 2}),
    ("board", {"players": 4, "level": "beginner"}),
    ("card", {"players": 2, "target_score": 2}),
    ("card", {"players": 3, "target_score": 2}),
    ("card", {"players": 4, "target_score": 2}),
    ("slam", {"players": 3, "tokens_to_win": 1}),
    ("slam", {"players": 4, "doubles": True, "tokens_to_win": 1}),
    ("slam", {"players": 5, "tokens_to_win": 1}),
    ("slam", {"players": 6, "tokens_to_win": 1}),
]
"""Every table size of every game (and Slam's doubles), as in test_aec.py."""


@pytest.mark.filterwarnings("ignore:.*not having a spec")
@pytest.mark.parametrize(("game", "kwargs"), EVERY_TABLE, ids=[f"{g}-{k}" for g, k in EVERY_TABLE])
def test_gymnasiums_env_checker_passes(game: str, kwargs: dict[str, Any]) -> None:
    check_env(single_agent(game, opponents="random", **kwargs))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_bots_ends_with_a_win_or_a_zero_sum_loss(game: str) -> None:
    env = single_agent(game, seat=0, opponents="medium", **GAMES[game])
    observation, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    rewards, terminated, info = [], False, dict[str, Any]()
    while not terminated:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert not truncated
        rewards.append(reward)
    losing = -1.0 / (env.table.players - 1) if game == "slam" else -1.0  # Slam: one winner
    assert rewards[-1] in (losing, 1.0) and not any(rewards[:-1])
    assert observation["action_mask"].tolist() == [1] + [0] * (env.table.encoding.n_actions - 1)
    assert info["episode_over"] and np.array_equal(info["action_mask"], observation["action_mask"])


def test_a_masked_out_action_costs_one_and_leaves_the_game_as_it_was() -> None:
    env = single_agent("card", opponents="random")
    observation, _ = env.reset(seed=2)
    history = list(env.table.state.history)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(forbidden)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert env.table.state.history == history
    assert all(np.array_equal(again[key], observation[key]) for key in observation)


def test_a_masked_out_action_may_end_the_episode_instead() -> None:
    env = single_agent("card", opponents="random", illegal_action="lose", illegal_penalty=-2.0)
    observation, _ = env.reset(seed=2)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    final, reward, terminated, truncated, info = env.step(forbidden)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, True)
    assert final["action_mask"].sum() == 1 and info["episode_over"]
    _, reward, terminated, _, info = env.step(0)  # after the end: refused until reset
    assert (reward, terminated, info["illegal_action"]) == (-2.0, True, True)


def test_max_steps_truncates_an_episode_refused_steps_included() -> None:
    env = single_agent("card", opponents="random", max_steps=3)
    observation, _ = env.reset(seed=2)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    assert env.step(forbidden)[3] is False
    observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    observation, _, terminated, truncated, info = env.step(
        int(np.flatnonzero(observation["action_mask"])[0])
    )
    assert truncated and not terminated and info["episode_over"]
    assert observation["action_mask"].sum() == 1
    assert env.reset(seed=3)[1]["episode_over"] is False


def test_opponents_are_swapped_between_games_or_drawn_from_a_pool() -> None:
    env = single_agent("card", opponents="random", target_score=1)
    env.reset(seed=0)
    assert env.bots[2].name == "random"
    env.set_opponents("medium")
    assert env.bots[2].name == "heuristic"
    encoding = env.table.encoding
    frozen = LinearPolicy(encoding.n_actions, encoding.size)
    env.set_opponents(OpponentPool([frozen, "random"], weights=[1, 1]))
    names = set()
    for seed in range(12):
        observation, _ = env.reset(seed=seed)
        names.add(env.bots[2].name)
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, _, terminated, truncated, _ = env.step(action)
    assert names == {"learned", "random"}


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
