"""The view says which cards can be played now and why not, and what shot the hitter answers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.core.actions import Action
from pickletable.games.board import GAME
from pickletable.games.board.presenter import piece_marks
from pickletable.games.board.state import BoardState

from .helpers import LOU, THEO, new_game, play, set_up

BLUE, YELLOW = 0, 2


def cards(state: BoardState, seat: int, kind: str) -> dict[str, dict[str, Any]]:
    """A seat's Skill or Strategy Cards in the view, by id."""
    entry = next(e for e in GAME.presenter.view(state, None)["seats"] if e["seat"] == seat)
    return {card["id"]: card for card in entry[f"{kind}_cards"]}


def theo_against_lou(**options: Any) -> BoardState:
    """Blue (Third Shot Theo: Nice Drop, Bad Smash) serves to Yellow (Lobster Lou: Nice Lob,
    Bad Volley); both hold IN, Drop and ACE Skill Cards and Lob, Drop and Volley Strategy Cards."""
    state = new_game(2, **options)
    hands = {BLUE: ["in-drop", "ace", "in-dink"], YELLOW: ["in-drop", "ace", "in-dink"]}
    strategies = {BLUE: ["lob", "drop", "volley"], YELLOW: ["lob", "drop", "volley"]}
    set_up(state, [THEO, LOU], skills=hands, strategies=strategies)
    return state


def test_after_a_nice_shot_the_skill_cards_say_why_and_the_matching_strategy_card_is_playable() -> (
    None
):
    state = theo_against_lou()
    play(state, "serve", "roll in", "roll", "roll in", "roll lob")  # Lou's Nice Shot: Lob
    skill = cards(state, BLUE, "skill")["in-drop"]
    assert (skill["playable"], skill["why_not"]) == (
        False,
        "Yellow's Nice Shot (Lob): no Skill Card",
    )
    strategy = cards(state, BLUE, "strategy")
    assert (strategy["lob"]["playable"], strategy["lob"]["why_not"]) == (True, None)
    assert strategy["drop"]["why_not"] == "no Strategy Card matches Lob"
    assert cards(state, YELLOW, "strategy")["lob"]["why_not"] == "Blue is to hit, not Yellow"


def test_a_skill_cards_shot_is_the_one_to_answer_no_strategy_card_matches_unless_it_counts() -> (
    None
):
    state = theo_against_lou(skill_counts_as_roll=False)
    play(state, "serve", "roll in", "roll", "roll in", "roll dink", "skill in-drop")
    view = GAME.presenter.view(state, YELLOW)
    assert view["dice"] == {"outcome": "in", "hit": "dink"}  # the dice still show Yellow's roll
    answer = view["rally"]["to_answer"]
    assert (answer["label"], answer["source"]) == ("IN, Drop", "Blue's Skill Card")
    assert cards(state, YELLOW, "strategy")["drop"]["why_not"] == (
        "Drop came from a Skill Card, not the dice: no Strategy Card matches it"
    )

    counted = theo_against_lou(skill_counts_as_roll=True)
    play(counted, "serve", "roll in", "roll", "roll in", "roll dink", "skill in-drop")
    assert cards(counted, YELLOW, "strategy")["drop"]["playable"]
    assert cards(counted, YELLOW, "skill")["ace"]["why_not"] == (
        "Blue's Nice Shot (Drop): no Skill Card"  # Drop is Theo's Nice Shot, and it counts
    )


def test_no_strategy_card_answers_the_hitters_own_bad_shot() -> None:
    state = theo_against_lou()
    play(
        state, "serve", "roll in", "roll", "roll in", "roll dink", "roll", "roll in", "roll volley"
    )
    assert cards(state, YELLOW, "strategy")["volley"]["why_not"] == (
        "Volley is Yellow's Bad Shot: no Strategy Card"
    )


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_is_marked_playable_exactly_when_the_engine_offers_it(players: int) -> None:
    rng = random.Random(players)
    for _ in range(6):
        state = new_game(players)
        while not state.is_over and len(state.history) < 400:
            legal = set(state.legal_actions()) if state.current_player is not None else set()
            for entry in GAME.presenter.view(state, None)["seats"]:
                for kind in ("skill", "strategy"):
                    for card in entry[f"{kind}_cards"]:
                        offered = state.current_player == entry["seat"] and (
                            Action(kind, (card["id"],)) in legal
                        )
                        assert card["playable"] == offered
                        assert (card["why_not"] is None) == offered
                        assert offered or card["why_not"]
            state.apply(rng.choice(state.legal_actions()))


def test_pieces_whose_colours_share_an_initial_get_a_number() -> None:
    assert piece_marks(["blue", "red", "yellow", "black"]) == ["B1", "R", "Y", "B2"]
    assert piece_marks(["blue", "yellow"]) == ["B", "Y"]
    doubles = GAME.presenter.view(new_game(4), None)
    assert [seat["mark"] for seat in doubles["seats"]] == ["B1", "R", "Y", "B2"]
