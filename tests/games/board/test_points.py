"""Points, who serves next, and Play Cards."""

from __future__ import annotations

from pickletable.core.state import CHANCE
from pickletable.games.board import GAME
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.scenario import arrange

from .helpers import BO, DANA, LOU, THEO, kinds, levels, new_game, play, put_at, set_up


def test_a_point_moves_the_earner_ahead_one_space() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll ace")
    point = next(e for e in events if e.kind == EventKind.POINT)
    assert (point["from"], point["to"]) == (0.0, 0.5)


def test_beginner_after_a_point_the_next_server_in_rotation_serves() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace")
    assert state.server == 2


def test_intermediate_after_a_point_the_serve_rotates_too() -> None:
    state = new_game(2, "intermediate")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace", "draw good-rally")
    assert state.server == 2


def test_advanced_after_a_point_the_same_server_serves_again() -> None:
    state = new_game(2, "advanced", starting_cards=0)
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace", "draw good-rally")
    assert state.server == 0


def test_serve_after_point_option_overrides_the_level() -> None:
    state = new_game(2, "beginner", serve_after_point="keep")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace")
    assert state.server == 0
    state = new_game(2, "advanced", serve_after_point="rotate", starting_cards=0)
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace", "draw good-rally")
    assert state.server == 2


def test_beginner_points_draw_no_play_card() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace")
    assert state.step == Step.SERVE and len(state.piles["play"]) == 0


def test_intermediate_point_draws_a_play_card_which_goes_to_the_bottom() -> None:
    state = new_game(2, "intermediate")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace")
    assert state.current_player == CHANCE and state.step == Step.PLAY_DRAW
    events = play(state, "draw sweet-spot")
    assert kinds(events)[:2] == [EventKind.PLAY_CARD, EventKind.MOVE]
    assert levels(state)["blue"] == 1.0
    assert state.piles["play"].known == ["sweet-spot"]


def test_a_move_by_a_play_card_never_draws_another_play_card() -> None:
    state = new_game(2, "intermediate")
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll ace", "draw sweet-spot")
    assert kinds(events).count(EventKind.PLAY_CARD) == 1
    assert state.step == Step.SERVE


def test_intermediate_deck_leaves_out_cards_about_skill_and_strategy_cards() -> None:
    state = new_game(2, "intermediate")
    cards = set(state.piles["play"].unseen)
    assert "new-paddle" not in cards and "scouting-report" not in cards
    assert "new-paddle" in new_game(2, "advanced").piles["play"].unseen


def test_nobody_goes_below_zero() -> None:
    state = new_game(2, "intermediate")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace", "draw forgot-water")
    assert levels(state)["blue"] == 0.0


def test_nobody_goes_above_the_target_and_reaching_it_mid_card_ends_the_game() -> None:
    state = arrange(new_game(2, "intermediate"), characters=[THEO, LOU], skill=[4.0, 0])
    play(state, "serve", "roll ace", "draw clinic-weekend")
    assert levels(state)["blue"] == 5.0
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.current_player is None


def test_singles_the_first_player_to_five_wins_without_drawing_a_card() -> None:
    state = arrange(new_game(2, "intermediate"), characters=[THEO, LOU], skill=[4.5, 0])
    events = play(state, "serve", "roll ace")
    assert kinds(events)[-1] == EventKind.GAME_OVER and EventKind.PLAY_CARD not in kinds(events)


def test_move_an_opponent_back_in_singles_needs_no_choice() -> None:
    state = arrange(new_game(2, "intermediate"), characters=[THEO, LOU], skill=[0, 2.0])
    play(state, "serve", "roll ace", "draw wrong-court")
    assert levels(state)["yellow"] == 1.0 and state.step == Step.SERVE


def test_the_drawer_picks_which_opponent_moves_back_in_doubles() -> None:
    state = new_game(4, "intermediate")
    set_up(state, [THEO, LOU, DANA, BO])
    put_at(state, yellow=2.0, black=2.0)
    play(state, "serve", "roll ace", "draw trash-talk")
    assert state.step == Step.PLAY_TARGET and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["target yellow", "target black"]
    play(state, "target black")
    assert levels(state) == {"blue": 0.5, "red": 0.0, "yellow": 2.0, "black": 1.5}
    assert state.piles["play"].known == ["trash-talk"]


def test_move_an_opponent_back_offers_only_opponents_it_would_move() -> None:
    state = new_game(4, "intermediate")
    set_up(state, [THEO, LOU, DANA, BO])
    put_at(state, black=2.0)  # Yellow is on 0.0: moving Yellow back would do nothing
    events = play(state, "serve", "roll ace", "draw trash-talk")
    assert state.step == Step.SERVE
    assert levels(state) == {"blue": 0.5, "red": 0.0, "yellow": 0.0, "black": 1.5}
    assert [e.data["seat"] for e in events if e.kind == EventKind.MOVE] == [3]


def test_move_an_opponent_back_with_every_opponent_on_zero_has_no_effect() -> None:
    state = new_game(2, "intermediate")
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll ace", "draw wrong-court")
    assert EventKind.MOVE not in kinds(events)
    no_effect = next(e for e in events if e.kind == EventKind.NO_EFFECT)
    assert no_effect.data["why"] == "no_target"
    assert GAME.presenter.describe(state, no_effect).endswith("no opponent can be moved.")


def test_every_opponent_moves_back() -> None:
    state = new_game(4, "intermediate")
    set_up(state, [THEO, LOU, DANA, BO])
    put_at(state, red=1.0, yellow=1.0, black=1.0)
    play(state, "serve", "roll ace", "draw sun-in-eyes")
    assert levels(state) == {"blue": 0.5, "red": 1.0, "yellow": 0.5, "black": 0.5}


def test_everyone_else_moves_back_partner_included() -> None:
    state = new_game(4, "intermediate")
    set_up(state, [THEO, LOU, DANA, BO])
    put_at(state, red=1.0, yellow=1.0, black=1.0)
    play(state, "serve", "roll ace", "draw rain-delay")
    assert levels(state) == {"blue": 0.5, "red": 0.5, "yellow": 0.5, "black": 0.5}


def test_move_your_partner_has_no_effect_in_singles() -> None:
    state = new_game(2, "intermediate")
    set_up(state, [THEO, LOU])
    events = play(state, "serve", "roll ace", "draw high-five")
    assert EventKind.NO_EFFECT in kinds(events) and levels(state) == {"blue": 0.5, "yellow": 0.0}


def test_pick_up_a_skill_card_draws_from_the_skill_pile() -> None:
    state = new_game(2, "advanced", starting_cards=0)
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace", "draw new-paddle")
    assert (state.step, state.current_player) == (Step.CARD_DRAW, CHANCE)
    play(state, "draw ace")
    assert state.skill_hand[0] == ["ace"] and state.step == Step.SERVE


def test_pick_up_a_strategy_card_draws_from_the_strategy_pile() -> None:
    state = new_game(2, "advanced", starting_cards=0)
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll ace", "draw scouting-report", "draw smash")
    assert state.strategy_hand[0] == ["smash"]


def test_play_pile_comes_round_in_the_order_cards_went_to_the_bottom() -> None:
    state = new_game(2, "intermediate", serve_after_point="keep")
    set_up(state, [THEO, LOU])
    drawn = []
    while state.piles["play"].unseen_count:
        put_at(state, blue=0.0, yellow=0.0)
        play(state, "serve", "roll ace")
        card = state.chance_outcomes()[0][0].args[0]
        drawn.append(card)
        play(state, f"draw {card}")
    put_at(state, blue=0.0)
    play(state, "serve", "roll ace")
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"draw {drawn[0]}"]
    assert state.chance_outcomes()[0][1] == 1.0
