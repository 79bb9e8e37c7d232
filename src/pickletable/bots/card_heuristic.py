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
>>> state.observation(2)["hand"]
['1', '2', '3', '4', '5', '6', 'smash']
>>> str(choose(AgentView(state, 2), random.Random(0)))  # a 10 helps nothing
'draw'
"""

from __future__ import annotations

import random
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.games.card.solver import HandSolver, solver_for

WILD_CARDS = ("smash", "pickler")
DINK = "dink"
USUAL_COPIES = {"smash": 4, "pickler": 2, "kitchen": 4, "dink": 2}
"""Copies of the special cards in the usual deck (numbers: 4 each); only to weigh outs."""


def choose(view: AgentView, rng: random.Random) -> Action:
    """The heuristic action for the seat of `view`."""
    del rng
    return _choose(view, outs=True)


def rollout_choose(view: AgentView, rng: random.Random) -> Action:
    """The same rules without counting outs: quicker, for ISMCTS rollouts."""
    del rng
    return _choose(view, outs=False)


def _choose(view: AgentView, *, outs: bool) -> Action:
    observation = view.observation
    legal = view.legal_actions
    judge = _Judge(observation, view.seat, outs=outs)
    if observation["stage"] == "turn":
        return _draw_or_take(judge, observation, legal)
    return _discard(judge, observation, legal)


class _Judge:
    """Scores hands for one seat from what it has seen."""

    def __init__(self, observation: dict[str, Any], seat: int, *, outs: bool) -> None:
        self.count_outs = outs
        titles = observation["titles"]
        numbers = sorted(int(name) for name in titles if name.isdigit())
        self.solver: HandSolver = solver_for(numbers[0], numbers[-1])
        self.cards = list(titles)
        me = next(entry for entry in observation["seats"] if entry["seat"] == seat)
        self.serving = observation["serving_team"] == me["team"]
        seen: dict[str, int] = {}
        visible = list(observation["hand"] or []) + list(observation["discard_pile"])
        for entry in observation["seats"]:
            if entry["seat"] == seat:
                continue
            visible += entry["hand"] if entry["hand"] is not None else entry["known"]
        for card in visible:
            seen[card] = seen.get(card, 0) + 1
        self.unseen = {
            card: max(0, (4 if card.isdigit() else USUAL_COPIES.get(card, 2)) - seen.get(card, 0))
            for card in self.cards
        }
        self._scores: dict[tuple[str, ...], float] = {}

    def sort(self, cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
        return self.solver.sort(cards)

    def loose(self, hand: tuple[str, ...]) -> int:
        return self.solver.verdict_sorted(hand).loose

    def score(self, hand: tuple[str, ...]) -> float:
        """How good a seven-card hand is for this seat (higher is better)."""
        found = self._scores.get(hand)
        if found is not None:
            return found
        verdict = self.solver.verdict_sorted(hand)
        value = -2.0 * verdict.loose + 1.2 * verdict.dinks
        if verdict.complete:
            value += 3.0 + (verdict.picklers if self.serving else 0)
        if self.count_outs:
            value += 0.02 * self.outs(hand, verdict.loose)
        value += 0.1 * sum(hand.count(wild) for wild in WILD_CARDS)
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
            if solver.verdict_sorted(longer).loose - 1 < loose:
                total += copies
        return total


def _draw_or_take(judge: _Judge, observation: dict[str, Any], legal: list[Action]) -> Action:
    take = next((action for action in legal if action.verb == "take"), None)
    draw = next(action for action in legal if action.verb == "draw")
    if take is None:
        return draw
    top = take.args[0]
    hand = judge.sort(observation["hand"])
    barred = top if observation["options"].get("no_discard_taken_card", True) else None
    with_top = judge.sort([*hand, top])
    best_loose = min(
        judge.loose(_without(with_top, card)) for card in set(with_top) if card != barred
    )
    loose = judge.loose(hand)
    if best_loose < loose:
        return take
    if (top in WILD_CARDS or (top == DINK and DINK not in hand)) and best_loose <= loose:
        return take
    return draw


def _discard(judge: _Judge, observation: dict[str, Any], legal: list[Action]) -> Action:
    hand = judge.sort(observation["hand"])
    collected = _collected_by_next(observation)
    best: Action = legal[0]
    best_value = float("-inf")
    lay_wanted = _lay_wanted(judge, observation)
    for action in legal:
        card = action.args[0]
        lays = len(action.args) > 1
        rest = _without(hand, card)
        value = judge.score(rest)
        if card in collected:
            value -= 0.3
        if card in WILD_CARDS or card == DINK:
            value -= 0.2
        if lays:
            if not lay_wanted(rest):
                continue
            value += 0.01
        if value > best_value:
            best, best_value = action, value
    return best


def _lay_wanted(judge: _Judge, observation: dict[str, Any]) -> Any:
    """A test of the seven cards left after a discard: lay them down?"""
    ending = observation["final_lap"] or (
        observation["draw_count"] <= 4
        and observation["reshuffles"] >= int(observation["options"].get("reshuffle_limit", 1))
    )

    def wanted(rest: tuple[str, ...]) -> bool:
        verdict = judge.solver.verdict_sorted(rest)
        if ending or verdict.complete:
            return True
        if not verdict.dinks:
            return False
        return not judge.serving or verdict.loose >= 3

    return wanted


def _collected_by_next(observation: dict[str, Any]) -> set[str]:
    """Cards the next seat would like: those it took from the discard pile, and neighbours."""
    seats = [entry["seat"] for entry in observation["seats"]]
    me = observation["seat"]
    following = seats[(seats.index(me) + 1) % len(seats)]
    entry = next(entry for entry in observation["seats"] if entry["seat"] == following)
    wanted: set[str] = set()
    for card in entry["known"]:
        wanted.add(card)
        if card.isdigit():
            wanted.update({str(int(card) - 1), str(int(card) + 1)})
    return wanted


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    position = hand.index(card)
    return hand[:position] + hand[position + 1 :]
