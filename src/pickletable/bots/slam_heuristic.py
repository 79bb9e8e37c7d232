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
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView

TOP = 5
TWIST_BONUS = {
    "shake": 2.0,
    "poach": 1.8,
    "target": 1.2,
    "drawtwo": 1.0,
    "switch": 0.6,
}


def choose(view: AgentView, rng: random.Random) -> Action:
    """The heuristic action for the seat of `view`."""
    legal = view.legal_actions
    observation = view.observation
    step = observation["step"]
    verbs = {action.verb for action in legal}
    if step == "swap":
        return max(legal, key=lambda action: int(action.args[0]) if action.args else 0)
    if step == "discard":
        return _discard(observation, legal)
    if step == "no-draw":
        return _no_draw(observation, legal)
    if step == "refill-return":
        return min(legal, key=lambda action: _keep_value(action.args[0], observation["hand"]))
    if step == "shake":
        return _answer_shake(legal)
    if step == "poach":
        return _poach(view.seat, observation, legal)
    if step == "target":
        return _target(view.seat, observation, legal)
    if "play" in verbs or "pass" in verbs or "yours" in verbs:
        return _play(view.seat, observation, legal)
    return legal[rng.randrange(len(legal))]


# --- reading cards -------------------------------------------------------------------
def kind_of(code: str) -> str:
    """``number``, ``play``, ``draw`` or a twist's prefix (``shake``, ``poach``, ...)."""
    if code.isdigit():
        return "number"
    if code in ("play", "draw"):
        return code
    return code.split("-", 1)[0]


def number_of(code: str) -> int | None:
    """The number a card carries (``None`` for PLAY and DRAW)."""
    if code.isdigit():
        return int(code)
    _, _, number = code.rpartition("-")
    return int(number) if number.isdigit() else None


def _keep_value(code: str, hand: list[str]) -> float:
    """How much a card is worth keeping in a hand."""
    kind = kind_of(code)
    if kind == "draw":
        return 2.5 if hand.count("draw") <= 1 else 0.0
    if kind == "play":
        return 2.0
    number = number_of(code) or 0
    value = float(number) + (2.5 if number == TOP else 0.0)
    return value + TWIST_BONUS.get(kind, 0.0)


def _fives(hand: list[str]) -> int:
    return sum(1 for code in hand if number_of(code) == TOP)


# --- the DRAW phase ----------------------------------------------------------------------
def _discard(observation: dict[str, Any], legal: list[Action]) -> Action:
    hand = list(observation["hand"])
    drawn = observation["drawn"]
    cards = [*hand, drawn] if drawn else hand
    for action in legal:
        if action.verb == "discard" and action.args[0] == "play" and _fives(cards) >= 2:
            return action
    discards = [action for action in legal if action.verb == "discard" and action.args[0] != "play"]
    if not discards:
        return legal[0]
    return min(discards, key=lambda action: _keep_value(action.args[0], cards))


def _no_draw(observation: dict[str, Any], legal: list[Action]) -> Action:
    """Nothing to draw: start the PLAY phase on the same terms as from a discard."""
    lay = next((action for action in legal if action.verb == "discard"), None)
    if lay is not None and _fives(list(observation["hand"])) >= 2:
        return lay
    return next(action for action in legal if action.verb == "pass")


# --- the PLAY phase -----------------------------------------------------------------------
def _play(seat: int, observation: dict[str, Any], legal: list[Action]) -> Action:
    plays = [action for action in legal if action.verb == "play"]
    hand = list(observation["hand"])
    counts = observation["hand_counts"]
    numbered = [action for action in plays if action.args[0] != "draw"]
    if seat in (observation["duel"] or ()):
        # A duellist's POACH ends the duel and lets everyone back in: keep it for a
        # duel this seat is losing, when no other number card follows.
        numbered = [a for a in numbered if kind_of(a.args[0]) != "poach"] or numbered
    draw = next((action for action in plays if action.args[0] == "draw"), None)
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
        for other in observation["in"]
        if other != seat and not _teammate(observation, seat, other) and counts[other]
    ]
    for action in numbered:
        kind = kind_of(action.args[0])
        if kind == "shake" and others_in and min(counts[o] for o in others_in) <= 2:
            return action
        if kind == "target" and _fives(hand) - (number_of(action.args[0]) == TOP) >= 2:
            return action
        if kind == "switch":
            biggest = max((counts[o] for o in range(len(counts)) if o != seat), default=0)
            if biggest >= counts[seat] + 2:
                return action
    cheap = min(numbered, key=lambda action: _cost(action.args[0], observation))
    if yours is not None and number_of(cheap.args[0]) == TOP:
        partner = observation["teams"][seat // 2]
        mate = partner[1] if partner[0] == seat else partner[0]
        if counts[mate] > counts[seat]:
            return yours
    return cheap


def _cost(code: str, observation: dict[str, Any]) -> tuple[float, int]:
    """What playing a card gives up: its number (5s dearest), and a twist's worth."""
    kind = kind_of(code)
    number = number_of(code) or 0
    value = float(number) + (4.0 if number == TOP else 0.0)
    if kind == "drawtwo":
        value -= 0.5
    else:
        value += TWIST_BONUS.get(kind, 0.0)
    return value, number


def _teammate(observation: dict[str, Any], seat: int, other: int) -> bool:
    return bool(observation["doubles"]) and seat // 2 == other // 2


def _target(seat: int, observation: dict[str, Any], legal: list[Action]) -> Action:
    """SWITCH: the biggest hand; SHAKE & BAKE and TARGET & RESET: the smallest."""
    counts = observation["hand_counts"]
    centre = observation["centre"]
    pending = centre[-1] if centre else ""

    def size(action: Action) -> int:
        return int(counts[int(action.args[0][1:]) - 1])

    if kind_of(pending) == "switch":
        return max(legal, key=size)
    return min(legal, key=size)


def _answer_shake(legal: list[Action]) -> Action:
    fives = [action for action in legal if number_of(action.args[0]) == TOP]
    if fives:
        return fives[0]
    return min(legal, key=lambda action: _keep_value(action.args[0], []))


def _poach(seat: int, observation: dict[str, Any], legal: list[Action]) -> Action:
    poaches = [action for action in legal if action.verb == "play"]
    duel = observation["duel"] or []
    if poaches and not any(_teammate(observation, seat, player) for player in duel):
        return poaches[0]
    return next(action for action in legal if action.verb == "decline")
