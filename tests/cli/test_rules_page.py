"""`pickletable rules`: a pager at a terminal, plain text in a pipe, game ids in any case."""

from __future__ import annotations

import io
import os

import pytest
from rich.console import Console
from rich.pager import Pager

from pickletable.cli.paging import show_page
from tests.cli.scripted import run


class RecordingPager(Pager):
    """A pager that keeps what it was given."""

    def __init__(self) -> None:
        self.pages: list[str] = []

    def show(self, content: str) -> None:
        self.pages.append(content)


def test_at_a_terminal_the_page_goes_through_the_pager(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LESS", raising=False)
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80, color_system=None)
    pager = RecordingPager()
    show_page(console, "How to play", "Options", pager=pager)
    assert pager.pages == ["How to play\nOptions\n"]
    assert screen.getvalue() == ""

    assert os.environ["LESS"] == "-FRX"


def test_in_a_pipe_the_page_is_printed() -> None:
    screen = io.StringIO()
    pager = RecordingPager()
    show_page(Console(file=screen, width=80), "How to play", pager=pager)
    assert pager.pages == [] and screen.getvalue() == "How to play\n"


def test_game_ids_in_any_case() -> None:
    code, output = run("rules", "CARD")
    assert code == 0 and "The Pickleball Card Game" in output
    assert run("rules", "Slam")[0] == 0
