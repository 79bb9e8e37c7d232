"""A rally as the rulebook runs it: first server, the deal, turns, laying down, the final lap."""

from __future__ import annotations

import random

import pytest

from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.core.events import Event
from pickletable.core.state import CHANCE
from pickletable.games.card import GAME
from pickletable.games.card.codes import EventKind, Step
from pickletable.games.card.state import CardState
from pickletable.games.card.wording import team_name
from tests.games.card.helpers import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    draw,
    find,
    kinds,
    laid_out,
    new_game,
    pass_turn,
    pick_first_server,
    play,
    start,
    turn,
)

JUNK_A = "1 2 4 7 8 10 kitchen"
JUNK_B = "1 3 5 6 9 10 kitchen"
JUNK_C = "2 3 5 6 8 9 kitchen"
JUNK_D = "1 4 6 7 9 10 kitchen"
COMPLETE = "1 2 3 4 5 6 7"


# --- table -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "names", "teams"),
    [
        (2, ["North", "South"], ["North", "South"]),
        (3, ["North", "East", "West"], ["North", "East & West"]),
        (4, ["North", "East", "South", "West"], ["North & South", "East & West"]),
    ],
)
def test_two_teams_seated_alternately_with_teammates_across(
    players: int, names: list[str], teams: list[str]
) -> None:
    state = new_game(players)
    assert [state.seat_name(s) for s in state.seats] == names
    assert [team_name(state.rules, t) for t in (0, 1)] == teams


# --- first server ------------------------------------------------------------------
def test_first_player_dealt_a_kitchen_face_up_serves_first() -> None:
    state = new_game(4)
    events = play(state, "show 3", "show 7", "show kitchen")
    assert state.server == SOUTH
    assert kinds(events) == [
        EventKind.SHOWN,
        EventKind.SHOWN,
        EventKind.SHOWN,
        EventKind.FIRST_SERVER,
        EventKind.RALLY_START,
    ]
    assert [event["seat"] for event in events[:3]] == [NORTH, EAST, SOUTH]


def test_face_up_cards_go_round_again_until_a_kitchen_shows() -> None:
    state = new_game(3)
    play(state, "show 1", "show 2", "show 3", "show smash")
    assert state.step == Step.FIRST_SERVER
    play(state, "show kitchen")
    assert state.server == EAST


# --- the deal ------------------------------------------------------------------------
def test_server_deals_seven_each_from_the_whole_deck_and_left_of_server_starts() -> None:
    state = new_game(4)
    pick_first_server(state, EAST)
    assert len(state.pile) == 52  # the face-up cards went back into the deck
    for _ in range(28):
        assert state.current_player == CHANCE
        state.apply(state.legal_actions()[0])
    assert [len(state.hands[s]) for s in state.seats] == [7, 7, 7, 7]
    events = play(state, "flip 9")
    assert state.discards == ["9"] and len(state.pile) == 52 - 29
    assert state.current_player == SOUTH
    assert kinds(events) == [EventKind.FLIPPED]


def test_deals_and_draws_are_chance_actions_over_the_unseen_cards() -> None:
    state = new_game(2)
    pick_first_server(state, NORTH)
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert outcomes["deal 7"] == pytest.approx(4 / 52)
    assert outcomes["deal pickler"] == pytest.approx(2 / 52)


# --- a turn ----------------------------------------------------------------------
def test_a_turn_is_draw_from_either_pile_then_discard_one() -> None:
    state = laid_out({NORTH: JUNK_A, SOUTH: JUNK_B}, top="3")
    assert state.current_player == SOUTH
    assert [str(a) for a in state.legal_actions()] == ["draw", "take 3"]
    events = draw(state, "8")
    assert kinds(events) == [EventKind.DREW] and "8" not in str(
        events[0].data
    )  # the drawn card is secret
    assert len(state.hands[SOUTH]) == 8
    assert {a.verb for a in state.legal_actions()} == {"discard"}
    events = play(state, "discard 9")
    assert kinds(events) == [EventKind.DISCARDED]
    assert state.current_player == NORTH and state.discards == ["3", "9"]


def test_taking_the_discard_top_is_seen_by_everyone() -> None:
    state = laid_out({NORTH: JUNK_A, SOUTH: JUNK_B}, top="3")
    events = play(state, "take 3")
    assert find(events, EventKind.TOOK).data == {"seat": SOUTH, "card": "3"}
    assert GAME.presenter.view(state, NORTH)["seats"][1]["known"] == ["3"]


def test_card_just_taken_from_the_discard_pile_may_not_be_discarded_that_turn() -> None:
    state = laid_out({NORTH: JUNK_A, SOUTH: JUNK_B}, top="2")
    play(state, "take 2")
    assert Action("discard", ("2",)) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="took the 2 from the discard pile"):
        state.apply_text("discard 2")


def test_identical_card_already_held_may_be_discarded_after_taking_one() -> None:
    state = laid_out({NORTH: JUNK_A, SOUTH: JUNK_B}, top="3")  # South already holds a 3
    play(state, "take 3")
    assert Action("discard", ("3",)) in state.legal_actions()
    play(state, "discard 3")
    assert state.hands[SOUTH].count("3") == 1


def test_option_no_discard_taken_card_off_allows_discarding_it() -> None:
    state = laid_out({NORTH: JUNK_A, SOUTH: JUNK_B}, top="2", no_discard_taken_card=False)
    play(state, "take 2", "discard 2")
    assert state.discards == ["2"]


def test_turns_go_clockwise_from_the_left_of_the_server() -> None:
    state = start(
        {NORTH: JUNK_A, EAST: JUNK_B, SOUTH: JUNK_C, WEST: JUNK_D}, server=WEST, players=4
    )
    order = []
    for _ in range(5):
        order.append(state.turn)
        pass_turn(state)
    assert order == [NORTH, EAST, SOUTH, WEST, NORTH]


# --- laying down -----------------------------------------------------------------
def test_complete_hand_may_be_laid_down_after_discarding() -> None:
    state = start({NORTH: JUNK_A, SOUTH: COMPLETE})
    draw(state, "9")
    assert Action("discard", ("9", "lay")) in state.legal_actions()
    events = play(state, "discard 9 lay")
    assert kinds(events) == [EventKind.DISCARDED, EventKind.LAID_DOWN, EventKind.FINAL_LAP]
    assert find(events, EventKind.LAID_DOWN).data["complete"] is True
    assert state.laid == (SOUTH,)


def test_laying_down_is_a_choice() -> None:
    state = start({NORTH: JUNK_A, SOUTH: COMPLETE})
    turn(state, "9")
    assert state.laid == () and not state.final_lap
    assert state.current_player == NORTH


def test_incomplete_hand_without_a_dink_shot_may_not_be_laid_down() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B})
    draw(state, "8")
    assert all(len(a.args) == 1 for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="neither complete nor holding a Dink Shot"):
        state.apply_text("discard 8 lay")


def test_dink_shot_lets_an_incomplete_hand_be_laid_down() -> None:
    state = start({NORTH: JUNK_A, SOUTH: "1 3 5 7 9 10 dink"})
    events = turn(state, "8", lay=True)
    laid = find(events, EventKind.LAID_DOWN).data
    assert laid["complete"] is False and laid["dink"] is True


def test_the_lay_down_choice_leaves_no_trace_for_the_other_seats() -> None:
    # Being able to lay down changes only the seat's own menu, never whom the engine asks.
    complete = start({NORTH: JUNK_A, SOUTH: COMPLETE})
    junk = start({NORTH: JUNK_A, SOUTH: JUNK_B})
    for state in (complete, junk):
        draw(state, "9")
    assert complete.current_player == junk.current_player == SOUTH
    assert GAME.presenter.prompt(complete) == GAME.presenter.prompt(junk)


# --- the final lap -----------------------------------------------------------------
def four_player_rally(**hands: str) -> CardState:
    seats = {"north": NORTH, "east": EAST, "south": SOUTH, "west": WEST}
    defaults = {NORTH: JUNK_A, EAST: JUNK_B, SOUTH: JUNK_C, WEST: JUNK_D}
    defaults.update({seats[name]: cards for name, cards in hands.items()})
    return start(defaults, flip="9", players=4)


def test_after_the_first_lay_down_every_other_player_gets_exactly_one_final_turn() -> None:
    state = four_player_rally(east="1 2 3 5 5 5 smash")
    assert state.turn == EAST
    turn(state, "8", lay=True)
    final_turns = []
    events: list[Event] = []
    while not any(e.kind == EventKind.RALLY_SCORED for e in events):
        final_turns.append(state.turn)
        assert state.final_lap and "final turn" in GAME.presenter.prompt(state)
        events = pass_turn(state)
    assert final_turns == [SOUTH, WEST, NORTH]
    assert find(events, EventKind.RALLY_SCORED)["ended"] == "lap"


def test_a_later_lay_down_does_not_start_a_new_lap() -> None:
    state = four_player_rally(east="1 2 3 5 5 5 smash", south="3 3 3 6 7 8 kitchen")
    turn(state, "8", lay=True)
    events = turn(state, "9", lay=True)  # South lays down in its final turn
    assert kinds(events) == [EventKind.DREW, EventKind.DISCARDED, EventKind.LAID_DOWN]
    pass_turn(state)  # West
    events = pass_turn(state)  # North: the lap is over
    assert EventKind.RALLY_SCORED in kinds(events)
    assert find(events, EventKind.RALLY_SCORED)["laid"] == [EAST, SOUTH]


def test_two_players_the_other_gets_one_final_turn() -> None:
    state = start({NORTH: JUNK_A, SOUTH: COMPLETE})
    turn(state, "9", lay=True)
    assert state.current_player == NORTH and state.lap_left == 1
    events = pass_turn(state)
    assert EventKind.RALLY_SCORED in kinds(events)


def test_a_taken_card_stays_known_when_a_copy_of_it_is_discarded() -> None:
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="3")  # South already holds a 3
    play(state, "take 3", "discard 3")
    assert state.known[SOUTH] == ("3",)
    for seed in range(20):
        assert "3" in state.resample(NORTH, random.Random(seed)).hands[SOUTH]
