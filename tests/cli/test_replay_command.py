"""``pickletable replay``: a record made under other rules says in one line where it stops."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pickletable import __version__
from pickletable.games.board import GAME as BOARD
from tests.cli.scripted import run
from tests.core.test_records import recorded_game


def saved(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "my-game.json"
    path.write_text(json.dumps(record))
    return path


def test_a_record_made_under_other_rules_that_stops_replaying_is_explained_in_one_line(
    tmp_path: Path,
) -> None:
    record = recorded_game()
    record["meta"] = {"pickletable": "0.1.0"}  # made before games named their rules: rules 1
    record["steps"][3]["events"] = []
    action = record["steps"][3]["action"]
    code, output = run("replay", str(saved(tmp_path, record)))
    assert code == 1
    assert output.startswith(
        f"{tmp_path / 'my-game.json'}: made by pickletable 0.1.0 under Pickleball Board Game "
        f"rules 1; these are Pickleball Board Game rules {BOARD.rules_version}, under which "
        f'its step 4 ({action}) plays out differently: "an extra character event"'
    )
    assert output.count("\n") == 1


def test_a_refused_step_of_a_record_made_by_another_version_is_explained(tmp_path: Path) -> None:
    record = recorded_game()
    record["meta"]["pickletable"] = "0.0.9"
    record["steps"][3]["action"] = "serve"
    code, output = run("replay", str(saved(tmp_path, record)))
    assert code == 1 and output.count("\n") == 1
    assert (
        f"made by pickletable 0.0.9 under Pickleball Board Game rules {BOARD.rules_version}, "
        f"the rules of this pickletable ({__version__}) too, yet its step 4 (serve) is refused "
        'now: "illegal action' in output
    )


def test_a_damaged_record_of_this_version_keeps_the_plain_error(tmp_path: Path) -> None:
    record = recorded_game()
    record["steps"][3]["events"] = []
    code, output = run("replay", str(saved(tmp_path, record)))
    assert code == 2 and "does not replay: its step 4 " in output


def test_a_new_record_names_its_rules_and_an_older_one_counts_as_rules_1(tmp_path: Path) -> None:
    record = recorded_game()
    assert record["meta"]["rules"] == BOARD.rules_version
    assert run("replay", str(saved(tmp_path, record)))[0] == 0
    del record["meta"]["rules"]
    assert run("replay", str(saved(tmp_path, record)))[0] == 0  # rules 1, and it still replays
