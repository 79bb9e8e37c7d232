"""Golden playthroughs of seeded random games: 3 players, 6 players and doubles."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.games.slam import GAME
from tests.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("three-players", 3, {}),
        ("six-players", 6, {}),
        ("doubles", 4, {"doubles": True}),
    ],
)
def test_golden_playthrough(name: str, players: int, options: dict[str, object]) -> None:
    text = playthrough(GAME, players, options, seed=7)
    check_golden(GOLDEN / f"{name}.txt", text)
