"""Build Slam positions with forced deals and draws, as a rulebook example would."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.chance import sample_outcome
from pickletable.core.events import Event
from pickletable.core.state import CHANCE
from pickletable.games.slam import GAME
from pickletable.games.slam.scenario import arrange, deal
from pickletable.games.slam.state import SlamState

__all__ = [
    "arrange",
    "deal",
    "describe",
    "kinds",
    "label_of",
    "legal",
    "new_game",
    "play",
    "prompt_of",
    "random_game",
    "total_cards",
    "view_of",
]


def new_game(players: int = 3, **options: Any) -> SlamState:
    """A new game at its first deal; `options` are game options by name."""
    state = GAME.new_game(players, options)
    assert isinstance(state, SlamState)
    return state


def play(state: SlamState, *actions: str) -> list[Event]:
    """Apply actions in notation (chance cards too, as ``card 4``); return every event."""
    events: list[Event] = []
    for text in actions:
        events += state.apply_text(text)
    return events


def kinds(events: list[Event]) -> list[str]:
    """The kinds of some events, in order."""
    return [event.kind for event in events]


def describe(state: SlamState, event: Event) -> str:
    """The log sentence of an event (give it `event.for_seat(seat)` for a seat's line)."""
    return GAME.presenter.describe(state, event)


def prompt_of(state: SlamState) -> str:
    """What the engine waits for, in words."""
    return GAME.presenter.prompt(state)


def label_of(state: SlamState, action: Action) -> str:
    """The menu label of an action."""
    return GAME.presenter.label(state, action)


def view_of(state: SlamState, seat: int | None) -> dict[str, Any]:
    """The view a seat's client is sent (`None`: a spectator)."""
    return GAME.presenter.view(state, seat)


def legal(state: SlamState) -> list[str]:
    """The legal actions in notation."""
    return [str(action) for action in state.legal_actions()]


def total_cards(state: SlamState) -> Counter[str]:
    """Every card of the game wherever it is: hands, discards, stack, centre, in hand."""
    counts: Counter[str] = Counter()
    for hand in state.hands:
        counts.update(hand)
    for pile in state.discards:
        counts.update(pile)
    counts.update(state.stack.cards())
    counts.update(state.centre)
    counts.update(state.set_aside)
    if state.drawn is not None:
        counts[state.drawn] += 1
    return counts


def random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    check: Any = None,
    max_steps: int = 100_000,
) -> SlamState:
    """Play a game at random to its end, calling `check(state, player, action)` before each step."""
    state = new_game(players, **(options or {}))
    rng = random.Random(seed)
    for _ in range(max_steps):
        player = state.current_player
        if player is None:
            return state
        if player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        if check is not None:
            check(state, player, action)
        state.apply(action)
    raise AssertionError(f"game of {players} (seed {seed}) did not end in {max_steps} steps")


def to_draw_phase(state: SlamState, hands: Sequence[Sequence[str]]) -> SlamState:
    """Deal these five-card hands (forced chance) and reach the first DRAW turn."""
    deal(state, hands)
    assert state.phase == "draw", state.step
    return state
