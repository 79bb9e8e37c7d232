"""The recap of one game: scores after every rally or round, how each ended, per-seat figures."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from pickletable.analysis.collectors import collector_for
from pickletable.analysis.recap import recap
from pickletable.bots import bot_from_name
from pickletable.core.agents import AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.events import Event
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.slam.lab import TWIST_PREFIXES

TABLES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "board singles": ("board", 2, {"level": "advanced", "target": 2.0}),
    "board doubles": ("board", 4, {"level": "intermediate", "target": 1.5}),
    "card singles": ("card", 2, {"target_score": 4}),
    "card doubles": ("card", 4, {"target_score": 4}),
    "slam": ("slam", 3, {"tokens_to_win": 2}),
    "slam doubles": ("slam", 4, {"tokens_to_win": 2, "doubles": True}),
}


def played(
    game: str, players: int, options: dict[str, Any], seed: int = 5
) -> tuple[GameState, list[Any], list[Event]]:
    """A game of `medium` bots: its first state, its actions and every event it caused."""
    start = get_game(game).new_game(players, options)
    state = start.clone()
    bots = {seat: bot_from_name("medium", game) for seat in state.seats}
    rng = random.Random(seed)
    actions, events = [], []
    while not state.is_over:
        player = state.current_player
        if player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            assert player is not None
            action = bots[player].choose(AgentView(state, player), rng)
        actions.append(action)
        events += state.apply(action)
    return start, actions, events


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_score_history_ends_at_the_final_score_and_each_rally_adds_its_changes(
    table: str,
) -> None:
    game, players, options = TABLES[table]
    start, actions, _ = played(game, players, options)
    summary = recap(start, actions)
    history, rallies = summary["history"], summary["rallies"]
    assert summary["over"] and summary["outcome"]
    assert len(history) == len(rallies) + 1 and all(x == 0 for x in history[0])
    pairs = zip(rallies, history[:-1], history[1:], strict=True)
    for number, (row, before, after) in enumerate(pairs, start=1):
        assert row["number"] == number and row["scores"] == after and row["ended"]
        assert [a - b for a, b in zip(after, before, strict=True)] == row["changes"]
    final = start.clone()
    for action in actions:
        final.apply(action)
    outcome = final.outcome
    assert outcome is not None
    for side, score in zip(summary["sides"], history[-1], strict=True):
        assert all(outcome.scores[seat] == score for seat in side["seats"])


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_rallies_their_starts_and_their_endings_are_those_the_lab_counts(table: str) -> None:
    game, players, options = TABLES[table]
    start, actions, _ = played(game, players, options)
    state = start.clone()
    collector = collector_for(state)
    began = []  # the step at which the lab counted each rally
    for index, action in enumerate(actions):
        player = state.current_player
        legal = 0 if player == CHANCE else len(state.legal_actions())
        events = state.apply(action)
        counted = collector.rallies
        collector.step(state, -1 if player == CHANCE else int(player or 0), legal, events)
        began += [index] * (collector.rallies - counted)
    lab: Counter[str] = Counter()
    for key, count in collector.counters.items():
        if key.startswith(("rally_end:", "round_end:")):
            lab[collector.endings[key.split(":")[1]]] += count
    rallies = recap(start, actions)["rallies"]
    assert len(rallies) == collector.rallies
    assert Counter(row["ended"] for row in rallies) == lab
    assert [row["start"] for row in rallies] == began  # each begins where the lab counts it


def seat_counts(events: list[Event], kind: str, where: Any = None) -> dict[int, float]:
    """How many events of a kind each seat caused (those `where` accepts)."""
    counts: dict[int, float] = {}
    for event in events:
        if event.kind == kind and (where is None or where(event)):
            counts[event.data["seat"]] = counts.get(event.data["seat"], 0) + 1
    return counts


def figure(summary: dict[str, Any], key: str) -> dict[int, float]:
    """One figure of every seat that has a non-zero value."""
    return {row["seat"]: row["values"][key] for row in summary["players"] if row["values"][key]}


def test_board_figures_count_serves_points_won_on_serve_and_cards_played() -> None:
    start, actions, events = played(*TABLES["board singles"])
    summary = recap(start, actions)
    assert figure(summary, "serves") == seat_counts(events, "serve")
    assert figure(summary, "points_on_serve") == seat_counts(events, "point")
    assert figure(summary, "skill_cards") == seat_counts(events, "skill_card")
    aces = seat_counts(events, "shot", lambda event: event.data["result"] == "ace")
    assert figure(summary, "aces") == aces
    assert sum(figure(summary, "points_on_serve").values()) > 0


def test_card_figures_count_dink_shots_and_the_points_each_hand_scored() -> None:
    start, actions, events = played(*TABLES["card doubles"])
    summary = recap(start, actions)
    dinks = seat_counts(events, "laid_down", lambda event: event.data["dink"])
    assert figure(summary, "dink_shots") == dinks
    assert figure(summary, "discards") == seat_counts(events, "discarded")
    scored = sum(row["values"]["points"] for row in summary["players"])
    assert scored == sum(summary["history"][-1])


def test_slam_figures_count_cards_and_twist_cards_played() -> None:
    start, actions, events = played(*TABLES["slam"])
    summary = recap(start, actions)
    plays = [event for event in events if event.kind in ("play", "poach")]
    assert sum(figure(summary, "cards").values()) == len(plays)
    twists = [e for e in plays if e.data["card"].partition("-")[0] in TWIST_PREFIXES]
    assert sum(figure(summary, "twists").values()) == len(twists)
    rounds = sum(figure(summary, "rounds").values())
    assert rounds == sum(len(e.data["winners"]) for e in events if e.kind == "round-won")
