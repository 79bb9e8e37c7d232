"""Golden playthroughs: one seeded random game per table size, step by step."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.games.card import GAME
from tests.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_playthrough(players: int) -> None:
    text = playthrough(GAME, players, {}, seed=11)
    check_golden(GOLDEN / f"{players}-players.txt", text)
