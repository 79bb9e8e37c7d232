"""The exact analysis walks the engine: today's values kept, and the engine's rules followed.

The known values were recorded from the analysis before it walked the engine
(commit 69cf3eb, whose chain copied the board rules); their file names the
provenance. A change of an engine rule must move them (the mutation tests).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pickletable.games.board import points
from pickletable.games.board.exact.analysis import (
    Analysis,
    analyse,
    deck_cards,
    first_servers,
    make_variant,
    quantile,
)
from pickletable.games.board.exact.rally import rally_context, solve_rally
from pickletable.games.board.key import position_key
from pickletable.games.board.state import BoardState

KNOWN = json.loads((Path(__file__).parent / "exact_known_values.json").read_text())["cases"]
TOLERANCE = 1e-12
CASES: dict[str, tuple[str, int, list[str], dict[str, Any]]] = {
    "beginner singles": ("beginner", 2, [], {}),
    "beginner doubles": ("beginner", 4, [], {}),
    "beginner singles target=2.0": ("beginner", 2, ["target=2.0"], {}),
    "beginner doubles serve_after_point=keep": ("beginner", 4, ["serve_after_point=keep"], {}),
    "intermediate singles orders=100": ("intermediate", 2, [], {"orders": 100}),
    "intermediate singles order=True": ("intermediate", 2, [], {"named": True}),
    "intermediate doubles target=2.0 order=True": (
        "intermediate",
        4,
        ["target=2.0"],
        {"named": True},
    ),
}
"""The cases the tests solve (the full intermediate doubles track, 680,000 states, is
recorded too; `benchmarks/exact_analysis.py` compares it with the old code's)."""


def _listed_order(level: str, players: int) -> str:
    """The Play deck in the order the content lists it, each card once per copy."""
    variant = make_variant("t", players, [], level)
    return ",".join(card for card, n in deck_cards(variant).items() for _ in range(n))


def _analyse(name: str) -> Analysis:
    level, players, options, extra = CASES[name]
    variant = make_variant(name, players, options, level)
    if extra.get("named"):
        return analyse(variant, play_order=_listed_order(level, players))
    return analyse(variant, orders=extra.get("orders", 100))


def _figures(result: Analysis) -> dict[str, Any]:
    rallies = result.rallies()
    return {
        "win": float(result.win),
        "win_exact": str(result.win) if isinstance(result.win, Fraction) else None,
        "by_first_server": [float(s.win) for s in result.solutions],
        "mean_rallies": float(result.mean_rallies),
        "mean_points": float(result.mean_points),
        "mean_shots": float(result.mean_shots),
        "quantiles": [quantile(rallies, q) for q in (0.05, 0.5, 0.95)],
        "final_scores": {f"{won} {lost}": float(p) for won, lost, p in result.final_scores()},
        "states": result.solutions[0].states,
        "order_wins": result.order_wins,
        "order_rallies": result.order_rallies,
    }


# --- today's values ------------------------------------------------------------------
@pytest.mark.parametrize("name", list(CASES))
def test_the_exact_values_are_the_recorded_ones(name: str) -> None:
    known = KNOWN[name]
    found = _figures(_analyse(name))
    for figure in ("win", "mean_rallies", "mean_points", "mean_shots"):
        assert found[figure] == pytest.approx(known[figure], abs=TOLERANCE), figure
    assert found["by_first_server"] == pytest.approx(known["by_first_server"], abs=TOLERANCE)
    assert found["win_exact"] == known["win_exact"]  # the same rational, where exact
    assert found["quantiles"] == known["quantiles"]
    assert found["states"] == known["states"]
    scores = {f"{won} {tuple(lost)}": p for won, lost, p in known["final_scores"]}
    assert found["final_scores"].keys() == scores.keys()
    for score, p in scores.items():
        assert found["final_scores"][score] == pytest.approx(p, abs=TOLERANCE), score
    for figure in ("order_wins", "order_rallies"):
        assert found[figure] == pytest.approx(known.get(figure, []), abs=TOLERANCE)


# --- the rally ------------------------------------------------------------------------
def _serving(players: int, level: str = "beginner") -> BoardState:
    variant = make_variant("t", players, [], level)
    return variant.starts(first_servers(variant))[0]


def test_the_rally_from_the_engine_gives_the_closed_form() -> None:
    # The default die: IN 1/2, OUT 1/3, ACE 1/6. P(point) = (1/6 + 1/2 * 1/3) / (1 - 1/4) = 4/9.
    for players in (2, 4):
        rally = solve_rally(_serving(players))
        assert (rally.point, rally.mean_shots) == (Fraction(4, 9), Fraction(2))


def test_a_rally_served_at_other_levels_and_piles_ends_alike() -> None:
    # The planner solves one rally per context (the key without levels and piles): check that
    # the engine agrees from positions that differ in exactly those.
    serving = _serving(4, "intermediate")
    moved = serving.clone()
    moved.skill = [3, 9, 0, 10]
    moved.piles["play"].take(next(iter(moved.piles["play"].unseen)))
    assert rally_context(position_key(moved)) == rally_context(position_key(serving))
    first, second = solve_rally(serving), solve_rally(moved)
    assert [(e.probability, e.end) for e in first.exits] == [
        (e.probability, e.end) for e in second.exits
    ]
    assert first.mean_shots == second.mean_shots


# --- the engine's rules are what counts ---------------------------------------------------
def test_a_changed_serve_rule_in_the_engine_changes_the_exact_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def keep_the_serve(position: BoardState, events: list[Any]) -> None:
        points.start_serve(position, position.order[0], events)

    monkeypatch.setattr(points, "serve_after_point", keep_the_serve)
    result = _analyse("beginner singles")
    # (Who serves next hardly moves the win; it moves the length of the game.)
    known = KNOWN["beginner singles"]
    assert float(result.mean_rallies) != pytest.approx(known["mean_rallies"], abs=1e-6)


def test_a_changed_play_card_rule_in_the_engine_changes_the_exact_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def nobody_moves(position: BoardState, seat: int, amount: int, events: list[Any]) -> None:
        return None

    monkeypatch.setattr(points, "move", nobody_moves)
    result = _analyse("intermediate singles order=True")
    known = KNOWN["intermediate singles order=True"]
    assert float(result.mean_rallies) != pytest.approx(known["mean_rallies"], abs=1e-6)
