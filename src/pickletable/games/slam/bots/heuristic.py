"""Slam rules of thumb: climb cheaply, keep 5s and POACH, use twists when they win.

The round goes to whoever plays last, so cards that carry a 5 (nothing
follows a 5 but a 5) and a POACH (a way back into a duel) are kept; twist
cards are spent when they pay:

- DRAW phase: keep the best five of the six cards (5s first, then twists,
  then high numbers; one DRAW card is worth keeping as an escape, more are
  not); lay a PLAY card face up to start the PLAY phase when the hand holds
  two cards carrying a 5; swap away every extra DRAW card after the deal.
- PLAY phase: play the cheapest card that follows (the same number before
  one higher, a plain number or a DRAW TWO before a twist, a 5 last);
  SHAKE & BAKE a player with one or two cards (few cards, little chance of a
  5); TARGET & RESET the weakest player when holding two 5s; SWITCH with a
  player who holds two cards more. With nothing to follow, play a DRAW card
  rather than drop out. In doubles the lead says "yours" when it could only
  spend a 5 and its partner holds more cards.
- POACH whenever a duel leaves this seat (and its team) out; as a duellist,
  POACH only when no other number card follows (rather than play a DRAW
  card or drop out); answer a SHAKE & BAKE with a 5 if there
  is one, else the cheapest card. With nothing to draw, lay a held PLAY card
  on the same terms as a discard.

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3", "4", "5"], ["2"], ["1"]], leader=0)
>>> _ = state.apply_text("play 3")
>>> str(choose(AgentView(state, 1), random.Random(0)))
'pass'
>>> state = arrange(GAME.new_game(3), hands=[["2", "3", "5"], ["2"], ["1"]], leader=0)
>>> str(choose(AgentView(state, 0), random.Random(0)))
'play 2'
"""

from __future__ import annotations

import random

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.games.slam.codes import Step
from pickletable.games.slam.content import (
    DRAW,
    DRAW_TWO,
    HIGHEST,
    PLAY,
    POACH,
    SHAKE_AND_BAKE,
    SWITCH,
    TARGET_AND_RESET,
)
from pickletable.games.slam.moves import seat_of_target
from pickletable.games.slam.observer import SlamObservation

TOP = HIGHEST
TWIST_BONUS = {
    SHAKE_AND_BAKE: 2.0,
    POACH: 1.8,
    TARGET_AND_RESET: 1.2,
    DRAW_TWO: 1.0,
    SWITCH: 0.6,
}


def choose(view: AgentView[SlamObservation], rng: random.Random) -> Action:
    """The heuristic action for the seat of `view`."""
    return decide(view.seat, view.observed, view.legal_actions, rng)


def decide(
    seat: int, observation: SlamObservation, legal: list[Action], rng: random.Random
) -> Action:
    """The heuristic action for `seat`, from its observation and its legal actions."""
    step = observation.step
    verbs = {action.verb for action in legal}
    if step == Step.SWAP:
        return max(legal, key=lambda action: int(action.args[0]) if action.args else 0)
    if step == Step.DISCARD:
        return _discard(observation, legal)
    if step == Step.NO_DRAW:
        return _no_draw(observation, legal)
    if step == Step.REFILL_RETURN:
        hand = observation.hand
        return min(legal, key=lambda action: _keep_value(observation, action.args[0], hand))
    if step == Step.SHAKE:
        return _answer_shake(observation, legal)
    if step == Step.POACH_WINDOW:
        return _poach(seat, observation, legal)
    if step == Step.TARGET:
        return _target(observation, legal)
    if "play" in verbs or "pass" in verbs or "yours" in verbs:
        return _play(seat, observation, legal)
    return legal[rng.randrange(len(legal))]


# --- reading cards -------------------------------------------------------------------
def _keep_value(observation: SlamObservation, code: str, hand: tuple[str, ...]) -> float:
    """How much a card is worth keeping in a hand."""
    card = observation.card(code)
    if card.kind == DRAW:
        draws = sum(1 for held in hand if observation.card(held).kind == DRAW)
        return 2.5 if draws <= 1 else 0.0
    if card.kind == PLAY:
        return 2.0
    number = card.number or 0
    value = float(number) + (2.5 if number == TOP else 0.0)
    return value + TWIST_BONUS.get(card.kind, 0.0)


def _fives(observation: SlamObservation, hand: tuple[str, ...]) -> int:
    return sum(1 for code in hand if observation.card(code).number == TOP)


def _is(observation: SlamObservation, action: Action, kind: str) -> bool:
    """Whether an action names a card of this kind."""
    return bool(action.args) and observation.card(action.args[0]).kind == kind


# --- the DRAW phase ----------------------------------------------------------------------
def _discard(observation: SlamObservation, legal: list[Action]) -> Action:
    drawn = observation.drawn
    cards = (*observation.hand, drawn) if drawn else observation.hand
    for action in legal:
        if (
            action.verb == "discard"
            and _is(observation, action, PLAY)
            and _fives(observation, cards) >= 2
        ):
            return action
    discards = [
        action
        for action in legal
        if action.verb == "discard" and not _is(observation, action, PLAY)
    ]
    if not discards:
        return legal[0]
    return min(discards, key=lambda action: _keep_value(observation, action.args[0], cards))


def _no_draw(observation: SlamObservation, legal: list[Action]) -> Action:
    """Nothing to draw: start the PLAY phase on the same terms as from a discard."""
    lay = next((action for action in legal if action.verb == "discard"), None)
    if lay is not None and _fives(observation, observation.hand) >= 2:
        return lay
    return next(action for action in legal if action.verb == "pass")


# --- the PLAY phase -----------------------------------------------------------------------
def _play(seat: int, observation: SlamObservation, legal: list[Action]) -> Action:
    plays = [action for action in legal if action.verb == "play"]
    hand = observation.hand
    counts = observation.hand_counts
    numbered = [action for action in plays if not _is(observation, action, DRAW)]
    if seat in (observation.duel or ()):
        # A duellist's POACH ends the duel and lets everyone back in: keep it for a
        # duel this seat is losing, when no other number card follows.
        numbered = [a for a in numbered if not _is(observation, a, POACH)] or numbered
    draw = next((action for action in plays if _is(observation, action, DRAW)), None)
    yours = next((action for action in legal if action.verb == "yours"), None)
    passing = next((action for action in legal if action.verb == "pass"), None)
    if not numbered:
        if draw is not None:
            return draw
        if yours is not None:
            return yours
        return passing or legal[0]
    others_in = [
        other
        for other in observation.inside
        if other != seat and not _teammate(observation, seat, other) and counts[other]
    ]
    for action in numbered:
        card = observation.card(action.args[0])
        if card.kind == SHAKE_AND_BAKE and others_in and min(counts[o] for o in others_in) <= 2:
            return action
        if card.kind == TARGET_AND_RESET and _fives(observation, hand) - (card.number == TOP) >= 2:
            return action
        if card.kind == SWITCH:
            biggest = max((counts[o] for o in range(len(counts)) if o != seat), default=0)
            if biggest >= counts[seat] + 2:
                return action
    cheap = min(numbered, key=lambda action: play_cost(observation, action.args[0]))
    if yours is not None and observation.card(cheap.args[0]).number == TOP:
        mate = next(member for member in observation.team_of(seat) if member != seat)
        if counts[mate] > counts[seat]:
            return yours
    return cheap


def play_cost(observation: SlamObservation, code: str) -> tuple[float, int]:
    """What playing a card gives up: its number (5s dearest), and a twist's worth."""
    card = observation.card(code)
    number = card.number or 0
    value = float(number) + (4.0 if number == TOP else 0.0)
    if card.kind == DRAW_TWO:
        value -= 0.5
    else:
        value += TWIST_BONUS.get(card.kind, 0.0)
    return value, number


def _teammate(observation: SlamObservation, seat: int, other: int) -> bool:
    return observation.doubles and other in observation.team_of(seat)


def _target(observation: SlamObservation, legal: list[Action]) -> Action:
    """SWITCH: the biggest hand; SHAKE & BAKE and TARGET & RESET: the smallest."""
    counts = observation.hand_counts

    def size(action: Action) -> int:
        return counts[seat_of_target(action)]

    pending = observation.pending
    if pending is not None and observation.card(pending).kind == SWITCH:
        return max(legal, key=size)
    return min(legal, key=size)


def _answer_shake(observation: SlamObservation, legal: list[Action]) -> Action:
    fives = [action for action in legal if observation.card(action.args[0]).number == TOP]
    if fives:
        return fives[0]
    return min(legal, key=lambda action: _keep_value(observation, action.args[0], ()))


def _poach(seat: int, observation: SlamObservation, legal: list[Action]) -> Action:
    poaches = [action for action in legal if action.verb == "play"]
    duel = observation.duel or ()
    if poaches and not any(_teammate(observation, seat, player) for player in duel):
        return poaches[0]
    return next(action for action in legal if action.verb == "decline")
