"""Sweeps: the same study for every combination of swept option values, compared.

Each swept value is compared with a baseline value (the options' defaults,
or ``--baseline NAME=value``) metric by metric as a paired difference: game
*i* of every value has the same seed, so `paired_difference` takes the mean
of the per-game differences with a paired t interval.

``--sweep NAME=v1,v2`` is repeatable; the combinations are their cartesian
product, in the order given (``content=a.toml,b.toml`` compares decks or dice,
as ``content`` is an option of every game).

>>> combinations(["level=beginner,advanced", "step=0.5,1"])
[{'level': 'beginner', 'step': '0.5'}, {'level': 'beginner', 'step': '1'}, \
{'level': 'advanced', 'step': '0.5'}, {'level': 'advanced', 'step': '1'}]
>>> combinations([])
[{}]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pickletable.analysis.collectors import GameSummary
from pickletable.analysis.statistics import t_975
from pickletable.core.errors import OptionError


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``NAME=v1,v2,...`` as the name and its values."""
    name, sep, values = text.partition("=")
    listed = [value.strip() for value in values.split(",") if value.strip()]
    if not sep or not name.strip() or not listed:
        raise OptionError(
            f"sweep {text!r}: write it as NAME=v1,v2,... e.g. level=beginner,advanced"
        )
    return name.strip(), listed


def combinations(sweeps: Sequence[str]) -> list[dict[str, str]]:
    """Every combination of the swept values (one empty combination without sweeps)."""
    parsed = [parse_sweep(text) for text in sweeps]
    names = [name for name, _ in parsed]
    if len(set(names)) != len(names):
        raise OptionError(f"each option may be swept once: {', '.join(names)}")
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(values for _, values in parsed))
    ]


# --- comparing each swept value with a baseline ------------------------------------------------
PerGame = Callable[[GameSummary], float | None]


def _tally_of(key: str) -> PerGame:
    def value(game: GameSummary) -> float | None:
        row = game.tallies.get(key)
        return row[0] / row[1] if row and row[1] else None

    return value


def _count_of(key: str) -> PerGame:
    return lambda game: float(game.counts[key])


PAIRED: dict[str, tuple[str, PerGame]] = {
    "first_wins": (
        "share of games won by the first server's or player's side",
        _tally_of("first_wins"),
    ),
    "comeback": ("share of games won from behind", _tally_of("comeback")),
    "rallies": ("rallies or rounds per game", _count_of("rallies")),
    "lead_changes": ("lead changes per game", _count_of("lead_changes")),
    "decided_at": ("share of the game before the winner stopped trailing", _count_of("decided_at")),
    "decisions": ("real choices per game", _count_of("choices")),
}
"""The headline metrics compared game by game: what each is and its value in one game."""


@dataclass(frozen=True)
class Difference:
    """One metric of one swept value minus the baseline's, over the games both played."""

    metric: str
    value: float
    low: float
    high: float
    pairs: int

    def to_json(self) -> dict[str, Any]:
        """The difference as JSON."""
        return {
            "metric": self.metric,
            "difference": self.value,
            "low": self.low,
            "high": self.high,
            "pairs": self.pairs,
        }


def paired_difference(
    metric: str, baseline: Sequence[GameSummary], other: Sequence[GameSummary]
) -> Difference:
    """The mean per-game difference (other - baseline) over games of the same index (the
    same seed), with a 95% paired t interval.

    Game *i* of every swept value is seeded alike, so its dice, deals and
    bots' choices start the same: the difference of each pair has far less
    noise than two independent studies would.
    """
    value_of = PAIRED[metric][1]
    by_index = {game.index: value_of(game) for game in baseline}
    differences = []
    for game in other:
        mine, theirs = value_of(game), by_index.get(game.index)
        if mine is not None and theirs is not None:
            differences.append(mine - theirs)
    count = len(differences)
    if count == 0:
        return Difference(metric, 0.0, 0.0, 0.0, 0)
    centre = sum(differences) / count
    if count == 1:
        return Difference(metric, centre, centre, centre, 1)
    spread = math.sqrt(sum((d - centre) ** 2 for d in differences) / (count - 1))
    half = t_975(count - 1) * spread / math.sqrt(count)
    return Difference(metric, centre, centre - half, centre + half, count)


def baseline_index(
    values: Sequence[Mapping[str, str]], at_defaults: Sequence[bool], chosen: str | None = None
) -> int:
    """Which combination is the baseline: the one `chosen` names (``NAME=value``, several
    joined by ``,``), else the first at the options' defaults, else the first.

    >>> values = combinations(["target_score=7,11"])
    >>> defaults = [False, True]
    >>> baseline_index(values, defaults), baseline_index(values, defaults, "target_score=7")
    (1, 0)
    """
    if chosen:
        wanted: dict[str, str] = {}
        for part in chosen.split(","):
            name, sep, value = part.partition("=")
            if not sep:
                raise OptionError(f"--baseline {chosen!r}: write it as NAME=value")
            wanted[name.strip()] = value.strip()
        for number, combination in enumerate(values):
            if all(combination.get(name) == value for name, value in wanted.items()):
                return number
        raise OptionError(f"--baseline {chosen!r} is not one of the swept values")
    return next((number for number, default in enumerate(at_defaults) if default), 0)


def compare_studies(
    summaries: Sequence[Sequence[GameSummary]], baseline: int
) -> list[list[Difference]]:
    """Every study's paired differences from the baseline's, metric by metric (the baseline's
    own row is all zeros)."""
    return [
        [paired_difference(metric, summaries[baseline], games) for metric in PAIRED]
        for games in summaries
    ]
