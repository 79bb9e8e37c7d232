"""Presenters: every word a game shows people, and the fields its clients draw from.

The rules (a game's state machine) speak in codes: events, actions,
termination codes. A game's `Presenter` turns them into what the terminal
and the web table show: log sentences, prompts, menu labels, the outcome
in words, and each seat's *view*, the JSON a seat's client is sent (built
from that seat's observation only, plus structured fields such as a card's
number and twist, so clients never parse ids or labels).

>>> from pickletable.core.registry import get_game
>>> game = get_game("slam")
>>> state = game.new_game(3)
>>> game.presenter.prompt(state)
'Chance: deal a card to Player 1'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import GameState


class Presenter(ABC):
    """A game's words and client views; each game's ``presenter.py`` implements one."""

    @abstractmethod
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The JSON-safe view a seat's client is sent (`None`: a spectator)."""

    @abstractmethod
    def describe(self, state: GameState, event: Event) -> str:
        """One log sentence about one event (give it `event.for_seat(seat)`)."""

    @abstractmethod
    def prompt(self, state: GameState) -> str:
        """What the engine waits for, without any hidden card."""

    @abstractmethod
    def label(self, state: GameState, action: Action) -> str:
        """A menu label for a legal action."""

    @abstractmethod
    def outcome_text(self, state: GameState) -> str:
        """How the game ended, in words; "" while it goes on."""
