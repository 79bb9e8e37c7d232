"""Properties of every board game: it ends, levels stay on the track, records replay."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pickletable.bots import RandomBot
from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.core.events import Event
from pickletable.core.match import run_match
from pickletable.core.records import Recorder, replay
from pickletable.core.state import CHANCE, GameState
from pickletable.games.board import GAME
from pickletable.games.board.codes import Step
from pickletable.games.board.state import BoardState

tables = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 4]),
        "level": st.sampled_from(["beginner", "intermediate", "advanced"]),
        "stanchion_rule": st.booleans(),
        "skill_counts_as_roll": st.booleans(),
        "serve_after_point": st.sampled_from(["auto", "rotate", "keep"]),
        "seed": st.integers(0, 2**31),
    }
)

# Actions of every kind the game knows, to throw at positions where most are illegal.
PROBES = [
    Action.from_text(t)
    for t in (
        "roll",
        "serve",
        "place stanchion",
        "skill ace",
        "skill in-drop",
        "strategy dink",
        "strategy lob",
        "server blue",
        "server black",
        "target red",
        "target yellow",
        "roll in",
        "roll ace",
        "roll lob",
        "roll blue",
        "draw sweet-spot",
        "draw ace",
        "draw dinkin-dana",
        "discard 7",
        "hello",
    )
]


def seed_of(table: dict[str, object]) -> int:
    seed = table["seed"]
    assert isinstance(seed, int)
    return seed


def new_state(table: dict[str, object]) -> BoardState:
    options = {k: v for k, v in table.items() if k not in ("players", "seed")}
    state = GAME.new_game(int(str(table["players"])), options)
    assert isinstance(state, BoardState)
    return state


@settings(max_examples=60, deadline=None)
@given(tables)
def test_every_game_ends_with_levels_on_the_track(table: dict[str, object]) -> None:
    state = new_state(table)
    target = state.rules.target_spaces

    def check(after: GameState, player: int, action: Action, events: list[Event]) -> None:
        assert isinstance(after, BoardState)
        assert all(0 <= after.skill[s] <= target for s in after.seats)

    run_match(
        state,
        {s: RandomBot() for s in state.seats},
        random.Random(seed_of(table)),
        on_step=check,
        max_steps=200_000,
    )
    assert state.outcome is not None and state.current_player is None
    winners = state.outcome.winners
    assert winners and all(state.skill[s] == target for s in winners)


@settings(max_examples=40, deadline=None)
@given(tables)
def test_a_record_replays_to_the_same_outcome(table: dict[str, object]) -> None:
    state = new_state(table)
    recorder = Recorder(
        "board", len(state.seats), dict(state.rules.options), GAME.default_content(), []
    )
    run_match(
        state,
        {s: RandomBot() for s in state.seats},
        random.Random(seed_of(table)),
        recorder=recorder,
    )
    again = replay(recorder.to_json(state))
    assert again.outcome == state.outcome
    assert GAME.presenter.view(again, None) == GAME.presenter.view(state, None)


@settings(max_examples=40, deadline=None)
@given(tables, st.integers(0, 400))
def test_a_rejected_action_changes_nothing(table: dict[str, object], steps: int) -> None:
    state = new_state(table)
    rng = random.Random(seed_of(table))
    bot = RandomBot()
    from pickletable.core.agents import AgentView
    from pickletable.core.chance import sample_outcome

    for _ in range(steps):
        if state.is_over:
            break
        player = state.current_player
        if player == CHANCE:
            state.apply(sample_outcome(state, rng))
        else:
            assert player is not None
            state.apply(bot.choose(AgentView(state, player), rng))
    legal = state.legal_actions()
    for probe in PROBES:
        if probe in legal:
            continue
        before = GAME.presenter.view(state, None)
        clone = state.clone()
        try:
            state.apply(probe)
        except IllegalActionError as error:
            assert str(probe) in str(error)
        else:
            raise AssertionError(f"{probe} was accepted but is not legal")
        assert GAME.presenter.view(state, None) == before
        assert state.legal_actions() == clone.legal_actions()


@settings(max_examples=30, deadline=None)
@given(tables)
def test_chance_outcomes_are_a_probability_distribution(table: dict[str, object]) -> None:
    state = new_state(table)
    rng = random.Random(seed_of(table))
    bot = RandomBot()
    from pickletable.core.agents import AgentView

    for _ in range(300):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == state.legal_actions()
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            player = state.current_player
            assert player is not None
            state.apply(bot.choose(AgentView(state, player), rng))


def test_clone_is_independent() -> None:
    state = new_state(
        {
            "players": 4,
            "level": "advanced",
            "stanchion_rule": False,
            "skill_counts_as_roll": True,
            "serve_after_point": "auto",
        }
    )
    copy = state.clone()
    run_match(copy, {s: RandomBot() for s in copy.seats}, random.Random(3))
    assert copy.is_over and not state.is_over and state.step == Step.DEAL
