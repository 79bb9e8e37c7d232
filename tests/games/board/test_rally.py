"""A rally: hitting order, the serve, the return, later hits, and how a rally ends."""

from __future__ import annotations

from pickletable.core.state import CHANCE
from pickletable.games.board import GAME
from pickletable.games.board.codes import EventKind

from .helpers import BO, DANA, LOU, THEO, kinds, levels, new_game, play, set_up


def test_the_server_rolls_only_the_in_out_ace_die() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve")
    assert state.current_player == CHANCE
    assert {str(a) for a, _ in state.chance_outcomes()} == {"roll in", "roll out", "roll ace"}
    play(state, "roll in")
    assert state.current_player == 2 and state.hit_number == 2


def test_in_out_ace_die_has_three_in_two_out_one_ace() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve")
    odds = {str(a): p for a, p in state.chance_outcomes()}
    assert odds == {"roll in": 3 / 6, "roll out": 2 / 6, "roll ace": 1 / 6}


def test_the_return_of_serve_must_roll_both_dice_and_may_use_no_card() -> None:
    state = new_game(2, "advanced")
    set_up(
        state,
        [THEO, LOU],
        skills={2: ["ace", "ace", "ace"]},
        strategies={2: ["dink", "drop", "drive"]},
    )
    play(state, "serve", "roll in")
    assert [str(a) for a in state.legal_actions()] == ["roll"]
    play(state, "roll", "roll in")
    assert {str(a) for a, _ in state.chance_outcomes()} == {
        "roll dink",
        "roll drop",
        "roll drive",
        "roll lob",
        "roll volley",
        "roll smash",
    }


def test_in_sends_the_ball_to_the_next_hitter() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll in", "roll dink")
    assert state.current_player == 0 and state.hit_number == 3


def test_serving_side_rolls_ace_the_server_earns_a_point() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll ace")
    assert EventKind.POINT in kinds(events)
    assert levels(state) == {"blue": 0.5, "yellow": 0.0}


def test_serving_side_rolls_out_side_out_no_point_serve_passes() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll out")
    assert EventKind.POINT not in kinds(events)
    assert levels(state) == {"blue": 0.0, "yellow": 0.0}
    assert state.server == 2


def test_receiving_side_rolls_out_the_server_earns_a_point() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll out", "roll dink")
    assert levels(state) == {"blue": 0.5, "yellow": 0.0}


def test_receiving_side_rolls_ace_no_point_serve_passes() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll ace", "roll dink")
    assert levels(state) == {"blue": 0.0, "yellow": 0.0}
    assert state.server == 2


def test_serving_side_out_on_a_later_hit_is_a_side_out() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll in", "roll dink", "roll", "roll out", "roll lob")
    assert levels(state) == {"blue": 0.0, "yellow": 0.0} and state.server == 2


def test_serving_side_ace_on_a_later_hit_earns_the_server_a_point() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll in", "roll dink", "roll", "roll ace", "roll lob")
    assert levels(state)["blue"] == 0.5


def test_bad_shot_is_out_whatever_the_other_die_shows() -> None:
    # Lou's Bad Shot is Volley: an ACE on the IN/OUT/ACE die still counts as OUT.
    state = new_game(2, "advanced", starting_cards=0)
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll in", "roll", "roll ace", "roll volley")
    shot = [e for e in events if e.kind == EventKind.SHOT][-1]
    assert shot["bad_shot"] is True and shot["result"] == "out"
    assert levels(state)["blue"] == 0.5, "receiving side's OUT gives the server the point"


def test_serving_side_bad_shot_is_a_side_out() -> None:
    # Theo serves; his Bad Shot is Smash.
    state = new_game(2, "advanced", starting_cards=0)
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll in", "roll dink", "roll", "roll in", "roll smash")
    assert levels(state) == {"blue": 0.0, "yellow": 0.0} and state.server == 2


def test_nice_and_bad_shots_do_nothing_at_beginner_and_intermediate() -> None:
    for level in ("beginner", "intermediate"):
        state = new_game(2, level)
        set_up(state, [THEO, LOU])
        events = play(state, "serve", "roll in", "roll", "roll in", "roll volley")
        shot = [e for e in events if e.kind == EventKind.SHOT][-1]
        assert shot["bad_shot"] is False and shot["result"] == "in"


def test_the_hit_die_is_still_rolled_and_shown_at_beginner() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll in", "roll lob")
    assert GAME.presenter.view(state, 0)["dice"] == {"outcome": "in", "hit": "lob"}


def test_doubles_rally_visits_server_cross_court_partner_and_their_partner() -> None:
    state = new_game(4, "beginner")
    set_up(state, [THEO, LOU, DANA, BO], first="blue")
    hitters = []
    for _ in range(5):
        hitters.append(state.current_player)
        if state.hit_number == 1:
            play(state, "serve", "roll in")
        else:
            play(state, "roll", "roll in", "roll dink")
    assert hitters == [0, 2, 1, 3, 0]


def test_doubles_serving_partner_ace_earns_the_point_for_the_server() -> None:
    state = new_game(4, "beginner")
    set_up(state, [THEO, LOU, DANA, BO], first="blue")
    # Blue serves, Yellow returns, Red (Blue's partner) hits an ACE.
    play(state, "serve", "roll in", "roll", "roll in", "roll dink", "roll", "roll ace", "roll lob")
    assert levels(state) == {"blue": 0.5, "red": 0.0, "yellow": 0.0, "black": 0.0}


def test_doubles_receiving_team_out_earns_the_server_the_point() -> None:
    state = new_game(4, "beginner")
    set_up(state, [THEO, LOU, DANA, BO], first="red")
    # Red serves to Black (cross court); Black rolls OUT.
    play(state, "serve", "roll in", "roll", "roll out", "roll dink")
    assert levels(state)["red"] == 0.5


def test_doubles_side_out_passes_the_serve_clockwise() -> None:
    state = new_game(4, "beginner")
    set_up(state, [THEO, LOU, DANA, BO], first="red")
    play(state, "serve", "roll out")
    assert state.server == 2  # Yellow is next clockwise after Red
