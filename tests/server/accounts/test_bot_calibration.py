"""The bots' fixed ratings are OpenSkill's fit to the arena runs stated beside them."""

from __future__ import annotations

import pytest

from pickletable.core.registry import KITS
from pickletable.server.accounts.calibration import (
    ANCHOR_MU,
    ARENA,
    ArenaRun,
    calibrated,
    win_chance,
)
from pickletable.server.accounts.ratings import BOT_RATINGS


def test_the_ratings_in_the_code_are_the_fit_to_the_arena_runs() -> None:
    assert calibrated() == BOT_RATINGS
    assert set(BOT_RATINGS) == {kit.id for kit in KITS}


@pytest.mark.parametrize("run", ARENA, ids=lambda run: f"{run.game}-{'-'.join(run.bots)}")
def test_openskill_predicts_each_runs_win_rate_from_the_fitted_ratings(run: ArenaRun) -> None:
    levels = BOT_RATINGS[run.game]
    first, second = run.bots[0], run.bots[1]
    assert levels["medium"][0] == ANCHOR_MU
    chance = win_chance(levels[first][0], levels[second][0], len(run.bots) - 1)
    assert chance == pytest.approx(run.rate, abs=0.01)
    assert run.command.startswith(f"pickletable arena {run.game} --bots ")


def test_a_stronger_level_never_rates_below_a_weaker_one() -> None:
    for levels in BOT_RATINGS.values():
        assert levels["easy"][0] < levels["medium"][0] <= levels["hard"][0]
