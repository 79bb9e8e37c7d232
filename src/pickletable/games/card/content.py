"""Card game content: the deck (number range, copies, and the four special cards).

`validate` checks a TOML document and returns it normalised; `CardDeck` is
the typed form the rules engine and the hand solver read.

>>> from pickletable.games.card import GAME
>>> deck = CardDeck.from_data(GAME.default_content().data)
>>> deck.size, deck.numbers[:3], deck.count("smash")
(52, ('1', '2', '3'), 4)
>>> deck.title("dink"), deck.title("7")
('Dink Shot', '7')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pickletable.core.content import Checker

SMASH = "smash"
PICKLER = "pickler"
KITCHEN = "kitchen"
DINK = "dink"
SPECIALS = (SMASH, PICKLER, KITCHEN, DINK)
"""The special cards, in the order a sorted hand shows them (after the numbers)."""
WILDS = frozenset({SMASH, PICKLER})
FREE_CARDS = frozenset({KITCHEN, DINK})
"""Cards that never join a meld; a complete hand may hold exactly one of them."""

HAND_SIZE = 7
MAX_PLAYERS = 4
MIN_DECK = MAX_PLAYERS * HAND_SIZE + 2
"""Enough for four hands, the first discard and at least one card to draw."""


@dataclass(frozen=True)
class CardDeck:
    """Typed, validated deck: which cards exist and how many of each."""

    lowest: int
    highest: int
    counts: dict[str, int]
    titles: dict[str, str]

    @staticmethod
    def from_data(data: dict[str, Any]) -> CardDeck:
        """Build from data that `validate` has accepted."""
        numbers = data["numbers"]
        low, high, copies = numbers["lowest"], numbers["highest"], numbers["copies"]
        counts = {str(n): copies for n in range(low, high + 1)}
        titles = {str(n): str(n) for n in range(low, high + 1)}
        for card in SPECIALS:
            counts[card] = data["specials"][card]["count"]
            titles[card] = data["specials"][card]["name"]
        return CardDeck(low, high, counts, titles)

    @property
    def numbers(self) -> tuple[str, ...]:
        """The number cards' names, lowest first."""
        return tuple(str(n) for n in range(self.lowest, self.highest + 1))

    @property
    def names(self) -> tuple[str, ...]:
        """Every card name, in sorted-hand order."""
        return (*self.numbers, *SPECIALS)

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(self.counts.values())

    def count(self, card: str) -> int:
        """How many copies of `card` the deck holds."""
        return self.counts.get(card, 0)

    def title(self, card: str) -> str:
        """The card as people name it ("Dink Shot", "7")."""
        return self.titles[card]

    def cards(self) -> list[str]:
        """Every card of the deck, one entry per physical card."""
        return [card for card, n in self.counts.items() for _ in range(n)]


def validate(data: dict[str, Any], check: Checker) -> dict[str, Any]:
    """Check card game content; raise `ContentError` naming the entry at fault."""
    numbers = check.table(data, "numbers")
    low = check.integer(numbers, "lowest", "numbers", minimum=0)
    high = check.integer(numbers, "highest", "numbers", minimum=0)
    if high < low + 2:
        raise check.fail(
            "numbers",
            f"'highest' ({high}) must be at least 'lowest' + 2 "
            f"({low + 2}), or no straight of three could be made",
        )
    if high > 99:
        raise check.fail("numbers", f"'highest' must be at most 99, is {high}")
    copies = check.integer(numbers, "copies", "numbers", minimum=1)
    for key in numbers:
        if key not in ("lowest", "highest", "copies"):
            raise check.fail("numbers", f"unknown key {key!r}; use lowest, highest and copies")
    specials = check.table(data, "specials")
    for key in specials:
        if key not in SPECIALS:
            raise check.fail(
                f"specials.{key}", f"unknown card; the special cards are {', '.join(SPECIALS)}"
            )
    total = (high - low + 1) * copies
    for card in SPECIALS:
        entry = specials.get(card)
        if not isinstance(entry, dict):
            raise check.fail(
                f"specials.{card}", "missing table" if entry is None else "must be a table"
            )
        check.text(entry, "name", f"specials.{card}")
        total += check.integer(entry, "count", f"specials.{card}", minimum=0)
    if specials[KITCHEN]["count"] < 1:
        raise check.fail(
            "specials.kitchen",
            "'count' must be at least 1: the first Kitchen dealt picks the first server",
        )
    if total < MIN_DECK:
        raise check.fail(
            "numbers", f"the deck has {total} cards; four players need at least {MIN_DECK}"
        )
    return data
