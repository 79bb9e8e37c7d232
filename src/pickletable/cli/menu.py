"""A person's move menu at the terminal: numbered choices, notation, and a flag per choice.

The presenter groups the legal actions into choices (`Presenter.menu`); a
choice with a flag (the card game's lay-down) is one line, picked by its
number, then a question says whether to set the flag, or at once by its
number and the flag key (``3l``). Every legal action's notation is accepted
as well, so ``discard 9 lay`` still does what it says, and so is a choice's
label as printed, in any case and without its punctuation ("dinkin dana" for
Dinkin' Dana). A choice with words of its own (`MenuChoice.words`) is typed
by them, not by a notation that means another move at other prompts.

>>> from pickletable.core.actions import Action
>>> from pickletable.core.presenter import MenuChoice
>>> discard, lay = Action.from_text("discard 9"), Action.from_text("discard 9 lay")
>>> menu = Menu([MenuChoice("Discard the 9", discard, lay, "lay down (complete)")])
>>> menu.read("1") == Pick(menu.choices[0])
True
>>> menu.read("1l"), menu.read("1 L"), menu.read("discard 9")
(Pick(action=discard 9 lay), Pick(action=discard 9 lay), Pick(action=discard 9))
>>> menu.read("2")
Refusal(message='There is no choice 2; pick 1.')
>>> lone = Menu([MenuChoice("Serve", Action.from_text("serve"))])
>>> lone.read("")
Pick(action=serve)
>>> drawn = Menu([MenuChoice("Dinkin' Dana", Action.from_text("draw dinkin-dana"))])
>>> drawn.read("DINKIN' DANA"), drawn.read("dinkin dana")
(Pick(action=draw dinkin-dana), Pick(action=draw dinkin-dana))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from pickletable.core.actions import Action
from pickletable.core.errors import InvalidActionError
from pickletable.core.presenter import MenuChoice

HELP = (  # what a person may type at any prompt, besides a choice
    "Type the number of a choice, its notation (shown in brackets) or its words; "
    "Enter alone takes a lone choice. "
    "Also: 'board' (the whole table), 'log' (recent events), 'history' (every event so far), "
    "'score', 'hint' (what the hard bot would play), 'help CARD' (what a card does), "
    "'undo' (take back your last move, until a die or card comes up), 'save FILE', 'quit'."
)
COMPANION_HELP = " In companion mode 'undo' takes back the last entry."

FLAG_KEY = "l"
"""Typed after a choice's number to set its flag at once ("3l")."""

_NUMBER = re.compile(rf"(\d+)\s*({FLAG_KEY})?", re.IGNORECASE)
_PUNCTUATION = re.compile(r"[^a-z0-9]+")


def plain_words(text: str) -> str:
    """Lower case, punctuation as spaces: how typed words are matched to a label.

    >>> plain_words("  IN, Lob "), plain_words("Dinkin' Dana")
    ('in lob', 'dinkin dana')
    """
    return _PUNCTUATION.sub(" ", text.lower()).strip()


@dataclass(frozen=True)
class Pick:
    """What an answer picked: an action, or a choice whose flag is still to be asked."""

    choice: MenuChoice | None = None
    action: Action | None = None

    def __repr__(self) -> str:
        return f"Pick(action={self.action})" if self.action else f"Pick(choice={self.choice})"


@dataclass(frozen=True)
class Refusal:
    """An answer that picks nothing, and why."""

    message: str


@dataclass
class Menu:
    """The choices offered to a person, and how to read what they type."""

    choices: list[MenuChoice]
    actions: list[Action] = field(default_factory=list)
    """Every legal action (defaults to the choices' actions and flagged actions)."""

    def __post_init__(self) -> None:
        if not self.actions:
            for choice in self.choices:
                self.actions.append(choice.action)
                if choice.flagged is not None:
                    self.actions.append(choice.flagged)

    @property
    def numbers(self) -> str:
        """The numbers that may be typed, in words: "1" or "1 to 8"."""
        return "1" if len(self.choices) == 1 else f"1 to {len(self.choices)}"

    def table(self) -> Table:
        """The menu as lines: number, label, notation, and how to set a flag."""
        menu = Table(box=None, show_header=False, padding=(0, 1))
        for number, choice in enumerate(self.choices, 1):
            row: list[RenderableType] = [
                f"{number}.",
                Text(choice.label),
                Text(f"[{choice.words or choice.action}]", style="dim"),
            ]
            if choice.flagged is not None:
                row.append(Text(f"{number}{FLAG_KEY.upper()}: {choice.flag_label}", style="green"))
            menu.add_row(*row)
        return menu

    def read(self, answer: str) -> Pick | Refusal:
        """What a typed answer picks (a number, a number and the flag key, notation, or the
        words after a verb when only one choice has them), or why it picks nothing."""
        if not answer and len(self.choices) == 1:
            return _picked(self.choices[0])  # Enter alone takes a lone choice
        if not answer:
            return Refusal(
                f"Type a number ({self.numbers}) or a move in brackets; 'help' for more."
            )
        number = _NUMBER.fullmatch(answer)
        if number:
            return self._by_number(int(number.group(1)), flag=bool(number.group(2)))
        typed = plain_words(answer)
        own_words = [c for c in self.choices if c.words and plain_words(c.words) == typed]
        if len(own_words) == 1:
            return _picked(own_words[0])
        # A shortcut: the words after the verb, when only one choice has them ("ace").
        words = " ".join(answer.lower().split())
        same_words = [c for c in self.choices if " ".join(c.action.args) == words]
        if len(same_words) == 1:
            return _picked(same_words[0])
        flagged = [
            c.flagged for c in self.choices if c.flagged and " ".join(c.flagged.args) == words
        ]
        if len(flagged) == 1:
            return Pick(action=flagged[0])
        printed = [c for c in self.choices if plain_words(c.label) == typed]
        if len(printed) == 1:
            return _picked(printed[0])
        try:
            action = Action.from_text(answer)
        except InvalidActionError as error:
            return Refusal(f"{error}.")
        worded = [c for c in self.choices if c.words and c.action == action]
        if worded:
            return Refusal(
                f"Here {answer!r} would be: {worded[0].label}. "
                f"Type {worded[0].words!r} for that, or a number."
            )
        if action in self.actions:
            return Pick(action=action)
        allowed = ", ".join(str(a) for a in self.actions)
        return Refusal(f"{answer!r} is not a choice now. Allowed: {allowed} (or {self.numbers}).")

    def _by_number(self, number: int, *, flag: bool) -> Pick | Refusal:
        if not 1 <= number <= len(self.choices):
            return Refusal(f"There is no choice {number}; pick {self.numbers}.")
        choice = self.choices[number - 1]
        if not flag:
            return _picked(choice)
        if choice.flagged is None:
            return Refusal(f"Choice {number} has no '{FLAG_KEY.upper()}'; type {number} alone.")
        return Pick(action=choice.flagged)


def _picked(choice: MenuChoice) -> Pick:
    """A choice without a flag is its action; one with a flag is asked about."""
    return Pick(action=choice.action) if choice.flagged is None else Pick(choice=choice)
