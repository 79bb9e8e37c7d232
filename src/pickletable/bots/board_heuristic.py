"""Board game rules of thumb: when to spend Skill and Strategy Cards, whom to pick.

A roll is a bad gamble for whoever makes it: in advanced play it goes OUT
(or is a Bad Shot) far more often than it is an ACE. So the heuristic

- on the receiving side, ends the rally with a Strategy Card and picks its
  own side to serve, or plays an ACE Skill Card (the serve passes);
- on the serving side, plays an ACE Skill Card (a point);
- otherwise plays an IN Skill Card whose shot is safe: not its own Bad Shot
  and not a face the next hitter holds a Strategy Card for, preferring its
  Nice Shot (which bars the next hitter's Skill Cards); else rolls;
- picks as server the player of its side furthest behind, and as the target
  of a Play Card the opponent furthest ahead;
- always places the stanchion before serving when that rule is on.

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "advanced", "stanchion_rule": True})
>>> while state.current_player == -1:
...     _ = state.apply(state.legal_actions()[0])
>>> str(choose(AgentView(state, state.current_player), random.Random(0)))
'place stanchion'
"""

from __future__ import annotations

import random
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView


def choose(view: AgentView, rng: random.Random) -> Action:
    """The heuristic action for the seat of `view`."""
    legal = view.legal_actions
    by_verb: dict[str, list[Action]] = {}
    for action in legal:
        by_verb.setdefault(action.verb, []).append(action)
    if "place" in by_verb:
        return by_verb["place"][0]
    observation = view.observation
    seats = {entry["seat"]: entry for entry in observation["seats"]}
    me = seats[view.seat]
    if "server" in by_verb:
        return _pick(by_verb["server"], seats, me["team"], own_side=True)
    if "target" in by_verb:
        return _pick(by_verb["target"], seats, me["team"], own_side=False)
    if "roll" in by_verb and len(legal) > 1:
        return _hit(view.seat, observation, seats, by_verb)
    return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


def _pick(
    actions: list[Action], seats: dict[int, dict[str, Any]], team: int, *, own_side: bool
) -> Action:
    """Own side: the server furthest behind; other side: the opponent furthest ahead."""
    colour_seat = {entry["colour"]: entry for entry in seats.values()}

    def rank(action: Action) -> tuple[bool, float]:
        entry = colour_seat[action.args[0]]
        mine = entry["team"] == team
        if own_side:
            return (mine, -entry["skill"])
        return (not mine, entry["skill"])

    return max(actions, key=rank)


def _hit(
    seat: int,
    observation: dict[str, Any],
    seats: dict[int, dict[str, Any]],
    by_verb: dict[str, list[Action]],
) -> Action:
    """Hit 3 on with cards in hand: see the module docstring."""
    rally = observation["rally"]
    serving = rally["serving_team"] == seats[seat]["team"]
    skills = by_verb.get("skill", [])
    aces = [action for action in skills if _skill_result(action.args[0]) == "ace"]
    strategies = by_verb.get("strategy", [])
    if not serving and strategies:
        return strategies[0]
    if aces:
        return aces[0]
    order = rally["order"]
    following = seats[order[(order.index(seat) + 1) % len(order)]]
    character = seats[seat]["character"] or {}
    answered = {
        card["id"]
        for card in following["strategy_cards"]
        if card["id"] != (following["character"] or {}).get("bad")
    }
    best: Action | None = None
    best_rank = -1
    for action in skills:
        result, shot = _skill_result(action.args[0]), _skill_shot(action.args[0])
        if result != "in" or shot == character.get("bad") or shot in answered:
            continue
        rank = 2 if shot == character.get("nice") else 1
        if rank > best_rank:
            best, best_rank = action, rank
    return best if best is not None else by_verb["roll"][0]


def _skill_result(card: str) -> str:
    """The die face a Skill Card stands for, read from its id (``in-drop``, ``ace``)."""
    return card.split("-", 1)[0]


def _skill_shot(card: str) -> str | None:
    """The HIT face of a Skill Card, if it names one."""
    _, _, shot = card.partition("-")
    return shot or None
