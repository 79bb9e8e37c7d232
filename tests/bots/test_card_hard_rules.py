"""The card game's `hard` rules: an exact last turn, a serving Dink Shot kept, completion odds."""

from __future__ import annotations

import random

from pickletable.bots.ismcts import ISMCTSBot
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.games.card import GAME
from pickletable.games.card.bots.hard import hard_rules, make_hard
from pickletable.games.card.bots.heuristic import choose, completion_chance
from pickletable.games.card.bots.last_turn import is_last_turn, last_turn_choice
from pickletable.games.card.state import CardState

NORTH, SOUTH = 0, 2


def dealt(south: str, north: str, flip: str) -> CardState:
    """North serves, so South plays first; hands and the first discard as given."""
    state = GAME.new_game(2)
    assert isinstance(state, CardState)
    state.apply_text("show kitchen")
    for s_card, n_card in zip(south.split(), north.split(), strict=True):
        state.apply_text(f"deal {s_card}")
        state.apply_text(f"deal {n_card}")
    state.apply_text(f"flip {flip}")
    return state


def south_lays_down(north: str, flip: str) -> CardState:
    """South draws an 8 and lays down a complete hand: North has the last turn."""
    state = dealt("1 2 3 4 5 6 smash", north, flip)
    for text in ["draw", "draw 8", "discard 8 lay"]:
        state.apply_text(text)
    return state


def act(state: CardState, text: str) -> str:
    state.apply_text(text)
    return text


def test_the_last_turn_is_only_the_turn_after_the_others_laid_down() -> None:
    state = dealt("1 2 3 4 5 6 smash", "3 5 7 9 10 10 kitchen", "9")
    assert not is_last_turn(AgentView(state, SOUTH).observed)
    state = south_lays_down("3 5 7 9 10 10 kitchen", "9")
    assert is_last_turn(AgentView(state, NORTH).observed)


def test_on_the_last_turn_a_discard_that_does_not_complete_is_left_for_a_draw() -> None:
    # The 8 on the pile makes 7 8 9 (fewer loose cards) but cannot complete the hand;
    # `medium` takes it, the exact last turn draws (a Dink Shot would score).
    state = south_lays_down("3 5 7 9 10 10 kitchen", "9")
    view = AgentView(state, NORTH)
    assert str(choose(view, random.Random(0))) == "take 8"
    assert str(last_turn_choice(view)) == "draw"


def test_on_the_last_turn_a_discard_that_completes_is_taken_and_laid_down() -> None:
    # The serving North holds 1 1 1 / 9 10 and two loose cards; the 8 makes 8 9 10.
    state = south_lays_down("1 1 1 2 9 10 kitchen", "9")
    view = AgentView(state, NORTH)
    assert str(last_turn_choice(view)) == "take 8"
    state.apply_text("take 8")
    choice = last_turn_choice(AgentView(state, NORTH))
    assert choice == Action("discard", ("2", "lay")), choice


def test_a_serving_hand_keeps_its_dink_shot_until_complete() -> None:
    # North serves with a Dink Shot and, after drawing a 4, three loose cards: `medium`
    # lays it down, `hard` plays on (only the other Dink Shot, laid down first, could
    # take the serve).
    state = dealt("2 4 6 8 10 kitchen kitchen", "1 3 5 7 9 10 dink", "1")
    act(state, "draw")
    act(state, "draw 10")
    act(state, "discard kitchen")
    act(state, "draw")
    act(state, "draw 4")
    view = AgentView(state, NORTH)
    assert len(choose(view, random.Random(0)).args) == 2  # medium lays down
    assert len(hard_rules(view, random.Random(0)).args) == 1  # hard does not


def test_a_receiving_hand_still_lays_its_dink_shot_down_at_once() -> None:
    state = dealt("1 3 5 7 9 10 dink", "2 4 6 8 10 kitchen kitchen", "1")
    act(state, "draw")
    act(state, "draw 4")
    chosen = hard_rules(AgentView(state, SOUTH), random.Random(0))
    assert chosen.verb == "discard" and len(chosen.args) == 2, chosen


def test_the_completion_chance_counts_the_unseen_cards_that_complete_a_hand() -> None:
    # South holds 1-6 and a loose 9 and has seen a 1 turned up. Of the 44 cards it has
    # not seen, 22 complete the hand with the 9 thrown away: four 7s (1-7), four Smash
    # and two Pickler, four Kitchen and two Dink Shot (one may stay out of the melds),
    # three 3s (1-3, 3-6) and three 4s (1-4, 4-6).
    state = dealt("1 2 3 4 5 6 9", "2 4 6 8 10 kitchen kitchen", "1")
    observed = AgentView(state, SOUTH).observed
    assert completion_chance(observed, observed.hand or ()) == 22 / 44
    assert completion_chance(observed, ["1", "1", "4", "4", "7", "7", "10"]) == 0.0


def test_the_search_keeps_the_prior_policys_choice_unless_clearly_beaten() -> None:
    state = dealt("1 3 5 7 9 10 dink", "2 4 6 8 10 kitchen kitchen", "1")
    view = AgentView(state, SOUTH)
    draw = Action("draw", ())
    take = Action("take", ("1",))
    for prior in (draw, take):

        def always(view: AgentView, rng: random.Random, chosen: Action = prior) -> Action:
            del view, rng
            return chosen

        bot = ISMCTSBot(8, rollout="heuristic", margin=1e9, prior_policy=always)
        assert bot.choose(view, random.Random(1)) == prior


def test_hard_plays_the_last_turn_without_searching() -> None:
    state = south_lays_down("3 5 7 9 10 10 kitchen", "9")
    bot = make_hard(40)
    assert str(bot.choose(AgentView(state, NORTH), random.Random(0))) == "draw"
    assert bot.last_stats.iterations == 0
