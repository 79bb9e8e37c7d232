"""The PLAY phase: the follow rule, playing or passing a turn, and doubles' "yours".

A number (twist cards included) must equal the last number or be one higher,
unless nothing has been played yet or a TARGET & RESET answer is due. A side
that passes is out until the next DRAW phase. In doubles a team's lead plays,
or says "yours" and the partner plays or the team passes. (Turn order and
the end of a round are in `flow`; what a played card does is in `twists`.)

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3"], ["4", "1"], ["2"]], leader=0)
>>> _ = state.apply_text("play 3")
>>> [str(a) for a in state.legal_actions()]
['play 4']
>>> may_follow(state)
[3, 4]
"""

from __future__ import annotations

from typing import Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.games.slam import flow, moves, twists
from pickletable.games.slam.codes import EventKind, PassReason, Phase, Step
from pickletable.games.slam.content import (
    DRAW,
    HIGHEST,
    LOWEST,
    PLAY,
    POACH,
    TWISTS_WITH_TARGET,
)
from pickletable.games.slam.position import SlamPosition

# Codes read at every step, as module constants (a `Step.X` lookup costs on Python 3.11).
_PLAY_PHASE: Final = Phase.PLAY
_TURN: Final = Step.TURN


# --- what may be played -------------------------------------------------------------
def may_follow(state: SlamPosition) -> list[int]:
    """The numbers that may be played next (all of them on a fresh lead or a duel answer)."""
    if state.phase != _PLAY_PHASE:
        return []
    last = state.last_number
    if last is None or state.free_follow:
        return list(range(LOWEST, HIGHEST + 1))
    return [number for number in (last, last + 1) if number <= HIGHEST]


def playable(state: SlamPosition, seat: int) -> list[str]:
    """The distinct cards `seat` may play now, in display order.

    A number (twist cards included) must equal the last number or be one
    higher, unless nothing has been played yet or a TARGET & RESET answer is
    due. A DRAW card may always be played, a PLAY card never, and a twist
    card only if it has a target. A duellist's POACH needs no follow.
    """
    cards = state.rules.deck.cards
    last = None if state.free_follow else state.last_number
    duellist = state.duel is not None and seat in state.duel
    found = []
    for code in state.hands[seat]:
        info = cards[code]
        kind = info.kind
        if kind == PLAY:
            continue
        if kind == POACH and duellist:
            pass
        elif kind != DRAW:
            if last is not None and info.number != last and info.number != last + 1:
                continue
            if kind in TWISTS_WITH_TARGET and not twists.targets(state, seat, kind):
                continue
        found.append(code)
    return state.rules.deck.in_order(found)


def refusal(state: SlamPosition, action: Action) -> str:
    """Why a play is refused, where more can be said than "not legal" (the engine's message)."""
    if state.step not in (Step.TURN, Step.PARTNER) or action.verb != "play" or not action.args:
        return ""
    code = action.args[0]
    seat = state.actor or 0
    info = state.rules.deck.cards.get(code)
    if info is None:
        return f"there is no card {code!r} in this deck"
    if code not in state.hands[seat]:
        return f"{state.seat_name(seat)} holds no {info.label}"
    if code == PLAY:
        return "a PLAY card cannot be played in the PLAY phase"
    if code in playable(state, seat):
        return ""
    follow = may_follow(state)
    if info.number not in follow:
        return f"{info.number} does not follow {state.last_number}: play " + " or ".join(
            str(number) for number in follow
        )
    return f"nobody can be chosen for {info.title}"


# --- a turn ---------------------------------------------------------------------------
def turn_legal(state: SlamPosition) -> list[Action]:
    """Play a card; in doubles the lead may say "yours"; pass if nothing can be played.

    With the option ``must_play`` off, passing is allowed whenever the team
    has no partner to hand over to: a doubles lead whose partner is still in
    and holds cards passes only through "yours".
    """
    seat = state.actor or 0
    plays = moves.PLAY_ACTIONS
    actions = [plays[code] for code in playable(state, seat)]
    if state.partner is not None:
        actions.append(moves.YOURS)
    elif not actions or not state.rules.must_play:
        actions.append(moves.PASS)
    return actions


def partner_legal(state: SlamPosition) -> list[Action]:
    """After "yours": the partner plays, or the team passes."""
    actions = [moves.play(code) for code in playable(state, state.actor or 0)]
    if not actions or not state.rules.must_play:
        actions.append(moves.PASS)
    return actions


def apply_turn(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A play, a pass, or (doubles) "yours"."""
    seat = state.actor or 0
    if action == moves.YOURS:
        partner = state.partner or 0
        events.append(Event(EventKind.YOURS, {"seat": seat, "partner": partner}))
        state.actor = partner
        state.partner = None
        state.step = Step.PARTNER
    elif action == moves.PASS:
        pass_turn(state, seat, events)
    else:
        twists.play_card(state, seat, action.args[0], events)


def apply_partner(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """The partner's play, or the team's pass."""
    seat = state.actor or 0
    if action == moves.PASS:
        pass_turn(state, seat, events)
    else:
        twists.play_card(state, seat, action.args[0], events)


def pass_turn(state: SlamPosition, seat: int, events: list[Event[EventKind]]) -> None:
    """The side of `seat` passes: it is out until the next DRAW phase.

    In a duel only the duellist passes (partners may duel each other).
    """
    rules = state.rules
    side = (seat,) if state.duel is not None else rules.members(rules.unit_of(seat))
    out = [member for member in side if state.inside[member]]
    for member in out:
        state.inside[member] = False
    events.append(Event(EventKind.PASS, {"seats": out, "why": PassReason.PASS}))
    flow.advance(state, seat, events)
