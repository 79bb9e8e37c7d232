"""A stochastic `medium`: how likely each move of another seat is, given the hand it holds.

The `hard` card bot guesses the hidden hands by asking how well each guess
explains what the other seats did. Its model of another player is the
`medium` bot made noisy: a softmax over the heuristic's own evaluation of
each legal move, mixed with a little uniform noise so that a player who is
not `medium` (a person, another bot) never makes a guess impossible.

- Taking the top discard against drawing: the heuristic takes a card that
  leaves fewer loose cards (or a wild card or Dink Shot that costs nothing).
  Its evaluation here: 2 per loose card saved (the unit of
  `card_heuristic`'s hand score), plus 1.2 for the free wild or Dink Shot,
  less 1 (taking shows the card to the table).
- A discard: the heuristic's score of the seven cards kept (2 per loose
  card, a bonus for a complete hand, Dink Shots, wilds) less its guards
  (a card the next seat collects, a wild or Dink Shot). Outs are left out:
  they cost too much to count for hundreds of guesses and weigh little.
- Not laying down a hand `medium` would lay down (complete, or a Dink Shot
  while receiving) is unlikely (`NOT_LAYING`).

`TEMPERATURE` (0.35 in those units) makes a discard that leaves one loose
card fewer about 300 times likelier than the other, a tie-break guard
(0.3) about twice; a take that saves a loose card is chosen 95% of the
time, one that saves nothing 7%.

>>> from pickletable.games.card.solver import solver_for
>>> model = OpponentModel(solver_for(1, 10), serving=False, collected=frozenset())
>>> round(model.take_chance(("1", "2", "5", "6", "9", "9", "kitchen"), "7"), 2)  # 5 6 7
0.98
>>> round(model.take_chance(("1", "2", "5", "6", "9", "9", "kitchen"), "10"), 2)
0.07
"""

from __future__ import annotations

import math

from pickletable.games.card.content import DINK, PICKLER, WILDS
from pickletable.games.card.solver import HandSolver

TEMPERATURE = 0.35
"""Softmax temperature over the heuristic's evaluation (2 per loose card)."""
NOISE = 0.03
"""Share of moves the model allows to be anything legal (a player who is not `medium`)."""
NOT_LAYING = 0.05
"""Relative chance of keeping back a hand `medium` would lay down."""
TAKE_COST = 1.0
"""Taking the discard shows the card; the heuristic needs a reason to do it."""


class OpponentModel:
    """Move probabilities of one seat under the stochastic `medium`, memoised per hand."""

    def __init__(
        self,
        solver: HandSolver,
        *,
        serving: bool,
        collected: frozenset[str],
        barred_taken: bool = True,
        ending: bool = False,
    ) -> None:
        self.solver = solver
        self.serving = serving
        self.collected = collected
        """Cards the seat after this one is collecting (a discard the heuristic avoids)."""
        self.barred_taken = barred_taken
        """Whether a card taken this turn may not be discarded (option no_discard_taken_card)."""
        self.ending = ending
        """Whether the rally is ending (final lap, last cards): `medium` lays down any hand."""
        self._discards: dict[tuple[tuple[str, ...], str | None], dict[str, float]] = {}
        self._takes: dict[tuple[tuple[str, ...], str], float] = {}

    def take_chance(self, hand: tuple[str, ...], top: str) -> float:
        """The chance that a seat holding `hand` (sorted, before its turn) takes `top`."""
        key = (hand, top)
        found = self._takes.get(key)
        if found is not None:
            return found
        solver = self.solver
        loose = solver.loose_sorted(hand)
        longer = insert(hand, top, solver.order)
        barred = top if self.barred_taken else None
        best = min(
            solver.loose_sorted(without(longer, card))
            for card in set(longer)
            if card != barred or longer.count(card) > 1
        )
        value = 2.0 * (loose - best) - TAKE_COST
        if (top in WILDS or (top == DINK and DINK not in hand)) and best <= loose:
            value += 1.2
        chance = (1 - NOISE) / (1 + math.exp(-value / TEMPERATURE)) + NOISE / 2
        self._takes[key] = chance
        return chance

    def discard_chances(self, hand: tuple[str, ...], barred: str | None) -> dict[str, float]:
        """The chance of each discard from `hand` (sorted, eight cards) under the model."""
        key = (hand, barred)
        found = self._discards.get(key)
        if found is not None:
            return found
        values: dict[str, float] = {}
        for card in set(hand):
            if card == barred and hand.count(card) < 2:
                continue
            value = self.hand_score(without(hand, card))
            if card in self.collected:
                value -= 0.3
            if card in WILDS or card == DINK:
                value -= 0.2
            values[card] = value
        top = max(values.values())
        weights = {card: math.exp((value - top) / TEMPERATURE) for card, value in values.items()}
        total = sum(weights.values())
        share = NOISE / len(weights)
        chances = {card: (1 - NOISE) * weight / total + share for card, weight in weights.items()}
        self._discards[key] = chances
        return chances

    def hand_score(self, hand: tuple[str, ...]) -> float:
        """`card_heuristic`'s score of a seven-card hand, without outs."""
        loose = self.solver.loose_sorted(hand)
        value = -2.0 * loose + 1.2 * hand.count(DINK)
        if not loose:
            value += 3.0 + (hand.count(PICKLER) if self.serving else 0)
        return value + 0.1 * sum(1 for card in hand if card in WILDS)

    def keep_chance(self, kept: tuple[str, ...]) -> float:
        """The chance of not laying down the seven cards `kept` after a discard."""
        loose = self.solver.loose_sorted(kept)
        if self.ending and (loose == 0 or DINK in kept):
            return NOT_LAYING
        if loose == 0:
            return NOT_LAYING
        if DINK in kept and (not self.serving or loose >= 3):
            return NOT_LAYING
        return 1.0


def insert(hand: tuple[str, ...], card: str, order: dict[str, int]) -> tuple[str, ...]:
    """A sorted hand with one more card, still sorted."""
    rank = order[card]
    position = next((i for i, held in enumerate(hand) if order[held] > rank), len(hand))
    return (*hand[:position], card, *hand[position:])


def without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A sorted hand with one copy of `card` removed."""
    position = hand.index(card)
    return hand[:position] + hand[position + 1 :]
