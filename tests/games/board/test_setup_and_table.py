"""Table, setup and the stanchion (rulings 1: Table, Setup, The stanchion)."""

from __future__ import annotations

import pytest

from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError, OptionError
from pickletable.core.state import CHANCE
from pickletable.games.board import GAME
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.config import hitting_order

from .helpers import BO, DANA, LOU, THEO, kinds, new_game, play, set_up


def test_singles_is_blue_against_yellow_on_seats_0_and_2() -> None:
    state = new_game(2)
    assert state.seats == (0, 2)
    assert [state.seat_name(s) for s in state.seats] == ["Blue", "Yellow"]


def test_doubles_is_blue_and_red_against_yellow_and_black() -> None:
    state = new_game(4)
    assert [state.seat_name(s) for s in state.seats] == ["Blue", "Red", "Yellow", "Black"]
    teams = {s["name"]: s["team"] for s in GAME.presenter.view(state, None)["seats"]}
    assert teams == {"Blue": 0, "Red": 0, "Yellow": 1, "Black": 1}


def test_three_players_is_not_a_table() -> None:
    with pytest.raises(OptionError, match="2, 4 players"):
        GAME.new_game(3)


def test_doubles_hitting_order_is_server_cross_court_partner_then_their_partner() -> None:
    assert hitting_order(0, (0, 1, 2, 3)) == (0, 2, 1, 3)
    assert hitting_order(3, (0, 1, 2, 3)) == (3, 1, 2, 0)


def test_singles_hitting_alternates_server_and_receiver() -> None:
    assert hitting_order(0, (0, 2)) == (0, 2)
    assert hitting_order(2, (0, 2)) == (2, 0)


def test_each_player_draws_a_character_at_random_from_the_deck() -> None:
    state = new_game(2, "beginner")
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(GAME.default_content().data["characters"])
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    play(state, f"draw {DANA}")
    assert Action("draw", (DANA,)) not in state.legal_actions(), "dealt without replacement"


def test_advanced_players_draw_three_skill_and_three_strategy_cards_face_up() -> None:
    state = new_game(2, "advanced")
    set_up(
        state,
        [DANA, BO],
        skills={0: ["ace", "in-drop", "in-drop"]},
        strategies={2: ["lob", "dink", "dink"]},
    )
    for seat in state.seats:
        assert len(state.skill_hand[seat]) == 3
        assert len(state.strategy_hand[seat]) == 3
    yellow_view_of_blue = GAME.presenter.view(state, 2)["seats"][0]
    assert [c["id"] for c in yellow_view_of_blue["skill_cards"]] == ["ace", "in-drop", "in-drop"]
    assert [c["id"] for c in GAME.presenter.view(state, None)["seats"][1]["strategy_cards"]] == [
        "lob",
        "dink",
        "dink",
    ]


def test_beginner_and_intermediate_players_hold_no_skill_or_strategy_cards() -> None:
    for level in ("beginner", "intermediate"):
        state = new_game(2, level)
        set_up(state, [DANA, BO])
        assert state.skill_hand[0] == [] and state.strategy_hand[0] == []


def test_colour_ball_die_picks_the_first_server_among_colours_in_play() -> None:
    state = new_game(2, "beginner")
    play(state, f"draw {DANA}", f"draw {BO}")
    assert [str(a) for a, _ in state.chance_outcomes()] == ["roll blue", "roll yellow"]
    events = play(state, "roll yellow")
    assert kinds(events) == [EventKind.FIRST_SERVER, EventKind.TO_SERVE]
    assert state.current_player == 2 and state.step == Step.SERVE


def test_without_the_stanchion_rule_serving_is_one_step() -> None:
    state = new_game(2, "beginner")
    set_up(state, [DANA, BO])
    assert [str(a) for a in state.legal_actions()] == ["serve"]


def test_stanchion_rule_serving_without_placing_it_loses_the_serve_with_no_roll() -> None:
    state = new_game(2, "beginner", stanchion_rule=True)
    set_up(state, [DANA, BO])
    assert [str(a) for a in state.legal_actions()] == ["place stanchion", "serve"]
    events = play(state, "serve")
    assert kinds(events) == [EventKind.FAULT, EventKind.TO_SERVE]
    assert EventKind.DIE not in kinds(events)
    assert state.server == 2 and state.step == Step.SERVE


def test_stanchion_rule_placing_then_serving_rolls_the_die() -> None:
    state = new_game(2, "beginner", stanchion_rule=True)
    set_up(state, [DANA, BO])
    play(state, "place stanchion")
    assert GAME.presenter.view(state, None)["stanchion_placed"] is True
    assert [str(a) for a in state.legal_actions()] == ["serve"]
    play(state, "serve")
    assert state.step == Step.SERVE_ROLL


def test_the_stanchion_is_picked_up_again_for_the_next_serve() -> None:
    state = new_game(2, "beginner", stanchion_rule=True)
    set_up(state, [DANA, BO])
    play(state, "place stanchion", "serve", "roll out")
    assert state.server == 2 and not state.stanchion


def test_a_rejected_action_names_the_legal_ones_and_changes_nothing() -> None:
    state = new_game(2, "advanced")
    set_up(state, [DANA, BO], skills={0: ["ace", "ace", "ace"]})
    before = GAME.presenter.view(state, None)
    with pytest.raises(IllegalActionError, match="no cards on the serve") as error:
        state.apply(Action("skill", ("ace",)))
    assert "'serve'" in str(error.value)
    assert GAME.presenter.view(state, None) == before


def test_level_and_option_errors_list_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="beginner, intermediate, advanced"):
        GAME.new_game(2, {"level": "expert"})
    with pytest.raises(OptionError, match="not a whole number of steps"):
        GAME.new_game(2, {"step": 0.3, "target": 5.0})


def test_target_option_one_point_zero_is_won_in_two_points() -> None:
    state = new_game(2, "beginner", target=1.0, serve_after_point="keep")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace")
    assert not state.is_over
    play(state, "serve", "roll ace")
    assert state.outcome is not None and state.outcome.winners == (0,)
