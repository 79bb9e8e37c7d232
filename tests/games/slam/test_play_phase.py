"""The PLAY phase: the follow rule, passing and being out, DRAW cards, winning a round."""

from __future__ import annotations

import pytest

from pickletable.core.errors import IllegalActionError
from pickletable.core.state import CHANCE, Termination
from pickletable.games.slam.codes import EventKind
from tests.games.slam.helpers import arrange, kinds, legal, new_game, play, prompt_of, view_of


def test_the_first_number_may_be_any_number() -> None:
    state = arrange(new_game(3), hands=[["1", "5", "play"], ["2"], ["3"]], leader=0)
    assert legal(state) == ["play 1", "play 5"]
    assert view_of(state, 0)["may_follow"] == [1, 2, 3, 4, 5]


def test_follow_rule_equal_or_one_higher() -> None:
    state = arrange(new_game(3), hands=[["3"], ["2", "3", "4", "5"], ["1"]], leader=0)
    play(state, "play 3")
    assert legal(state) == ["play 3", "play 4"]
    assert view_of(state, 1)["may_follow"] == [3, 4]


def test_follow_rule_counts_twist_cards_as_numbers() -> None:
    state = arrange(
        new_game(3), hands=[["3"], ["drawtwo-3", "switch-4", "poach-5", "1"], ["1"]], leader=0
    )
    play(state, "play 3")
    assert legal(state) == ["play drawtwo-3", "play switch-4"]


def test_only_a_5_follows_a_5() -> None:
    state = arrange(new_game(3), hands=[["5"], ["4", "5"], ["1"]], leader=0)
    play(state, "play 5")
    assert legal(state) == ["play 5"]
    assert view_of(state, 1)["may_follow"] == [5]


def test_a_card_that_does_not_follow_is_refused_with_the_reason() -> None:
    state = arrange(new_game(3), hands=[["3"], ["1", "4"], ["1"]], leader=0)
    play(state, "play 3")
    with pytest.raises(IllegalActionError, match="1 does not follow 3: play 3 or 4"):
        play(state, "play 1")


def test_play_cards_cannot_be_played_in_the_play_phase() -> None:
    state = arrange(new_game(3), hands=[["play", "2"], ["1"], ["1"]], leader=0)
    assert legal(state) == ["play 2"]
    with pytest.raises(IllegalActionError, match="a PLAY card cannot be played"):
        play(state, "play play")


def test_a_draw_card_may_be_played_at_any_time_and_ends_the_play_phase() -> None:
    state = arrange(new_game(3), hands=[["4"], ["1", "draw"], ["1", "2"]], leader=0)
    play(state, "play 4")
    assert legal(state) == ["play draw"]
    events = play(state, "play draw")
    assert kinds(events) == [EventKind.PLAY, EventKind.DRAW_PHASE]
    assert state.phase == "draw"
    assert state.centre[-1] == "draw"


def test_after_a_draw_card_the_draw_phase_starts_left_of_its_player() -> None:
    state = arrange(new_game(3), hands=[["4"], ["1", "draw"], ["1", "2"]], leader=0)
    play(state, "play 4", "play draw")
    assert state.receiver == 2
    assert state.current_player == CHANCE
    assert prompt_of(state) == "Player 3 to draw from the stack"


def test_a_draw_card_brings_everyone_back_in() -> None:
    state = arrange(new_game(3), hands=[["4", "draw"], ["1"], ["1", "5"]], leader=0)
    play(state, "play 4", "pass", "play 5")
    assert state.inside == [True, False, True]
    play(state, "play draw")
    assert state.inside == [True, True, True]


def test_a_player_who_cannot_play_passes_and_is_out() -> None:
    state = arrange(new_game(3), hands=[["4"], ["1", "2"], ["4", "5"]], leader=0)
    play(state, "play 4")
    assert legal(state) == ["pass"]
    events = play(state, "pass")
    assert events[0].data == {"seats": [1], "why": "pass"}
    assert state.inside == [True, False, True]
    assert state.current_player == 2


def test_out_players_are_skipped_until_the_next_draw_phase() -> None:
    state = arrange(new_game(4), hands=[["3", "4"], ["1"], ["3", "4"], ["4", "5"]], leader=0)
    play(state, "play 3", "pass", "play 3", "play 4", "play 4")
    assert state.current_player == 2


def test_a_player_who_can_play_must_play() -> None:
    state = arrange(new_game(3), hands=[["3"], ["3"], ["1"]], leader=0)
    play(state, "play 3")
    assert legal(state) == ["play 3"]


def test_must_play_option_off_lets_a_player_pass() -> None:
    state = arrange(new_game(3, must_play=False), hands=[["3"], ["3"], ["1"]], leader=0)
    play(state, "play 3")
    assert legal(state) == ["play 3", "pass"]


def test_a_player_with_no_cards_passes_at_once() -> None:
    state = arrange(new_game(3), hands=[["3"], [], ["3", "4"]], leader=0)
    events = play(state, "play 3")
    assert kinds(events) == [EventKind.PLAY, EventKind.PASS]
    assert events[1].data == {"seats": [1], "why": "no cards"}
    assert state.current_player == 2


def test_round_ends_when_play_comes_back_to_the_last_player() -> None:
    state = arrange(new_game(3), hands=[["3", "1"], ["4", "1"], ["1"]], leader=0)
    play(state, "play 3", "play 4", "pass")
    events = play(state, "pass")
    assert kinds(events) == [EventKind.PASS, EventKind.ROUND_WON, EventKind.ROUND]
    assert events[1].data == {"seat": 1, "winners": [1], "tokens": 1, "why": "nobody could follow"}


def test_the_last_player_wins_even_with_no_cards_left() -> None:
    state = arrange(new_game(3), hands=[["3"], ["1"], ["1"]], leader=0)
    events = play(state, "play 3", "pass", "pass")
    assert EventKind.ROUND_WON in kinds(events)
    assert state.tokens == [1, 0, 0]


def test_nobody_can_play_so_the_player_who_started_wins() -> None:
    state = arrange(new_game(3), hands=[[], ["play"], []], leader=0)
    # Player 3 started the PLAY phase (the leader is on its left).
    assert state.starter == 2
    events = play(state, "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["seat"] == 2
    assert won.data["why"] == "nobody could play"


def test_round_winner_takes_a_token_deals_and_starts_a_new_round() -> None:
    state = arrange(new_game(3), hands=[["3"], ["1"], ["1"]], leader=0)
    play(state, "play 3", "pass", "pass")
    assert state.tokens == [1, 0, 0]
    assert state.round == 2
    assert state.dealer == 0
    assert state.centre == ["draw"]
    assert state.stack_count == 48
    assert state.sizes == [0, 0, 0]
    assert state.receiver == 1


def test_first_to_three_tokens_wins_the_game() -> None:
    state = arrange(new_game(3), hands=[["3"], ["1"], ["1"]], leader=0, tokens=[2, 2, 0])
    events = play(state, "play 3", "pass", "pass")
    assert kinds(events)[-2:] == [EventKind.ROUND_WON, EventKind.GAME_WON]
    assert state.is_over
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert state.outcome.scores == {0: 3.0, 1: 2.0, 2: 0.0}
    assert state.outcome.termination == Termination.TOKENS
    assert state.legal_actions() == []


def test_tokens_to_win_option() -> None:
    state = arrange(new_game(3, tokens_to_win=1), hands=[["3"], ["1"], ["1"]], leader=0)
    play(state, "play 3", "pass", "pass")
    assert state.is_over


def test_no_action_is_legal_once_the_game_is_over() -> None:
    state = arrange(new_game(3, tokens_to_win=1), hands=[["3"], ["1"], ["1"]], leader=0)
    play(state, "play 3", "pass", "pass")
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(state, "pass")


def test_with_nobody_else_able_to_play_the_starter_wins_without_another_turn() -> None:
    # Player 3 started the PLAY phase; its PLAY card counts as its card.
    state = arrange(new_game(3), hands=[[], ["play"], ["3"]], leader=0)
    assert state.starter == 2
    assert state.current_player == 1  # Player 1 holds nothing and is out already
    events = play(state, "pass")
    assert kinds(events) == [EventKind.PASS, EventKind.ROUND_WON, EventKind.ROUND]
    assert events[1].data == {"seat": 2, "winners": [2], "tokens": 1, "why": "nobody could play"}


def test_the_starter_wins_when_everyone_else_chose_to_pass() -> None:
    state = arrange(new_game(3, must_play=False), hands=[["1"], ["2"], ["3"]], leader=0)
    events = play(state, "pass", "pass")
    assert EventKind.PLAY not in kinds(events)
    assert state.tokens == [0, 0, 1]


def test_once_another_player_has_played_the_starter_plays_as_usual() -> None:
    state = arrange(new_game(3), hands=[["1"], ["play"], ["3", "2"]], leader=0)
    play(state, "play 1", "pass")
    assert state.current_player == 2
    assert legal(state) == ["play 2"]


def test_the_player_who_draws_the_play_card_wins_if_nobody_else_can_play() -> None:
    state = arrange(new_game(3), hands=[["3"], [], ["play"]], phase="draw", leader=0)
    assert kinds(play(state, "card play")) == [
        EventKind.DREW_PLAY,
        EventKind.PLAY_PHASE,
        EventKind.PASS,
    ]
    # Player 2 held nothing; Player 3 holds only a PLAY card and passes. The turn
    # comes back to Player 1, whose PLAY card is the last card played: it wins.
    assert legal(state) == ["pass"]
    events = play(state, "pass")
    assert kinds(events) == [EventKind.PASS, EventKind.ROUND_WON, EventKind.ROUND]
    assert events[1].data["seat"] == 0
