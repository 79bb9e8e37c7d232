"""The league: a pool of bots and frozen snapshots, drawn by its stated rule, rated by Elo
from the games the learner plays, and swapped into an environment between episodes."""

from __future__ import annotations

import numpy as np
import pytest

from pickletable.envs import single_agent
from pickletable.envs.league import LEARNER, League
from pickletable.envs.learning import LinearPolicy


def _learner() -> LinearPolicy:
    return LinearPolicy(43, 204)


def test_a_snapshot_is_frozen_and_the_oldest_leaves_past_the_limit() -> None:
    league, learner = League(["random"], max_snapshots=2), _learner()
    first = league.add_snapshot(learner)
    learner.weights += 1.0  # training goes on: the snapshot must not move
    assert not league.members[first].weights.any()
    league.add_snapshot(learner)
    league.add_snapshot(learner)
    assert league.names() == ["random", "snapshot1", "snapshot2"]
    assert len(league.pool()) == 3


def test_elo_moves_the_learner_and_its_opponent_by_the_same_amount() -> None:
    league = League(["random", "medium"])
    league.record("random", 1.0)  # equal ratings: expected 0.5, so k / 2 = 8 each way
    assert (league.rating(LEARNER), league.rating("random")) == (1008.0, 992.0)
    expected = league.expected("medium")
    assert expected > 0.5  # the learner is rated higher now
    league.record("medium", 0.0)
    assert league.rating("medium") == pytest.approx(1000.0 + 16.0 * expected)
    assert sum(league.ratings.values()) == pytest.approx(3000.0)
    assert league.games == {"random": 1, "medium": 1}


def test_prioritised_draws_the_members_the_learner_loses_to_more_often() -> None:
    league = League(["random", "medium"], rule="prioritised")
    assert league.weights() == {"random": 0.5, "medium": 0.5}
    for _ in range(20):
        league.record("random", 1.0)
        league.record("medium", 0.0)
    weights = league.weights()
    assert weights["medium"] > 0.75 and 0.0 < weights["random"] < 0.25


def test_uniform_and_latest_rules() -> None:
    uniform = League(["random", "medium", "easy"], rule="uniform")
    assert list(uniform.weights().values()) == pytest.approx([1 / 3] * 3)
    latest = League(["random", "medium"], rule="latest")
    latest.add_snapshot(_learner())
    newest = latest.add_snapshot(_learner())
    weights = latest.weights()
    assert weights[newest] == 0.5 and weights["random"] == pytest.approx(0.5 / 3)
    with pytest.raises(ValueError, match="rule must be one of uniform, prioritised, latest"):
        League(rule="best")


def test_a_league_swaps_opponents_between_episodes_and_rates_the_games() -> None:
    league = League(["random"], rule="uniform")
    league.add_snapshot(_learner())
    env = single_agent("card", opponents="random", target_score=1)
    env.set_opponents(league.pool())
    rng, seen = np.random.default_rng(0), set()
    for episode in range(8):
        observation, _ = env.reset(seed=episode)
        seen.add(env.bots[2].name)
        done, reward = False, 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        league.record_game(env.drawn, float(reward))
    assert seen == {"random", "learned"}
    assert sum(league.games.values()) == 8
    assert [row[0] for row in league.table()].count(LEARNER) == 1
