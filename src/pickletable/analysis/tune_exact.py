"""`pickletable tune --exact`: every candidate solved by the game's exact analysis, not played.

Where a game's kit gives the exact figures of a variant (`GameKit.exact_figures`: the board
game at the beginner level, where nobody decides, so the figures hold whatever bots sit at
the table), a candidate's objective is worked out instead of measured: no games, no seeds,
no interval. A solve takes a few hundredths of a second for a singles table, so every
candidate of the search space is solved (up to `MOST_CANDIDATES`) and the answer is the
space's true optimum, not a search's guess; the best `top` are listed as the confirmed ones
of a played search are, each with its exact score.

>>> from pickletable.analysis.tune import Objective, Parameter
>>> result = tune_exact(
...     "board", 2, {"level": "beginner"}, [Parameter.parse("dice.outcome[out]=0,1,2,3")],
...     Objective.parse("fair"),
... )
>>> result.described(result.confirmed[0]), round(result.confirmed[0].confirmed.value, 4)
({'dice.outcome[out]': '3'}, 0.022)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence

from pickletable.analysis.metrics import Estimate
from pickletable.analysis.tune import (
    Candidate,
    CandidateFolder,
    Objective,
    Parameter,
    Score,
    TooManyFaces,
    TuneResult,
    apply_values,
    checked_base,
    scored,
)
from pickletable.core.errors import ContentError, OptionError
from pickletable.core.kit import ExactFigures
from pickletable.core.registry import get_game, kit_for

MOST_CANDIDATES = 5000
"""The largest search space solved whole (a few minutes of singles solves at most)."""


def tune_exact(
    game: str,
    players: int,
    base_options: Mapping[str, object],
    parameters: Sequence[Parameter],
    objective: Objective,
    *,
    top: int = 3,
    objective_text: str = "",
) -> TuneResult:
    """Solve every candidate of `parameters` exactly and rank them by `objective`."""
    kit = kit_for(game)
    solve = kit.exact_figures
    if solve is None:
        raise OptionError(
            f"--exact: {kit.wording.name} has no exact analysis; leave out --exact to play "
            "the candidates"
        )
    if objective.needs_skill:
        raise OptionError(
            "--exact works out fair and length=N; a skill=N term needs games played, so "
            "leave out --exact for it"
        )
    sizes = [len(parameter.values) for parameter in parameters]
    if math.prod(sizes) > MOST_CANDIDATES:
        raise OptionError(
            f"--exact solves every candidate: {math.prod(sizes)} is more than "
            f"{MOST_CANDIDATES}; give fewer values"
        )
    definition = get_game(game)
    base = checked_base(game, base_options, parameters)
    as_now = definition.options.parse(
        [f"{k}={v}" for k, v in base_options.items() if v is not None]
    )
    # A variant the analysis cannot solve (a level where players decide) fails here.
    baseline = exact_score(objective, solve(players, as_now))
    folder = CandidateFolder(game)
    trace: list[tuple[tuple[int, ...], float]] = []
    ranked: list[Candidate] = []
    try:
        for point in itertools.product(*(range(size) for size in sizes)):
            try:
                options = folder.options(base, base_options, parameters, point)
                definition.load_content(str(options["content"]))  # the content's own checks
            except (TooManyFaces, ContentError, OptionError):
                continue  # a die of negative faces, content or options the game refuses
            score = exact_score(objective, solve(players, options))
            trace.append((point, score.value))
            ranked.append(Candidate(point, [-score.value], score))
    finally:
        folder.close()
    if not ranked:
        raise OptionError(
            "no candidate is content or options the game accepts: check the --param values "
            "against the content file's rules"
        )
    ranked.sort(key=lambda candidate: -candidate.scores[0])  # stable: grid order on a tie
    best = [p.values[i] for p, i in zip(parameters, ranked[0].values, strict=True)]
    content, chosen = apply_values(base.data, parameters, best, definition.options)
    return TuneResult(
        game,
        list(parameters),
        objective_text,
        0,
        0,
        trace,
        ranked[:top],
        content,
        chosen,
        baseline,
        method="exact",
    )


def exact_score(objective: Objective, figures: ExactFigures) -> Score:
    """The objective of exact figures: each term's distance, no interval, no games."""

    def measured(kind: str, target: float) -> tuple[Estimate, float, float]:
        if kind == "fair":
            return _exact(figures.first_wins), figures.fair_share, 1.0
        if kind == "length":
            return _exact(figures.rallies), target, target
        raise OptionError(f"the exact analysis has no figure for a {kind} objective")

    return scored(objective.terms, measured, 0)


def _exact(value: float) -> Estimate:
    """A figure known exactly: its interval is the point."""
    return Estimate(value, value, value, 0)
