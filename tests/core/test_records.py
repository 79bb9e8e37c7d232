"""Game records: schema, replay, and a clear message at the first action that differs."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from pickletable import __version__
from pickletable.bots import RandomBot
from pickletable.core.errors import RecordError, ReplayMismatchError, ReplayStopError
from pickletable.core.match import run_match
from pickletable.core.records import (
    Recorder,
    check_record,
    load_record,
    made_with,
    record_schema,
    replay,
    rules_of,
)
from pickletable.core.state import Outcome
from pickletable.games.board import GAME
from pickletable.games.board.state import BoardState


def recorded_game(seed: int = 5, players: int = 4) -> dict[str, Any]:
    state = GAME.new_game(players, {"level": "advanced"})
    assert isinstance(state, BoardState)
    content = GAME.default_content()
    recorder = Recorder(
        "board",
        players,
        dict(state.rules.options),
        content,
        [{"seat": s, "name": state.seat_name(s), "player": "bot:easy"} for s in state.seats],
    )
    run_match(state, {s: RandomBot() for s in state.seats}, random.Random(seed), recorder=recorder)
    return recorder.to_json(state)


def test_a_record_holds_game_options_content_seats_steps_and_outcome() -> None:
    record = recorded_game()
    check_record(record)
    assert record["game"] == "board" and record["options"]["level"] == "advanced"
    assert record["content"]["fingerprint"].startswith("sha256:")
    assert record["outcome"]["winners"]
    assert all({"by", "action", "events"} <= set(step) for step in record["steps"])


def test_a_record_says_how_its_game_ended() -> None:
    record = recorded_game()
    assert record["version"] == 2
    assert record["outcome"]["termination"] == "skill_track_top"
    assert Outcome.from_json(record["outcome"]) == replay(record).outcome


def test_a_record_replays() -> None:
    record = recorded_game()
    state = replay(record)
    assert state.outcome is not None
    assert list(state.outcome.winners) == record["outcome"]["winners"]


def test_a_changed_die_face_is_rejected_naming_the_action() -> None:
    record = recorded_game()
    index = next(
        i for i, step in enumerate(record["steps"]) if step["action"] == "roll in" and i > 40
    )
    tampered = copy.deepcopy(record)
    tampered["steps"][index]["action"] = "roll out"
    with pytest.raises(ReplayMismatchError, match=f"action {index + 1} \\('roll out'\\)"):
        replay(tampered)


def test_changed_events_are_rejected_at_their_action() -> None:
    record = recorded_game()
    tampered = copy.deepcopy(record)
    tampered["steps"][3]["events"] = []
    with pytest.raises(ReplayMismatchError, match="action 4 "):
        replay(tampered)


def test_altered_embedded_content_is_caught_by_its_fingerprint() -> None:
    tampered = copy.deepcopy(recorded_game())
    tampered["content"]["data"]["characters"][0]["name"] = "Someone Else"
    with pytest.raises(RecordError, match="fingerprint"):
        replay(tampered)


def test_a_malformed_record_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "pickletable-record"}))
    with pytest.raises(RecordError, match="not a pickletable record"):
        load_record(path)
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        load_record(path)
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "missing.json")


def test_a_truncated_record_replays_as_unfinished() -> None:
    record = recorded_game()
    record["steps"] = record["steps"][:30]
    record["outcome"] = None
    assert not replay(record).is_over


def test_a_record_names_the_pickletable_version_that_made_it() -> None:
    record = recorded_game()
    assert record["meta"]["pickletable"] == __version__ == made_with(record)
    assert "pickletable" in record_schema()["properties"]["meta"]["properties"]


def test_records_without_a_version_still_load_and_replay(tmp_path: Path) -> None:
    record = recorded_game()
    del record["meta"]["pickletable"]
    assert made_with(record) is None
    assert replay(record).is_over
    del record["meta"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    assert replay(load_record(path)).is_over


def test_a_version_that_is_not_text_is_refused() -> None:
    record = recorded_game()
    record["meta"]["pickletable"] = 1
    with pytest.raises(RecordError, match="meta/pickletable"):
        check_record(record)


def test_a_record_from_another_version_that_no_longer_replays_names_that_version() -> None:
    record = recorded_game()
    record["meta"]["pickletable"] = "0.0.1"
    tampered = copy.deepcopy(record)
    tampered["steps"][3]["events"] = []
    made = f"made with pickletable 0.0.1; this is pickletable {__version__}"
    with pytest.raises(ReplayMismatchError, match=f"does not replay \\({made}\\): action 4 "):
        replay(tampered)
    tampered = copy.deepcopy(record)
    tampered["steps"][3]["action"] = "serve"
    with pytest.raises(RecordError, match=f"\\({made}\\): action 4 .* is refused"):
        replay(tampered)
    tampered = copy.deepcopy(record)
    tampered["options"]["level"] = "expert"
    with pytest.raises(RecordError, match=f"cannot start its game \\({made}\\)"):
        replay(tampered)


def test_a_record_from_this_version_that_no_longer_replays_says_nothing_of_versions() -> None:
    tampered = recorded_game()
    tampered["steps"][3]["events"] = []
    with pytest.raises(ReplayMismatchError) as raised:
        replay(tampered)
    assert "made with" not in str(raised.value)


def test_the_schema_file_is_valid_json_schema() -> None:
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(record_schema())


def test_a_record_names_the_rules_it_was_made_under_and_one_without_them_is_rules_1() -> None:
    record = recorded_game()
    assert record["meta"]["rules"] == GAME.rules_version == rules_of(record)
    del record["meta"]["rules"]
    assert rules_of(record) == 1
    record["meta"]["rules"] = "two"
    with pytest.raises(RecordError, match="meta/rules"):
        check_record(record)


def test_a_record_made_under_other_rules_that_stops_says_so_and_where() -> None:
    record = recorded_game()
    record["meta"]["rules"] = 1
    record["steps"][3]["action"] = "serve"
    with pytest.raises(ReplayStopError) as raised:
        replay(record)
    assert raised.value.index == 3 and raised.value.refused
    assert "under Pickleball Board Game rules 1; these are Pickleball Board Game rules" in str(
        raised.value
    )
