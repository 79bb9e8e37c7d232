"""What the other seats did between two of a seat's decisions, read from its observations.

A seat's observation shows the discard pile, the cards each seat was seen
taking (and still holds) and the size of the draw pile, but no log. Between
a seat's discard and its next turn every other seat played one turn: it took
the top discard or drew, then discarded. Which of them took, and what each
discarded, follows from the pile and the taken cards, unless the draw pile
was reshuffled, a rally ended, or a seat discarded a card it had taken;
then `turns_between` gives `None` and the caller falls back on what the
observation shows now.

>>> nothing: list[tuple[str, ...]] = [(), ()]
>>> turns_between(["3", "5"], nothing, [1], ["3", "5", "9"], nothing, draws=1)
[SeenTurn(seat=1, top='5', took=False, discarded='9', laid=False)]
>>> turns_between(["3", "5"], nothing, [1], ["3", "9"], [(), ("5",)], draws=0)
[SeenTurn(seat=1, top='5', took=True, discarded='9', laid=False)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

UNKNOWN = "?"
"""A card on the pile the seat did not see (the first discard, taken before its first turn)."""


@dataclass(frozen=True)
class SeenTurn:
    """One turn of another seat: the top discard it faced, whether it took it, its discard."""

    seat: int
    top: str
    took: bool
    discarded: str
    laid: bool


def turns_between(
    pile: Sequence[str],
    known: Sequence[Sequence[str]],
    order: Sequence[int],
    now_pile: Sequence[str],
    now_known: Sequence[Sequence[str]],
    draws: int,
    laid: Sequence[int] = (),
) -> list[SeenTurn] | None:
    """The turns of the seats in `order`, from the pile and taken cards before and after.

    `pile` is the discard pile after the seat's own discard (bottom first; its
    bottom may be `UNKNOWN`), `known` each seat's taken cards then; `now_pile`
    and `now_known` the same at the next decision; `draws` how many cards
    left the draw pile; `laid` the seats that laid down in between.
    """
    gained = []
    for seat in order:
        extra = Counter(now_known[seat]) - Counter(known[seat])
        if sum(extra.values()) > 1:
            return None
        gained.append(next(iter(extra), None))
    if len(order) - sum(card is not None for card in gained) != draws:
        return None
    base = list(pile)
    if gained and gained[0] is not None:
        if not base:
            return None
        top = base.pop()
        if top != UNKNOWN and top != gained[0]:
            return None
    kept = list(now_pile[len(base) :])
    if len(now_pile) < len(base) or not _same(base, now_pile[: len(base)]):
        return None
    turns = []
    top = pile[-1] if pile else UNKNOWN
    if gained and gained[0] is not None:
        top = gained[0]
    elif top == UNKNOWN and base:
        top = now_pile[len(base) - 1]
    for index, seat in enumerate(order):
        took = gained[index] is not None
        following = gained[index + 1] if index + 1 < len(order) else None
        if following is not None:
            discarded = following
        elif kept:
            discarded = kept.pop(0)
        else:
            return None
        turns.append(SeenTurn(seat, top, took, discarded, seat in laid))
        top = discarded
    if kept or UNKNOWN in {turn.top for turn in turns[1:]}:
        return None
    return turns


def _same(expected: Sequence[str], seen: Sequence[str]) -> bool:
    return all(a in (b, UNKNOWN) for a, b in zip(expected, seen, strict=True))
