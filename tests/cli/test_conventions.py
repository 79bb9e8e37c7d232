"""What every `pickletable` command shares: -h, plain flags, completion, --json, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from pickletable.cli.main import app
from tests.cli.scripted import run
from tests.core.test_records import recorded_game

COMMANDS = sorted(getattr(typer.main.get_command(app), "commands"))  # noqa: B009


@pytest.mark.parametrize("command", COMMANDS)
def test_dash_h_is_help_on_every_command(command: str) -> None:
    code, output = run(command, "-h")
    assert code == 0
    assert f"Usage: root {command}" in output  # the test runner calls the program "root"
    assert "<bool>" not in output  # a plain flag takes no value


def test_the_top_level_help_offers_shell_completion() -> None:
    code, output = run("-h")
    assert code == 0
    assert "--install-completion" in output and "<bool>" not in output


def test_games_as_json() -> None:
    code, output = run("games", "--json")
    assert code == 0
    assert json.loads(output)[0] == {
        "id": "board",
        "title": "The Pickleball Board Game",
        "players": [2, 4],
    }


def test_hand_as_json() -> None:
    code, output = run("hand", "--json", "3 3 3 5 6 7 smash")
    assert code == 0
    verdict = json.loads(output)
    assert verdict["complete"] and verdict["value_serving"] == 1
    assert verdict["melds"][1] == {
        "kind": "straight",
        "cards": [["5", 5], ["6", 6], ["7", 7], ["smash", 8]],
    }


def saved(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return path


def test_replay_as_json(tmp_path: Path) -> None:
    record = recorded_game()
    code, output = run("replay", "--json", str(saved(tmp_path, record)))
    assert code == 0
    summary = json.loads(output)
    assert summary["replays"] is True and summary["actions"] == len(record["steps"])


def test_a_record_under_rules_this_version_does_not_have_is_refused(tmp_path: Path) -> None:
    record = recorded_game()
    record["meta"]["rules"] = 9
    path = saved(tmp_path, record)
    code, output = run("replay", str(path))
    assert code == 2
    assert output == (
        f"error: {path} says it was played under Pickleball Board Game rules 9; "
        "this pickletable has rules 1 to 2 of it\n"
    )


def test_a_damaged_record_names_the_step_and_what_differs_in_one_line(tmp_path: Path) -> None:
    record = recorded_game()
    step = next(s for s in record["steps"] if s["events"] and s["events"][0]["kind"] == "die")
    number = record["steps"].index(step) + 1
    step["events"][0]["face"] = "out"
    path = saved(tmp_path, record)
    code, output = run("replay", str(path))
    assert code == 2
    assert output == (
        f"error: {path} does not replay: its step {number} ({step['action']}) plays out "
        f"differently: die: face is {step['action'].split()[1]}, the record says out\n"
    )


def test_replay_show_prints_no_blank_lines(tmp_path: Path) -> None:
    code, output = run("replay", "--show", str(saved(tmp_path, recorded_game())))
    assert code == 0
    assert "\n\n" not in output.strip()


def test_show_completion_prints_a_script_for_the_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    # Typer finds the shell from the processes above this one; under a test worker
    # that is Python, not a shell, so the test says which shell the person runs.
    monkeypatch.setattr("typer.completion._get_shell_name", lambda: "bash")
    code, output = run("--show-completion")
    assert code == 0, output
    assert "_root_completion()" in output  # the test runner's program is "root"


def test_python_dash_m_pickletable_is_the_pickletable_command() -> None:
    source = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": source}
    done = subprocess.run(
        [sys.executable, "-m", "pickletable", "games", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [game["id"] for game in json.loads(done.stdout)] == ["board", "card", "slam"]
