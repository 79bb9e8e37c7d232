"""A slow, obviously correct hand judge: try every way to cut the cards into groups.

It shares no code with the solver. A group is a meld when it has three or
more cards and its number cards are all equal (a set), or all different and
fit, with the wilds filling the gaps, in a run of consecutive numbers within
the deck (a straight). A group of wilds only is always a meld.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

LOWEST, HIGHEST = 1, 10
WILD = {"smash", "pickler"}
FREE = {"kitchen", "dink"}


def is_meld(group: tuple[str, ...]) -> bool:
    """Whether these cards form one set or one straight."""
    if len(group) < 3:
        return False
    numbers = [int(card) for card in group if card not in WILD]
    if not numbers or len(set(numbers)) == 1:
        return True
    if len(set(numbers)) != len(numbers):
        return False
    size = len(group)
    first_start = max(LOWEST, max(numbers) - size + 1)
    last_start = min(min(numbers), HIGHEST - size + 1)
    return first_start <= last_start


@cache
def can_cut(cards: tuple[str, ...]) -> bool:
    """Whether all these cards (sorted) split into melds: the first card's group, then the rest."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(2, len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            group = (first, *(rest[i] for i in others))
            if is_meld(group):
                left = tuple(card for i, card in enumerate(rest) if i not in others)
                if can_cut(left):
                    return True
    return False


def reference_complete(cards: list[str]) -> bool:
    """Complete: every card melded, or exactly one Kitchen/Dink Shot beside melds."""
    free = [card for card in cards if card in FREE]
    if len(free) > 1:
        return False
    return can_cut(tuple(sorted(card for card in cards if card not in FREE)))


def reference_loose(cards: list[str]) -> int:
    """Fewest loose cards: the largest sub-multiset that splits into melds."""
    free = [card for card in cards if card in FREE]
    rest = sorted(card for card in cards if card not in FREE)
    extra = max(0, len(free) - 1)
    for keep in range(len(rest), 0, -1):
        seen = set()
        for chosen in combinations(rest, keep):
            if chosen in seen:
                continue
            seen.add(chosen)
            if can_cut(chosen):
                return len(rest) - keep + extra
    return len(rest) + extra
