"""``pickletable review``: each decision with its mark at 80 columns, the same as JSON, and
a clear line for a seat the game does not have or a file that is no record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pickletable.analysis.review import review_record
from tests.analysis.blunders import Blunder, bad_shot_at_game_point, blunder_record
from tests.cli.scripted import run


def saved(tmp_path: Path) -> tuple[Path, Blunder]:
    blunder = blunder_record("board", bad_shot_at_game_point)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blunder.record))
    return path, blunder


def test_the_review_marks_the_blunder_and_reads_at_80_columns(tmp_path: Path) -> None:
    path, blunder = saved(tmp_path)
    code, output = run("review", str(path), "--seat", str(blunder.seat), "--budget", "8")
    assert code == 0, output
    assert max(len(line) for line in output.splitlines()) <= 80
    [row] = [
        line for line in output.splitlines() if line.lstrip().startswith(f"{blunder.step + 1} │")
    ]
    assert "Skill Card" in row and row.rstrip().endswith("blunder")
    assert "Win chance: " in output and "Key moments:" in output
    assert "blunder 20% or more" in output


def test_the_json_review_is_the_same_each_time(tmp_path: Path) -> None:
    path, blunder = saved(tmp_path)
    args = ("review", str(path), "--json", "--budget", "8", "--seat", str(blunder.seat))
    code, first = run(*args)
    assert code == 0, first
    assert run(*args) == (0, first)
    review = json.loads(first)
    [seat] = review["seats"]
    [decision] = [each for each in seat["decisions"] if each["step"] == blunder.step]
    assert decision["mark"] == "blunder" and review["rollouts"] == 8
    # A record that keeps this review (as the web table's download does) prints it as it is
    # at once; another budget's is made again.
    kept = {**blunder.record, "meta": {**blunder.record["meta"], "reviews": [review]}}
    path.write_text(json.dumps(kept))
    made_again: list[dict[str, Any]] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        made_again.append(kwargs)
        return review_record(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("pickletable.cli.review_command.review_record", counted)
        assert run(*args) == (0, first)
        assert made_again == []
        code, text = run("review", str(path), "--budget", "8", "--seat", str(blunder.seat))
        assert code == 0 and "blunder" in text and made_again == []  # the text from it too
        assert run("review", str(path), "--json", "--budget", "2", "--seat", "0")[0] == 0
        assert [kwargs["budget"] for kwargs in made_again] == [2]


def test_a_seat_the_game_does_not_have_is_named_with_the_seats_it_has(tmp_path: Path) -> None:
    path, _ = saved(tmp_path)
    code, output = run("review", str(path), "--seat", "Green")
    assert code == 2
    assert "this game has no seat 'Green': its seats are 0 (Blue), 2 (Yellow)" in output


def test_a_file_that_is_no_record_is_refused_in_a_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"hello": 1}')
    code, output = run("review", str(path))
    assert code == 2 and output.startswith("error: ") and "not a pickletable record" in output
