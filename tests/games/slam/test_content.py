"""The deck is data: the built-in file, a user's file, and the checks on load."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.core.content import Checker
from pickletable.core.errors import ContentError
from pickletable.games.slam import GAME
from pickletable.games.slam.content import SlamContent, validate
from tests.games.slam.helpers import new_game

DEFAULT = GAME.default_content().data


def deck_with(changes: dict[str, int | None]) -> dict[str, object]:
    """The default deck with some entries' counts changed (None removes the entry)."""
    cards = []
    for card in DEFAULT["cards"]:
        key = card["kind"] if "number" not in card else f"{card['kind']}-{card['number']}"
        if key in changes:
            if changes[key] is None:
                continue
            card = {**card, "count": changes[key]}
        cards.append(card)
    return {"cards": cards}


def test_default_deck_holds_the_ruled_cards() -> None:
    deck = SlamContent.from_data(DEFAULT)
    by_kind: dict[str, int] = {}
    for code, count in deck.counts.items():
        kind = deck.cards[code].kind
        by_kind[kind] = by_kind.get(kind, 0) + count
    assert by_kind == {
        "number": 30,
        "draw-two": 3,
        "switch": 2,
        "shake-and-bake": 2,
        "target-and-reset": 2,
        "poach": 2,
        "play": 4,
        "draw": 4,
    }
    assert all(deck.counts[str(number)] == 6 for number in range(1, 6))
    assert deck.size == 49


def test_every_twist_card_carries_a_number_from_1_to_5() -> None:
    deck = SlamContent.from_data(DEFAULT)
    for info in deck.cards.values():
        if info.is_twist:
            assert info.number in range(1, 6)


def test_content_check_needs_a_play_card() -> None:
    with pytest.raises(ContentError, match="1 PLAY card, the deck has 0"):
        validate(deck_with({"play": None}), Checker("box.toml"))


def test_content_check_needs_two_draw_cards() -> None:
    with pytest.raises(ContentError, match="2 DRAW cards, the deck has 1"):
        validate(deck_with({"draw": 1}), Checker("box.toml"))


def test_content_check_needs_enough_cards_for_six_players() -> None:
    with pytest.raises(ContentError, match="at least 32 cards"):
        validate(
            {
                "cards": [
                    {"kind": "number", "number": 1, "count": 20},
                    {"kind": "play", "count": 1},
                    {"kind": "draw", "count": 2},
                ]
            },
            Checker("box.toml"),
        )


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"kind": "joker", "count": 1}, "kind 'joker' is not one of"),
        ({"kind": "number", "number": 6, "count": 1}, "'number' must be from 1 to 5, is 6"),
        ({"kind": "switch", "count": 1}, "'number' must be a whole number"),
        ({"kind": "play", "number": 2, "count": 1}, "a PLAY card carries no number"),
        ({"kind": "number", "number": 2, "count": 0}, "'count' must be at least 1"),
        ({"kind": "number", "number": 1, "count": 1}, "a second entry for card '1'"),
    ],
)
def test_content_check_names_file_entry_and_problem(entry: dict[str, object], problem: str) -> None:
    data = {"cards": [*DEFAULT["cards"], entry]}
    with pytest.raises(ContentError) as error:
        validate(data, Checker("box.toml"))
    assert error.value.source == "box.toml"
    assert error.value.entry == f"cards[{len(DEFAULT['cards']) + 1}]"
    assert problem in error.value.problem


def test_a_users_deck_file_is_played_with(tmp_path: Path) -> None:
    text = Path(__file__).parents[3] / "src/pickletable/games/slam/content/default.toml"
    mine = tmp_path / "box.toml"
    mine.write_text(
        text.read_text().replace('kind = "play"\ncount = 4', 'kind = "play"\ncount = 2')
    )
    state = new_game(3, content=str(mine))
    assert state.rules.deck.counts["play"] == 2
    assert state.rules.deck.size == 47


def test_a_broken_users_deck_file_is_refused_with_its_name(tmp_path: Path) -> None:
    mine = tmp_path / "box.toml"
    mine.write_text("cards = 3\n")
    with pytest.raises(ContentError, match=r"box\.toml: cards"):
        new_game(3, content=str(mine))
