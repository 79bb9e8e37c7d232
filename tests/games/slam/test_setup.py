"""Setting up a round: the centre DRAW card, the deal, swapping extra DRAW cards."""

from __future__ import annotations

import random

import pytest

from pickletable.core.errors import OptionError
from pickletable.core.state import CHANCE
from pickletable.games.slam.codes import EventKind
from pickletable.games.slam.scenario import keep_forced
from tests.games.slam.helpers import deal, kinds, legal, new_game, play, prompt_of, view_of

HANDS_3 = [["1", "2", "3", "4", "5"], ["1", "2", "draw", "draw", "5"], ["1", "1", "2", "3", "4"]]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_seats_are_player_1_to_player_n(players: int) -> None:
    state = new_game(players)
    assert state.seats == tuple(range(players))
    assert [state.seat_name(seat) for seat in state.seats] == [
        f"Player {number}" for number in range(1, players + 1)
    ]


def test_doubles_is_played_by_four() -> None:
    with pytest.raises(OptionError, match="doubles is played by 4 players, not 3"):
        new_game(3, doubles=True)


def test_a_draw_card_starts_face_up_in_the_centre() -> None:
    state = new_game(3)
    assert state.centre == ["draw"]
    assert state.stack_count == 48
    assert state.current_player == CHANCE


def test_five_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    state = new_game(3)
    assert state.dealer == 2
    receivers = []
    for _ in range(15):
        receivers.append(state.receiver)
        play(state, str(state.legal_actions()[0]))
    assert receivers == [0, 1, 2] * 5
    assert state.sizes == [5, 5, 5]
    assert state.stack_count == 33


def test_each_dealt_card_is_one_chance_action_over_the_unseen_cards() -> None:
    state = new_game(3)
    outcomes = dict((str(action), p) for action, p in state.chance_outcomes())
    assert outcomes["card 1"] == pytest.approx(6 / 48)
    assert outcomes["card draw"] == pytest.approx(3 / 48)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_a_player_dealt_two_draw_cards_may_swap_the_extra() -> None:
    state = deal(new_game(3), HANDS_3)
    assert state.current_player == 1
    assert legal(state) == ["keep", "swap 1"]
    stack_draws = state.stack.unseen.get("draw", 0)
    play(state, "swap 1")
    assert state.current_player == CHANCE
    events = play(state, "card 3")
    assert kinds(events) == [EventKind.DREW, EventKind.SWAPPED]
    assert kinds(keep_forced(state)) == [EventKind.KEEP_DRAWS, EventKind.DRAW_PHASE]
    assert state.hand(1) == {"1": 1, "2": 1, "draw": 1, "3": 1, "5": 1}
    assert state.stack.unseen.get("draw", 0) == stack_draws + 1
    assert state.stack_count == 33


def test_a_player_may_keep_extra_draw_cards() -> None:
    state = deal(new_game(3), HANDS_3)
    events = play(state, "keep") + keep_forced(state)
    assert kinds(events) == [EventKind.KEEP_DRAWS, EventKind.KEEP_DRAWS, EventKind.DRAW_PHASE]
    assert state.hand(1)["draw"] == 2


def test_three_draw_cards_may_be_swapped_one_or_two_at_once() -> None:
    hands = [
        ["1", "2", "3", "4", "5"],
        ["draw", "draw", "draw", "1", "5"],
        ["1", "1", "2", "3", "4"],
    ]
    state = deal(new_game(3), hands)
    assert legal(state) == ["keep", "swap 1", "swap 2"]
    play(state, "swap 2", "card 4", "card 4")
    assert state.hand(1) == {"draw": 1, "1": 1, "5": 1, "4": 2}


def test_every_seat_is_asked_after_the_deal_so_being_asked_reveals_nothing() -> None:
    hands = [["1", "2", "3", "4", "5"], ["1", "2", "draw", "3", "5"], ["1", "1", "2", "3", "4"]]
    state = new_game(3)
    for index in range(15):
        play(state, f"card {hands[state.receiver][index // 3]}")
    asked = []
    while state.step == "swap":
        asked.append(state.current_player)
        assert legal(state) == ["keep"], "no seat here holds an extra DRAW card"
        assert prompt_of(state).endswith(
            "keep the dealt hand, or swap extra DRAW cards for cards from the stack"
        )
        play(state, "keep")
    assert asked == [0, 1, 2] and state.phase == "draw"


def test_keeping_extra_draw_cards_tells_the_others_nothing() -> None:
    state = deal(new_game(3), HANDS_3)
    assert view_of(state, 0)["known_hands"] == {}
    assert view_of(state, 2)["known_hands"] == {}
    again = state.resample(0, random.Random(1))
    assert view_of(again, 0) == view_of(state, 0)
