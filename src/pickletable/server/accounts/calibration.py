"""The bots' fixed ratings, fitted to arena results (`pickletable arena`).

Each level's rating is fitted per game from seat-rotated arena games on the
iteration budgets (`hard` without its table's time cap), so the same command
gives the same wins on any machine. `medium` is the anchor, at OpenSkill's
starting mu (25): a new player starts level with it. `easy` is the mu at
which OpenSkill's own `PlackettLuce.predict_win` gives `medium` its measured
win rate against `easy` (two of them in Slam), and `hard` the mu at which it
gives `hard` its measured win rate against `medium`. Every bot's sigma is
`BOT_SIGMA`: a fixed rating is certain, and the shown rating is mu - 3 sigma.

Each game's kit holds its runs (`GameKit.rating_runs`: the bots, games, seed
and wins) and the fitted figures (`GameKit.bot_ratings`); a test checks that
the figures are this fit.

>>> rate = win_chance(30.0, 25.0, 1)
>>> round(fit(rate, "hard", 1), 2)
30.0
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from pickletable.core.kit import RatingRun
from pickletable.core.registry import KITS

ANCHOR_MU = 25.0
"""`medium`'s mu: OpenSkill's starting mu, where every new player begins."""
BOT_SIGMA = 1.0
"""Every bot's sigma."""
MODEL = PlackettLuce()


@dataclass(frozen=True)
class ArenaRun:
    """One arena run of one game (a kit's `RatingRun`): the first bot's wins over its games
    (it sits once in each)."""

    game: str
    run: RatingRun

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots by seat."""
        return self.run.bots

    @property
    def command(self) -> str:
        """The command that plays it again (any ``--workers``: the same wins)."""
        run = self.run
        return (
            f"pickletable arena {self.game} --bots {','.join(run.bots)} "
            f"--games {run.games} --seed {run.seed}"
        )

    @property
    def rate(self) -> float:
        """The first bot's win rate."""
        return self.run.wins / self.run.games


ARENA: tuple[ArenaRun, ...] = tuple(
    ArenaRun(kit.id, run) for kit in KITS for run in kit.rating_runs
)
"""The runs the bots' ratings are fitted to (each game at its default options), from the
kits (`GameKit.rating_runs`)."""


def win_chance(first: float, others: float, opponents: int) -> float:
    """OpenSkill's chance that a bot of mu `first` wins against `opponents` bots of mu
    `others` (every sigma `BOT_SIGMA`), each playing alone."""
    table = [[MODEL.rating(mu=first, sigma=BOT_SIGMA)]]
    table += [[MODEL.rating(mu=others, sigma=BOT_SIGMA)] for _ in range(opponents)]
    return float(MODEL.predict_win(table)[0])


def fit(rate: float, level: str, opponents: int) -> float:
    """The mu of `level` that makes OpenSkill predict `rate`: for ``hard`` the first bot's
    win rate against `medium`, for ``easy`` `medium`'s win rate against it."""
    low, high = -100.0, 150.0
    for _ in range(100):  # bisection: the chance moves one way with the unknown mu
        middle = (low + high) / 2
        if level == "easy":
            too_high = win_chance(ANCHOR_MU, middle, opponents) < rate
        else:
            too_high = win_chance(middle, ANCHOR_MU, opponents) > rate
        low, high = (low, middle) if too_high else (middle, high)
    return (low + high) / 2


def calibrated() -> dict[str, dict[str, tuple[float, float]]]:
    """Every game's fitted (mu, sigma) per level, mu to one decimal."""
    fitted: dict[str, dict[str, tuple[float, float]]] = {}
    for run in ARENA:
        levels = fitted.setdefault(run.game, {"medium": (ANCHOR_MU, BOT_SIGMA)})
        level = "easy" if run.bots[0] == "medium" else run.bots[0]
        mu = fit(run.rate, level, len(run.bots) - 1)
        levels[level] = (round(mu, 1), BOT_SIGMA)
    return fitted
