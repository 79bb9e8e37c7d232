"""The one game loop: every caller plays the same game for the same seed, and the rollout
fast path plays the same rollouts as the loop."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.analysis.arena import TimedAgent
from pickletable.analysis.arena import _play as play_arena_game
from pickletable.analysis.collectors import collector_for
from pickletable.analysis.runner import GameTask, new_state, play_winners
from pickletable.analysis.study import play_study_game
from pickletable.bots import RandomBot, bot_from_name
from pickletable.bots.evaluation import evaluation_for
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.chance import ForcedChance, RandomChance
from pickletable.core.errors import IllegalActionError
from pickletable.core.match import (
    Horizon,
    StepCount,
    random_policy,
    roll_out,
    run_counted,
    run_match,
)
from pickletable.core.records import Recorder
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("board", 2, {"level": "advanced"}),
    ("board", 4, {"level": "intermediate"}),
    ("card", 3, {}),
    ("slam", 4, {"doubles": True}),
    ("slam", 3, {}),
]


def played(task: GameTask, timed: bool = False) -> GameState:
    """The task's game, played straight on the one loop with its bots (timed as the arena's)."""
    state = new_state(task)
    entry_at = task.seat_entries(state.seats)
    agents: dict[int, Agent] = {}
    for seat, entry in entry_at.items():
        bot = bot_from_name(task.entries[entry], task.game)
        agents[seat] = TimedAgent(bot, []) if timed else bot
    return run_match(state, agents, random.Random(task.game_seed))


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_the_arena_the_lab_and_the_runner_play_the_game_the_loop_plays(
    game: str, players: int, options: dict[str, Any]
) -> None:
    bots = ("medium",) + ("random",) * (players - 1)
    for index in range(2):
        task = GameTask(game, players, options, bots, index, seed=11, rotate=True)
        state = played(task)
        assert state.outcome is not None
        entry_at = task.seat_entries(state.seats)
        assert play_winners(task) == sorted(entry_at[seat] for seat in state.outcome.winners)
        assert play_study_game(task).counts["steps"] == len(state.history)
        # The arena plays a lone legal action without asking the bot (nor its RNG).
        timed = played(task, timed=True)
        assert timed.outcome is not None
        arena = play_arena_game(task)
        assert arena.actions == len(timed.history)
        assert arena.winners == [entry_at[seat] for seat in timed.outcome.winners]


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_the_counted_loop_gives_a_collector_what_the_watched_loop_gives(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """`run_counted` (the lab's loop: counts inline, the collector told of its events only)
    plays the same game and leaves the same summary as `run_match` with the collector."""
    for seed in range(2):
        summaries, histories = [], []
        for counted in (True, False):
            state = get_game(game).new_game(players, options)
            collector = collector_for(state)
            bots: dict[int, Agent] = {seat: bot_from_name("medium", game) for seat in state.seats}
            if counted:
                run_counted(state, bots, random.Random(seed), collector)
            else:
                run_match(state, bots, random.Random(seed), watcher=collector)
            summaries.append(collector.finish(state, 0, seed, ("medium",) * players))
            histories.append(state.history)
        assert histories[0] == histories[1]
        assert summaries[0] == summaries[1]
        assert summaries[0].counts["steps"] == len(histories[0])


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_a_rollout_policy_plays_the_game_its_bot_plays(
    game: str, players: int, options: dict[str, Any]
) -> None:
    for seed in range(3):
        start = get_game(game).new_game(players, options)
        bots: dict[int, Agent] = {seat: RandomBot() for seat in start.seats}
        by_bots = run_match(start.clone(), bots, random.Random(seed))
        by_policy = run_match(start.clone(), random_policy, random.Random(seed))
        checked = run_match(start.clone(), random_policy, random.Random(seed), checked=True)
        assert by_policy.history == by_bots.history == checked.history


def rollout_starts(game: str, players: int, options: dict[str, Any]) -> list[GameState]:
    """Seat decisions along a seeded random game: where searches start their rollouts."""
    state = get_game(game).new_game(players, options)
    starts: list[GameState] = []
    rng = random.Random(3)
    while state.current_player is not None:
        if state.current_player != CHANCE and len(state.history) % 4 == 0:
            starts.append(state.clone())
        run_match(state, random_policy, rng, max_steps=1, must_end=False)
    return starts


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_the_rollout_fast_path_plays_the_rollouts_the_loop_plays(
    game: str, players: int, options: dict[str, Any]
) -> None:
    evaluation = evaluation_for(game)
    for number, start in enumerate(rollout_starts(game, players, options)[:12]):
        for events, decisions in ((evaluation.horizon_count, 400), (5, 3), (0, 10), (99, 0)):
            fast = roll_out(
                start.clone(),
                random_policy,
                random.Random(number),
                evaluation.horizon,
                events,
                decisions,
            )
            left = Horizon(evaluation.horizon, events, decisions)
            loop = run_match(
                start.clone(),
                random_policy,
                random.Random(number),
                watcher=left,
                until=left.reached,
                must_end=False,
            )
            assert fast.history == loop.history
            assert fast.outcome == loop.outcome


def test_every_watcher_hears_every_step_and_the_record_is_the_loop_s_history() -> None:
    state = get_game("card").new_game(2)
    heard: list[tuple[int, Action]] = []
    count = StepCount()
    recorder = Recorder("card", 2, {}, get_game("card").default_content(), [])
    run_match(
        state,
        {seat: RandomBot() for seat in state.seats},
        random.Random(2),
        watcher=count,
        recorder=recorder,
        on_step=lambda after, player, action, events: heard.append((player, action)),
    )
    assert count.steps == len(heard) == len(recorder.steps) == len(state.history)
    assert [action for _, action in heard] == state.history
    assert [step["action"] for step in recorder.steps] == [str(a) for a in state.history]
    assert count.decisions == sum(player != CHANCE for player, _ in heard)


def test_the_loop_stops_when_asked_before_the_step() -> None:
    state = get_game("board").new_game(2, {"level": "beginner"})
    run_match(state, random_policy, random.Random(1), until=lambda now: len(now.history) == 7)
    assert len(state.history) == 7 and not state.is_over


def test_a_game_that_outlasts_the_step_limit_is_a_bug_unless_a_rollout_caps_it() -> None:
    state = get_game("card").new_game(2)
    with pytest.raises(RuntimeError, match="did not end within 5 steps"):
        run_match(state.clone(), random_policy, random.Random(1), max_steps=5)
    capped = run_match(state.clone(), random_policy, random.Random(1), max_steps=5, must_end=False)
    assert len(capped.history) == 5


def test_chance_comes_from_the_game_a_sampler_or_a_resolver_alike() -> None:
    start = get_game("slam").new_game(3)
    by_game = run_match(start.clone(), random_policy, random.Random(8))
    sampler = run_match(
        start.clone(), random_policy, random.Random(8), chance=type(start).sample_chance
    )
    rng = random.Random(8)
    resolver = run_match(start.clone(), random_policy, rng, chance=RandomChance(rng))
    assert by_game.history == sampler.history == resolver.history


class Cheat:
    name = "cheat"

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        return Action("nonsense")


def test_an_agent_that_answers_an_illegal_action_stops_the_game() -> None:
    state = get_game("card").new_game(2)
    with pytest.raises(IllegalActionError, match="returned by agent cheat"):
        run_match(state, {seat: Cheat() for seat in state.seats}, random.Random(1))


def test_forced_chance_is_checked() -> None:
    state = get_game("board").new_game(2, {"level": "beginner"})
    with pytest.raises(IllegalActionError):
        run_match(state, random_policy, random.Random(1), chance=ForcedChance(["roll 99"]))
