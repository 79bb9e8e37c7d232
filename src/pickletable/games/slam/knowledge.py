"""What each seat knows about cards it cannot see, and re-dealing the rest.

Every seat sees its own hand and its own face-down discards, the centre pile
and every count. Beyond that, a seat may know cards in another player's
hand: after a SWITCH, each of the two players knows the other now holds its
old hand; after the deal, everyone knows who holds two or more DRAW cards
(they are the ones asked to swap). That knowledge shrinks as the holder
plays those cards face up and is dropped when the holder discards or returns
a card face down (the seat cannot tell which card went). `redeal` keeps all
of it and deals every other hidden card again at random.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["switch-2", "1", "1"], ["2", "3"], ["4"]], leader=0)
>>> for text in ("play switch-2", "target p2"):
...     _ = state.apply_text(text)
>>> state.known[(0, 1)]
('1', '1')
>>> import random
>>> state.resample(0, random.Random(7)).hand(1)
{'1': 2}
"""

from __future__ import annotations

import random

from pickletable.core.piles import Pile
from pickletable.games.slam.codes import Step
from pickletable.games.slam.position import SlamPosition


def switched(state: SlamPosition, seat: int, other: int) -> None:
    """Before `seat` and `other` swap hands: move and create the knowledge about them."""
    known = state.known
    n = state.rules.players
    moved: dict[tuple[int, int], tuple[str, ...]] = {}
    for viewer in range(n):
        for holder, new_holder in ((seat, other), (other, seat)):
            cards = known.pop((viewer, holder), None)
            if cards and viewer != new_holder:
                moved[(viewer, new_holder)] = cards
    known.update(moved)
    known[(seat, other)] = _as_cards(state.hands[seat])
    known[(other, seat)] = _as_cards(state.hands[other])
    for key in ((seat, other), (other, seat)):
        if not known[key]:
            del known[key]


def everyone_knows(state: SlamPosition, holder: int, cards: tuple[str, ...]) -> None:
    """Every other seat now knows `holder` holds at least `cards` (e.g. two DRAW cards)."""
    for viewer in range(state.rules.players):
        if viewer != holder:
            if cards:
                state.known[(viewer, holder)] = cards
            else:
                state.known.pop((viewer, holder), None)


def played(state: SlamPosition, holder: int, code: str) -> None:
    """`holder` showed `code` (played it face up): it is no longer in its hand."""
    known = state.known
    if not known:
        return
    for viewer in range(state.rules.players):
        cards = known.get((viewer, holder))
        if cards and code in cards:
            index = cards.index(code)
            rest = cards[:index] + cards[index + 1 :]
            if rest:
                known[(viewer, holder)] = rest
            else:
                del known[(viewer, holder)]


def forget_hand(state: SlamPosition, holder: int) -> None:
    """`holder` let a card go face down: nobody can tell which, so what they knew is dropped."""
    known = state.known
    if not known:
        return
    for viewer in range(state.rules.players):
        known.pop((viewer, holder), None)


def redeal(state: SlamPosition, seat: int | None, rng: random.Random) -> None:
    """Deal again, at random, every card `seat` cannot see (None: a spectator).

    Kept: the seat's own hand, discards and drawn card, the centre, every
    count, and the cards it knows in other hands. Re-dealt among other hands,
    other discard piles, another player's drawn card and the stack: the rest.
    """
    n = state.rules.players
    pool: list[str] = []
    hand_needs: list[int] = [0] * n
    pile_needs: list[int] = [0] * n
    for holder in range(n):
        if holder == seat:
            continue
        hand = state.hands[holder]
        kept = _counts(state.known.get((seat, holder), ())) if seat is not None else {}
        for code, copies in hand.items():
            pool.extend([code] * (copies - kept.get(code, 0)))
        state.hands[holder] = kept
        hand_needs[holder] = state.sizes[holder] - sum(kept.values())
        for code, copies in state.discards[holder].items():
            pool.extend([code] * copies)
        state.discards[holder] = {}
        pile_needs[holder] = state.discard_sizes[holder]
    drawn_hidden = state.step == Step.DISCARD and state.receiver != seat and state.drawn is not None
    if drawn_hidden and state.drawn is not None:
        pool.append(state.drawn)
    for code, copies in state.stack.unseen.items():
        pool.extend([code] * copies)
    pool.sort()  # the re-deal depends only on what the seat knows, not on the true hands
    rng.shuffle(pool)
    for holder in range(n):
        for _ in range(hand_needs[holder]):
            code = pool.pop()
            hand = state.hands[holder]
            hand[code] = hand.get(code, 0) + 1
        for _ in range(pile_needs[holder]):
            code = pool.pop()
            pile = state.discards[holder]
            pile[code] = pile.get(code, 0) + 1
    if drawn_hidden:
        state.drawn = pool.pop()
    state.stack = Pile(_counts(tuple(pool)), list(state.stack.known))
    # Other seats' knowledge is not this seat's to keep: it would not fit the new deal.
    state.known = {key: cards for key, cards in state.known.items() if key[0] == seat}
    state._legal = None


def _counts(cards: tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for code in cards:
        counts[code] = counts.get(code, 0) + 1
    return counts


def _as_cards(hand: dict[str, int]) -> tuple[str, ...]:
    return tuple(code for code, copies in hand.items() for _ in range(copies))
