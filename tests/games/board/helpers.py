"""Build board game positions with forced dice and cards, as a rulebook example would."""

from __future__ import annotations

from typing import Any

from pickletable.core.events import Event
from pickletable.games.board import GAME
from pickletable.games.board.codes import Step
from pickletable.games.board.state import BoardState

# Default characters used by the tests, with their Nice and Bad Shots.
DANA = "dinkin-dana"  # nice dink, bad lob
BO = "big-banger-bo"  # nice drive, bad dink
LOU = "lobster-lou"  # nice lob, bad volley
THEO = "third-shot-theo"  # nice drop, bad smash
PETE = "paddle-pete"  # nice dink, bad smash
KIT = "kitchen-kit"  # nice volley, bad drive


def new_game(players: int = 2, level: str = "advanced", **options: Any) -> BoardState:
    """A new game; `options` are game options by name."""
    state = GAME.new_game(players, {"level": level, **options})
    assert isinstance(state, BoardState)
    return state


def play(state: BoardState, *actions: str) -> list[Event]:
    """Apply actions in notation; return every event they caused."""
    events: list[Event] = []
    for text in actions:
        events += state.apply_text(text)
    return events


def set_up(
    state: BoardState,
    characters: list[str],
    first: str = "blue",
    skills: dict[int, list[str]] | None = None,
    strategies: dict[int, list[str]] | None = None,
) -> list[Event]:
    """Deal the given characters (and, at advanced, cards) and roll the first server."""
    events: list[Event] = []
    while state.step == Step.DEAL:
        seat, pile = state.deal_queue[0]
        if pile == "character":
            card = characters[state.seats.index(seat)]
        else:
            source = skills if pile == "skill" else strategies
            hand = state.skill_hand if pile == "skill" else state.strategy_hand
            wanted = (source or {}).get(seat)
            if wanted is None:
                card = _unreserved(state, pile, source or {}, hand)
            else:
                card = wanted[len(hand[seat])]
        events += play(state, f"draw {card}")
    events += play(state, f"roll {first}")
    return events


def kinds(events: list[Event]) -> list[str]:
    """The kinds of a list of events, in order."""
    return [event.kind for event in events]


def levels(state: BoardState) -> dict[str, float]:
    """Each seat's skill level by colour."""
    return {state.rules.colour_of[s]: state.level_of(s) for s in state.seats}


def put_at(state: BoardState, **levels_by_colour: float) -> None:
    """Hand-build a position: put seats at skill levels (the tests' only shortcut)."""
    for colour, level in levels_by_colour.items():
        seat = state.rules.seat_of_colour[colour]
        state.skill[seat] = round(level / state.rules.step)


def _unreserved(
    state: BoardState, pile: str, wanted: dict[int, list[str]], hands: list[list[str]]
) -> str:
    """A card for a seat with no wishes that leaves enough for the seats that have some."""
    reserved: dict[str, int] = {}
    for seat, cards in wanted.items():
        for card in cards[len(hands[seat]) :]:
            reserved[card] = reserved.get(card, 0) + 1
    unseen = state.piles[pile].unseen
    for card, count in unseen.items():
        if count > reserved.get(card, 0):
            return card
    raise AssertionError(f"the {pile} pile cannot satisfy {wanted}")
