"""The discard-menu memo stays within its bound (the web server sets a small one)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pickletable.games.card import GAME
from pickletable.games.card.rules import DISCARD_MENU_CACHE, bound_menu_memo, discard_menu
from pickletable.games.card.state import CardState


@pytest.fixture
def small_memo() -> Iterator[None]:
    bound_menu_memo(2)
    yield
    bound_menu_memo(DISCARD_MENU_CACHE)


@pytest.mark.usefixtures("small_memo")
def test_the_memo_never_holds_more_menus_than_its_bound() -> None:
    state = GAME.new_game(2)
    assert isinstance(state, CardState)
    rules = state.rules
    rules.discard_menus.clear()
    hands = ["1 2 3 4 5 6 7 8", "1 1 2 3 4 5 6 7", "2 3 4 5 6 7 8 9", "3 3 3 4 5 6 7 8"]
    for text in hands:
        menu = discard_menu(rules, rules.solver.sort(text.split()), None)
        assert menu, "every hand offers a discard"
        assert len(rules.discard_menus) <= 2


def test_a_memo_needs_room_for_one_menu() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        bound_menu_memo(0)
