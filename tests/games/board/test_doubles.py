"""Doubles extras: players at 5.0, team wins, and the rotation around them."""

from __future__ import annotations

from pickletable.core.state import Termination
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.scenario import arrange

from .helpers import BO, DANA, KIT, LOU, THEO, kinds, levels, new_game, play, put_at, set_up

FOUR = [THEO, LOU, DANA, BO]
BLUE = 0
# Yellow serves to Blue, Blue returns IN Drive, Black hits IN Dink: Red is to hit.
RED_TO_HIT = ("serve", "roll in", "roll", "roll in", "roll drive", "roll", "roll in", "roll dink")


def test_a_player_at_five_is_skipped_in_the_serve_rotation() -> None:
    state = arrange(new_game(4, "beginner"), characters=FOUR, skill=[0, 5.0, 0, 0], server=BLUE)
    play(state, "serve", "roll out")  # Blue's side out: Red is next clockwise but done
    assert state.server == 2


def test_a_player_at_five_still_hits_in_rallies() -> None:
    state = arrange(new_game(4, "beginner"), characters=FOUR, skill=[0, 5.0, 0, 0], server=BLUE)
    play(state, "serve", "roll in", "roll", "roll in", "roll dink")
    assert state.current_player == 1


def test_a_five_point_zero_players_ace_earns_the_point_for_the_teammate_who_served() -> None:
    state = arrange(new_game(4, "beginner"), characters=FOUR, skill=[0, 5.0, 0, 0], server=BLUE)
    play(state, "serve", "roll in", "roll", "roll in", "roll dink", "roll", "roll ace", "roll lob")
    assert levels(state) == {"blue": 0.5, "red": 5.0, "yellow": 0.0, "black": 0.0}


def test_a_receiving_player_at_five_rolling_ace_scores_nothing_and_the_serve_passes() -> None:
    state = arrange(new_game(4, "beginner"), characters=FOUR, skill=[0, 0, 5.0, 0], server=BLUE)
    play(state, "serve", "roll in", "roll", "roll ace", "roll dink")  # Yellow returns an ACE
    assert levels(state) == {"blue": 0.0, "red": 0.0, "yellow": 5.0, "black": 0.0}
    assert state.server == 1


def test_a_player_at_five_never_moves_down() -> None:
    state = arrange(new_game(4, "intermediate"), characters=FOUR, skill=[0, 0, 5.0, 1.0])
    events = play(state, "serve", "roll ace", "draw sun-in-eyes")
    assert levels(state)["yellow"] == 5.0 and levels(state)["black"] == 0.5
    assert any(e.kind == EventKind.MOVE and e["blocked"] for e in events)


def test_a_player_at_five_is_no_target_for_move_an_opponent_back() -> None:
    state = new_game(4, "intermediate")
    set_up(state, FOUR, first="blue")
    put_at(state, yellow=5.0, black=1.0)
    play(state, "serve", "roll ace", "draw trash-talk")
    assert levels(state)["black"] == 0.5 and state.step == Step.SERVE


def test_a_player_at_five_using_a_strategy_card_picks_the_teammate_to_serve() -> None:
    # Red (Lou) is at 5.0 and holds a Dink Strategy Card; Yellow serves.
    state = new_game(4, "advanced")
    set_up(state, [THEO, LOU, DANA, KIT], first="yellow", strategies={1: ["dink", "dink", "dink"]})
    put_at(state, red=5.0)
    # Yellow serves to Blue, Blue returns IN Dink, Black hits IN Dink, Red to hit.
    play(state, *RED_TO_HIT)
    assert state.current_player == 1
    events = play(state, "strategy dink")
    assert kinds(events)[-2:] == [EventKind.SERVER_CHOSEN, EventKind.TO_SERVE]
    assert state.server == 0


def test_strategy_card_player_may_choose_any_player_still_serving() -> None:
    state = new_game(4, "advanced")
    set_up(state, [THEO, LOU, DANA, KIT], first="yellow", strategies={1: ["dink", "dink", "dink"]})
    put_at(state, black=5.0)
    play(
        state,
        *RED_TO_HIT,
        "strategy dink",
    )
    assert [str(a) for a in state.legal_actions()] == ["server blue", "server red", "server yellow"]


def test_rotation_counts_from_the_server_a_strategy_card_chose() -> None:
    state = new_game(4, "advanced")
    set_up(state, [THEO, LOU, DANA, KIT], first="yellow", strategies={1: ["dink", "dink", "dink"]})
    play(
        state,
        *RED_TO_HIT,
        "strategy dink",
        "server blue",
        "serve",
        "roll out",
    )
    assert state.server == 1


def test_keep_server_reaching_five_hands_the_serve_on_clockwise() -> None:
    state = new_game(4, "advanced", starting_cards=0)
    set_up(state, FOUR, first="blue")
    put_at(state, blue=4.5)
    play(state, "serve", "roll ace")
    assert levels(state)["blue"] == 5.0 and not state.is_over
    play(state, "draw good-rally")
    assert state.server == 1


def test_a_team_wins_only_when_both_players_reach_five() -> None:
    state = new_game(4, "beginner")
    set_up(state, FOUR, first="red")
    put_at(state, blue=5.0, red=4.5)
    events = play(state, "serve", "roll ace")
    assert kinds(events)[-1] == EventKind.GAME_OVER
    assert state.outcome is not None and state.outcome.winners == (0, 1)
    assert state.outcome.termination == Termination.SKILL_TRACK_TOP


def test_one_player_at_five_does_not_win_doubles() -> None:
    state = new_game(4, "beginner")
    set_up(state, FOUR, first="blue")
    put_at(state, blue=4.5)
    play(state, "serve", "roll ace")
    assert not state.is_over


def test_a_partner_moved_to_five_by_a_play_card_ends_the_game_mid_card() -> None:
    state = new_game(4, "intermediate")
    set_up(state, FOUR, first="blue")
    put_at(state, blue=4.5, red=4.5)
    play(state, "serve", "roll ace")  # Blue reaches 5.0
    events = play(state, "draw high-five")  # Red moves to 5.0
    assert kinds(events)[-1] == EventKind.GAME_OVER and state.current_player is None
    assert state.piles["play"].known == ["high-five"]
