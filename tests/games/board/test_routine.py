"""Routine moves: a lone roll or serve decides nothing and hides nothing.

A front end may make a routine move for a person who asked for that ("Roll for
me"); a roll beside a playable card is a choice, and chance's steps are nobody's.
"""

from __future__ import annotations

from .helpers import LOU, THEO, new_game, play, set_up


def test_a_lone_serve_is_routine() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    assert [str(a) for a in state.legal_actions()] == ["serve"]
    assert state.is_routine() and not state.is_formality()


def test_the_return_of_serve_a_lone_roll_is_routine() -> None:
    state = new_game(2, "advanced")
    set_up(state, [THEO, LOU], skills={2: ["ace", "in-drop", "in-lob"]})
    play(state, "serve", "roll in")
    assert [str(a) for a in state.legal_actions()] == ["roll"]
    assert state.is_routine()


def test_a_roll_beside_a_playable_skill_card_is_a_choice() -> None:
    state = new_game(2, "advanced")
    set_up(state, [THEO, LOU], skills={0: ["in-drop", "ace", "in-lob"]})
    play(state, "serve", "roll in", "roll", "roll in", "roll dink")
    assert "roll" in [str(a) for a in state.legal_actions()]
    assert len(state.legal_actions()) > 1
    assert not state.is_routine()


def test_serving_with_the_stanchion_still_to_place_is_a_choice() -> None:
    state = new_game(2, "beginner", stanchion_rule=True)
    set_up(state, [THEO, LOU])
    assert [str(a) for a in state.legal_actions()] == ["place stanchion", "serve"]
    assert not state.is_routine()


def test_chance_steps_are_not_routine() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve")
    assert not state.is_routine()  # the die is chance's to roll
