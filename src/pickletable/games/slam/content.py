"""Slam content: the deck as data, checked on load, and its typed form.

`validate` checks a TOML document and returns it normalised; `SlamContent`
is what the rules engine reads: one `CardInfo` per card code and how many
copies the deck holds.

>>> from pickletable.games.slam import GAME
>>> deck = SlamContent.from_data(GAME.default_content().data)
>>> deck.size, deck.counts["draw"], deck.cards["target-5"].title
(49, 4, 'TARGET & RESET')
>>> deck.cards["target-5"].label
'5 (TARGET & RESET)'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pickletable.core.content import Checker, fingerprint_of

NUMBER = "number"
DRAW_TWO = "draw-two"
SWITCH = "switch"
SHAKE_AND_BAKE = "shake-and-bake"
TARGET_AND_RESET = "target-and-reset"
POACH = "poach"
PLAY = "play"
DRAW = "draw"

TWISTS = (DRAW_TWO, SWITCH, SHAKE_AND_BAKE, TARGET_AND_RESET, POACH)
PHASES = (PLAY, DRAW)
KINDS = (NUMBER, *TWISTS, *PHASES)

TITLES = {
    DRAW_TWO: "DRAW TWO",
    SWITCH: "SWITCH",
    SHAKE_AND_BAKE: "SHAKE & BAKE",
    TARGET_AND_RESET: "TARGET & RESET",
    POACH: "POACH",
    PLAY: "PLAY",
    DRAW: "DRAW",
}
"""How each kind of card is printed."""

CODE_PREFIX = {
    DRAW_TWO: "drawtwo",
    SWITCH: "switch",
    SHAKE_AND_BAKE: "shake",
    TARGET_AND_RESET: "target",
    POACH: "poach",
}
"""Twist card codes are this prefix and the number, e.g. ``switch-4``."""

TWISTS_WITH_TARGET = frozenset({SWITCH, SHAKE_AND_BAKE, TARGET_AND_RESET})
LOWEST, HIGHEST = 1, 5
HAND_SIZE = 5
MAX_PLAYERS = 6
MIN_DECK = 1 + HAND_SIZE * MAX_PLAYERS + 1
"""The centre DRAW card, five cards for each of six players, and one to draw."""


@dataclass(frozen=True)
class CardInfo:
    """One kind of card: its code in notation, kind, number (None for phase cards)."""

    code: str
    kind: str
    number: int | None
    rank: int
    """Position in the deck's display order (by number, then PLAY and DRAW)."""

    @property
    def title(self) -> str:
        """The card's name in capitals, or its number for a plain number card."""
        return TITLES.get(self.kind, str(self.number))

    @property
    def label(self) -> str:
        """How the card reads to a person: ``4``, ``4 (SWITCH)``, ``DRAW``."""
        if self.kind == NUMBER:
            return str(self.number)
        if self.number is None:
            return self.title
        return f"{self.number} ({self.title})"

    @property
    def is_twist(self) -> bool:
        """True for DRAW TWO, SWITCH, SHAKE & BAKE, TARGET & RESET and POACH."""
        return self.kind in CODE_PREFIX


def card_code(kind: str, number: int | None) -> str:
    """The notation of a card: ``3``, ``switch-4``, ``play``.

    >>> card_code("number", 3), card_code("poach", 2), card_code("draw", None)
    ('3', 'poach-2', 'draw')
    """
    if kind == NUMBER:
        return str(number)
    if kind in CODE_PREFIX:
        return f"{CODE_PREFIX[kind]}-{number}"
    return kind


@dataclass(frozen=True)
class SlamContent:
    """The typed deck: card kinds by code and how many of each."""

    cards: dict[str, CardInfo]
    counts: dict[str, int]
    ranks: dict[str, int]

    def in_order(self, codes: Iterable[str]) -> list[str]:
        """Card codes sorted for display: by number, then PLAY, then DRAW.

        >>> from pickletable.games.slam import GAME
        >>> SlamContent.from_data(GAME.default_content().data).in_order(["draw", "switch-2", "2"])
        ['2', 'switch-2', 'draw']
        """
        return sorted(codes, key=self.ranks.__getitem__)

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(self.counts.values())

    @staticmethod
    def from_data(data: dict[str, Any]) -> SlamContent:
        """The typed form of validated content (built once per distinct deck)."""
        return _typed(fingerprint_of(data), _freeze(data))


def validate(data: dict[str, Any], check: Checker) -> dict[str, Any]:
    """Check a Slam deck and return it normalised (numbers, kinds, counts).

    Raises `ContentError` naming the entry at fault.

    >>> from pickletable.core.content import Checker
    >>> validate({"cards": [{"kind": "draw", "count": 1}]}, Checker("my.toml"))
    Traceback (most recent call last):
    ...
    pickletable.core.errors.ContentError: my.toml: cards: the rules need 1 PLAY card, the deck has 0
    """
    entries = check.array(data, "cards", "cards")
    normalised: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"cards[{index + 1}]"
        if not isinstance(entry, dict):
            raise check.fail(where, "must be a table with kind and count")
        kind = check.one_of(entry.get("kind"), KINDS, where, "kind")
        count = check.integer(entry, "count", where, minimum=1)
        number: int | None = None
        if kind in PHASES:
            if "number" in entry:
                raise check.fail(where, f"a {TITLES[kind]} card carries no number")
        else:
            number = check.integer(entry, "number", where)
            if not LOWEST <= number <= HIGHEST:
                raise check.fail(where, f"'number' must be from {LOWEST} to {HIGHEST}, is {number}")
        code = card_code(kind, number)
        if code in seen:
            raise check.fail(where, f"a second entry for card {code!r}; add to its count instead")
        seen.add(code)
        card: dict[str, Any] = {"kind": kind, "count": count}
        if number is not None:
            card["number"] = number
        normalised.append(card)
    counts = {kind: sum(c["count"] for c in normalised if c["kind"] == kind) for kind in PHASES}
    if counts[PLAY] < 1:
        raise check.fail("cards", f"the rules need 1 PLAY card, the deck has {counts[PLAY]}")
    if counts[DRAW] < 2:
        raise check.fail("cards", f"the rules need 2 DRAW cards, the deck has {counts[DRAW]}")
    total = sum(c["count"] for c in normalised)
    if total < MIN_DECK:
        raise check.fail(
            "cards",
            f"a table of {MAX_PLAYERS} needs at least {MIN_DECK} cards, the deck has {total}",
        )
    return {"cards": normalised}


# --- helpers ----------------------------------------------------------------
_Frozen = tuple[tuple[str, int | None, int], ...]


def _freeze(data: dict[str, Any]) -> _Frozen:
    return tuple((c["kind"], c.get("number"), c["count"]) for c in data["cards"])


@lru_cache(maxsize=16)
def _typed(fingerprint: str, entries: _Frozen) -> SlamContent:
    # Display order: by number (plain card before twists), then PLAY, then DRAW.
    def order(entry: tuple[str, int | None, int]) -> tuple[int, int]:
        kind, number, _ = entry
        return (HIGHEST + 1 if number is None else number), KINDS.index(kind)

    ordered = sorted(entries, key=order)
    cards: dict[str, CardInfo] = {}
    counts: dict[str, int] = {}
    for rank, (kind, number, count) in enumerate(ordered):
        code = card_code(kind, number)
        cards[code] = CardInfo(code, kind, number, rank)
        counts[code] = count
    return SlamContent(cards, counts, {code: info.rank for code, info in cards.items()})
