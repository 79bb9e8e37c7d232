"""The deal, the swap of extra DRAW cards, and the DRAW phase's turns.

A round starts with one DRAW card face up in the centre and every other card
in the stack; five cards are dealt one at a time from the dealer's left (each
a chance action). Then every player is asked to keep the hand or, with two or
more DRAW cards, swap the extras (asking all reveals nothing).
Then the DRAW phase: each player in turn draws a card and keeps it (discarding
another) or discards it, face down onto their own pile, until a PLAY card
starts the PLAY phase. (Rounds and phases start in `flow`.)

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> for card in ["1", "2", "3", "4", "5"] * 3:
...     _ = state.apply_text(f"card {card}")
>>> state.step, state.current_player
(<Step.SWAP: 'swap'>, 0)
>>> for _ in range(3):
...     _ = state.apply_text("keep")
>>> state.step, state.receiver
(<Step.DRAW_CARD: 'draw'>, 0)
>>> [str(e.kind) for e in state.apply_text("card play")]
['drew-play', 'play-phase']
"""

from __future__ import annotations

from typing import Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import CHANCE
from pickletable.games.slam import flow, knowledge, moves
from pickletable.games.slam.codes import DrawReason, EventKind, PlayStart, Step
from pickletable.games.slam.content import DRAW, HAND_SIZE, PLAY
from pickletable.games.slam.events import secret_card
from pickletable.games.slam.position import SlamPosition

# Codes read at every step, as module constants (a `Step.X` lookup costs on Python 3.11).
_DISCARD: Final = Step.DISCARD
_DREW: Final = EventKind.DREW
_DISCARD_EVENT: Final = EventKind.DISCARD
_KEPT: Final = EventKind.KEPT


# --- the deal -------------------------------------------------------------------
def apply_deal(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """One card of the deal to the next player clockwise."""
    code = action.args[0]
    state.stack.take(code)
    state.add_card(state.receiver, code)
    state.receiver = (state.receiver + 1) % state.rules.players
    state.count_left -= 1
    if state.count_left == 0:
        events.append(Event(EventKind.DEALT, {"dealer": state.dealer, "each": HAND_SIZE}))
        # Every seat is asked, so that being asked reveals nothing; only a seat dealt
        # two or more DRAW cards has anything but "keep".
        state.queue = flow.clockwise_from(state, state.dealer + 1)
        _next_swap(state, events)


# --- swapping extra DRAW cards after the deal -----------------------------------
def swap_legal(state: SlamPosition) -> list[Action]:
    """Keep the hand, or swap 1..(held - 1) DRAW cards (no more than the stack holds)."""
    extras = min(state.hands[state.actor or 0].get(DRAW, 0) - 1, len(state.stack))
    return [moves.KEEP] + [moves.swap(count) for count in range(1, extras + 1)]


def apply_swap(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Set the swapped DRAW cards aside and draw their replacements."""
    seat = state.queue[0]
    if action == moves.KEEP:
        events.append(Event(EventKind.KEEP_DRAWS, {"seat": seat}))
        state.queue.pop(0)
        _next_swap(state, events)
        return
    count = int(action.args[0])
    for _ in range(count):
        state.remove_card(seat, DRAW)
    state.set_aside = [DRAW] * count
    state.receiver = seat
    state.count_left = count
    state.step = Step.SWAP_DRAW
    state.actor = CHANCE


def apply_swap_draw(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A replacement card; after the last one the DRAW cards go back into the stack."""
    code = action.args[0]
    state.stack.take(code)
    state.add_card(state.receiver, code)
    state.count_left -= 1
    events.append(
        secret_card(
            _DREW,
            {"seat": state.receiver, "why": DrawReason.SWAP},
            state.receiver,
            code,
        )
    )
    if state.count_left:
        return
    state.stack.reshuffle(state.set_aside)
    # The player kept at least one of its DRAW cards, and everyone saw that.
    knowledge.everyone_knows(state, state.receiver, (DRAW,))
    events.append(Event(EventKind.SWAPPED, {"seat": state.receiver, "count": len(state.set_aside)}))
    state.set_aside = []
    state.queue.pop(0)
    _next_swap(state, events)


def _next_swap(state: SlamPosition, events: list[Event[EventKind]]) -> None:
    if state.queue:
        state.step = Step.SWAP
        state.actor = state.queue[0]
    else:
        flow.begin_draw_phase(state, (state.dealer + 1) % state.rules.players, False, events)


# --- a DRAW turn -----------------------------------------------------------------
def apply_draw(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """The drawer's card: a PLAY card starts the PLAY phase at once, any other is kept or not."""
    code = action.args[0]
    seat = state.receiver
    state.stack.take(code)
    if code == PLAY:
        state.centre.append(PLAY)
        events.append(Event(EventKind.DREW_PLAY, {"seat": seat}))
        flow.start_play_phase(state, seat, PlayStart.DRAWN, events)
        return
    state.drawn = code
    events.append(secret_card(_DREW, {"seat": seat, "why": DrawReason.DRAW}, seat, code))
    state.step = _DISCARD
    state.actor = seat


def discard_legal(state: SlamPosition) -> list[Action]:
    """Discard the drawn card or one from the hand (a PLAY card goes face up).

    With ``refill_short_hands`` on, a hand of fewer than five keeps the drawn
    card and discards nothing: `keep` is then the only action.
    """
    seat = state.receiver
    if state.rules.refill_short_hands and state.sizes[seat] < HAND_SIZE:
        return [moves.KEEP]
    drawn = state.drawn or ""
    hand = state.hands[seat]
    codes = state.rules.deck.in_order({*hand, drawn})
    discards = moves.DISCARD_ACTIONS
    return [discards[code] for code in codes]


def apply_discard(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Keep or discard; discarding a PLAY card from the hand starts the PLAY phase."""
    seat = state.receiver
    drawn = state.drawn or ""
    state.drawn = None
    state.add_card(seat, drawn)
    if action == moves.KEEP:
        events.append(Event(_KEPT, {"seat": seat}))
        flow.end_draw_turn(state, events)
        return
    code = action.args[0]
    if code == PLAY:
        _lay_play_card(state, seat, events)
        return
    state.remove_card(seat, code)
    state.discard_face_down(seat, code)
    knowledge.forget_hand(state, seat)
    events.append(secret_card(_DISCARD_EVENT, {"seat": seat}, seat, code))
    flow.end_draw_turn(state, events)


def no_draw_legal(state: SlamPosition) -> list[Action]:
    """Nothing to draw: lay a held PLAY card face up, or let the turn pass.

    Every player whose turn finds nothing to draw is asked, so being asked
    says nothing about holding a PLAY card.
    """
    held = PLAY in state.hands[state.receiver]
    return [moves.discard(PLAY), moves.PASS] if held else [moves.PASS]


def apply_no_draw(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Start the PLAY phase with a held PLAY card, or pass the turn."""
    seat = state.receiver
    if action == moves.PASS:
        events.append(Event(EventKind.NO_DRAW_PASS, {"seat": seat}))
        flow.end_draw_turn(state, events)
    else:
        _lay_play_card(state, seat, events)


def _lay_play_card(state: SlamPosition, seat: int, events: list[Event[EventKind]]) -> None:
    """A PLAY card from the hand goes face up and starts the PLAY phase."""
    state.remove_card(seat, PLAY)
    knowledge.played(state, seat, PLAY)
    state.centre.append(PLAY)
    events.append(Event(EventKind.DISCARD_PLAY, {"seat": seat}))
    flow.start_play_phase(state, seat, PlayStart.DISCARDED, events)


# --- doubles: back to five cards on a return to the DRAW phase ---------------------
def return_legal(state: SlamPosition) -> list[Action]:
    """A player holding more than five returns one card at a time."""
    hand = state.hands[state.queue[0]]
    return [moves.give_back(code) for code in state.rules.deck.in_order(hand)]


def apply_return(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """The card is shuffled back into the stack."""
    seat = state.queue[0]
    code = action.args[0]
    state.remove_card(seat, code)
    knowledge.forget_hand(state, seat)
    state.stack.reshuffle([code])
    events.append(secret_card(EventKind.RETURNED, {"seat": seat}, seat, code))
    flow.next_refill(state, events)


def apply_refill_draw(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A card from the stack for a player holding fewer than five."""
    seat = state.queue[0]
    code = action.args[0]
    state.stack.take(code)
    state.add_card(seat, code)
    events.append(secret_card(_DREW, {"seat": seat, "why": DrawReason.REFILL}, seat, code))
    flow.next_refill(state, events)
