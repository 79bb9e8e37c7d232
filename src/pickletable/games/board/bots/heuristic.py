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

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.games.board.observer import BoardObservation, SeatObservation


def choose(view: AgentView[BoardObservation], rng: random.Random) -> Action:
    """The heuristic action for the seat of `view`."""
    legal = view.legal_actions
    by_verb: dict[str, list[Action]] = {}
    for action in legal:
        by_verb.setdefault(action.verb, []).append(action)
    if "place" in by_verb:
        return by_verb["place"][0]
    observed = view.observed
    me = observed.seat_of(view.seat)
    if "server" in by_verb:
        return _pick(by_verb["server"], observed, me.team, own_side=True)
    if "target" in by_verb:
        return _pick(by_verb["target"], observed, me.team, own_side=False)
    if "roll" in by_verb and len(legal) > 1:
        return _hit(me, observed, by_verb)
    return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


def _pick(
    actions: list[Action], observed: BoardObservation, team: int, *, own_side: bool
) -> Action:
    """Own side: the server furthest behind; other side: the opponent furthest ahead."""
    by_colour = {entry.colour: entry for entry in observed.seats}

    def rank(action: Action) -> tuple[bool, float]:
        entry = by_colour[action.args[0]]
        mine = entry.team == team
        if own_side:
            return (mine, -entry.skill)
        return (not mine, entry.skill)

    return max(actions, key=rank)


def _hit(
    me: SeatObservation, observed: BoardObservation, by_verb: dict[str, list[Action]]
) -> Action:
    """Hit 3 on with cards in hand: see the module docstring."""
    serving = observed.serving_team == me.team
    held = {card.id: card for card in me.skill_cards}
    skills = [(action, held[action.args[0]]) for action in by_verb.get("skill", [])]
    aces = [action for action, card in skills if card.result == "ace"]
    strategies = by_verb.get("strategy", [])
    if not serving and strategies:
        return strategies[0]
    if aces:
        return aces[0]
    order = observed.order
    following = observed.seat_of(order[(order.index(me.seat) + 1) % len(order)])
    bad = me.character.bad if me.character else None
    nice = me.character.nice if me.character else None
    following_bad = following.character.bad if following.character else None
    answered = {face for face in following.strategy_cards if face != following_bad}
    best: Action | None = None
    best_rank = -1
    for action, card in skills:
        if card.result != "in" or card.shot == bad or card.shot in answered:
            continue
        rank = 2 if card.shot == nice else 1
        if rank > best_rank:
            best, best_rank = action, rank
    return best if best is not None else by_verb["roll"][0]
