"""Each twist card alone, the POACH window, and twist cards in combination."""

from __future__ import annotations

import pytest

from pickletable.core.errors import IllegalActionError
from pickletable.core.state import CHANCE
from pickletable.games.slam.codes import EventKind
from pickletable.games.slam.state import SlamState
from tests.games.slam.helpers import (
    arrange,
    describe,
    kinds,
    label_of,
    legal,
    new_game,
    play,
    prompt_of,
    total_cards,
    view_of,
)


# --- DRAW TWO -------------------------------------------------------------------------
def test_draw_two_draws_two_cards_from_the_stack() -> None:
    state = arrange(new_game(3), hands=[["drawtwo-2"], ["2"], ["1"]], leader=0)
    events = play(state, "play drawtwo-2")
    assert describe(state, events[0]) == "Player 1 plays 2 (DRAW TWO) and draws two cards."
    assert state.current_player == CHANCE
    assert prompt_of(state) == "Player 1 to draw (DRAW TWO)"
    play(state, "card 5", "card 4")
    assert state.hand(0) == {"5": 1, "4": 1}
    assert state.current_player == 1
    assert state.last_number == 2


def test_draw_two_follows_the_follow_rule() -> None:
    state = arrange(new_game(3), hands=[["5"], ["drawtwo-1", "drawtwo-3"], ["1"]], leader=0)
    play(state, "play 5")
    assert legal(state) == ["pass"]


def test_draw_two_on_an_empty_stack_reshuffles_the_discard_piles() -> None:
    state = arrange(
        new_game(3),
        hands=[["drawtwo-2"], ["2"], ["1"]],
        leader=0,
        stack=[],
        discards=[[], ["5", "5"], []],
    )
    events = play(state, "play drawtwo-2")
    assert kinds(events) == [EventKind.PLAY, EventKind.RESHUFFLE]
    assert events[1].data == {"source": "discards", "count": 2}
    play(state, "card 5", "card 5")
    assert state.hand(0) == {"5": 2}


def test_draw_two_on_an_empty_stack_and_discards_reshuffles_the_centre_under_its_top() -> None:
    state = arrange(new_game(3), hands=[["drawtwo-2"], ["2"], ["1"]], leader=0, stack=[])
    below = len(state.centre)
    events = play(state, "play drawtwo-2")
    assert events[1].data == {"source": "centre", "count": below}
    assert state.centre == ["drawtwo-2"]
    assert state.stack_count == below


def test_draw_two_with_no_card_left_anywhere_draws_what_there_is() -> None:
    state = arrange(
        new_game(3), hands=[["drawtwo-2"], ["2"], []], leader=0, stack=["4"], centre=[], rest_to=2
    )
    play(state, "play drawtwo-2")
    events = play(state, "card 4")
    assert kinds(events)[:2] == [EventKind.DREW, EventKind.DRAW_TWO_SHORT]
    assert events[1].data == {"seat": 0, "missing": 1}
    assert state.hand(0) == {"4": 1}
    assert sum(total_cards(state).values()) == 49


# --- SWITCH ---------------------------------------------------------------------------
def test_switch_swaps_whole_hands_with_a_chosen_player() -> None:
    state = arrange(new_game(3), hands=[["switch-2", "1", "1"], ["2", "3"], ["4"]], leader=0)
    play(state, "play switch-2")
    assert prompt_of(state) == "Player 1: choose a player for SWITCH"
    assert legal(state) == ["target p2", "target p3"]
    assert label_of(state, state.legal_actions()[1]) == "SWITCH: Player 3 (1 card)"
    events = play(state, "target p3")
    assert (
        describe(state, events[0])
        == "SWITCH: Player 1 and Player 3 swap hands; Player 1 now holds 1 card, Player 3 2."
    )
    assert state.hand(0) == {"4": 1}
    assert state.hand(2) == {"1": 2}
    assert state.current_player == 1


def test_switch_may_target_a_player_who_is_out() -> None:
    state = arrange(new_game(3), hands=[["3", "switch-4"], ["1", "1"], ["3", "5"]], leader=0)
    play(state, "play 3", "pass", "play 3", "play switch-4")
    assert legal(state) == ["target p2", "target p3"]
    play(state, "target p2")
    assert state.hand(0) == {"1": 2}


def test_switch_needs_a_player_holding_cards() -> None:
    state = arrange(new_game(3), hands=[["switch-2", "1"], [], []], leader=0)
    assert legal(state) == ["play 1"]


def test_after_a_switch_each_player_knows_the_hand_it_gave() -> None:
    state = arrange(new_game(3), hands=[["switch-2", "1", "1"], ["2", "3"], ["4"]], leader=0)
    play(state, "play switch-2", "target p3")
    assert view_of(state, 0)["known_hands"] == {"2": ["1", "1"]}
    assert view_of(state, 2)["known_hands"] == {"0": ["4"]}
    assert view_of(state, 1)["known_hands"] == {}


# --- SHAKE & BAKE -------------------------------------------------------------------------
def test_shake_and_bake_a_5_wins_the_round_for_the_target() -> None:
    state = arrange(new_game(3), hands=[["shake-3"], ["5", "1"], ["1"]], leader=0)
    play(state, "play shake-3", "target p2")
    assert state.current_player == 1
    assert legal(state) == ["answer 1", "answer 5"]
    events = play(state, "answer 5")
    assert kinds(events)[:2] == [EventKind.SHAKE_ANSWER, EventKind.ROUND_WON]
    assert events[1].data["seat"] == 1
    assert state.tokens == [0, 1, 0]


def test_shake_and_bake_anything_else_wins_for_its_player() -> None:
    state = arrange(new_game(3), hands=[["shake-3"], ["5", "1"], ["1"]], leader=0)
    events = play(state, "play shake-3", "target p2", "answer 1")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data == {"seat": 0, "winners": [0], "tokens": 1, "why": "SHAKE & BAKE"}


def test_shake_and_bake_onto_a_player_whose_only_5_is_a_twist_card() -> None:
    state = arrange(new_game(3), hands=[["shake-4"], ["poach-5", "1"], ["1"]], leader=0)
    play(state, "play shake-4", "target p2")
    events = play(state, "answer poach-5")
    assert events[0].data == {"seat": 1, "card": "poach-5", "five": True}
    assert state.tokens == [0, 1, 0]


def test_shake_and_bake_answer_may_be_any_card_its_effect_ignored() -> None:
    state = arrange(new_game(3), hands=[["shake-3"], ["draw", "play"], ["1"]], leader=0)
    play(state, "play shake-3", "target p2")
    assert legal(state) == ["answer play", "answer draw"]
    events = play(state, "answer draw")
    assert EventKind.DRAW_PHASE not in kinds(events)
    assert state.tokens == [1, 0, 0]


def test_shake_and_bake_answer_ignores_the_follow_rule() -> None:
    state = arrange(new_game(3), hands=[["shake-4"], ["1", "2"], ["1"]], leader=0, last_number=4)
    play(state, "play shake-4", "target p2")
    assert legal(state) == ["answer 1", "answer 2"]


def test_shake_and_bake_targets_a_player_still_in() -> None:
    state = arrange(new_game(3), hands=[["3", "shake-4"], ["1"], ["4", "5"]], leader=0)
    play(state, "play 3", "pass", "play 4", "play shake-4")
    assert legal(state) == ["target p3"]


def test_a_twist_card_with_no_eligible_target_cannot_be_played() -> None:
    state = arrange(new_game(3), hands=[["3", "shake-4", "target-5"], ["1"], ["4"]], leader=0)
    play(state, "play 3", "pass", "play 4")
    # Player 3 has no cards left and Player 2 is out: nobody to pick.
    assert legal(state) == ["pass"]


# --- TARGET & RESET and POACH -----------------------------------------------------------
def duel_of_four() -> SlamState:
    """Player 1 challenges Player 2; Player 3 holds a POACH, Player 4 does not."""
    state = arrange(
        new_game(4),
        hands=[["target-5", "5", "1"], ["2", "4", "3"], ["poach-2", "3"], ["1", "1"]],
        leader=0,
    )
    play(state, "play target-5", "target p2")
    return state


def test_target_and_reset_leaves_only_the_two_duellists_in() -> None:
    state = arrange(
        new_game(4),
        hands=[["target-5", "5", "1"], ["2", "4", "3"], ["poach-2", "3"], ["1", "1"]],
        leader=0,
    )
    play(state, "play target-5")
    assert legal(state) == ["target p2", "target p3", "target p4"]
    events = play(state, "target p2")
    assert describe(state, events[0]) == (
        "TARGET & RESET: Player 1 challenges Player 2 to a "
        "duel; everyone else is out, and Player 2 may answer "
        "with any number."
    )
    assert state.inside == [True, True, False, False]
    assert state.duel == (0, 1)


def test_poach_window_asks_every_player_outside_the_duel_clockwise() -> None:
    state = duel_of_four()
    assert state.current_player == 2
    assert legal(state) == ["play poach-2", "decline"]
    assert label_of(state, state.legal_actions()[0]) == "Poach with 2 (POACH)"
    play(state, "decline")
    assert state.current_player == 3
    assert legal(state) == ["decline"]
    play(state, "decline")
    assert state.current_player == 1


def test_poach_window_order_starts_left_of_the_player_who_played() -> None:
    state = arrange(new_game(5), hands=[["1"], ["target-1", "2"], ["3"], ["3"], ["4"]], leader=1)
    play(state, "play target-1", "target p4")
    asked = []
    while state.step == "poach":
        asked.append(state.current_player)
        play(state, "decline")
    assert asked == [2, 4, 0]


def test_target_answers_with_any_number() -> None:
    state = duel_of_four()
    play(state, "decline", "decline")
    assert prompt_of(state) == "Player 2 to answer the TARGET & RESET with any number"
    assert legal(state) == ["play 2", "play 3", "play 4"]


def test_the_duel_goes_on_under_the_normal_rules_with_a_window_after_each_play() -> None:
    state = duel_of_four()
    play(state, "decline", "decline", "play 3")
    assert state.current_player == 2
    play(state, "decline", "decline")
    assert state.current_player == 0
    assert legal(state) == ["pass"]


def test_a_duellist_who_cannot_follow_loses_the_duel_and_the_round() -> None:
    state = duel_of_four()
    events = play(state, "decline", "decline", "play 3", "decline", "decline", "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["seat"] == 1


def test_a_target_who_cannot_answer_loses() -> None:
    state = arrange(new_game(3), hands=[["target-1", "1"], ["play"], ["2"]], leader=0)
    events = play(state, "play target-1", "target p2", "decline", "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["seat"] == 0


def test_poach_ends_the_duel_and_everyone_is_back_in() -> None:
    state = duel_of_four()
    events = play(state, "play poach-2")
    assert kinds(events) == [EventKind.POACH]
    assert describe(state, events[0]) == (
        "POACH: Player 3 plays 2 (POACH) out of turn; the duel "
        "is over, everyone is back in, and 2 is the number to "
        "follow."
    )
    assert state.duel is None
    assert state.inside == [True, True, True, True]


def test_poach_ignores_the_follow_rule_and_sets_the_number_to_follow() -> None:
    state = duel_of_four()
    play(state, "decline", "decline", "play 4", "play poach-2")
    assert state.last_number == 2
    assert view_of(state, 3)["may_follow"] == [2, 3]


def test_after_a_poach_play_continues_from_the_poach_players_left() -> None:
    state = duel_of_four()
    play(state, "play poach-2")
    assert state.current_player == 3


def test_a_duellist_is_not_asked_in_the_poach_window() -> None:
    state = arrange(
        new_game(4), hands=[["1", "target-1"], ["5"], ["1", "3", "poach-2"], ["5"]], leader=0
    )
    play(state, "play 1", "pass", "play 1", "pass", "play target-1", "target p3")
    assert state.inside == [True, False, True, False]
    play(state, "decline", "decline")
    # Player 3 is in the duel: it may play its POACH only as a number, on its turn.
    assert state.current_player == 2
    assert legal(state) == ["play poach-2", "play 3"]


def test_poach_brings_back_players_who_were_out_before_the_duel() -> None:
    state = arrange(
        new_game(4), hands=[["1", "target-1"], ["5", "poach-5"], ["1", "2"], ["5"]], leader=0
    )
    play(state, "play 1", "pass", "play 1", "pass", "play target-1", "target p3")
    assert state.inside == [True, False, True, False]
    assert state.current_player == 1
    play(state, "play poach-5")
    assert state.inside == [True, True, True, True]
    assert state.current_player == 2


def test_outside_a_duel_poach_is_a_plain_number_card() -> None:
    state = arrange(new_game(3), hands=[["4"], ["poach-2", "poach-5"], ["5"]], leader=0)
    play(state, "play 4")
    assert legal(state) == ["play poach-5"]
    events = play(state, "play poach-5")
    assert kinds(events) == [EventKind.PLAY]
    assert state.current_player == 2


def test_no_window_outside_a_duel() -> None:
    state = arrange(new_game(3), hands=[["2"], ["2"], ["poach-2", "2"]], leader=0)
    play(state, "play 2")
    assert state.step == "turn"
    assert state.current_player == 1


# --- combinations ----------------------------------------------------------------------
def test_switch_onto_a_player_holding_poach_during_a_target_duel() -> None:
    state = arrange(
        new_game(4), hands=[["target-5", "5"], ["switch-2", "3"], ["poach-2", "1"], ["1"]], leader=0
    )
    play(state, "play target-5", "target p2", "decline", "decline")
    play(state, "play switch-2")
    # SWITCH may pick a player outside the duel.
    assert legal(state) == ["target p3", "target p4", "target p1"]
    play(state, "target p3")
    assert state.hand(1) == {"poach-2": 1, "1": 1}
    assert state.hand(2) == {"3": 1}
    # The window: Player 3 gave its POACH away; the duellist holding it is not asked.
    assert state.current_player == 2
    assert legal(state) == ["decline"]
    play(state, "decline", "decline")
    assert state.current_player == 0


def test_switch_in_a_duel_hands_a_poach_to_a_player_outside_it() -> None:
    state = arrange(
        new_game(4), hands=[["target-5", "5"], ["switch-2", "poach-5"], ["1", "1"], ["1"]], leader=0
    )
    play(state, "play target-5", "target p2", "decline", "decline")
    play(state, "play switch-2", "target p4")
    assert state.current_player == 2
    play(state, "decline")
    assert legal(state) == ["play poach-5", "decline"]
    play(state, "play poach-5")
    assert state.duel is None
    assert state.current_player == 0


def test_a_duellists_poach_on_a_4_ends_the_duel_and_everyone_is_back_in() -> None:
    state = arrange(
        new_game(4), hands=[["target-1", "4"], ["poach-2", "3"], ["1"], ["1"]], leader=0
    )
    play(state, "play target-1", "target p2", "decline", "decline", "play 3")
    play(state, "decline", "decline", "play 4", "decline", "decline")
    # Player 2 must follow a 4, yet its POACH (a 2) may be played: it needs no follow.
    assert legal(state) == ["play poach-2"]
    events = play(state, "play poach-2")
    assert kinds(events) == [EventKind.POACH]
    assert describe(state, events[0]) == (
        "POACH: Player 2 plays 2 (POACH) in the duel; the duel is over, everyone is back in, "
        "and 2 is the number to follow."
    )
    assert state.duel is None
    assert state.inside == [True, True, True, True]
    assert state.last_number == 2
    assert state.current_player == 2  # play goes on from the POACH player's left


def test_a_duellist_cannot_play_its_poach_as_a_plain_number() -> None:
    state = arrange(new_game(3), hands=[["target-1", "2"], ["2", "poach-2"], ["1"]], leader=0)
    play(state, "play target-1", "target p2", "decline", "play 2", "decline", "play 2")
    play(state, "decline")
    # The POACH would follow the 2 as a number, but in a duel it is always a POACH.
    assert legal(state) == ["play poach-2"]
    events = play(state, "play poach-2")
    assert kinds(events) == [EventKind.POACH]
    assert state.duel is None
    assert state.current_player == 2


def test_the_target_answers_a_target_and_reset_with_a_poach() -> None:
    state = arrange(new_game(3), hands=[["target-5", "2"], ["poach-2", "3"], ["1"]], leader=0)
    play(state, "play target-5", "target p2", "decline")
    assert label_of(state, state.legal_actions()[0]) == (
        "Play 2 (POACH): ends the duel, everyone back in"
    )
    events = play(state, "play poach-2")
    assert kinds(events) == [EventKind.POACH]
    assert state.inside == [True, True, True]
    assert (state.last_number, state.last_player) == (2, 1)
    assert state.current_player == 2


def test_a_duellists_poach_brings_back_players_out_before_the_duel() -> None:
    state = arrange(
        new_game(4), hands=[["1", "target-1"], ["5"], ["poach-5", "1"], ["3"]], leader=0
    )
    play(state, "play 1", "pass", "play 1", "pass")  # Players 2 and 4 are out
    play(state, "play target-1", "target p3", "decline", "decline")
    assert state.inside == [True, False, True, False]
    play(state, "play poach-5")
    assert state.inside == [True, True, True, True]
    assert state.current_player == 3


def test_a_duellist_is_never_asked_in_the_poach_window() -> None:
    state = arrange(new_game(3), hands=[["target-1", "poach-5"], ["poach-2", "3"], ["1"]], leader=0)
    play(state, "play target-1", "target p2")
    assert state.current_player == 2
    assert legal(state) == ["decline"]
    play(state, "decline")
    assert state.step == "turn"


def test_draw_two_in_a_duel_then_the_window() -> None:
    state = arrange(new_game(3), hands=[["target-1", "2"], ["drawtwo-3", "3"], ["1"]], leader=0)
    play(state, "play target-1", "target p2", "decline", "play drawtwo-3", "card 4", "card 4")
    assert state.step == "poach"
    assert state.current_player == 2


def test_target_and_reset_answered_with_a_shake_and_bake() -> None:
    state = arrange(new_game(3), hands=[["target-1", "2"], ["shake-4", "3"], ["5"]], leader=0)
    play(state, "play target-1", "target p2", "decline", "play shake-4")
    # Only the other duellist is still in.
    assert legal(state) == ["target p1"]
    play(state, "target p1")
    events = play(state, "answer 2")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["seat"] == 1


def test_a_draw_card_ends_a_duel() -> None:
    state = arrange(new_game(3), hands=[["target-1", "2"], ["draw", "3"], ["1"]], leader=0)
    play(state, "play target-1", "target p2", "decline", "play draw")
    assert state.phase == "draw"
    assert state.duel is None
    assert state.inside == [True, True, True]


def test_a_twist_card_without_a_target_is_refused_with_the_reason() -> None:
    state = arrange(new_game(3), hands=[["3", "shake-4"], ["1"], ["4"]], leader=0)
    play(state, "play 3", "pass", "play 4")
    with pytest.raises(IllegalActionError, match="nobody can be chosen for SHAKE & BAKE"):
        play(state, "play shake-4")
