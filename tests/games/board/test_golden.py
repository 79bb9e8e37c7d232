"""Golden playthroughs of one game per level and mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.games.board import GAME
from tests.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced"])
def test_golden_playthrough(level: str, players: int) -> None:
    text = playthrough(GAME, players, {"level": level}, seed=11)
    check_golden(GOLDEN / f"{level}-{'singles' if players == 2 else 'doubles'}.txt", text)


def test_golden_playthrough_with_the_stanchion_rule() -> None:
    text = playthrough(GAME, 2, {"level": "advanced", "stanchion_rule": True}, seed=4)
    check_golden(GOLDEN / "advanced-singles-stanchion.txt", text)
