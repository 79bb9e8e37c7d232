"""Rounds, the deal, the DRAW phase and the stack.

A round starts with one DRAW card face up in the centre and every other card
in the stack; five cards are dealt one at a time from the dealer's left (each
a chance action). Then every player is asked to keep the hand or, with two or
more DRAW cards, swap the extras (asking all reveals nothing).
Then the DRAW phase: each player in turn draws a card and keeps it (discarding
another) or discards it, face down onto their own pile, until a PLAY card
starts the PLAY phase.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> for card in ["1", "2", "3", "4", "5"] * 3:
...     _ = state.apply_text(f"card {card}")
>>> state.prompt()
'Player 1: keep the dealt hand, or swap extra DRAW cards for cards from the stack'
>>> for _ in range(3):
...     _ = state.apply_text("keep")
>>> state.prompt()
'Player 1 to draw from the stack'
>>> [e.kind for e in state.apply_text("card play")]
['drew-play', 'play-phase']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE
from pickletable.games.slam import knowledge, moves, playing
from pickletable.games.slam.content import DRAW, HAND_SIZE, PLAY
from pickletable.games.slam.steps import (
    DEAL,
    DISCARD,
    DRAW_CARD,
    DRAW_PHASE,
    NO_DRAW,
    REFILL_DRAW,
    REFILL_RETURN,
    SETUP_PHASE,
    SWAP,
    SWAP_DRAW,
)

if TYPE_CHECKING:
    from pickletable.games.slam.state import SlamState


def chance_legal(state: SlamState) -> list[Action]:
    """The cards the stack may give next."""
    return [action for action, _ in state.chance_outcomes()]


# --- a new round --------------------------------------------------------------
def start_round(state: SlamState, dealer: int, events: list[Event]) -> None:
    """Gather every card, lay one DRAW card in the centre, and start dealing."""
    rules = state.rules
    n = rules.players
    counts = dict(rules.deck.counts)
    counts[DRAW] -= 1
    state.stack = Pile({code: k for code, k in counts.items() if k}, [])
    state.hands = [{} for _ in range(n)]
    state.sizes = [0] * n
    state.discards = [{} for _ in range(n)]
    state.discard_sizes = [0] * n
    state.centre = [DRAW]
    state.known = {}
    state.round += 1
    state.dealer = dealer
    state.phase = SETUP_PHASE
    state.step = DEAL
    state.actor = CHANCE
    state.receiver = (dealer + 1) % n
    state.count_left = HAND_SIZE * n
    state.queue = []
    state.set_aside = []
    state.drawn = None
    playing.reset_play_state(state)
    events.append(Event("round", {"round": state.round, "dealer": dealer}))


def apply_deal(state: SlamState, action: Action, events: list[Event]) -> None:
    """One card of the deal to the next player clockwise."""
    code = action.args[0]
    state.stack.take(code)
    state.add_card(state.receiver, code)
    state.receiver = (state.receiver + 1) % state.rules.players
    state.count_left -= 1
    if state.count_left == 0:
        events.append(Event("dealt", {"dealer": state.dealer, "each": HAND_SIZE}))
        # Every seat is asked, so that being asked reveals nothing; only a seat dealt
        # two or more DRAW cards has anything but "keep".
        state.queue = _clockwise_from(state, state.dealer + 1)
        _next_swap(state, events)


# --- swapping extra DRAW cards after the deal -----------------------------------
def swap_legal(state: SlamState) -> list[Action]:
    """Keep the hand, or swap 1..(held - 1) DRAW cards (no more than the stack holds)."""
    extras = min(state.hands[state.actor or 0].get(DRAW, 0) - 1, len(state.stack))
    return [moves.KEEP] + [moves.swap(count) for count in range(1, extras + 1)]


def apply_swap(state: SlamState, action: Action, events: list[Event]) -> None:
    """Set the swapped DRAW cards aside and draw their replacements."""
    seat = state.queue[0]
    if action == moves.KEEP:
        events.append(Event("keep-draws", {"seat": seat}))
        state.queue.pop(0)
        _next_swap(state, events)
        return
    count = int(action.args[0])
    for _ in range(count):
        state.remove_card(seat, DRAW)
    state.set_aside = [DRAW] * count
    state.receiver = seat
    state.count_left = count
    state.step = SWAP_DRAW
    state.actor = CHANCE


def apply_swap_draw(state: SlamState, action: Action, events: list[Event]) -> None:
    """A replacement card; after the last one the DRAW cards go back into the stack."""
    code = action.args[0]
    state.stack.take(code)
    state.add_card(state.receiver, code)
    state.count_left -= 1
    events.append(
        secret_card("drew", {"seat": state.receiver, "why": "swap"}, state.receiver, code)
    )
    if state.count_left:
        return
    state.stack.reshuffle(state.set_aside)
    # The player kept at least one of its DRAW cards, and everyone saw that.
    knowledge.everyone_knows(state, state.receiver, (DRAW,))
    events.append(Event("swapped", {"seat": state.receiver, "count": len(state.set_aside)}))
    state.set_aside = []
    state.queue.pop(0)
    _next_swap(state, events)


def _next_swap(state: SlamState, events: list[Event]) -> None:
    if state.queue:
        state.step = SWAP
        state.actor = state.queue[0]
    else:
        begin_draw_phase(state, (state.dealer + 1) % state.rules.players, False, events)


# --- the DRAW phase --------------------------------------------------------------
def begin_draw_phase(state: SlamState, first: int, refill: bool, events: list[Event]) -> None:
    """Everyone is back in; `first` draws first (after the doubles refill if `refill`)."""
    playing.reset_play_state(state)
    state.phase = DRAW_PHASE
    state.draw_turns = 0
    state.drawn = None
    state.receiver = first
    events.append(Event("draw-phase", {"first": first, "refill": refill}))
    if refill:
        state.queue = _clockwise_from(state, first)
        _next_refill(state, events)
    else:
        _begin_draw_turn(state, events)


def apply_draw(state: SlamState, action: Action, events: list[Event]) -> None:
    """The drawer's card: a PLAY card starts the PLAY phase at once, any other is kept or not."""
    code = action.args[0]
    seat = state.receiver
    state.stack.take(code)
    if code == PLAY:
        state.centre.append(PLAY)
        events.append(Event("drew-play", {"seat": seat}))
        playing.start_play_phase(state, seat, "drawn", events)
        return
    state.drawn = code
    events.append(secret_card("drew", {"seat": seat, "why": "draw"}, seat, code))
    state.step = DISCARD
    state.actor = seat


def discard_legal(state: SlamState) -> list[Action]:
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
    return [moves.discard(code) for code in codes]


def apply_discard(state: SlamState, action: Action, events: list[Event]) -> None:
    """Keep or discard; discarding a PLAY card from the hand starts the PLAY phase."""
    seat = state.receiver
    drawn = state.drawn or ""
    state.drawn = None
    state.add_card(seat, drawn)
    if action == moves.KEEP:
        events.append(Event("kept", {"seat": seat}))
        _end_draw_turn(state, events)
        return
    code = action.args[0]
    if code == PLAY:
        _lay_play_card(state, seat, events)
        return
    state.remove_card(seat, code)
    state.discard_face_down(seat, code)
    events.append(secret_card("discard", {"seat": seat}, seat, code))
    _end_draw_turn(state, events)


def no_draw_legal(state: SlamState) -> list[Action]:
    """Nothing to draw: lay a held PLAY card face up, or let the turn pass.

    Every player whose turn finds nothing to draw is asked, so being asked
    says nothing about holding a PLAY card.
    """
    held = PLAY in state.hands[state.receiver]
    return [moves.discard(PLAY), moves.PASS] if held else [moves.PASS]


def apply_no_draw(state: SlamState, action: Action, events: list[Event]) -> None:
    """Start the PLAY phase with a held PLAY card, or pass the turn."""
    seat = state.receiver
    if action == moves.PASS:
        events.append(Event("no-draw-pass", {"seat": seat}))
        _end_draw_turn(state, events)
    else:
        _lay_play_card(state, seat, events)


def _lay_play_card(state: SlamState, seat: int, events: list[Event]) -> None:
    """A PLAY card from the hand goes face up and starts the PLAY phase."""
    state.remove_card(seat, PLAY)
    knowledge.played(state, seat, PLAY)
    state.centre.append(PLAY)
    events.append(Event("discard-play", {"seat": seat}))
    playing.start_play_phase(state, seat, "discarded", events)


def _begin_draw_turn(state: SlamState, events: list[Event]) -> None:
    if ensure_stack(state, events):
        state.step = DRAW_CARD
        state.actor = CHANCE
    else:
        events.append(Event("nothing-to-draw", {"seat": state.receiver}))
        state.step = NO_DRAW
        state.actor = state.receiver


def _end_draw_turn(state: SlamState, events: list[Event]) -> None:
    rules = state.rules
    state.draw_turns += 1
    if state.draw_turns >= rules.lap_limit * rules.players:
        events.append(Event("lap-limit", {"laps": rules.lap_limit}))
        playing.start_play_phase(state, state.dealer, "laps", events)
        return
    state.receiver = (state.receiver + 1) % rules.players
    _begin_draw_turn(state, events)


# --- doubles: back to five cards on a return to the DRAW phase ---------------------
def return_legal(state: SlamState) -> list[Action]:
    """A player holding more than five returns one card at a time."""
    hand = state.hands[state.queue[0]]
    return [moves.give_back(code) for code in state.rules.deck.in_order(hand)]


def apply_return(state: SlamState, action: Action, events: list[Event]) -> None:
    """The card is shuffled back into the stack."""
    seat = state.queue[0]
    code = action.args[0]
    state.remove_card(seat, code)
    knowledge.forget_hand(state, seat)
    state.stack.reshuffle([code])
    events.append(secret_card("returned", {"seat": seat}, seat, code))
    _next_refill(state, events)


def apply_refill_draw(state: SlamState, action: Action, events: list[Event]) -> None:
    """A card from the stack for a player holding fewer than five."""
    seat = state.queue[0]
    code = action.args[0]
    state.stack.take(code)
    state.add_card(seat, code)
    events.append(secret_card("drew", {"seat": seat, "why": "refill"}, seat, code))
    _next_refill(state, events)


def _next_refill(state: SlamState, events: list[Event]) -> None:
    while state.queue:
        seat = state.queue[0]
        size = state.sizes[seat]
        if size > HAND_SIZE:
            state.step = REFILL_RETURN
            state.actor = seat
            return
        if size < HAND_SIZE and ensure_stack(state, events):
            state.step = REFILL_DRAW
            state.actor = CHANCE
            return
        state.queue.pop(0)
    _begin_draw_turn(state, events)


# --- the stack ----------------------------------------------------------------------
def ensure_stack(state: SlamState, events: list[Event]) -> bool:
    """Refill an empty stack: the discard piles first, else the centre under its top card.

    Returns whether there is a card to draw.
    """
    if len(state.stack):
        return True
    pooled = [code for pile in state.discards for code, k in pile.items() for _ in range(k)]
    if pooled:
        n = state.rules.players
        state.discards = [{} for _ in range(n)]
        state.discard_sizes = [0] * n
        state.stack.reshuffle(pooled)
        events.append(Event("reshuffle", {"source": "discards", "count": len(pooled)}))
        return True
    if len(state.centre) > 1:
        below = state.centre[:-1]
        del state.centre[:-1]
        state.stack.reshuffle(below)
        events.append(Event("reshuffle", {"source": "centre", "count": len(below)}))
        return True
    return False


def secret_card(kind: str, data: dict[str, object], seat: int, code: str) -> Event:
    """An event whose card only `seat` may see (a draw, a face-down discard)."""
    return Event(kind, data, secret={"card": code}, visible_to=(seat,))


def _clockwise_from(state: SlamState, first: int) -> list[int]:
    n = state.rules.players
    return [(first + k) % n for k in range(n)]
