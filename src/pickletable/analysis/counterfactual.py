"""A card's effect the other way: paired studies with the card made plain, over the same seeds.

`card_effects` measures a card from play data (its drawers or holders
against the rest). Here the same games are played twice, game *i* from the
same seed both times: once with the content as it is, once with a copy of
it in which one card is made plain by its game's lab (a board Play Card's
effect becomes ``none``: same name, same copies, nothing happens,
`pickletable.games.board.lab.plain_play_card`). Until the card is first
drawn the two games are the same game, so the draws of the card line up,
and the effect on its drawer's chance to win the game is

    P(drawer wins | the card as printed) - P(drawer wins | the card made plain)

over the draws of the card in each study, with a 95% interval clustered by
the pair of games (each pair's linearised contribution, squared and
summed). The play-data estimate of the same contrast compares the card's
drawers with the drawers of the cards that already do nothing
(`play_data_versus`); ``tests/analysis/test_card_effects.py`` checks that
the two agree on one card.

>>> print(toml_text({"dice": {"hit": ["dink", "lob"]}, "cards": [{"id": "a", "count": 2}]}))
[dice]
hit = ["dink", "lob"]
<BLANKLINE>
[[cards]]
id = "a"
count = 2
<BLANKLINE>
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pickletable.analysis.card_effects import Row
from pickletable.analysis.collectors import GameSummary
from pickletable.analysis.metrics import Estimate
from pickletable.analysis.study import StudySpec, run_study
from pickletable.core.registry import get_game


def toml_text(data: Mapping[str, Any]) -> str:
    """Content data (tables, arrays of tables, strings, numbers, booleans, lists) as TOML."""
    lines: list[str] = []
    plain = {key: value for key, value in data.items() if not _is_table(value)}
    lines += [f"{key} = {_value(value)}" for key, value in plain.items()]
    for key, value in data.items():
        if isinstance(value, Mapping):
            lines += _table(key, value)
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for entry in value:
                lines += ["", f"[[{key}]]"] if lines else [f"[[{key}]]"]
                lines += [f"{k} = {_value(v)}" for k, v in entry.items()]
    return "\n".join(lines).lstrip("\n") + "\n"  # no blank line before the first table


def _is_table(value: object) -> bool:
    return isinstance(value, Mapping) or (
        isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)
    )


def _table(name: str, table: Mapping[str, Any]) -> list[str]:
    lines = ["", f"[{name}]"]
    lines += [f"{key} = {_value(value)}" for key, value in table.items() if not _is_table(value)]
    for key, value in table.items():
        if isinstance(value, Mapping):
            lines += _table(f"{name}.{key}", value)
    return lines


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


@dataclass(frozen=True)
class PairedEffect:
    """A card's effect from paired studies (as printed minus made plain) over the same seeds."""

    card: str
    effect: Estimate
    printed: float
    """P(drawer wins) with the card as printed."""
    plain: float
    """P(drawer wins) with the card made plain."""
    pairs: int
    """Pairs of games in which the card was drawn in at least one."""


def counterfactual_effect(
    spec: StudySpec,
    pile: str,
    card: str,
    plain: Mapping[str, Any],
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
) -> PairedEffect:
    """The effect of one drawn card on its drawer's chance to win the game, from `games` pairs
    of games: `spec` as it is, and with `plain` as its content (the card made plain by the
    game's lab, e.g. `pickletable.games.board.lab.plain_play_card`)."""
    with tempfile.TemporaryDirectory(prefix="pickletable-plain-") as folder:
        path = Path(folder) / "plain.toml"
        path.write_text(toml_text(plain), encoding="utf-8")
        get_game(spec.game).load_content(path)  # a clear error now if the copy is not valid
        options = dict(spec.options)
        studies = [
            run_study(
                StudySpec(spec.game, spec.players, extra, spec.bots),
                games,
                seed=seed,
                workers=workers,
            )
            for extra in (options, {**options, "content": str(path)})
        ]
    return paired_draw_effect(pile, card, studies[0].summaries, studies[1].summaries)


def paired_draw_effect(
    pile: str, card: str, printed: Sequence[GameSummary], plain: Sequence[GameSummary]
) -> PairedEffect:
    """The drawers' win rate with the card as printed minus made plain, clustered by pair."""
    key = f"effect:game:{pile}:{card}"
    by_index = {game.index: game for game in plain}
    pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for game in printed:
        other = by_index.get(game.index)
        if other is None:
            continue
        mine, theirs = game.tallies.get(key, [0, 0]), other.tallies.get(key, [0, 0])
        if mine[1] or theirs[1]:
            pairs.append(((mine[0], mine[1]), (theirs[0], theirs[1])))
    return PairedEffect(card, *_ratio_difference(pairs), len(pairs))


def play_data_versus(
    games: Sequence[GameSummary], pile: str, card: str, versus: Sequence[str]
) -> Estimate:
    """From play data alone: the card's drawers' win rate minus that of the drawers of the
    `versus` cards of its pile (for the cross-check: the cards that do nothing), clustered
    by game."""
    rows: list[Row] = []
    for game in games:
        mine = game.tallies.get(f"effect:game:{pile}:{card}", [0, 0])
        others = [game.tallies.get(f"effect:game:{pile}:{name}", [0, 0]) for name in versus]
        theirs = (sum(row[0] for row in others), sum(row[1] for row in others))
        if mine[1] or theirs[1]:
            rows.append(((mine[0], mine[1]), theirs))
    return _ratio_difference(rows)[0]


def _ratio_difference(
    rows: Sequence[tuple[tuple[int, int], tuple[int, int]]],
) -> tuple[Estimate, float, float]:
    """(a / n) - (b / m) summed over clusters, with its cluster-robust 95% interval, and the
    two rates."""
    a = sum(row[0][0] for row in rows)
    n = sum(row[0][1] for row in rows)
    b = sum(row[1][0] for row in rows)
    m = sum(row[1][1] for row in rows)
    if not n or not m:
        return Estimate(0.0, 0.0, 0.0, n), 0.0, 0.0
    first, second = a / n, b / m
    centre = first - second
    spread = sum(((x - first * k) / n - (y - second * j) / m) ** 2 for (x, k), (y, j) in rows)
    count = len(rows)
    error = math.sqrt(spread * count / (count - 1)) if count > 1 else 0.0
    return Estimate(centre, centre - 1.96 * error, centre + 1.96 * error, n), first, second
