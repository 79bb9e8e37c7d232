"""Findings with error control: a claim is stated only when it survives Holm's correction.

A study compares many things at once (every seat, every character, every
twist card), so by chance alone some of them look unfair. Here the
comparisons come in *families* (`Family`: one question, such as "is any
seat favoured?"), and for each family:

1. one **global test** answers the question as a whole: a chi-square test of
   the win counts against equal shares when exactly one seat or side wins
   each game (a multinomial), else the Bonferroni test (the smallest p-value
   times the number of rows), which holds under any dependence;
2. only if the global test rejects at 5% may single rows be named, and each
   row's own test (its rate against the fair share, with a standard error
   clustered by game) is corrected by **Holm's step-down method** over the
   rows of its family: the chance that a family states anything false is at
   most 5%, whatever the dependence between its rows;
3. when nothing survives, the family says so, with the games a study would
   need to see a 3-point difference (80% power at the corrected level).

The calibration test (``tests/analysis/test_findings.py``) plays the layer
over 400 synthetic fair studies and checks that at most 8% of them state an
unfair row.

>>> rows = {"a": (250, 500), "b": (262, 500), "c": (238, 500), "d": (250, 500)}
>>> family = compare("characters", "character", rows, games=1000, null=0.5)
>>> family.findings, round(family.global_p, 2)
([], 1.0)
>>> family.needed_games > 1000
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pickletable.analysis.metrics import Estimate
from pickletable.analysis.statistics import NORMAL, chi_square_p, holm, two_sided_p, wilson_interval

ALPHA = 0.05
"""The error rate each family is held to."""
DIFFERENCE = 0.03
"""The difference from a fair share the power figure is for (3 percentage points)."""
POWER = 0.8
CONTROL = "Holm"


@dataclass(frozen=True)
class Finding:
    """One claim that survived its family's control: words, figure, interval, adjusted p."""

    claim: str
    family: str
    metric: str
    key: str
    estimate: Estimate
    fair: float
    p_value: float
    adjusted_p: float

    def to_json(self) -> dict[str, Any]:
        """The finding as JSON."""
        return {
            "claim": self.claim,
            "family": self.family,
            "metric": self.metric,
            "key": self.key,
            "estimate": self.estimate.to_json(),
            "fair": self.fair,
            "p_value": self.p_value,
            "adjusted_p": self.adjusted_p,
            "control": CONTROL,
        }


@dataclass
class Family:
    """One question over several rows: its global test, the findings that survive, power."""

    name: str
    noun: str
    """What a row is (``seat``, ``character``), for the sentences."""
    fair: float
    global_test: str
    global_p: float
    rows: dict[str, Estimate]
    p_values: dict[str, float]
    adjusted: dict[str, float]
    findings: list[Finding] = field(default_factory=list)
    needed_games: int = 0
    """Games for an 80% chance to see a row 3 points from its fair share (at Holm's first
    step), with this family's rows per game and clustering."""

    @property
    def rejected(self) -> bool:
        """Whether the global test says the rows are not all fair."""
        return self.global_p < ALPHA

    def sentence(self) -> str:
        """The family's result in plain words."""
        if self.findings:
            return " ".join(finding.claim for finding in self.findings)
        return (
            f"No {self.noun} differs detectably from a fair share ({100 * self.fair:.1f}%) "
            f"at this size ({self.global_test} {p_text(self.global_p)}); to see a "
            f"{100 * DIFFERENCE:.0f}-point difference you need about {self.needed_games:,} games."
        )

    def to_json(self) -> dict[str, Any]:
        """The family as JSON: its question, global test, each row's p-values, findings."""
        return {
            "name": self.name,
            "noun": self.noun,
            "fair": self.fair,
            "control": CONTROL,
            "alpha": ALPHA,
            "global_test": self.global_test,
            "global_p": self.global_p,
            "rows": [
                {
                    "key": key,
                    **estimate.to_json(),
                    "p_value": self.p_values[key],
                    "adjusted_p": self.adjusted[key],
                }
                for key, estimate in self.rows.items()
            ],
            "needed_games": self.needed_games,
            "sentence": self.sentence(),
        }


Clusters = Sequence[tuple[int, int]]
"""One (successes, trials) pair per game: a row's tally in each game."""


def compare(
    name: str,
    noun: str,
    rows: Mapping[str, tuple[int, int] | Clusters],
    *,
    games: int,
    null: float | None = None,
    multinomial: bool = False,
    label: Mapping[str, str] | None = None,
) -> Family:
    """Test every row's rate against a fair share, globally and one by one (Holm).

    A row is its (successes, trials) over the study, or one such pair per
    game, whose spread gives a standard error clustered by game. `null` is
    the fair share (the pooled rate if not given). `multinomial`: exactly one
    row wins each game, so the rows' counts take the chi-square global test.
    `label` names the rows in the sentences (``seat 1`` by default).
    """
    totals = {key: _total(value) for key, value in rows.items()}
    successes = sum(wins for wins, _ in totals.values())
    trials = sum(count for _, count in totals.values())
    fair = null if null is not None else (successes / trials if trials else 0.0)
    estimates: dict[str, Estimate] = {}
    p_values: dict[str, float] = {}
    effects: list[float] = []
    for key, value in rows.items():
        wins, count = totals[key]
        error = _standard_error(value, fair)
        estimates[key] = _estimate(wins, count, error)
        if count == 0 or fair in (0.0, 1.0):
            p_values[key] = 1.0
            continue
        binomial = math.sqrt(fair * (1 - fair) / count)
        p_values[key] = two_sided_p((wins / count - fair) / max(error, binomial * 1e-3))
        effects.append(error * error * max(1, games))
    adjusted = dict(zip(p_values, holm(list(p_values.values())), strict=True))
    if multinomial and len(rows) > 1 and successes:
        expected = successes / len(rows)
        statistic = sum((wins - expected) ** 2 / expected for wins, _ in totals.values())
        global_test, global_p = "chi-square", chi_square_p(statistic, len(rows) - 1)
    else:
        global_test = "Bonferroni"
        global_p = min(1.0, len(rows) * min(p_values.values(), default=1.0))
    family = Family(name, noun, fair, global_test, global_p, estimates, p_values, adjusted)
    family.needed_games = _needed_games(fair, len(rows), effects)
    if family.rejected:
        names = label or {}
        for key in rows:
            if adjusted[key] < ALPHA:
                family.findings.append(_finding(family, key, names.get(key, f"{noun} {key}")))
    return family


def p_text(value: float) -> str:
    """A p-value in words: ``p = 0.015``, or ``p < 0.001`` (never ``p = 0.000``).

    >>> p_text(0.0149), p_text(0.00002)
    ('p = 0.015', 'p < 0.001')
    """
    return "p < 0.001" if value < 0.001 else f"p = {value:.3f}"


def _finding(family: Family, key: str, named: str) -> Finding:
    estimate = family.rows[key]
    more = "more" if estimate.value > family.fair else "less"
    claim = (
        f"{named[0].upper()}{named[1:]} wins {more} often than a fair share "
        f"({100 * family.fair:.1f}%): {estimate.percent()}, adjusted "
        f"{p_text(family.adjusted[key])}."
    )
    return Finding(
        claim,
        family.name,
        "win_rate",
        key,
        estimate,
        family.fair,
        family.p_values[key],
        family.adjusted[key],
    )


def _total(value: tuple[int, int] | Clusters) -> tuple[int, int]:
    pairs = _pairs(value)
    if pairs is None:
        wins, count = value
        return int(wins), int(count)  # type: ignore[arg-type]
    return sum(wins for wins, _ in pairs), sum(count for _, count in pairs)


def _pairs(value: tuple[int, int] | Clusters) -> Clusters | None:
    """One pair per game, or None for a plain (successes, trials)."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return None
    return value


def _standard_error(value: tuple[int, int] | Clusters, fair: float) -> float:
    """The standard error of a row's rate: binomial for a plain pair; for one pair per game,
    the cluster-robust (sandwich) error of the ratio, never below half the binomial one at
    the fair share (a handful of games must not make a row look certain)."""
    wins, count = _total(value)
    if count == 0:
        return 0.0
    binomial = math.sqrt(fair * (1 - fair) / count) if 0 < fair < 1 else 0.0
    pairs = _pairs(value)
    clusters = [pair for pair in pairs or () if pair[1]]
    if len(clusters) < 2:
        return binomial
    share = wins / count
    spread = sum((won - share * played) ** 2 for won, played in clusters)
    robust = math.sqrt(spread * len(clusters) / (len(clusters) - 1)) / count
    return max(robust, binomial * 0.5)


def _estimate(wins: int, count: int, error: float) -> Estimate:
    """The rate with a 95% interval: Wilson's, widened to the clustered error where larger."""
    if count == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    share = wins / count
    low, high = wilson_interval(wins, count)
    half = 1.96 * error
    return Estimate(
        share, max(0.0, min(low, share - half)), min(1.0, max(high, share + half)), count
    )


def _needed_games(fair: float, rows: int, variances: Sequence[float]) -> int:
    """Games for an 80% chance to see a typical row 3 points off, at Holm's first level.

    `variances`: each row's squared standard error times the games, which is
    what it would be over one game (errors shrink as one over the root of the
    games, clustering and rows per game included)."""
    if not variances or not 0 < fair < 1:
        return 0
    z = NORMAL.inv_cdf(1 - ALPHA / (2 * max(1, rows))) + NORMAL.inv_cdf(POWER)
    typical = sorted(variances)[len(variances) // 2]
    return max(1, math.ceil(z * z * typical / (DIFFERENCE * DIFFERENCE)))
