"""The exact hand solver: is a hand complete, one split into melds, and the best partial split.

A meld is three or more cards: a set (one number) or a straight (consecutive
numbers, no wrap). Smash and Pickler are wild and stand for any number, in
any count, even a meld of wilds only. Kitchen and Dink Shot never join a
meld; a hand may keep one of them and still be complete.

The search is exact: it takes the lowest number card left and tries every
meld it could belong to (every set, every straight through it, with every
choice of wilds), or leaves it loose, keeping the split with the fewest loose
cards. The search counts melded cards only (`_melded`); the split itself is
walked out afterwards for the hands whose verdict is asked. Results are
memoised on the whole hand (a sorted tuple of card names: its verdict, and
apart from it its loose count, all that search and the bots ask of most
hands) and on the (number counts, wild count) positions of the search. Each
memo table starts afresh when it reaches `CACHE_LIMIT` entries, so a server
that runs for weeks does not grow without bound.

>>> solver = solver_for(1, 10)
>>> verdict = solver.verdict(["3", "3", "3", "5", "6", "7", "smash"])
>>> verdict.complete, verdict.summary
(True, 'complete')
>>> [str(meld) for meld in verdict.melds]
['3 3 3', '5 6 7 smash=8']
>>> solver.verdict(["1", "2", "4", "kitchen", "dink", "9", "9"]).summary
'6 cards loose'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from pickletable.games.card.content import DINK, FREE_CARDS, PICKLER, SPECIALS, WILDS

Memo = dict[tuple[tuple[int, ...], int], int]
"""Cards melded by the best split, by (number card counts, wild count)."""
Plan = tuple[Any, ...]
"""One meld of the search: ("set", index, naturals, wilds), ("straight", start, mask)
or ("wild", count)."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A set or a straight: each card with the number it stands for.

    >>> str(Meld("straight", (("9", 9), ("smash", 10), ("10", 10))))
    '9 smash=10 10'
    """

    kind: str
    cards: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return " ".join(
            card if card not in WILDS else f"{card}={number}" for card, number in self.cards
        )

    def to_json(self) -> dict[str, Any]:
        """The meld as JSON: its kind and its cards with the numbers they stand for."""
        return {
            "kind": self.kind,
            "cards": [{"card": card, "as": number} for card, number in self.cards],
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the solver says about one hand."""

    cards: tuple[str, ...]
    """The hand, sorted."""
    complete: bool
    melds: tuple[Meld, ...]
    """The best split found (every card but `free` and `loose_cards` in a meld)."""
    free: str | None
    """The one Kitchen or Dink Shot the hand may keep outside its melds."""
    loose_cards: tuple[str, ...]
    """Cards in no meld (extra Kitchen and Dink Shot cards included)."""
    dinks: int
    picklers: int

    @property
    def loose(self) -> int:
        """How many cards keep the hand from being complete."""
        return len(self.loose_cards)

    @property
    def can_lay_down(self) -> bool:
        """A complete hand, or any hand holding a Dink Shot, may be laid down."""
        return self.complete or self.dinks > 0

    @property
    def summary(self) -> str:
        """``complete``, ``1 card loose`` or ``N cards loose``."""
        if self.complete:
            return "complete"
        return f"{self.loose} card{'s' if self.loose != 1 else ''} loose"

    def value(self, serving: bool) -> int:
        """Points the hand scores at the end of a rally.

        One per Dink Shot; for the serving team a complete hand adds one, plus
        one per Pickler in it.

        >>> solver_for(1, 10).verdict("1 2 3 4 5 6 pickler".split()).value(serving=True)
        2
        """
        points = self.dinks
        if serving and self.complete:
            points += 1 + self.picklers
        return points

    def to_json(self) -> dict[str, Any]:
        """The verdict as carried in observations."""
        return {
            "cards": list(self.cards),
            "complete": self.complete,
            "summary": self.summary,
            "loose": self.loose,
            "melds": [meld.to_json() for meld in self.melds],
            "free": self.free,
            "loose_cards": list(self.loose_cards),
            "can_lay_down": self.can_lay_down,
            "dinks": self.dinks,
            "picklers": self.picklers,
        }


CACHE_LIMIT = 250_000
"""Entries one memo table of a solver holds before it is cleared. Four hard-bot games
of the default deck (2 players) leave about 114,000 verdicts, 56,000 lay-down menus
and 45,000 search positions; that deck has at most about 280,000 hands of 7 or 8 cards."""


@cache
def solver_for(lowest: int, highest: int) -> HandSolver:
    """The shared solver (and its caches) for decks numbered `lowest`..`highest`."""
    return HandSolver(lowest, highest)


class HandSolver:
    """Exact hand judgement for one number range, memoised on the card multiset."""

    def __init__(self, lowest: int, highest: int, cache_limit: int = CACHE_LIMIT) -> None:
        self.lowest = lowest
        self.highest = highest
        self.width = highest - lowest + 1
        self.numbers = tuple(str(n) for n in range(lowest, highest + 1))
        self._index = {name: i for i, name in enumerate(self.numbers)}
        self.order = {name: i for i, name in enumerate((*self.numbers, *SPECIALS))}
        """Sort position of every card name: numbers, then Smash, Pickler, Kitchen, Dink Shot."""
        self._melded_memo: Memo = {}
        self._verdicts: dict[tuple[str, ...], Verdict] = {}
        self._lay_down: dict[tuple[str, ...], frozenset[str]] = {}
        self._loose: dict[tuple[str, ...], int] = {}
        self.cache_limit = cache_limit
        """Entries each memo table holds before it is cleared (see `CACHE_LIMIT`)."""

    def __reduce__(self) -> tuple[Callable[[int, int], HandSolver], tuple[int, int]]:
        """Pickled as the shared solver of its range (`solver_for`), without its memo tables:
        a state sent to another process (a bot's search) finds that process's own there,
        instead of carrying some hundreds of kilobytes with every decision."""
        return solver_for, (self.lowest, self.highest)

    # --- public API ---------------------------------------------------------
    def sort(self, cards: Iterable[str]) -> tuple[str, ...]:
        """Cards in hand order (raises `KeyError` for a name the deck does not have).

        >>> solver_for(1, 10).sort(["dink", "10", "smash", "2"])
        ('2', '10', 'smash', 'dink')
        """
        order = self.order
        for card in cards if isinstance(cards, tuple | list) else list(cards):
            if card not in order:
                raise KeyError(card)
        return tuple(sorted(cards, key=order.__getitem__))

    def verdict(self, cards: Iterable[str]) -> Verdict:
        """The verdict for any hand, in any order."""
        return self.verdict_sorted(self.sort(cards))

    def verdict_sorted(self, hand: tuple[str, ...]) -> Verdict:
        """The verdict for a hand already in `sort` order (the fast path engines use)."""
        found = self._verdicts.get(hand)
        if found is None:
            limit = self.cache_limit
            if len(self._verdicts) >= limit:
                self._verdicts.clear()
            if len(self._melded_memo) >= limit:
                self._melded_memo.clear()
            found = self._judge(hand, self._melded_memo)
            self._verdicts[hand] = found
        return found

    def loose_sorted(self, hand: tuple[str, ...]) -> int:
        """How many cards of a sorted hand are loose: `Verdict.loose` without building the melds.

        Search and the bots ask this of many hands they never show, so it skips
        the verdict (its melds and card lists) unless one is cached already.

        >>> solver_for(1, 10).loose_sorted(("1", "2", "3", "4", "5", "kitchen", "dink"))
        1
        """
        found = self._loose.get(hand)
        if found is None:
            verdict = self._verdicts.get(hand)
            found = verdict.loose if verdict is not None else self._count_loose(hand)
            if len(self._loose) >= self.cache_limit:
                self._loose.clear()
            self._loose[hand] = found
        return found

    def may_lay_down_sorted(self, hand: tuple[str, ...]) -> bool:
        """`Verdict.can_lay_down` for a sorted hand: complete, or holding a Dink Shot."""
        return DINK in hand or not self.loose_sorted(hand)

    def is_complete(self, cards: Iterable[str]) -> bool:
        """Whether the hand is complete.

        >>> solver_for(1, 10).is_complete("kitchen dink 1 2 3 4 5".split())
        False
        """
        return self.verdict(cards).complete

    def lay_down_discards(self, hand: tuple[str, ...]) -> frozenset[str]:
        """The cards whose discard leaves a hand (from sorted `hand`) that may be laid down.

        >>> sorted(solver_for(1, 10).lay_down_discards(tuple("1 2 3 4 5 6 7 8".split())))
        ['1', '4', '5', '8']
        """
        found = self._lay_down.get(hand)
        if found is None:
            found = self._lay_down_menu(hand)
            if len(self._lay_down) >= self.cache_limit:
                self._lay_down.clear()
            self._lay_down[hand] = found
        return found

    def verdict_uncached(self, cards: Iterable[str]) -> Verdict:
        """The verdict computed from scratch (benchmarks and tests)."""
        return self._judge(self.sort(cards), {})

    # --- the search ---------------------------------------------------------
    def _lay_down_menu(self, hand: tuple[str, ...]) -> frozenset[str]:
        """`lay_down_discards` on card counts: each hand left is judged by one search.

        The hand left may be laid down if it keeps a Dink Shot, or if it holds at
        most one Kitchen or Dink Shot and melds every other card.
        """
        numbers, wilds, free, dinks = self._tally(hand)
        index = self._index
        to_meld = len(hand) - free  # cards to meld if a free card goes; one fewer otherwise
        memo = self._bounded_memo()
        melded_most = self._melded
        if not dinks and (free > 2 or melded_most(numbers, wilds, memo) < to_meld - 1):
            return frozenset()  # no discard can leave every card but one free card melded
        names = []
        previous = ""
        for card in hand:
            if card == previous:
                continue
            previous = card
            if dinks > (card == DINK):  # a Dink Shot stays in hand
                names.append(card)
            elif card in FREE_CARDS:
                if free <= 2 and melded_most(numbers, wilds, memo) == to_meld:
                    names.append(card)
            elif free <= 1:
                position = index.get(card)
                if position is None:  # a wild
                    melded = melded_most(numbers, wilds - 1, memo)
                else:
                    rest = (*numbers[:position], numbers[position] - 1, *numbers[position + 1 :])
                    melded = melded_most(rest, wilds, memo)
                if melded == to_meld - 1:
                    names.append(card)
        return frozenset(names)

    def _count_loose(self, hand: tuple[str, ...]) -> int:
        """Loose cards by the search alone: cards outside the best melds, less one free card."""
        numbers, wilds, free, _dinks = self._tally(hand)
        melded = self._melded(numbers, wilds, self._bounded_memo())
        return len(hand) - free - melded + max(free - 1, 0)

    def _tally(self, hand: tuple[str, ...]) -> tuple[tuple[int, ...], int, int, int]:
        """A hand as the search reads it: counts by number, wilds, free cards, Dink Shots."""
        counts = [0] * self.width
        wilds = free = dinks = 0
        index = self._index
        for card in hand:
            position = index.get(card)
            if position is not None:
                counts[position] += 1
            elif card in WILDS:
                wilds += 1
            elif card in FREE_CARDS:
                free += 1
                dinks += card == DINK
            else:
                raise KeyError(card)
        return tuple(counts), wilds, free, dinks

    def _bounded_memo(self) -> Memo:
        """The melded-cards memo, emptied first when it has reached `cache_limit`."""
        memo = self._melded_memo
        if len(memo) >= self.cache_limit:
            memo.clear()
        return memo

    def _judge(self, hand: tuple[str, ...], memo: Memo) -> Verdict:
        counts = [0] * self.width
        wild_cards: list[str] = []
        free_cards: list[str] = []
        index = self._index
        for card in hand:
            position = index.get(card)
            if position is not None:
                counts[position] += 1
            elif card in WILDS:
                wild_cards.append(card)
            elif card in FREE_CARDS:
                free_cards.append(card)
            else:
                raise KeyError(card)
        plans = self._plans(tuple(counts), len(wild_cards), memo)
        melds, left = self._melds(plans, counts, wild_cards)
        free = None
        extra_free = list(free_cards)
        if free_cards:
            free = DINK if DINK in free_cards else free_cards[0]
            extra_free.remove(free)
        loose_cards = tuple(left + extra_free)
        return Verdict(
            cards=hand,
            complete=not loose_cards,
            melds=tuple(melds),
            free=free,
            loose_cards=loose_cards,
            dinks=free_cards.count(DINK),
            picklers=wild_cards.count(PICKLER),
        )

    def _plans(self, counts: tuple[int, ...], wilds: int, memo: Memo) -> tuple[Plan, ...]:
        """The best split of these number cards and wilds, as the search finds it.

        The search (`_melded`) tries, for the lowest number card left, every meld
        through it, then leaving it loose, and keeps the first split that melds
        the most cards; walking the same order (`_chosen`), the first meld that
        keeps that most is the one it kept.
        """
        plans: list[Plan] = []
        while True:
            from_lowest = bytes(counts).lstrip(b"\0")  # see `_melded`
            if not from_lowest:
                if wilds >= 3:
                    plans.append(("wild", wilds))
                return tuple(plans)
            lowest = len(counts) - len(from_lowest)
            chosen = self._chosen(counts, wilds, lowest, self._melded(counts, wilds, memo), memo)
            if chosen is None:  # the lowest card stays loose
                counts = (*counts[:lowest], counts[lowest] - 1, *counts[lowest + 1 :])
            else:
                plan, counts, wilds = chosen
                plans.append(plan)

    def _melded(self, counts: tuple[int, ...], wilds: int, memo: Memo) -> int:
        """How many cards the best split of these number cards and wilds melds.

        Exhaustive: for the lowest number card left, every meld through it (every
        set, with any number of wilds, then every straight it starts), then leaving
        it loose; it stops early once every card melds.
        """
        key = (counts, wilds)
        found = memo.get(key)
        if found is not None:
            return found
        # The lowest number card left: counts are small, so as bytes the leading zeros strip.
        from_lowest = bytes(counts).lstrip(b"\0")
        if not from_lowest:
            memo[key] = found = wilds if wilds >= 3 else 0
            return found
        lowest = len(counts) - len(from_lowest)
        total = sum(from_lowest) + wilds
        have = counts[lowest]
        before, after = counts[:lowest], counts[lowest + 1 :]
        best = -1
        # Sets of the lowest number, with any number of wilds.
        for naturals in range(have, 0, -1):
            rest = (*before, have - naturals, *after)
            for extra in range(3 - naturals if naturals < 3 else 0, wilds + 1):
                melded = naturals + extra + self._melded(rest, wilds - extra, memo)
                if melded > best:
                    best = melded
                    if best == total:
                        memo[key] = best
                        return best
        # Straights whose lowest number card is it: wilds below, then a card or a wild
        # at each position up (`_chosen` walks the same order).
        width = self.width
        taken = (*before, have - 1, *after)
        for start in range(lowest, max(0, lowest - wilds) - 1, -1):
            below = lowest - start
            stack = [(lowest + 1, below + 1, below, taken)]
            while stack:
                position, length, used, left = stack.pop()
                if length >= 3:
                    melded = length + self._melded(left, wilds - used, memo)
                    if melded > best:
                        best = melded
                        if best == total:
                            memo[key] = best
                            return best
                if position >= width:
                    continue
                if used < wilds:
                    stack.append((position + 1, length + 1, used + 1, left))
                if left[position]:
                    rest = (*left[:position], left[position] - 1, *left[position + 1 :])
                    stack.append((position + 1, length + 1, used, rest))
        # Or the lowest card stays loose.
        melded = self._melded((*before, have - 1, *after), wilds, memo)
        if melded > best:
            best = melded
        memo[key] = best
        return best

    def _chosen(
        self,
        counts: tuple[int, ...],
        wilds: int,
        lowest: int,
        best: int,
        memo: Memo,
    ) -> tuple[Plan, tuple[int, ...], int] | None:
        """The first meld through the lowest number card, in `_melded`'s order, that keeps
        `best` cards melded: the meld and the counts and wilds left; None if none does."""
        have = counts[lowest]
        before, after = counts[:lowest], counts[lowest + 1 :]
        for naturals in range(have, 0, -1):
            rest = (*before, have - naturals, *after)
            for extra in range(3 - naturals if naturals < 3 else 0, wilds + 1):
                if naturals + extra + self._melded(rest, wilds - extra, memo) == best:
                    return ("set", lowest, naturals, extra), rest, wilds - extra
        width = self.width
        taken = (*before, have - 1, *after)
        for start in range(lowest, max(0, lowest - wilds) - 1, -1):
            below = lowest - start
            stack = [(lowest + 1, below + 1, below, taken)]
            while stack:
                position, length, used, left = stack.pop()
                if length >= 3 and length + self._melded(left, wilds - used, memo) == best:
                    # A number card where one was taken (none below the lowest), else a wild.
                    mask = tuple(counts[p] > left[p] for p in range(start, start + length))
                    return ("straight", start, mask), left, wilds - used
                if position >= width:
                    continue
                if used < wilds:
                    stack.append((position + 1, length + 1, used + 1, left))
                if left[position]:
                    rest = (*left[:position], left[position] - 1, *left[position + 1 :])
                    stack.append((position + 1, length + 1, used, rest))
        return None

    def _melds(
        self, plans: tuple[Plan, ...], counts: list[int], wild_cards: list[str]
    ) -> tuple[list[Meld], list[str]]:
        """Turn search plans into melds of real cards; return them and the loose cards."""
        left = list(counts)
        wild_pool = list(wild_cards)
        melds = []
        low = self.lowest
        for plan in plans:
            if plan[0] == "set":
                _, position, naturals, extra = plan
                number = low + position
                left[position] -= naturals
                cards = [(self.numbers[position], number)] * naturals
                cards += [(wild_pool.pop(0), number) for _ in range(extra)]
                melds.append(Meld("set", tuple(cards)))
            elif plan[0] == "straight":
                _, start, mask = plan
                cards = []
                for offset, natural in enumerate(mask):
                    position = start + offset
                    if natural:
                        left[position] -= 1
                        cards.append((self.numbers[position], low + position))
                    else:
                        cards.append((wild_pool.pop(0), low + position))
                melds.append(Meld("straight", tuple(cards)))
            else:
                count = plan[1]
                cards = [(wild_pool.pop(0), self.highest) for _ in range(count)]
                melds.append(Meld("set", tuple(cards)))
        loose = [self.numbers[i] for i, n in enumerate(left) for _ in range(n)]
        return melds, loose + wild_pool
