"""The discard step's choices: the menu a hand offers, and whether one discard is on it.

A seat discards one card of its hand (any copy of a card is the same
discard), except the card it just took from the discard pile when the
``no_discard_taken_card`` option is on and it holds no other copy. A discard
may also lay the hand down (``discard 7 lay``) when the hand left is complete
or holds a Dink Shot. `discard_menu` lists them (memoised in the rules, by
hand and barred card: simulations meet the same hands again and again);
`is_discard_legal` answers for one action without listing them.

>>> from pickletable.games.card import GAME
>>> rules = GAME.new_game(2).rules
>>> hand = rules.solver.sort("1 2 3 4 5 6 6 dink".split())
>>> [str(action) for action in discard_menu(rules, hand, "6")][:4]
['discard 1', 'discard 1 lay', 'discard 2', 'discard 2 lay']
>>> is_discard_legal(rules, hand, "6", Action("discard", ("6", "lay")))
True
"""

from __future__ import annotations

from pickletable.core.actions import Action
from pickletable.games.card.config import LAY, CardConfig

DISCARD_MENU_CACHE = 200_000
"""Discard menus kept per rules table before the memo starts again (bounds memory)."""

_menu_limit = DISCARD_MENU_CACHE


def bound_menu_memo(entries: int) -> None:
    """Keep at most `entries` discard menus per rules table (the web server keeps fewer)."""
    global _menu_limit
    if entries < 1:
        raise ValueError(f"the discard-menu memo needs room for at least 1 entry, not {entries}")
    _menu_limit = entries


def discard_menu(rules: CardConfig, hand: tuple[str, ...], taken: str | None) -> list[Action]:
    """The discards (and lay-downs) open to sorted `hand`, having just taken `taken`."""
    barred = taken if rules.no_discard_taken_card else None
    key = (hand, barred)
    cache = rules.discard_menus
    found = cache.get(key)
    if found is None:
        if len(cache) >= _menu_limit:
            cache.clear()
        found = cache[key] = _list_discards(rules, hand, barred)
    return list(found)


def is_discard_legal(
    rules: CardConfig, hand: tuple[str, ...], taken: str | None, action: Action
) -> bool:
    """Whether `action` is on `discard_menu(rules, hand, taken)`, without listing the menu."""
    args = action.args
    if action.verb != "discard" or not args or len(args) > 2:
        return False
    card = args[0]
    if card not in hand:
        return False
    if card == taken and rules.no_discard_taken_card and hand.count(card) < 2:
        return False
    if len(args) == 1:
        return True
    return args[1] == LAY and card in rules.solver.lay_down_discards(hand)


def _list_discards(
    rules: CardConfig, hand: tuple[str, ...], barred: str | None
) -> tuple[Action, ...]:
    layable = rules.solver.lay_down_discards(hand)
    discard, discard_lay = rules.discard, rules.discard_lay
    actions = []
    previous = ""
    last = len(hand) - 1
    for position, card in enumerate(hand):
        if card == previous:
            continue
        previous = card
        if card == barred and (position >= last or hand[position + 1] != card):
            continue
        actions.append(discard[card])
        if card in layable:
            actions.append(discard_lay[card])
    return tuple(actions)
