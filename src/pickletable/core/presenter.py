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
from dataclasses import dataclass
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import GameState


@dataclass(frozen=True)
class MenuChoice:
    """One line of a person's move menu: a label and its action, and maybe a flag.

    A flag turns the choice into a second legal action picked on the same
    line (the card game's "discard the 9" and "discard the 9 and lay down"),
    so a menu lists each choice once. Records and notation are unchanged:
    `action` and `flagged` are ordinary legal actions.
    """

    label: str
    action: Action
    flagged: Action | None = None
    """The action when the flag is set, or `None` for a choice without one."""
    flag_label: str = ""
    """What setting the flag does, to end a question ("lay down (complete)")."""
    words: str = ""
    """What a person types for the choice when its notation means another move elsewhere
    (the board game's ``serve`` that skips the stanchion: "serve without stanchion")."""


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

    def told_privately(self, state: GameState, chance: Action, seat: int) -> str:
        """What `seat` alone learns from a chance outcome about to be applied ("You draw
        the 9."), or "" (the log, shown to every seat, never names such a card)."""
        return ""

    def no_choices_note(self, state: GameState) -> str:
        """Why nobody is ever asked to choose in this game, when nothing in it is a choice
        (the board game's beginner level: dice only), or "" (front ends then say how the
        rolls are made: for the person, each shown, or by the person)."""
        return ""

    def menu(self, state: GameState, actions: list[Action]) -> list[MenuChoice]:
        """The menu of `actions` for a person: one choice per action unless a game groups them."""
        return [MenuChoice(self.label(state, action), action) for action in actions]
