"""When the draw pile runs out: one reshuffle, then the rally ends."""

from __future__ import annotations

from typing import Any

from pickletable.games.card.codes import EventKind, Step
from pickletable.games.card.state import CardState
from tests.games.card.helpers import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    all_cards,
    find,
    kinds,
    pass_turn,
    play,
    start,
    turn,
)
from tests.games.card.test_rally import JUNK_A, JUNK_B, JUNK_C, JUNK_D


def run_down(state: CardState, left: int) -> list[Any]:
    """Pass turns (drawing) until `left` cards remain; return the last turn's events."""
    events: list[Any] = []
    while len(state.pile) > left and state.rally == 1:
        events = pass_turn(state)
    return events


def take_turn(state: CardState) -> list[Any]:
    """Take the discard top and discard another card: the draw pile is untouched."""
    events = play(state, f"take {state.discards[-1]}")
    discard = next(a for a in state.legal_actions() if len(a.args) == 1)
    return events + state.apply(discard)


def until(state: CardState, kind: EventKind) -> list[Any]:
    """Pass turns until one causes an event of `kind`; return that turn's events."""
    events: list[Any] = []
    while kind not in kinds(events):
        events = pass_turn(state)
    return events


def test_when_the_draw_pile_runs_out_the_discards_less_the_top_become_a_new_one() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="9")
    assert len(state.pile) == 52 - 15
    run_down(state, 1)
    events = pass_turn(state)
    assert kinds(events) == [
        EventKind.DREW,
        EventKind.PILE_EMPTY,
        EventKind.DISCARDED,
        EventKind.RESHUFFLED,
    ]
    assert find(events, EventKind.PILE_EMPTY)["rally_ends"] is False
    top = find(events, EventKind.DISCARDED)["card"]
    assert state.discards == [top]
    assert len(state.pile) == 37 and find(events, EventKind.RESHUFFLED)["cards"] == 37
    assert sum(all_cards(state).values()) == 52
    assert state.step == Step.TURN and not state.is_over


def test_when_it_runs_out_a_second_time_the_rally_ends_after_that_turn() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="9")
    until(state, EventKind.RESHUFFLED)
    run_down(state, 1)
    drawer = state.turn
    events = pass_turn(state)
    assert find(events, EventKind.PILE_EMPTY).data == {"seat": drawer, "rally_ends": True}
    assert kinds(events)[:3] == [
        EventKind.DREW,
        EventKind.PILE_EMPTY,
        EventKind.DISCARDED,
    ]  # the turn is finished
    summary = find(events, EventKind.RALLY_SCORED).data
    assert summary["ended"] == "pile" and summary["rally"] == 1
    assert state.rally == 2


def test_the_player_who_drew_the_last_card_may_still_lay_down() -> None:
    state = start({NORTH: JUNK_A, SOUTH: "1 3 5 6 9 10 dink"}, flip="9")
    until(state, EventKind.RESHUFFLED)
    while not (len(state.pile) == 1 and state.turn == SOUTH):
        if len(state.pile) == 1:
            take_turn(state)
        else:
            pass_turn(state)
    events = turn(state, state.pile.draw_outcomes()[0][0], lay=True)
    assert kinds(events)[:4] == [
        EventKind.DREW,
        EventKind.PILE_EMPTY,
        EventKind.DISCARDED,
        EventKind.LAID_DOWN,
    ]
    summary = find(events, EventKind.RALLY_SCORED).data
    assert summary["laid"] == [SOUTH] and summary["serve_to"] == SOUTH


def test_a_second_run_out_ends_the_rally_at_once_losing_final_turns_still_owed() -> None:
    state = start(
        {NORTH: JUNK_A, EAST: "1 3 5 6 9 10 dink", SOUTH: JUNK_C, WEST: JUNK_D}, flip="9", players=4
    )
    until(state, EventKind.RESHUFFLED)
    while not (len(state.pile) == 2 and state.turn == EAST):
        if len(state.pile) == 2:
            take_turn(state)
        else:
            pass_turn(state)
    turn(state, state.pile.draw_outcomes()[0][0], lay=True)  # East lays down, one card left
    assert state.lap_left == 3
    events = pass_turn(state)  # South draws the last card
    summary = find(events, EventKind.RALLY_SCORED).data
    assert summary["ended"] == "pile" and summary["laid"] == [EAST]
    assert summary["serve_to"] == EAST  # West and North never had their final turns


def test_if_nobody_laid_down_the_serve_stays_where_it_was() -> None:
    state = start(
        {NORTH: JUNK_A, EAST: JUNK_B, SOUTH: JUNK_C, WEST: JUNK_D}, server=WEST, flip="9", players=4
    )
    summary = find(until(state, EventKind.RALLY_SCORED), EventKind.RALLY_SCORED).data
    assert summary["serve_to"] is None and summary["laid"] == []
    assert state.server == WEST and state.turn == NORTH and state.rally == 2


def test_reshuffle_limit_zero_ends_the_rally_at_the_first_run_out() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="9", reshuffle_limit=0)
    events = until(state, EventKind.RALLY_SCORED)
    assert EventKind.RESHUFFLED not in kinds(events) and state.rally == 2


def test_reshuffle_limit_two_allows_a_second_reshuffle() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="9", reshuffle_limit=2)
    until(state, EventKind.RESHUFFLED)
    until(state, EventKind.RESHUFFLED)
    assert state.reshuffles == 2 and state.rally == 1
    until(state, EventKind.RALLY_SCORED)


def test_rally_turn_limit_ends_a_rally_nobody_draws_in() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="9", rally_turn_limit=6)
    for _ in range(5):
        take_turn(state)
    events = take_turn(state)
    summary = find(events, EventKind.RALLY_SCORED).data
    assert summary["ended"] == "limit" and summary["serve_to"] is None
    assert state.rally == 2
