"""A terminal window of a given size, with a person's answers typed from a script.

`play_to_prompt` plays a game at the terminal until the script runs out and
returns what the window shows at that prompt: the last `height` lines,
exactly as a person would read them.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from pickletable.cli.layout import Layout
from pickletable.cli.table_config import build_table
from pickletable.cli.terminal import TerminalGame


class ScriptedWindow(Console):
    """A terminal window (80x24 unless told) whose keyboard types `answers` in turn."""

    def __init__(self, answers: list[str], *, width: int = 80, height: int = 24) -> None:
        super().__init__(
            width=width,
            height=height,
            file=io.StringIO(),
            record=True,
            color_system=None,
            force_terminal=True,
            legacy_windows=False,
        )
        self.answers = list(answers)
        self.at_prompt = ""
        """The window at the prompt where the answers ran out."""

    def input(self, prompt: Any = "", **_: Any) -> str:
        self.print(prompt, end="")
        if not self.answers:
            if not self.at_prompt:  # the first prompt left unanswered; later ones (save?) are not
                self.at_prompt = window_text(self.export_text(clear=False), self.height)
            raise EOFError
        answer = self.answers.pop(0)
        self.print(answer, markup=False, highlight=False)
        return answer


def window_text(output: str, height: int) -> str:
    """The last `height` lines of `output`, as a window of that height shows them
    (without the spaces that end a line, which nobody sees)."""
    return "\n".join(line.rstrip() for line in output.split("\n")[-height:])


def play_to_prompt(
    game: str,
    answers: list[str],
    *,
    seats: str,
    seed: int,
    layout: Layout = Layout.AUTO,
    width: int = 80,
    height: int = 24,
    show_odds: bool = False,
    **table: Any,
) -> tuple[str, TerminalGame]:
    """The window at the prompt after the last answer, and the game (to read its record)."""
    window = ScriptedWindow(answers, width=width, height=height)
    config = build_table(game, seats=seats, **table)
    terminal = TerminalGame(config, window, seed=seed, layout=layout, show_odds=show_odds)
    terminal.play()
    return window.at_prompt, terminal
