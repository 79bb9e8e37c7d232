"""Build card game positions with forced deals and draws, as a rulebook example would."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pickletable.core.events import Event
from pickletable.games.card import GAME
from pickletable.games.card.codes import EventKind, Step
from pickletable.games.card.scenario import arrange
from pickletable.games.card.state import CardState

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def new_game(players: int = 2, **options: Any) -> CardState:
    """A new game; `options` are game options by name."""
    state = GAME.new_game(players, options)
    assert isinstance(state, CardState)
    return state


def play(state: CardState, *actions: str) -> list[Event]:
    """Apply actions in notation; return every event they caused."""
    events: list[Event] = []
    for text in actions:
        events += state.apply_text(text)
    return events


def pick_first_server(state: CardState, seat: int) -> list[Event]:
    """Turn up number cards until `seat` is dealt the first Kitchen."""
    events: list[Event] = []
    for filler in range(1, 11):
        if state.rules.seats[len(state.shown) % len(state.seats)] == seat:
            break
        events += state.apply_text(f"show {filler}")
    return events + state.apply_text("show kitchen")


def deal(state: CardState, hands: dict[int, str], flip: str) -> list[Event]:
    """Deal each seat the cards given as text, then turn `flip` up."""
    wanted = {seat: text.split() for seat, text in hands.items()}
    assert all(len(cards) == 7 for cards in wanted.values()), wanted
    events: list[Event] = []
    seats = state.rules.seats
    start = seats.index(state.turn)
    for index in range(7 * len(seats)):
        seat = seats[(start + index) % len(seats)]
        events += state.apply_text(f"deal {wanted[seat][index // len(seats)]}")
    return events + state.apply_text(f"flip {flip}")


def start(
    hands: dict[int, str], flip: str = "5", server: int = NORTH, players: int = 2, **options: Any
) -> CardState:
    """A rally ready for its first turn: `server` serves, these hands dealt."""
    state = new_game(players, **options)
    pick_first_server(state, server)
    deal(state, hands, flip)
    return state


def laid_out(
    hands: dict[int, str], top: str = "5", server: int = NORTH, players: int = 2, **options: Any
) -> CardState:
    """A rally set up by hand (`scenario.arrange`): these hands, `top` alone on the discard pile,
    the seat left of `server` to start its turn."""
    state = new_game(players, **options)
    by_seat = [hands[seat].split() for seat in state.seats]
    return arrange(state, by_seat, discards=[top], server=server)


def draw(state: CardState, card: str) -> list[Event]:
    """The seat to play draws `card` from the draw pile."""
    return play(state, "draw", f"draw {card}")


def turn(
    state: CardState, drawn: str, discarded: str | None = None, lay: bool = False
) -> list[Event]:
    """A whole turn: draw `drawn` from the pile, discard (by default the drawn card)."""
    events = draw(state, drawn)
    action = f"discard {discarded or drawn}" + (" lay" if lay else "")
    return events + play(state, action)


def pass_turn(state: CardState) -> list[Event]:
    """Draw any card the pile may give and discard it again: the hand is unchanged."""
    card = state.pile.draw_outcomes()[0][0]
    return turn(state, card)


def kinds(events: list[Event]) -> list[str]:
    """The kinds of a list of events."""
    return [event.kind for event in events]


def find(events: list[Event], kind: EventKind) -> Event:
    """The one event of a kind."""
    found = [event for event in events if event.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


def all_cards(state: CardState) -> Counter[str]:
    """Every card in hands, piles and face-up first-server cards."""
    cards: Counter[str] = Counter(state.pile.cards())
    cards.update(state.discards)
    for seat in state.seats:
        cards.update(state.hands[seat])
    if state.step == Step.FIRST_SERVER:
        cards.update(card for _, card in state.shown)
    return cards
