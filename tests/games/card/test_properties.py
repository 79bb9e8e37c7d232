"""Properties of every card game: no card lost, games end, records replay, hands hidden."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pickletable.bots import RandomBot
from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.core.match import run_match
from pickletable.core.records import Recorder, replay
from pickletable.core.state import CHANCE
from pickletable.games.card import GAME
from pickletable.games.card.codes import Step
from pickletable.games.card.state import CardState
from tests.games.card.helpers import all_cards

DECK = Counter(
    {**{str(n): 4 for n in range(1, 11)}, "smash": 4, "pickler": 2, "kitchen": 4, "dink": 2}
)

tables = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 3, 4]),
        "no_discard_taken_card": st.booleans(),
        "reshuffle_limit": st.integers(0, 2),
        "target_score": st.sampled_from([3, 11]),
        "seed": st.integers(0, 2**31),
    }
)

PROBES = [
    Action.from_text(text)
    for text in (
        "draw",
        "take 5",
        "take kitchen",
        "discard 7",
        "discard 7 lay",
        "discard dink lay",
        "discard smash",
        "deal 3",
        "flip 9",
        "show kitchen",
        "draw pickler",
        "lay",
        "hello",
    )
]


def new_state(table: dict[str, Any]) -> CardState:
    options = {k: v for k, v in table.items() if k not in ("players", "seed")}
    state = GAME.new_game(int(table["players"]), options)
    assert isinstance(state, CardState)
    return state


def snapshot(state: CardState) -> tuple[Any, ...]:
    """Everything that makes up a position."""
    return (
        state.step,
        list(state.scores),
        state.server,
        state.rally,
        state.turn,
        list(state.hands),
        list(state.known),
        dict(state.pile.unseen),
        list(state.pile.known),
        list(state.discards),
        state.taken,
        state.laid,
        state.lap_left,
        state.reshuffles,
        state.ends_after_turn,
        state.dealt,
        list(state.shown),
        state.outcome,
    )


def random_walk(
    state: CardState, rng: random.Random, check: Any, max_steps: int = 100_000
) -> CardState:
    """Play random actions (chance by its odds), calling `check(state)` before each step."""
    from pickletable.core.chance import sample_outcome

    for _ in range(max_steps):
        if state.is_over:
            return state
        check(state)
        if state.current_player == CHANCE:
            state.apply(sample_outcome(state, rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("the game did not end")


@settings(max_examples=25, deadline=None)
@given(tables)
def test_every_game_ends_with_all_52_cards_accounted_for(table: dict[str, Any]) -> None:
    def check(state: CardState) -> None:
        assert all_cards(state) == DECK
        assert all(len(state.hands[s]) in (7, 8) for s in state.seats) or state.step in (
            Step.DEAL,
            Step.FLIP,
            Step.FIRST_SERVER,
        )

    final = random_walk(new_state(table), random.Random(table["seed"]), check)
    assert final.outcome is not None
    scores = final.scores
    won = final.rules.team_of[final.outcome.winners[0]]
    assert scores[won] >= table["target_score"] and scores[won] - scores[1 - won] >= 2
    assert final.outcome.winners == final.rules.teams[won]


@settings(max_examples=15, deadline=None)
@given(tables)
def test_hidden_hands_never_reach_another_seat(table: dict[str, Any]) -> None:
    rng = random.Random(table["seed"])

    def check(state: CardState) -> None:
        for seat in [*state.seats, None]:
            view = GAME.presenter.view(state, seat)
            for other in view["seats"]:
                if other["seat"] != seat and not other["laid_down"]:
                    assert other["hand"] is None and other["verdict"] is None
            # Whatever the seat cannot see may be re-dealt without changing its view.
            resampled = state.resample(seat, rng)
            assert GAME.presenter.view(resampled, seat) == view
            assert resampled.observe(seat) == state.observe(seat)

    random_walk(new_state(table), rng, check)


@settings(max_examples=15, deadline=None)
@given(tables)
def test_resample_keeps_what_the_seat_knows(table: dict[str, Any]) -> None:
    rng = random.Random(table["seed"])

    def check(state: CardState) -> None:
        seat = state.seats[rng.randrange(len(state.seats))]
        other = state.resample(seat, rng)
        assert all_cards(other) == all_cards(state)
        assert other.hands[seat] == state.hands[seat]
        for s in state.seats:
            assert len(other.hands[s]) == len(state.hands[s])
            assert not Counter(state.known[s]) - Counter(other.hands[s])
            if s in state.laid:
                assert other.hands[s] == state.hands[s]
        if state.current_player == seat:
            assert other.legal_actions() == state.legal_actions()

    random_walk(new_state(table), rng, check)


@settings(max_examples=15, deadline=None)
@given(tables)
def test_a_rejected_action_changes_nothing(table: dict[str, Any]) -> None:
    def check(state: CardState) -> None:
        legal = state.legal_actions()
        before = snapshot(state)
        for probe in PROBES:
            if probe not in legal:
                with pytest.raises(IllegalActionError, match="legal now"):
                    state.apply(probe)
        assert snapshot(state) == before

    random_walk(new_state(table), random.Random(table["seed"]), check)


@settings(max_examples=15, deadline=None)
@given(tables)
def test_clones_are_independent_and_observations_json_safe(table: dict[str, Any]) -> None:
    rng = random.Random(table["seed"])

    def check(state: CardState) -> None:
        copy = state.clone()
        before = snapshot(state)
        if not copy.is_over:
            copy.apply(copy.legal_actions()[0])
        assert snapshot(state) == before
        seat = state.seats[0]
        view = GAME.presenter.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        lean = state.observe(seat).to_json()
        assert json.loads(json.dumps(lean)) == lean
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(
            1.0 if state.current_player == CHANCE else 0.0
        )

    random_walk(new_state(table), rng, check)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twenty_recorded_bot_games_replay(players: int) -> None:
    content = GAME.default_content()
    for seed in range(20):
        state = GAME.new_game(players)
        recorder = Recorder(
            "card",
            players,
            {},
            content,
            [{"seat": s, "name": state.seat_name(s), "player": "bot:easy"} for s in state.seats],
        )
        run_match(
            state, {s: RandomBot() for s in state.seats}, random.Random(seed), recorder=recorder
        )
        record = json.loads(json.dumps(recorder.to_json(state)))
        again = replay(record)
        assert isinstance(again, CardState) and isinstance(state, CardState)
        assert again.outcome == state.outcome
        assert snapshot(again) == snapshot(state)
