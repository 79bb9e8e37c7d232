"""A game at the terminal as a session: Ctrl-C, saving, and what the card game tells you alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.cli import terminal as terminal_module
from pickletable.cli.terminal import TerminalGame
from tests.cli.screen import play_to_prompt
from tests.cli.scripted import run


def test_ctrl_c_stops_the_game_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: TerminalGame) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal_module.TerminalGame, "_step", interrupted)
    code, output = run("play", "card", "--seed", "1", input="\n")
    assert code == 130
    assert "Game interrupted." in output


def test_bad_input_on_the_command_line_exits_2() -> None:
    assert run("play", "board", "--players", "3")[0] == 2
    assert run("play", "chess")[0] == 2
    assert run("play", "board", "--layout", "tiny")[0] == 2


def test_save_into_a_folder_that_does_not_exist_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # short paths: the lines are read as printed
    missing = Path("no-such-folder") / "game.json"
    code, output = run("play", "card", "--seed", "1", input=f"save {missing}\nquit\n\n")
    assert code == 0
    assert (
        f"Could not save to {missing}: there is no folder {missing.parent}. Make it first, "
        "or give another file name." in " ".join(output.split())  # as wrapped at 80 columns
    )
    assert not missing.parent.exists()
    code, output = run("play", "card", "--save", str(missing))
    assert code == 2
    assert output == (
        f"error: {missing}: there is no folder {missing.parent}; make it first, "
        "or give another file name\n"
    )


def test_quit_right_after_save_does_not_ask_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = Path("game.json")
    code, output = run("play", "card", "--seed", "1", input=f"save {path}\nquit\n")
    assert code == 0 and path.exists()
    assert "Save the game record?" not in output
    assert f"Saved already, as it stands, to {path}." in output


def test_no_roll_for_me_asks_and_enter_alone_takes_the_lone_choice() -> None:
    code, output = run(
        "play",
        "board",
        "--level",
        "beginner",
        "--seed",
        "3",
        "--no-roll-for-me",
        input="\nquit\n\n",
    )
    assert code == 0
    assert "Blue, your move (Enter: 1) > " in output  # the person rolls, even a lone roll
    assert "Blue serves: " in output and "(rolled for you)" not in output


def test_ctrl_c_in_the_scorekeeper_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from pickletable.cli import scorekeeper

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(scorekeeper, "run_scorekeeper", interrupted)
    code, output = run("score", "card")
    assert code == 130 and "Stopped." in output


def test_the_lay_down_question_takes_the_prompt_commands_too() -> None:
    screen, _ = play_to_prompt(
        "card", ["1", "1", "board"], seats="human,bot:easy,bot:easy,bot:easy", seed=5, players=4
    )
    assert "Type y or n" not in screen
    assert screen.rstrip().endswith("y or n (Enter: choose again) >")
    assert "Your hand — North" in screen.split("> board")[1]
