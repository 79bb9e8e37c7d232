"""The skill index: how far skill moves Elo, after Duersch, Lambrecht and Oechssler (2020).

Every pairing of `random`, `medium` and `hard` plays N seat-rotated games
(with more than two seats the two bots alternate round the table; at a
table of odd size the bot with the extra seat changes every round of
rotations, so each bot sits equally often in each seat and in each count
over 2P games; ask for a multiple of 2P). Elo
ratings are fitted to all pairings by maximum likelihood (Bradley-Terry:
A beats B with probability ``1 / (1 + 10 ** ((R_B - R_A) / 400))``), with
`random` fixed at 0; half a win is added to each side of every pairing so
that a clean sweep keeps a finite rating. The game's skill index is the
rating of the strongest level, with a bootstrap 95% interval (the games of
each pairing resampled, the ratings fitted again).

>>> ratings = fit_ratings(["random", "medium"], {("random", "medium"): (10, 90)})
>>> round(ratings["medium"])
374
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pickletable.analysis.metrics import Estimate, rate
from pickletable.analysis.runner import PROCESSES, Backend, Progress
from pickletable.analysis.statistics import percentile
from pickletable.analysis.study import StudySpec, run_study

LEVELS = ("random", "medium", "hard")
BOOTSTRAP = 300
SCALE = math.log(10) / 400


def pairings(levels: Sequence[str] = LEVELS) -> list[tuple[str, str]]:
    """Every pair of levels, weaker first."""
    return [(a, b) for i, a in enumerate(levels) for b in levels[i + 1 :]]


def seat_bots(pair: tuple[str, str], players: int) -> tuple[str, ...]:
    """The two bots alternating round a table of `players`."""
    return tuple(pair[seat % 2] for seat in range(players))


def fit_ratings(
    levels: Sequence[str], results: Mapping[tuple[str, str], tuple[float, float]]
) -> dict[str, float]:
    """Maximum-likelihood Elo ratings (the first level fixed at 0) from wins per pairing.

    `results` maps (a, b) to (wins of a, wins of b); half a win is added to each.
    """
    ratings = {level: 0.0 for level in levels}
    for _ in range(200):
        gradient = {level: 0.0 for level in levels}
        curvature = {level: 1e-9 for level in levels}
        for (a, b), (wins_a, wins_b) in results.items():
            wins_a, wins_b = wins_a + 0.5, wins_b + 0.5
            games = wins_a + wins_b
            expected = 1 / (1 + math.exp(-SCALE * (ratings[a] - ratings[b])))
            gradient[a] += wins_a - games * expected
            gradient[b] -= wins_a - games * expected
            weight = games * expected * (1 - expected) * SCALE
            curvature[a] += weight
            curvature[b] += weight
        step = 0.0
        for level in levels[1:]:
            change = gradient[level] / curvature[level]
            ratings[level] += change
            step = max(step, abs(change))
        if step < 1e-6:
            break
    return ratings


@dataclass
class SkillResult:
    """Win rates of each pairing, the fitted ratings and the skill index with its interval."""

    game: str
    games_per_pairing: int
    wins: dict[tuple[str, str], tuple[int, int]]
    ratings: dict[str, float]
    index: Estimate
    strongest: str
    seconds: float
    interrupted: bool = False
    bootstrap: list[float] = field(default_factory=list, repr=False)

    def pairing_rate(self, pair: tuple[str, str]) -> Estimate:
        """How often the first bot of a pairing beat the second."""
        wins_a, wins_b = self.wins[pair]
        return rate(wins_a, wins_a + wins_b)

    def to_json(self) -> dict[str, Any]:
        """The skill study as JSON."""
        return {
            "games_per_pairing": self.games_per_pairing,
            "pairings": [
                {
                    "a": a,
                    "b": b,
                    "wins_a": wins[0],
                    "wins_b": wins[1],
                    "rate_a": self.pairing_rate((a, b)).to_json(),
                }
                for (a, b), wins in self.wins.items()
            ],
            "ratings": self.ratings,
            "strongest": self.strongest,
            "index": self.index.to_json(),
            "seconds": self.seconds,
            "interrupted": self.interrupted,
        }


def run_skill(
    game: str,
    players: int,
    options: Mapping[str, Any],
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    levels: Sequence[str] = LEVELS,
    progress: Progress | None = None,
    backend: Backend = PROCESSES,
) -> SkillResult:
    """Play every pairing `games` times and fit the skill index."""
    wins: dict[tuple[str, str], tuple[int, int]] = {}
    outcomes: dict[tuple[str, str], list[int]] = {}
    seconds = 0.0
    interrupted = False
    done = 0
    for number, pair in enumerate(pairings(levels)):
        if interrupted:
            break
        base = done

        def forward(count: int, base: int = base) -> None:
            if progress is not None:
                progress(base + count)

        mirror = seat_bots((pair[1], pair[0]), players) if players % 2 else ()
        spec = StudySpec(
            game, players, options, seat_bots(pair, players), rotate=True, alternate=mirror
        )
        result = run_study(
            spec, games, seed=seed + number, workers=workers, progress=forward, backend=backend
        )
        seconds += result.seconds
        interrupted = result.interrupted
        done += result.games_played
        record = []
        for summary in result.summaries:
            kinds = {summary.bots[summary.seats.index(seat)] for seat in summary.winners}
            record.append(1 if kinds == {pair[0]} else 0 if kinds == {pair[1]} else -1)
        record = [value for value in record if value >= 0]
        outcomes[pair] = record
        wins[pair] = (sum(record), len(record) - sum(record))
    ratings = fit_ratings(levels, wins)
    strongest = max(levels, key=lambda level: ratings[level])
    generator = random.Random(seed)
    samples = []
    for _ in range(BOOTSTRAP):
        resampled = {}
        for pair, record in outcomes.items():
            picked = [record[generator.randrange(len(record))] for _ in record] if record else []
            resampled[pair] = (float(sum(picked)), float(len(picked) - sum(picked)))
        samples.append(fit_ratings(levels, resampled)[strongest])
    index = Estimate(
        ratings[strongest],
        percentile(samples, 0.025),
        percentile(samples, 0.975),
        sum(len(record) for record in outcomes.values()),
    )
    return SkillResult(game, games, wins, ratings, index, strongest, seconds, interrupted, samples)
