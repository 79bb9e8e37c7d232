"""The metrics of a study: one small definition each (name, one line, range), and their estimates.

Like Ludii's ``Evaluation/src/metrics``: every metric is listed in `METRICS`
with what it means and its range, and computed from the games' summaries.
Rates carry a Wilson 95% interval; means a normal 95% interval (mean ± 1.96
standard errors). Rates and means counted per rally, round, decision or card
(`clustered_rate`, `clustered_mean`: the tallies, samples and counter shares
of the games' collectors) are clustered by game: their interval is the
Wilson or normal one widened to the cluster-robust standard error, since the
rallies of one game are not independent trials.

>>> [metric.name for metric in METRICS][:3]
['first_wins', 'balance', 'comeback']
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pickletable.analysis.collectors import GameSummary
from pickletable.analysis.statistics import mean_interval, percentile, wilson_interval


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval, over `n` trials or values."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float | int]:
        """The estimate as JSON."""
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    def percent(self) -> str:
        """``54.0% (52.1-56.0%)``."""
        return f"{100 * self.value:.1f}% ({100 * self.low:.1f}-{100 * self.high:.1f}%)"

    def plain(self, digits: int = 2) -> str:
        """``12.34 (11.90-12.80)``."""
        return f"{self.value:.{digits}f} ({self.low:.{digits}f}-{self.high:.{digits}f})"


def rate(successes: int, trials: int) -> Estimate:
    """A proportion with its Wilson interval."""
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high, trials)


def mean(values: Sequence[float]) -> Estimate:
    """A mean with its normal interval."""
    centre, low, high = mean_interval(len(values), sum(values), sum(v * v for v in values))
    return Estimate(centre, low, high, len(values))


def mean_of_sums(row: Sequence[float]) -> Estimate:
    """A mean from (count, sum, sum of squares)."""
    centre, low, high = mean_interval(int(row[0]), row[1], row[2])
    return Estimate(centre, low, high, int(row[0]))


@dataclass(frozen=True)
class Metric:
    """One metric: a name, a one-line definition, its range and how to compute it."""

    name: str
    definition: str
    range: str
    compute: Callable[[Sequence[GameSummary]], Estimate]


def clustered_rate(pairs: Sequence[tuple[int, int]]) -> Estimate:
    """A rate over trials that come in games (one (successes, trials) pair per game), with
    Wilson's interval widened to the cluster-robust one where that is wider.

    >>> clustered_rate([(5, 5), (0, 5)] * 20).percent()  # whole games won or lost
    '50.0% (34.3-65.7%)'
    >>> rate(100, 200).percent()  # as if the 200 rallies were independent
    '50.0% (43.1-56.9%)'
    """
    wins = sum(won for won, _ in pairs)
    trials = sum(count for _, count in pairs)
    plain = rate(wins, trials)
    clusters = [pair for pair in pairs if pair[1]]
    if len(clusters) < 2:
        return plain
    share = wins / trials
    spread = sum((won - share * count) ** 2 for won, count in clusters)
    half = 1.96 * math.sqrt(spread * len(clusters) / (len(clusters) - 1)) / trials
    low, high = min(plain.low, max(0.0, share - half)), max(plain.high, min(1.0, share + half))
    return Estimate(share, low, high, trials)


def clustered_mean(rows: Sequence[Sequence[float]]) -> Estimate:
    """A mean of values that come in games (one (count, sum, sum of squares) per game), with
    the wider of the normal and the cluster-robust 95% intervals."""
    count = sum(row[0] for row in rows)
    total = sum(row[1] for row in rows)
    plain = mean_of_sums([count, total, sum(row[2] for row in rows)])
    clusters = [row for row in rows if row[0]]
    if len(clusters) < 2 or not count:
        return plain
    centre = total / count
    spread = sum((row[1] - centre * row[0]) ** 2 for row in clusters)
    half = 1.96 * math.sqrt(spread * len(clusters) / (len(clusters) - 1)) / count
    return Estimate(centre, min(plain.low, centre - half), max(plain.high, centre + half), plain.n)


def _tally(key: str) -> Callable[[Sequence[GameSummary]], Estimate]:
    def compute(games: Sequence[GameSummary]) -> Estimate:
        pairs = [game.tallies[key] for game in games if key in game.tallies]
        return clustered_rate([(row[0], row[1]) for row in pairs])

    return compute


def _per_game(key: str) -> Callable[[Sequence[GameSummary]], Estimate]:
    return lambda games: mean([game.counts[key] for game in games])


def _balance(games: Sequence[GameSummary]) -> Estimate:
    """The largest gap between a seat's win rate and its fair share, with the interval of that
    seat's rate shifted by the fair share."""
    if not games:
        return Estimate(0.0, 0.0, 0.0, 0)
    seats = games[0].seats
    fair = sum(len(game.winners) for game in games) / (len(games) * len(seats))
    worst = Estimate(0.0, 0.0, 0.0, len(games))
    for seat in seats:
        seat_rate = rate(sum(seat in game.winners for game in games), len(games))
        gap = abs(seat_rate.value - fair)
        if gap >= worst.value:
            low, high = sorted((abs(seat_rate.low - fair), abs(seat_rate.high - fair)))
            if seat_rate.low <= fair <= seat_rate.high:
                low = 0.0
            worst = Estimate(gap, low, high, len(games))
    return worst


def _share_of(numerator: str, denominator: str) -> Callable[[Sequence[GameSummary]], Estimate]:
    def compute(games: Sequence[GameSummary]) -> Estimate:
        return clustered_rate(
            [(int(game.counts[numerator]), int(game.counts[denominator])) for game in games]
        )

    return compute


def _branching(games: Sequence[GameSummary]) -> Estimate:
    values = []
    for game in games:
        decisions = sum(game.seat_counts["decisions"])
        if decisions:
            values.append(sum(game.seat_counts["branching"]) / decisions)
    return mean(values)


METRICS: tuple[Metric, ...] = (
    Metric(
        "first_wins",
        "share of games won by the side of the first server (board, card) or first player (Slam)",
        "0-1",
        _tally("first_wins"),
    ),
    Metric(
        "balance",
        "largest gap between a seat's win rate and a fair share (winners per game / seats)",
        "0-1 (0 is fair)",
        _balance,
    ),
    Metric(
        "comeback",
        "share of games won by a side that trailed by 3 spaces (board), 3 points (card) "
        "or 2 tokens (Slam) at some point",
        "0-1",
        _tally("comeback"),
    ),
    Metric(
        "lead_changes",
        "times per game the leading side changed (ties skipped)",
        "0+",
        _per_game("lead_changes"),
    ),
    Metric(
        "decided_at",
        "share of the game's steps played before the winner stopped trailing for good "
        "(0: never trailed)",
        "0-1",
        _per_game("decided_at"),
    ),
    Metric(
        "rallies",
        "rallies (board, card) or rounds (Slam) per game",
        "1+",
        _per_game("rallies"),
    ),
    Metric(
        "turns",
        "turns per game: shots (board), discards (card), cards played and passes (Slam)",
        "0+",
        _per_game("turns"),
    ),
    Metric(
        "decisions",
        "real choices per game: a seat's steps with two or more legal actions",
        "0+",
        _per_game("choices"),
    ),
    Metric(
        "seat_steps",
        "steps taken by the seats per game, forced ones (a single legal action) included",
        "0+",
        _per_game("decisions"),
    ),
    Metric("steps", "all steps per game, chance included", "1+", _per_game("steps")),
    Metric(
        "choice_share",
        "share of a seat's steps that are real choices (two or more legal actions)",
        "0-1",
        _share_of("choices", "decisions"),
    ),
    Metric(
        "branching",
        "legal actions per seat step, averaged over the game's seat steps",
        "1+",
        _branching,
    ),
    Metric(
        "cut_short",
        "share of rallies or rounds cut short: exhausted piles or turn limits (card), "
        "lap limits (Slam); the board game has none",
        "0-1",
        _share_of("cut_short", "rallies"),
    ),
)
"""Every generic metric, in the order reports show them."""

DURATIONS = ("rallies", "turns", "decisions", "seat_steps", "steps")
"""The length figures whose spread, quantiles and histogram are reported."""
COUNT_OF = {"decisions": "choices", "seat_steps": "decisions"}
"""The collectors' count behind a length figure, where its name differs (the collectors
count every seat step as a decision, and the real ones as choices)."""


def duration(games: Sequence[GameSummary], key: str) -> dict[str, object]:
    """Mean with interval, standard deviation, quantiles and histogram of one length figure."""
    values = [game.counts[COUNT_OF.get(key, key)] for game in games]
    estimate = mean(values)
    spread = 0.0
    if len(values) > 1:
        spread = math.sqrt(sum((v - estimate.value) ** 2 for v in values) / (len(values) - 1))
    return {
        "mean": estimate.to_json(),
        "sd": spread,
        "quantiles": {
            f"p{int(share * 100)}": percentile(values, share)
            for share in (0.05, 0.25, 0.5, 0.75, 0.95)
        },
        "histogram": histogram(values),
    }


def histogram(values: Sequence[float], bins: int = 20) -> dict[str, list[float]]:
    """Equal-width bins: their edges (bins + 1) and counts."""
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    width = (high - low) / bins if high > low else 1.0
    counts = [0.0] * bins
    for value in values:
        counts[min(bins - 1, int((value - low) / width))] += 1
    return {"edges": [low + width * i for i in range(bins + 1)], "counts": counts}


def seat_win_rates(games: Sequence[GameSummary]) -> dict[int, Estimate]:
    """Each seat's win rate."""
    if not games:
        return {}
    return {
        seat: rate(sum(seat in game.winners for game in games), len(games))
        for seat in games[0].seats
    }


def side_win_rates(games: Sequence[GameSummary]) -> dict[str, Estimate]:
    """Each winning side (the seats that win together, e.g. ``0+2``) and its win rate."""
    sides: dict[str, int] = {}
    for game in games:
        key = "+".join(str(seat) for seat in sorted(game.winners)) or "nobody"
        sides[key] = sides.get(key, 0) + 1
    return {key: rate(count, len(games)) for key, count in sorted(sides.items())}


def by_bot(games: Sequence[GameSummary]) -> dict[str, dict[str, Estimate]]:
    """Per bot kind: win rate over its seat-games, share of real choices, mean branching."""
    wins: dict[str, list[int]] = {}
    choices: dict[str, list[float]] = {}
    for game in games:
        for position, (seat, bot) in enumerate(zip(game.seats, game.bots, strict=True)):
            row = wins.setdefault(bot, [0, 0])
            row[0] += seat in game.winners
            row[1] += 1
            figures = choices.setdefault(bot, [0.0, 0.0, 0.0])
            figures[0] += game.seat_counts["decisions"][position]
            figures[1] += game.seat_counts["choices"][position]
            figures[2] += game.seat_counts["branching"][position]
    result = {}
    for bot, (won, played) in wins.items():
        decisions, real, branching = choices[bot]
        result[bot] = {
            "win_rate": rate(won, played),
            "choice_share": rate(int(real), int(decisions)),
            "branching": Estimate(
                branching / decisions if decisions else 0.0,
                branching / decisions if decisions else 0.0,
                branching / decisions if decisions else 0.0,
                int(decisions),
            ),
        }
    return result


def tallies(games: Sequence[GameSummary], prefix: str) -> dict[str, Estimate]:
    """Every rate whose key starts with ``prefix:``, by the rest of its key."""
    rows: dict[str, list[tuple[int, int]]] = {}
    for game in games:
        for key, (won, trials) in game.tallies.items():
            if key.startswith(prefix + ":"):
                rows.setdefault(key[len(prefix) + 1 :], []).append((won, trials))
    return {key: clustered_rate(rows[key]) for key in sorted(rows, key=natural)}


def samples(games: Sequence[GameSummary], prefix: str) -> dict[str, Estimate]:
    """Every mean whose key starts with ``prefix:``, by the rest of its key."""
    rows: dict[str, list[list[float]]] = {}
    for game in games:
        for key, row in game.samples.items():
            if key.startswith(prefix + ":"):
                rows.setdefault(key[len(prefix) + 1 :], []).append(row)
    return {key: clustered_mean(per_game) for key, per_game in sorted(rows.items())}


def counters(games: Sequence[GameSummary], prefix: str) -> dict[str, int]:
    """Every counter whose key starts with ``prefix:``, summed over the games."""
    totals: dict[str, int] = {}
    for game in games:
        for key, value in game.counters.items():
            if key.startswith(prefix + ":"):
                rest = key[len(prefix) + 1 :]
                totals[rest] = totals.get(rest, 0) + value
    return dict(sorted(totals.items()))


def counter_shares(
    games: Sequence[GameSummary], prefix: str, rename: Callable[[str], str] = str
) -> dict[str, Estimate]:
    """Each counter under ``prefix:`` as a share of all of them, clustered by game (how
    rallies end: a game's rallies are not independent), keyed by `rename` of its key."""
    keys = sorted(counters(games, prefix), key=natural)
    per_game = [{key: game.counters.get(f"{prefix}:{key}", 0) for key in keys} for game in games]
    totals = [sum(row.values()) for row in per_game]
    return {
        rename(key): clustered_rate(
            [(row[key], total) for row, total in zip(per_game, totals, strict=True)]
        )
        for key in keys
    }


def natural(key: str) -> list[int | str]:
    """A sort key that orders the numbers in a text by value: ``hit 2`` before ``hit 10``.

    >>> sorted(["ace @ hit 10", "ace @ hit 2", "out @ hit 1"], key=natural)
    ['ace @ hit 2', 'ace @ hit 10', 'out @ hit 1']
    """
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", key)]
