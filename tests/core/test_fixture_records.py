"""Records written after the rules fixes keep replaying, step by step and event by event."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.core.records import load_record, replay
from pickletable.core.registry import get_game
from pickletable.core.state import Outcome, Termination

RECORDS = sorted((Path(__file__).parent.parent / "fixtures" / "records").glob("*.json"))


def test_there_is_a_fixture_record_for_every_game() -> None:
    games = {load_record(path)["game"] for path in RECORDS}
    assert games == {"board", "card", "slam"}


@pytest.mark.parametrize("path", RECORDS, ids=[path.stem for path in RECORDS])
def test_a_record_made_after_the_rules_fixes_still_replays(path: Path) -> None:
    record = load_record(path)
    state = replay(record)
    assert state.is_over
    assert state.outcome is not None
    assert list(state.outcome.winners) == record["outcome"]["winners"]


@pytest.mark.parametrize("path", RECORDS, ids=[path.stem for path in RECORDS])
def test_a_version_1_record_says_target_and_replays_to_the_game_own_ending(path: Path) -> None:
    record = load_record(path)
    assert record["version"] == 1
    assert Outcome.from_json(record["outcome"]).termination == Termination.TARGET
    outcome = replay(record).outcome
    assert outcome is not None
    assert outcome.termination in get_game(record["game"]).terminations
