"""Remembering what a function made of an object for as long as that object lives.

A client view repeats, in every message, things that never change during a
game: the make-up of the deck, each card's fields. `per_object` builds them
once per deck object (decks are immutable values) and forgets them when the
deck goes. Callers hand out copies: what is remembered is never given away
to be changed.

>>> calls = []
>>> class Deck:
...     pass
>>> @per_object
... def describe(deck: Deck) -> str:
...     calls.append(1)
...     return "described"
>>> deck = Deck()
>>> describe(deck), describe(deck), len(calls), describe.remembered()
('described', 'described', 1, 1)
>>> del deck
>>> describe.remembered()
0
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class PerObject(Generic[K, V]):
    """`function(obj)`, made once per live `obj` (by identity; `obj` must take weak references)."""

    def __init__(self, function: Callable[[K], V]) -> None:
        self._function = function
        self._made: dict[int, tuple[weakref.ref[K], V]] = {}
        self.__doc__ = function.__doc__

    def __call__(self, obj: K) -> V:
        """What `function` made of `obj` (made now if this is the first time)."""
        key = id(obj)
        held = self._made.get(key)
        if held is not None and held[0]() is obj:
            return held[1]
        value = self._function(obj)
        made = self._made
        self._made[key] = (weakref.ref(obj, lambda _ref: made.pop(key, None)), value)
        return value

    def remembered(self) -> int:
        """How many objects' results are held now."""
        return len(self._made)


def per_object(function: Callable[[K], V]) -> PerObject[K, V]:
    """Decorate a one-argument function so it runs once per live argument (see `PerObject`)."""
    return PerObject(function)
