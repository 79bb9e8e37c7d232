"""The notation of Slam actions, built once and shared.

>>> from pickletable.games.slam.moves import play, target, seat_of_target
>>> str(play("target-5")), str(target(2)), seat_of_target(target(2))
('play target-5', 'target p3', 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from pickletable.core.actions import Action

PASS = Action("pass")
YOURS = Action("yours")
DECLINE = Action("decline")
KEEP = Action("keep")


CARD_ACTIONS: dict[str, Action] = {}
"""Chance: the stack gives this card (``card 4``), by code."""
PLAY_ACTIONS: dict[str, Action] = {}
"""Play a card face up (``play switch-4``); in the POACH window, poach with it."""
DISCARD_ACTIONS: dict[str, Action] = {}
"""DRAW phase: discard this card (the drawn one or one from the hand)."""
# These tables hold every card of every deck a game was made with (`SlamState.new`
# builds them), so hot paths read them directly.


def know_deck(codes: Iterable[str]) -> None:
    """Build the action tables hot paths read directly for every card of a deck."""
    for code in codes:
        card(code)
        play(code)
        discard(code)


def card(code: str) -> Action:
    """Chance: the stack gives this card (``card 4``)."""
    return _built(CARD_ACTIONS, "card", code)


def play(code: str) -> Action:
    """Play a card face up (``play switch-4``); in the POACH window, poach with it."""
    return _built(PLAY_ACTIONS, "play", code)


def discard(code: str) -> Action:
    """DRAW phase: discard this card (the drawn one or one from the hand)."""
    return _built(DISCARD_ACTIONS, "discard", code)


def _built(table: dict[str, Action], verb: str, code: str) -> Action:
    action = table.get(code)
    if action is None:
        action = table[code] = Action(verb, (code,))
    return action


@cache
def answer(code: str) -> Action:
    """SHAKE & BAKE: answer with this card."""
    return Action("answer", (code,))


@cache
def give_back(code: str) -> Action:
    """Doubles refill: return this card to the stack (``return 3``)."""
    return Action("return", (code,))


@cache
def swap(count: int) -> Action:
    """After the deal: swap this many extra DRAW cards for cards from the stack."""
    return Action("swap", (str(count),))


@cache
def target(seat: int) -> Action:
    """Pick a twist card's target, named as people number seats (``target p3`` is seat 2)."""
    return Action("target", (f"p{seat + 1}",))


def seat_of_target(action: Action) -> int:
    """The seat a ``target pN`` action names."""
    return int(action.args[0][1:]) - 1
