"""``pickletable play GAME --from FILE``: go on with a saved game, a position or a layout."""

from __future__ import annotations

import json
from pathlib import Path

from pickletable.core.records import load_record, replay
from pickletable.games.board import GAME as BOARD
from tests.cli.scripted import run


def test_a_saved_game_goes_on_at_its_last_step_with_its_options(tmp_path: Path) -> None:
    stopped, finished = tmp_path / "stopped.json", tmp_path / "finished.json"
    code, _ = run(
        "play",
        "board",
        "--level",
        "beginner",
        "--seed",
        "3",
        "--no-roll-for-me",
        input=f"serve\nquit\n{stopped}\n",
    )
    assert code == 0
    before = load_record(stopped)
    code, output = run(
        "play", "board", "--from", str(stopped), "--seats", "bot,bot", "--save", str(finished)
    )
    assert code == 0 and "Game over" in output and "Record saved" in output
    after = load_record(finished)
    assert after["options"] == before["options"]
    assert after["steps"][: len(before["steps"])] == before["steps"]
    assert len(after["steps"]) > len(before["steps"])
    assert replay(after).is_over


def test_a_saved_game_keeps_its_seats_unless_told_otherwise(tmp_path: Path) -> None:
    stopped = tmp_path / "stopped.json"
    run(
        "play",
        "board",
        "--seats",
        "human:Ann,bot:easy",
        "--seed",
        "3",
        "--no-roll-for-me",
        input=f"quit\n{stopped}\n",
    )
    code, output = run(
        "play", "board", "--from", str(stopped), "--no-roll-for-me", input="quit\n\n"
    )
    assert code == 0 and "(Ann), your move" in output


def test_a_position_text_starts_the_game_there(tmp_path: Path) -> None:
    position = tmp_path / "near-the-end.txt"
    state = BOARD.arrange(BOARD.new_game(2, {"level": "beginner"}), {"skill": [4.5, 4.5]})
    position.write_text(BOARD.position_text(state))
    code, output = run("play", "board", "--from", str(position), "--seats", "bot,bot")
    assert code == 0 and "Game over" in output


def test_a_layout_builds_the_position_and_a_save_writes_where_the_game_is(tmp_path: Path) -> None:
    layout = tmp_path / "rally.toml"
    layout.write_text(
        "players = 2\n[options]\ntarget_score = 1\n[arrange]\nserver = 0\n"
        'hands = [["1","2","3","4","5","6","7"], ["8","9","10","kitchen","dink","smash","1"]]\n'
    )
    saved = tmp_path / "saved.txt"
    code, output = run(
        "play", "card", "--from", str(layout), "--seats", "bot,bot", "--save", str(saved)
    )
    assert code == 0 and "Game over" in output and "Position saved" in output
    assert saved.read_text().startswith("pickletable position: card\n")


def test_files_that_cannot_start_the_game_say_why(tmp_path: Path) -> None:
    record = tmp_path / "board.json"
    run("play", "board", "--seats", "bot,bot", "--seed", "2", "--save", str(record))
    code, output = said("play", "card", "--from", str(record))
    assert code == 2 and "is a record of 'board'" in output
    code, output = said("play", "board", "--from", str(record))
    assert code == 2 and "that game is over" in output
    layout = tmp_path / "bad.toml"
    layout.write_text("[arrange]\nmood = 3\n")
    code, output = said("play", "board", "--from", str(layout))
    assert code == 2 and "mood" in output
    code, output = said("play", "board", "--from", str(record), "--level", "beginner")
    assert code == 2 and "--from sets the table" in output
    assert json.loads(record.read_text())["outcome"] is not None


def said(*args: str) -> tuple[int, str]:
    """Exit code and output with the terminal's line wrapping undone."""
    code, output = run(*args)
    return code, " ".join(output.split())
