"""The deck as data: the default 52 cards, a user's own file, and clear errors for bad files."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from pickletable.core.content import Checker
from pickletable.core.errors import ContentError
from pickletable.games.card import GAME
from pickletable.games.card.content import CardDeck, validate
from pickletable.games.card.state import CardState

DEFAULT = GAME.default_content().data


def test_default_deck_has_the_52_cards_of_the_box() -> None:
    deck = CardDeck.from_data(DEFAULT)
    assert deck.size == 52
    assert [deck.count(str(n)) for n in range(1, 11)] == [4] * 10
    assert {c: deck.count(c) for c in ("smash", "pickler", "kitchen", "dink")} == {
        "smash": 4,
        "pickler": 2,
        "kitchen": 4,
        "dink": 2,
    }
    assert deck.title("dink") == "Dink Shot"


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(DEFAULT)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [
        (lambda d: d.pop("numbers"), "numbers", "missing table"),
        (lambda d: d["numbers"].update(highest=2), "numbers", "no straight of three"),
        (lambda d: d["numbers"].update(copies=0), "numbers", "at least 1"),
        (lambda d: d["numbers"].update(colour="red"), "numbers", "unknown key"),
        (lambda d: d["specials"].pop("dink"), "specials.dink", "missing table"),
        (
            lambda d: d["specials"].update(joker={"name": "Joker", "count": 1}),
            "specials.joker",
            "unknown card",
        ),
        (lambda d: d["specials"]["smash"].update(count=-1), "specials.smash", "at least 0"),
        (lambda d: d["specials"]["smash"].update(name=""), "specials.smash", "non-empty text"),
        (lambda d: d["specials"]["kitchen"].update(count=0), "specials.kitchen", "first server"),
        (lambda d: d["numbers"].update(highest=4, copies=1), "numbers", "need at least 30"),
    ],
)
def test_a_bad_deck_is_refused_naming_the_entry(change: Any, entry: str, problem: str) -> None:
    with pytest.raises(ContentError) as error:
        validate(broken(change), Checker("my-deck.toml"))
    assert error.value.source == "my-deck.toml"
    assert error.value.entry == entry
    assert problem in error.value.problem


def test_a_users_own_deck_file_is_played_with(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    text = (
        (Path(__file__).parents[3] / "src/pickletable/games/card/content/default.toml")
        .read_text()
        .replace("count = 2\n\n[specials.kitchen]", "count = 3\n\n[specials.kitchen]")
    )
    path.write_text(text)
    state = GAME.new_game(2, {"content": str(path)})
    assert isinstance(state, CardState)
    assert state.rules.deck.count("pickler") == 3 and state.rules.deck.size == 53


def test_a_missing_deck_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"deck\.toml: file: not found"):
        GAME.new_game(2, {"content": str(tmp_path / "deck.toml")})


def test_a_longer_number_range_makes_longer_straights(tmp_path: Path) -> None:
    data = broken(lambda d: d["numbers"].update(highest=12))
    deck = CardDeck.from_data(validate(data, Checker("inline")))
    from pickletable.games.card.solver import solver_for

    assert solver_for(deck.lowest, deck.highest).is_complete(["10", "11", "12", "9", "9", "9", "9"])
