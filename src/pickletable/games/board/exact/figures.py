"""The exact figures `pickletable tune --exact` scores a board candidate by
(`pickletable.core.kit.GameKit.exact_figures`).

Only the beginner level is solved here: nobody decides anything there, so the
exact values hold whatever bots sit at the table. At intermediate the values
depend on the Play pile's order (the analysis averages sampled orders) and on
the `medium` bot's one choice, and at advanced the players decide.

>>> from pickletable.core.registry import get_game
>>> figures = exact_figures(2, get_game("board").options.parse(["level=beginner"]))
>>> round(figures.first_wins, 6), round(figures.rallies, 2), figures.fair_share
(0.527722, 38.58, 0.5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickletable.core.errors import OptionError
from pickletable.core.kit import ExactFigures
from pickletable.core.registry import get_game
from pickletable.games.board.exact.analysis import Variant, analyse


def exact_figures(players: int, options: Mapping[str, object]) -> ExactFigures:
    """The first server's side's win chance and the expected rallies of a beginner variant
    (`options` checked, its content file named by ``content``), solved in floats."""
    level = options.get("level")
    if level != "beginner":
        raise OptionError(
            f"--exact solves the board game at the beginner level only, not {level!r}: at "
            "intermediate the values depend on the Play pile's order and the bots' choice, at "
            "advanced the players decide; leave out --exact to play the candidates"
        )
    if options.get("stanchion_rule"):
        raise OptionError(
            "--exact needs stanchion_rule off: with it on, every serve asks the server to "
            "place the stanchion, a decision and not a roll"
        )
    definition = get_game("board")
    path = str(options.get("content") or "")
    content = definition.load_content(path) if path else definition.default_content()
    values: dict[str, Any] = dict(options)
    definition.new_game(players, values, content)  # the engine's own checks (target, step)
    result = analyse(Variant("tune", players, values, content), exact=False)
    return ExactFigures(float(result.win), 0.5, float(result.mean_rallies))
