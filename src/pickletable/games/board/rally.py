"""Rallies and shots: the serve, each hit (dice, Skill Card or Strategy Card) and its result.

The server rolls the IN/OUT/ACE die; every later hitter rolls both dice or,
at the advanced level from hit 3 on, plays a Skill Card (a ready-made
result) or a Strategy Card (the rally ends, no point). An IN shot passes the
ball on; otherwise the rally ends in a point or a side out.
"""

from __future__ import annotations

from typing import Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.games.board.codes import (
    PLACE_STANCHION,
    ROLL,
    EventKind,
    Step,
    Via,
)
from pickletable.games.board.config import team_of
from pickletable.games.board.points import point, side_out, start_serve
from pickletable.games.board.position import BoardPosition, LastShot

# Codes read at every shot, as module constants (a `Step.X` lookup costs on Python 3.11).
_HIT: Final = Step.HIT
_SERVE_ROLL: Final = Step.SERVE_ROLL
_ROLL_OUTCOME: Final = Step.ROLL_OUTCOME
_ROLL_HIT: Final = Step.ROLL_HIT
_VIA_SERVE: Final = Via.SERVE
_VIA_ROLL: Final = Via.ROLL
_VIA_SKILL: Final = Via.SKILL
_DIE: Final = EventKind.DIE
_SHOT: Final = EventKind.SHOT
_RALLY_OVER: Final = EventKind.RALLY_OVER


def serve(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Place the stanchion, or serve (a fault without the stanchion when its rule is on)."""
    server = position.order[0]
    if action == PLACE_STANCHION:
        position.stanchion = True
        events.append(Event(EventKind.STANCHION, {"seat": server}))
        return
    if position.rules.stanchion_rule and not position.stanchion:
        events.append(Event(EventKind.FAULT, {"seat": server, "reason": "no_stanchion"}))
        side_out(position, events)
        return
    events.append(Event(EventKind.SERVE, {"seat": server}))
    position.step = _SERVE_ROLL


def hit(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A hit from the return of serve on: roll the dice, or play a card."""
    if action == ROLL:
        position.step = _ROLL_OUTCOME
        return
    hitter = position.order[position.hit_index]
    card = action.args[0]
    if action.verb == "skill":
        position.skill_hand[hitter].remove(card)
        position.piles["skill"].put_bottom(card)
        events.append(Event(EventKind.SKILL_CARD, {"seat": hitter, "card": card}))
        skill = position.rules.content.skill_cards[card]
        shot(position, hitter, skill.result, skill.shot, Via.SKILL, events)
        return
    _strategy(position, hitter, card, events)


def _strategy(
    position: BoardPosition, hitter: int, card: str, events: list[Event[EventKind]]
) -> None:
    """A Strategy Card ends the rally with no point; its player picks the next server."""
    position.strategy_hand[hitter].remove(card)
    position.piles["strategy"].put_bottom(card)
    events.append(Event(EventKind.STRATEGY_CARD, {"seat": hitter, "card": card}))
    events.append(Event(EventKind.RALLY_OVER, {"end": "strategy", "by": hitter}))
    if position.at_target(hitter):
        choices = tuple(s for s in position.seats if s == hitter ^ 1)
    else:
        choices = tuple(s for s in position.seats if position.may_serve(s))
    if len(choices) == 1:
        events.append(Event(EventKind.SERVER_CHOSEN, {"seat": hitter, "server": choices[0]}))
        start_serve(position, choices[0], events)
    else:
        position.step = Step.CHOOSE_SERVER
        position.chooser = hitter
        position.targets = choices


def roll(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A die came up (``roll FACE``): the serve's one die, or a hit's two dice one by one."""
    face = action.args[0]
    hitter = position.order[position.hit_index]
    step = position.step
    if step == _ROLL_OUTCOME:
        position.last_dice = {"outcome": face, "hit": None}
        events.append(Event(_DIE, {"seat": hitter, "die": "outcome", "face": face}))
        position.step = _ROLL_HIT
        return
    if step == _SERVE_ROLL:
        position.last_dice = {"outcome": face, "hit": None}
        events.append(Event(_DIE, {"seat": hitter, "die": "outcome", "face": face}))
        shot(position, hitter, face, None, _VIA_SERVE, events)
        return
    dice = position.last_dice
    dice["hit"] = face
    events.append(Event(_DIE, {"seat": hitter, "die": "hit", "face": face}))
    shot(position, hitter, dice["outcome"] or "in", face, _VIA_ROLL, events)


def shot(
    position: BoardPosition,
    hitter: int,
    result: str,
    face: str | None,
    via: Via,
    events: list[Event[EventKind]],
) -> None:
    """Resolve one hit: Bad Shot, Nice Shot, then where the ball goes or how the rally ends."""
    rules = position.rules
    bad = nice = False
    counts = via == _VIA_ROLL or (via == _VIA_SKILL and rules.skill_counts_as_roll)
    if rules.advanced and face is not None:
        character = position.character_of(hitter)
        bad = face == character.bad
        nice = not bad and result == "in" and counts and face == character.nice
    effective = "out" if bad else result
    events.append(
        Event(
            _SHOT,
            {
                "seat": hitter,
                "hit": position.hit_number,
                "result": effective,
                "face": face,
                "via": via,
                "bad_shot": bad,
                "nice_shot": nice,
            },
        )
    )
    order = position.order
    if effective == "in":
        position.previous = LastShot(hitter, face, via, nice, counts)
        position.hit_index = (position.hit_index + 1) % len(order)
        position.hit_number += 1
        position.step = _HIT
    elif (effective == "ace") == (team_of(hitter) == team_of(order[0])):
        events.append(Event(_RALLY_OVER, {"end": "point", "by": hitter}))
        point(position, events)
    else:
        events.append(Event(_RALLY_OVER, {"end": "side_out", "by": hitter}))
        side_out(position, events)
