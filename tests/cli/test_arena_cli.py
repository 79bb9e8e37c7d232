"""`pickletable arena` at the terminal: progress, and Ctrl-C part-way."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.console import Console

from pickletable.analysis.runner import Progress
from pickletable.cli import sim_command
from tests.cli.scripted import run


@pytest.fixture
def ctrl_c_after_three_games(monkeypatch: pytest.MonkeyPatch) -> None:
    @contextmanager
    def progress_bar(console: Console, label: str, total: int) -> Iterator[Progress]:
        def hook(done: int) -> None:
            if done == 3:
                raise KeyboardInterrupt

        yield hook

    monkeypatch.setattr(sim_command, "progress_bar", progress_bar)


@pytest.mark.usefixtures("ctrl_c_after_three_games")
def test_ctrl_c_says_how_many_games_were_played_and_exits_130() -> None:
    code, output = run("arena", "card", "--bots", "random,random", "--games", "20")
    assert code == 130
    assert "Stopped after 3 of 20 games; the figures below are theirs." in output
    assert "card: 3 games, 2 players, seed 0" in output


@pytest.mark.usefixtures("ctrl_c_after_three_games")
def test_ctrl_c_in_json_counts_the_games_played() -> None:
    code, output = run("arena", "card", "--bots", "random,random", "--games", "20", "--json")
    assert code == 130
    figures = json.loads(output[output.index("{") :])
    assert (figures["games"], figures["asked"], figures["interrupted"]) == (3, 20, True)


def test_a_whole_run_is_not_stopped() -> None:
    code, output = run("arena", "card", "--bots", "random,random", "--games", "2")
    assert code == 0
    assert "card: 2 games" in output and "Stopped" not in output
