"""Card game rules of thumb: keep cards that extend melds, watch the discard pile, lay down
when it pays, hold Dink Shots.

A hand is judged by the exact hand solver (`games/card/solver.py`): fewest
loose cards first, then a bonus for being complete (more when serving, plus
the Picklers), a point for each Dink Shot, and its *outs*: how many unseen
cards would cut a loose card. Unseen counts come from what the seat saw:
its hand, the discard pile, hands laid face up, cards others took.

- Take the discard only if it leaves the hand with fewer loose cards (or a
  wild card or Dink Shot that costs nothing); otherwise draw.
- Discard the card whose loss hurts the hand least; among equals, not a
  card the next player has been collecting (it took a neighbour of it).
- Lay down a complete hand at once; with a Dink Shot, lay down at once when
  the other team serves (it steals the serve and ends the rally), and when
  serving only if the hand is far from complete or the rally is ending; in
  the final lap, always (it can only win the serve).

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> _ = state.apply_text("show kitchen")  # North serves; South is dealt first
>>> for card in "1 9 2 9 3 9 4 8 5 7 6 kitchen smash 3".split():
...     _ = state.apply_text(f"deal {card}")
>>> _ = state.apply_text("flip 10")
>>> state.observe(2).hand
('1', '2', '3', '4', '5', '6', 'smash')
>>> str(choose(AgentView(state, 2), random.Random(0)))  # a 10 helps nothing
'draw'
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.games.card.codes import Step
from pickletable.games.card.content import DINK, PICKLER, WILDS
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.solver import HandSolver, solver_for


def choose(view: AgentView, rng: random.Random) -> Action:
    """The heuristic action for the seat of `view`."""
    del rng
    return _choose(view, outs=True)


def rollout_choose(view: AgentView, rng: random.Random) -> Action:
    """The same rules without counting outs: quicker, for ISMCTS rollouts."""
    del rng
    return _choose(view, outs=False)


def choose_with(
    view: AgentView, *, serving_dink_loose: int | None = 3, completion_weight: float = 0.0
) -> Action:
    """These rules with other settings (`hard` plays them as its default choice).

    `serving_dink_loose`: the loose cards at which a serving hand with a Dink
    Shot is laid down before it is complete (`None`: only when complete or
    the rally is ending); `completion_weight`: worth, in the units where a
    loose card costs 2, of the chance that the next draw completes the hand
    kept (`completion_chance`). The defaults are `medium`.
    """
    return _choose(
        view,
        outs=True,
        serving_dink_loose=serving_dink_loose,
        completion_weight=completion_weight,
    )


def completion_chance(observed: CardObservation, hand: tuple[str, ...] | list[str]) -> float:
    """The chance that one draw, with the right discard, completes this seven-card hand.

    Draws are counted over the cards the seat has not seen (`medium`'s unseen counts).
    """
    assert observed.seat is not None
    judge = _Judge(observed, observed.seat, outs=False)
    return judge.completion_chance(judge.sort(list(hand)))


def _choose(
    view: AgentView[CardObservation],
    *,
    outs: bool,
    serving_dink_loose: int | None = 3,
    completion_weight: float = 0.0,
) -> Action:
    observed = view.observed
    legal = view.legal_actions
    judge = _Judge(observed, view.seat, outs=outs, completion_weight=completion_weight)
    if observed.step == Step.TURN:
        return _draw_or_take(judge, observed, legal)
    return _discard(judge, observed, legal, serving_dink_loose)


class _Judge:
    """Scores hands for one seat from what it has seen."""

    def __init__(
        self, observed: CardObservation, seat: int, *, outs: bool, completion_weight: float = 0.0
    ) -> None:
        self.count_outs = outs
        self.completion_weight = completion_weight
        self.observed = observed
        self.seat = seat
        deck = observed.deck
        self.solver: HandSolver = solver_for(deck.lowest, deck.highest)
        self.serving = observed.serving_team == observed.team_of(seat)
        self._unseen: dict[str, int] | None = None
        self._scores: dict[tuple[str, ...], float] = {}

    @property
    def unseen(self) -> dict[str, int]:
        """Copies of each card this seat has not seen (worked out on first use)."""
        if self._unseen is None:
            observed = self.observed
            seen: dict[str, int] = {}
            visible = list(observed.hand or ()) + list(observed.discards)
            for other in observed.seats:
                if other != self.seat:
                    face_up = observed.face_up[other]
                    visible += face_up if face_up is not None else observed.known[other]
            for card in visible:
                seen[card] = seen.get(card, 0) + 1
            self._unseen = {
                card: max(0, copies - seen.get(card, 0))
                for card, copies in observed.deck.counts.items()
            }
        return self._unseen

    def sort(self, cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
        return self.solver.sort(cards)

    def loose(self, hand: tuple[str, ...]) -> int:
        return self.solver.loose_sorted(hand)

    def score(self, hand: tuple[str, ...]) -> float:
        """How good a seven-card hand is for this seat (higher is better)."""
        found = self._scores.get(hand)
        if found is not None:
            return found
        loose = self.solver.loose_sorted(hand)
        value = -2.0 * loose + 1.2 * hand.count(DINK)
        if not loose:
            value += 3.0 + (hand.count(PICKLER) if self.serving else 0)
        if self.count_outs:
            value += 0.02 * self.outs(hand, loose)
        value += 0.1 * sum(1 for card in hand if card in WILDS)
        if self.completion_weight and loose:
            value += self.completion_weight * self.completion_chance(hand)
        self._scores[hand] = value
        return value

    def outs(self, hand: tuple[str, ...], loose: int) -> int:
        """Unseen cards that would cut a loose card (drawn, with the right discard)."""
        if loose == 0:
            return 0
        total = 0
        solver = self.solver
        order = solver.order
        for card, copies in self.unseen.items():
            if not copies:
                continue
            rank = order[card]
            position = next((i for i, held in enumerate(hand) if order[held] > rank), len(hand))
            longer = (*hand[:position], card, *hand[position:])
            if solver.loose_sorted(longer) - 1 < loose:
                total += copies
        return total

    def completion_chance(self, hand: tuple[str, ...]) -> float:
        """The chance that one draw from the unseen cards, with the right discard, completes it."""
        solver = self.solver
        total = hits = 0
        for card, copies in self.unseen.items():
            if not copies:
                continue
            total += copies
            eight = self.sort([*hand, card])
            if any(not solver.loose_sorted(_without(eight, out)) for out in set(eight)):
                hits += copies
        return hits / total if total else 0.0


def _draw_or_take(judge: _Judge, observed: CardObservation, legal: list[Action]) -> Action:
    take = next((action for action in legal if action.verb == "take"), None)
    draw = next(action for action in legal if action.verb == "draw")
    if take is None:
        return draw
    top = take.args[0]
    hand = observed.hand or ()
    barred = top if observed.options.get("no_discard_taken_card", True) else None
    with_top = judge.sort([*hand, top])
    best_loose = min(
        judge.loose(_without(with_top, card)) for card in set(with_top) if card != barred
    )
    loose = judge.loose(hand)
    if best_loose < loose:
        return take
    if (top in WILDS or (top == DINK and DINK not in hand)) and best_loose <= loose:
        return take
    return draw


def _discard(
    judge: _Judge,
    observed: CardObservation,
    legal: list[Action],
    serving_dink_loose: int | None = 3,
) -> Action:
    hand = observed.hand or ()
    collected = _collected_by_next(observed)
    best: Action = legal[0]
    best_value = float("-inf")
    lay_wanted = _lay_wanted(judge, observed, serving_dink_loose)
    for action in legal:
        card = action.args[0]
        lays = len(action.args) > 1
        rest = _without(hand, card)
        value = judge.score(rest)
        if card in collected:
            value -= 0.3
        if card in WILDS or card == DINK:
            value -= 0.2
        if lays:
            if not lay_wanted(rest):
                continue
            value += 0.01
        if value > best_value:
            best, best_value = action, value
    return best


def _lay_wanted(
    judge: _Judge, observed: CardObservation, serving_dink_loose: int | None = 3
) -> Callable[[tuple[str, ...]], bool]:
    """A test of the seven cards left after a discard: lay them down?"""
    ending = observed.final_lap or (
        observed.draw_count <= 4
        and observed.reshuffles >= int(observed.options.get("reshuffle_limit", 1))
    )

    def wanted(rest: tuple[str, ...]) -> bool:
        loose = judge.solver.loose_sorted(rest)
        if ending or not loose:
            return True
        if DINK not in rest:
            return False
        if not judge.serving:
            return True
        return serving_dink_loose is not None and loose >= serving_dink_loose

    return wanted


def _collected_by_next(observed: CardObservation) -> set[str]:
    """Cards the next seat would like: those it took from the discard pile, and neighbours."""
    assert observed.seat is not None
    numbers = observed.deck.numbers
    wanted: set[str] = set()
    for card in observed.known[observed.next_seat(observed.seat)]:
        wanted.add(card)
        if card in numbers:
            place = numbers.index(card)
            wanted.update(numbers[max(place - 1, 0) : place + 2])
    return wanted


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    position = hand.index(card)
    return hand[:position] + hand[position + 1 :]
