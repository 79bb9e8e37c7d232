"""Doubles: two teams of two, one card per team per turn, "yours", the refill to five."""

from __future__ import annotations

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
    view_of,
)


def doubles(**options: object) -> SlamState:
    return new_game(4, doubles=True, **options)


def test_doubles_teams_are_seats_1_2_against_3_4() -> None:
    state = doubles()
    assert state.rules.members(0) == (0, 1)
    assert state.rules.members(1) == (2, 3)
    assert view_of(state, None)["teams"] == [[0, 1], [2, 3]]


def test_doubles_one_card_per_team_per_turn() -> None:
    state = arrange(doubles(), hands=[["3", "4"], ["3"], ["4"], ["4"]], leader=0)
    play(state, "play 3")
    assert state.current_player == 2
    play(state, "play 4")
    assert state.current_player == 0


def test_doubles_the_lead_may_say_yours_and_the_partner_plays() -> None:
    state = arrange(doubles(), hands=[["3"], ["4"], ["4"], ["4"]], leader=0)
    assert legal(state) == ["play 3", "yours"]
    assert label_of(state, state.legal_actions()[1]) == "Yours (Player 2 plays)"
    events = play(state, "yours")
    assert describe(state, events[0]) == "Player 1 says “yours”: Player 2 plays for the team."
    assert state.current_player == 1
    assert prompt_of(state) == "Player 2 to lead with any number for the team"
    assert legal(state) == ["play 4"]
    play(state, "play 4")
    assert state.current_player == 2


def test_doubles_a_lead_who_cannot_play_must_say_yours() -> None:
    state = arrange(doubles(), hands=[["1"], ["4"], ["4"], ["4"]], leader=2, last_number=3)
    assert state.current_player == 2
    play(state, "play 4")
    assert legal(state) == ["yours"]


def test_doubles_the_team_passes_if_the_partner_cannot_play() -> None:
    state = arrange(doubles(), hands=[["1"], ["2"], ["4"], ["4"]], leader=2)
    play(state, "play 4", "yours")
    assert legal(state) == ["pass"]
    events = play(state, "pass")
    assert events[0].data == {"seats": [0, 1], "why": "pass"}


def test_doubles_a_team_pass_puts_both_out_and_the_other_team_wins() -> None:
    state = arrange(doubles(), hands=[["1"], ["2"], ["4"], ["4"]], leader=2)
    events = play(state, "play 4", "yours", "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data == {"seat": 2, "winners": [2, 3], "tokens": 1, "why": "nobody could follow"}
    assert view_of(state, None)["tokens"] == [0, 0, 1, 1]


def test_doubles_the_lead_is_the_first_member_clockwise_holding_cards() -> None:
    state = arrange(doubles(), hands=[["3"], ["3"], [], ["4"]], leader=0)
    play(state, "play 3")
    assert state.current_player == 3
    assert legal(state) == ["play 4"]


def test_doubles_a_team_holding_no_cards_passes_at_once() -> None:
    state = arrange(doubles(), hands=[["3"], ["3"], [], []], leader=0)
    events = play(state, "play 3")
    assert kinds(events)[:3] == [EventKind.PLAY, EventKind.PASS, EventKind.ROUND_WON]


def test_doubles_the_round_is_won_when_play_comes_back_to_the_team_that_played_last() -> None:
    state = arrange(doubles(), hands=[["3", "1"], ["3"], ["1"], ["2"]], leader=0)
    events = play(state, "play 3", "yours", "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["winners"] == [0, 1]
    assert state.dealer == 0


def test_doubles_team_tokens_win_the_game() -> None:
    state = arrange(doubles(), hands=[["3", "1"], ["3"], ["1"], ["2"]], leader=0, tokens=[2, 1])
    play(state, "play 3", "yours", "pass")
    assert state.outcome is not None
    assert state.outcome.winners == (0, 1)
    assert state.outcome.scores == {0: 3.0, 1: 3.0, 2: 1.0, 3: 1.0}


def test_doubles_hands_go_back_to_five_on_a_return_to_the_draw_phase() -> None:
    state = arrange(
        doubles(),
        hands=[["draw", "1", "1", "1", "2", "2", "2"], ["1", "2"], ["3", "3", "3", "4", "4"], []],
        leader=0,
    )
    events = play(state, "play draw")
    assert kinds(events) == [EventKind.PLAY, EventKind.DRAW_PHASE]
    assert "back to 5 cards" in describe(state, events[1])
    # From the left of the DRAW card's player: Player 2 draws up to five...
    for _ in range(3):
        assert state.current_player == CHANCE
        assert prompt_of(state) == "Player 2 to draw up to 5 cards"
        play(state, "card 5")
    # ...Player 3 holds five, Player 4 draws five...
    for card in ["1", "2", "3", "4", "5"]:
        play(state, f"card {card}")
    # ...and Player 1 returns one of its six.
    assert state.current_player == 0
    assert legal(state) == ["return 1", "return 2"]
    play(state, "return 1")
    assert state.sizes == [5, 5, 5, 5]
    assert state.current_player == CHANCE
    assert prompt_of(state) == "Player 2 to draw from the stack"


def test_singles_hands_are_not_refilled_on_a_return_to_the_draw_phase() -> None:
    state = arrange(new_game(4), hands=[["draw", "1"], ["1", "2"], ["3"], []], leader=0)
    play(state, "play draw")
    assert state.sizes == [1, 2, 1, 0]
    assert prompt_of(state) == "Player 2 to draw from the stack"


def test_doubles_twists_target_opponents_only() -> None:
    state = arrange(doubles(), hands=[["switch-2"], ["1"], ["1"], ["1"]], leader=0)
    play(state, "play switch-2")
    assert legal(state) == ["target p3", "target p4"]


def test_twists_target_opponents_option_off_allows_a_teammate() -> None:
    state = arrange(
        doubles(twists_target_opponents=False), hands=[["switch-2"], ["1"], ["1"], ["1"]], leader=0
    )
    play(state, "play switch-2")
    assert legal(state) == ["target p2", "target p3", "target p4"]


def test_doubles_a_duel_asks_both_partners_for_a_poach() -> None:
    state = arrange(doubles(), hands=[["target-1", "2"], ["poach-5"], ["3"], ["1"]], leader=0)
    play(state, "play target-1", "target p3")
    assert state.inside == [True, False, True, False]
    assert state.current_player == 1
    assert legal(state) == ["play poach-5", "decline"]
    play(state, "decline")
    assert state.current_player == 3
    play(state, "decline")
    assert state.current_player == 2
    assert legal(state) == ["play 3"]


def test_doubles_after_a_poach_the_other_team_answers() -> None:
    state = arrange(doubles(), hands=[["target-1", "2"], ["poach-5"], ["3"], ["1"]], leader=0)
    play(state, "play target-1", "target p3", "play poach-5")
    assert state.inside == [True, True, True, True]
    assert state.current_player == 2


def test_doubles_the_duel_has_no_yours() -> None:
    state = arrange(doubles(), hands=[["target-1", "2"], ["4"], ["3"], ["1"]], leader=0)
    play(state, "play target-1", "target p3", "decline", "decline", "play 3", "decline", "decline")
    assert state.current_player == 0
    assert legal(state) == ["pass"]


def test_doubles_with_nobody_else_able_to_play_the_starters_team_wins() -> None:
    # Player 2 started the PLAY phase; Players 3 and 4 lead and cannot play.
    state = arrange(doubles(), hands=[["1"], ["2"], ["play"], []], leader=2)
    assert state.starter == 1
    events = play(state, "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["winners"] == [0, 1]
    assert EventKind.PLAY not in kinds(events)


def test_doubles_must_play_off_a_lead_with_a_partner_passes_only_through_yours() -> None:
    state = arrange(doubles(must_play=False), hands=[["3"], ["4"], ["4"], ["4"]], leader=0)
    assert legal(state) == ["play 3", "yours"]
    play(state, "yours")
    assert legal(state) == ["play 4", "pass"]


def test_doubles_must_play_off_a_lone_lead_may_pass() -> None:
    state = arrange(doubles(must_play=False), hands=[["3"], [], ["4"], ["4"]], leader=0)
    assert legal(state) == ["play 3", "pass"]


def test_doubles_a_target_and_reset_on_ones_partner_is_a_duel_between_the_partners() -> None:
    state = arrange(
        doubles(twists_target_opponents=False),
        hands=[["target-1", "2"], ["3"], ["1"], ["1"]],
        leader=0,
    )
    events = play(state, "play target-1", "target p2")
    assert EventKind.ROUND_WON not in kinds(events)
    assert state.duel == (0, 1)
    assert state.inside == [True, True, False, False]
    # The other team is asked in the POACH window after each play.
    assert state.current_player == 2
    play(state, "decline", "decline")
    assert state.current_player == 1
    assert legal(state) == ["play 3"]  # no "yours" in a duel
    play(state, "play 3", "decline", "decline")
    assert state.current_player == 0
    events = play(state, "pass")
    won = next(event for event in events if event.kind == EventKind.ROUND_WON)
    assert won.data["seat"] == 1
    assert won.data["winners"] == [0, 1]


def test_doubles_a_target_and_reset_on_ones_partner_the_other_team_may_poach() -> None:
    state = arrange(
        doubles(twists_target_opponents=False),
        hands=[["target-1", "2"], ["3"], ["poach-5"], ["1"]],
        leader=0,
    )
    play(state, "play target-1", "target p2")
    assert legal(state) == ["play poach-5", "decline"]
    play(state, "play poach-5")
    assert state.duel is None
    assert state.inside == [True, True, True, True]
    assert state.current_player == 0
