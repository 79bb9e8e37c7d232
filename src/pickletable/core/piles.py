"""Face-down piles whose unseen cards are drawn by chance, one card at a time.

A pile holds an unordered block of unseen cards on top and, below it, the
cards put back on the bottom in a known order. Drawing takes an unseen card
(a chance outcome weighted by how many copies remain) while any are left,
then the known cards in order. No order is stored for unseen cards, so there
is nothing hidden to leak and nothing to resample.

>>> from pickletable.core.piles import Pile
>>> pile = Pile.of(["a", "a", "b"])
>>> pile.draw_outcomes()
[('a', 0.6666666666666666), ('b', 0.3333333333333333)]
>>> pile.take("b"); pile.put_bottom("b"); pile.take("a"); pile.take("a")
>>> pile.draw_outcomes()
[('b', 1.0)]
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class Pile:
    """Unseen cards on top (a multiset), known cards below (a queue).

    `unseen` holds a positive count for each card it names (a card drawn to
    the last copy leaves it).
    """

    __slots__ = ("_unseen_total", "known", "unseen")

    def __init__(self, unseen: dict[str, int], known: list[str]) -> None:
        self.unseen = unseen
        self.known = known
        self._unseen_total = sum(unseen.values())

    @staticmethod
    def of(cards: Iterable[str]) -> Pile:
        """A freshly shuffled pile of these cards, all unseen."""
        counts: dict[str, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        return Pile(counts, [])

    def copy(self) -> Pile:
        """An independent copy."""
        other = Pile.__new__(Pile)  # the count is copied, not summed again: clones copy piles
        other.unseen = dict(self.unseen)
        other.known = list(self.known)
        other._unseen_total = self._unseen_total
        return other

    def __len__(self) -> int:
        return self._unseen_total + len(self.known)

    @property
    def unseen_count(self) -> int:
        """How many cards are still unseen."""
        return self._unseen_total

    def draw_outcomes(self) -> list[tuple[str, float]]:
        """The cards the next draw may give, with their probabilities."""
        if self._unseen_total:
            total = self._unseen_total
            return [(card, n / total) for card, n in self.unseen.items() if n]
        return [(self.known[0], 1.0)] if self.known else []

    def sample(self, rng: random.Random) -> str:
        """The next card drawn at random, with one ``rng.random()``.

        The card is the one `draw_outcomes` gives by the running sum of its
        probabilities passing the draw (`GameState.sample_chance`), without the list.
        Raises `IndexError` for an empty pile.
        """
        pick = rng.random()
        count = self._unseen_total
        if not count:
            return self.known[0]
        total = 0.0
        card = ""
        for card, copies in self.unseen.items():  # every count is positive
            total += copies / count
            if pick < total:
                return card
        return card  # the last card, should rounding leave the sum short of the draw

    def can_draw(self, card: str) -> bool:
        """Whether `card` may be the next card drawn."""
        if self._unseen_total:
            return self.unseen.get(card, 0) > 0
        return bool(self.known) and self.known[0] == card

    def take(self, card: str) -> None:
        """Remove `card` as the next draw (it must be possible)."""
        if self._unseen_total:
            left = self.unseen[card] - 1
            if left:
                self.unseen[card] = left
            else:
                del self.unseen[card]
            self._unseen_total -= 1
        else:
            self.known.pop(0)

    def put_bottom(self, card: str) -> None:
        """Put a card face down at the bottom, where everyone saw it go."""
        self.known.append(card)

    def reshuffle(self, cards: Iterable[str]) -> None:
        """Shuffle these cards in with the rest: every card becomes unseen."""
        for card in [*self.known, *cards]:
            self.unseen[card] = self.unseen.get(card, 0) + 1
            self._unseen_total += 1
        self.known = []

    def cards(self) -> list[str]:
        """Every card in the pile, unseen ones first in no particular order."""
        return [card for card, n in self.unseen.items() for _ in range(n)] + self.known
