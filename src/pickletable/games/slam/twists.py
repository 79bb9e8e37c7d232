"""Playing a card, the twist cards' effects, and the POACH window.

A twist card is played as a number card (the follow rule applies), then its
effect: DRAW TWO draws two cards; SWITCH swaps whole hands with a player
holding cards (even one who is out); SHAKE & BAKE makes a player still in
answer with any card, and a 5 wins the round for that player, anything else
for the SHAKE & BAKE player; TARGET & RESET leaves only its player and the
target in, the target answering with any number. While that duel lasts,
every player outside it is asked after each play, clockwise, to POACH or
decline, and a duellist may play its POACH on its own turn whatever the
number to follow; a POACH ends the duel and brings everyone back in.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["target-5", "1"], ["2"], ["poach-2"]], leader=0)
>>> [str(a) for a in state.legal_actions()]
['play 1', 'play target-5']
>>> _ = state.apply_text("play target-5")
>>> [str(a) for a in state.legal_actions()]
['target p2', 'target p3']
>>> _ = state.apply_text("target p2")
>>> state.step, state.current_player, [str(a) for a in state.legal_actions()]
(<Step.POACH_WINDOW: 'poach'>, 2, ['play poach-2', 'decline'])
>>> [str(e.kind) for e in state.apply_text("play poach-2")]
['poach']
"""

from __future__ import annotations

from typing import Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import CHANCE
from pickletable.games.slam import flow, knowledge, moves
from pickletable.games.slam.codes import DrawReason, EventKind, RoundWinReason, Step
from pickletable.games.slam.content import (
    DRAW,
    DRAW_TWO,
    HIGHEST,
    POACH,
    SHAKE_AND_BAKE,
    SWITCH,
    TARGET_AND_RESET,
)
from pickletable.games.slam.events import secret_card
from pickletable.games.slam.position import SlamPosition

# Codes read at every step, as module constants (a `Step.X` lookup costs on Python 3.11).
_PLAY_EVENT: Final = EventKind.PLAY


def play_card(state: SlamPosition, seat: int, code: str, events: list[Event[EventKind]]) -> None:
    """`seat` plays `code` face up on the centre pile and its effect follows."""
    state.remove_card(seat, code)
    state.centre.append(code)
    knowledge.played(state, seat, code)
    info = state.rules.deck.cards[code]
    if info.kind == POACH and state.duel is not None:
        # A duellist's POACH ends the duel like one thrown in from outside it.
        events.append(Event(EventKind.POACH, {"seat": seat, "card": code, "duellist": True}))
        _end_duel(state, seat, code, events)
        return
    events.append(Event(_PLAY_EVENT, {"seat": seat, "card": code}))
    if info.kind == DRAW:
        state.duel = None
        flow.begin_draw_phase(state, (seat + 1) % state.rules.players, state.rules.doubles, events)
        return
    state.last_number = info.number
    state.last_player = seat
    state.free_follow = False
    if info.kind == DRAW_TWO:
        state.receiver = seat
        state.count_left = 2
        _next_draw_two(state, events)
    elif info.kind in (SWITCH, SHAKE_AND_BAKE, TARGET_AND_RESET):
        state.pending = code
        state.step = Step.TARGET
    else:
        after_play(state, seat, events)


def after_play(state: SlamPosition, seat: int, events: list[Event[EventKind]]) -> None:
    """After a play: the POACH window during a duel, else the next turn."""
    if state.duel is None:
        flow.advance(state, seat, events)
        return
    n = state.rules.players
    state.window_from = seat
    state.queue = [
        other for other in ((seat + k) % n for k in range(1, n)) if other not in state.duel
    ]
    _next_in_window(state, events)


# --- targets ------------------------------------------------------------------------
def targets(state: SlamPosition, seat: int, kind: str) -> list[int]:
    """Who a SWITCH, SHAKE & BAKE or TARGET & RESET played by `seat` may pick.

    Always another player holding cards; SHAKE & BAKE and TARGET & RESET
    need one still in the round; in doubles (option ``twists_target_opponents``)
    only opponents.
    """
    rules = state.rules
    n = rules.players
    team_only = rules.doubles and rules.opponents_only
    own = rules.unit_of(seat)
    found = []
    for step in range(1, n):
        other = (seat + step) % n
        if not state.sizes[other]:
            continue
        if kind != SWITCH and not state.inside[other]:
            continue
        if team_only and rules.unit_of(other) == own:
            continue
        found.append(other)
    return found


def target_legal(state: SlamPosition) -> list[Action]:
    """The players the pending twist card may pick."""
    kind = state.kind_of(state.pending or "")
    return [moves.target(other) for other in targets(state, state.actor or 0, kind)]


def apply_target(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Carry out the pending twist card against the chosen player."""
    seat = state.actor or 0
    other = moves.seat_of_target(action)
    kind = state.kind_of(state.pending or "")
    state.pending = None
    if kind == SWITCH:
        knowledge.switched(state, seat, other)
        state.hands[seat], state.hands[other] = state.hands[other], state.hands[seat]
        state.sizes[seat], state.sizes[other] = state.sizes[other], state.sizes[seat]
        events.append(
            Event(
                EventKind.SWITCH,
                {"seat": seat, "target": other, "sizes": [state.sizes[seat], state.sizes[other]]},
            )
        )
        after_play(state, seat, events)
    elif kind == SHAKE_AND_BAKE:
        events.append(Event(EventKind.SHAKE, {"seat": seat, "target": other}))
        state.window_from = seat
        state.actor = other
        state.step = Step.SHAKE
    else:
        state.duel = (seat, other)
        state.inside = [player in (seat, other) for player in range(state.rules.players)]
        state.free_follow = True
        events.append(Event(EventKind.TARGET, {"seat": seat, "target": other}))
        after_play(state, seat, events)


# --- SHAKE & BAKE -------------------------------------------------------------------
def shake_legal(state: SlamPosition) -> list[Action]:
    """The target answers with any card it holds."""
    hand = state.hands[state.actor or 0]
    return [moves.answer(code) for code in state.rules.deck.in_order(hand)]


def apply_shake(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A card carrying a 5 wins the round for the target; anything else for the card's player."""
    seat = state.actor or 0
    code = action.args[0]
    state.remove_card(seat, code)
    state.centre.append(code)
    knowledge.played(state, seat, code)
    five = state.number_of(code) == HIGHEST
    events.append(Event(EventKind.SHAKE_ANSWER, {"seat": seat, "card": code, "five": five}))
    winner = seat if five else state.window_from
    flow.win(state, winner, events, RoundWinReason.SHAKE_AND_BAKE)


# --- DRAW TWO -----------------------------------------------------------------------
def apply_draw_two(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """One of the two cards."""
    code = action.args[0]
    state.stack.take(code)
    state.add_card(state.receiver, code)
    state.count_left -= 1
    events.append(
        secret_card(
            EventKind.DREW,
            {"seat": state.receiver, "why": DrawReason.DRAW_TWO},
            state.receiver,
            code,
        )
    )
    _next_draw_two(state, events)


def _next_draw_two(state: SlamPosition, events: list[Event[EventKind]]) -> None:
    if state.count_left and flow.ensure_stack(state, events):
        state.step = Step.DRAW_TWO
        state.actor = CHANCE
        return
    if state.count_left:
        events.append(
            Event(EventKind.DRAW_TWO_SHORT, {"seat": state.receiver, "missing": state.count_left})
        )
        state.count_left = 0
    state.actor = state.receiver
    after_play(state, state.receiver, events)


# --- the POACH window -----------------------------------------------------------------
def window_legal(state: SlamPosition) -> list[Action]:
    """Poach with any POACH card held, or decline (the only choice without one)."""
    cards = state.rules.deck.cards
    hand = state.hands[state.actor or 0]
    poaches = state.rules.deck.in_order(code for code in hand if cards[code].kind == POACH)
    return [moves.play(code) for code in poaches] + [moves.DECLINE]


def apply_window(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A decline asks the next player; a POACH ends the duel and everyone is back in."""
    seat = state.actor or 0
    if action == moves.DECLINE:
        events.append(Event(EventKind.DECLINE, {"seat": seat}))
        state.queue.pop(0)
        _next_in_window(state, events)
        return
    code = action.args[0]
    state.remove_card(seat, code)
    state.centre.append(code)
    knowledge.played(state, seat, code)
    state.queue = []
    events.append(Event(EventKind.POACH, {"seat": seat, "card": code}))
    _end_duel(state, seat, code, events)


def _end_duel(state: SlamPosition, seat: int, code: str, events: list[Event[EventKind]]) -> None:
    """A POACH ends the duel: everyone back in, its number to follow, play from its left."""
    state.duel = None
    state.inside = [True] * state.rules.players
    state.free_follow = False
    state.last_number = state.number_of(code)
    state.last_player = seat
    flow.advance(state, seat, events)


def _next_in_window(state: SlamPosition, events: list[Event[EventKind]]) -> None:
    if state.queue:
        state.actor = state.queue[0]
        state.step = Step.POACH_WINDOW
    else:
        flow.advance(state, state.window_from, events)
