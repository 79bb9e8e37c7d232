"""The ``pickletable analyze board`` command: variants, sweeps, tables, JSON, checks."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pickletable.core.errors import OptionError
from pickletable.core.registry import get_game
from pickletable.games.board.exact.analysis import (
    Analysis,
    Variant,
    analyse,
    covers,
    make_variant,
    quantile,
    run_check,
    to_json,
)


def parse_sweeps(sweeps: Sequence[str]) -> list[list[tuple[str, str]]]:
    """``NAME=v1,v2`` (repeatable) -> every combination, as lists of (name, value)."""
    axes: list[list[tuple[str, str]]] = []
    names = set(get_game("board").options.specs)
    for text in sweeps:
        name, _, values = text.partition("=")
        name = name.strip()
        if name not in names or name == "level":
            raise OptionError(f"--sweep {text!r}: name a board option (e.g. step=0.5,1.0)")
        listed = [v.strip() for v in values.split(",") if v.strip()]
        if not listed:
            raise OptionError(f"--sweep {text!r}: give the values, comma-separated")
        axes.append([(name, value) for value in listed])
    return [list(combo) for combo in itertools.product(*axes)] if axes else [[]]


def build_variants(
    level: str, doubles: bool, options: Sequence[str], sweeps: Sequence[str]
) -> list[Variant]:
    """One variant per sweep combination."""
    players = 4 if doubles else 2
    variants = []
    for combo in parse_sweeps(sweeps):
        label = ", ".join(f"{name}={value}" for name, value in combo) or "as given"
        pairs = [*options, *(f"{name}={value}" for name, value in combo)]
        variants.append(make_variant(label, players, pairs, level))
    return variants


def run_analyze(
    *,
    level: str,
    doubles: bool,
    options: Sequence[str],
    sweeps: Sequence[str],
    as_json: bool,
    check: int,
    seed: int,
    orders: int,
    play_order: str | None,
    report: Path | None,
    console: Console,
    exact: bool | None = None,
    workers: int = 1,
) -> None:
    """Solve, check (on `workers` processes), print and write the report."""
    variants = build_variants(level, doubles, options, sweeps)
    if play_order is not None and level != "intermediate":
        raise OptionError("--play-order names a Play pile order: it needs --level intermediate")
    results = []
    for variant in variants:
        result = analyse(variant, orders=orders, seed=seed, play_order=play_order, exact=exact)
        if check:
            run_check(result, check, seed, workers)
        results.append(result)
    if report is not None:
        from pickletable.games.board.exact.report import write_report

        write_report(results, report)
    if as_json:
        print(
            json.dumps([to_json(r) for r in results] if sweeps else to_json(results[0]), indent=2)
        )
        return
    if len(results) == 1:
        show_one(results[0], console)
    else:
        show_side_by_side(results, console)
    for result in results:
        if result.check is not None:
            show_check(result, console)
    if report is not None:
        console.print(f"report written to {report}")


def number(value: Fraction | float, digits: int = 6) -> str:
    """A value in decimals, with the fraction when it is short."""
    text = f"{float(value):.{digits}f}"
    if isinstance(value, Fraction) and value.denominator != 1:
        fraction = f"{value.numerator}/{value.denominator}"
        return f"{text} = {fraction}" if len(fraction) <= 30 else f"{text} (exact rational)"
    return text


def _title(result: Analysis) -> str:
    variant = result.variant
    table = "doubles" if variant.players == 4 else "singles"
    return (
        f"board, {variant.level}, {table}, track {variant.options['target']} in steps of "
        f"{variant.step}, serve after a point: {variant.options['serve_after_point']}, "
        f"content: {variant.content.source}"
    )


def show_one(result: Analysis, console: Console) -> None:
    """Every value of one variant."""
    console.print(f"[bold]{_title(result)}[/]")
    rally = result.rally
    console.print(
        f"one rally: point for the server {number(rally.point)}, side out "
        f"{number(rally.side_out)}, {number(rally.mean_shots, 3)} shots on average"
    )
    table = Table(show_header=False)
    table.add_column("what")
    table.add_column("value")
    win_row = number(result.win)
    if result.averaged:
        low, high = result.interval(result.order_wins)
        win_row += f"  (95% over orders: {low:.4f} to {high:.4f})"
    table.add_row("first server's side wins", win_row)
    if len(result.solutions) > 1:
        names = get_game("board").seat_names(4)
        for solution in result.solutions:
            table.add_row(
                f"  when {names[solution.first_server]} serves first", number(solution.win)
            )
    rallies_row = number(result.mean_rallies, 4)
    if result.averaged:
        low, high = result.interval(result.order_rallies)
        rallies_row += f"  (95% over orders: {low:.2f} to {high:.2f})"
    table.add_row("expected rallies", rallies_row)
    table.add_row("expected points", number(result.mean_points, 4))
    table.add_row("expected shots", number(result.mean_shots, 4))
    distribution = result.rallies()
    table.add_row(
        "rallies: 5% / median / 95%",
        " / ".join(str(quantile(distribution, q)) for q in (0.05, 0.5, 0.95)),
    )
    console.print(table)
    scores = Table(title="final scores (loser's level), most likely first")
    scores.add_column("winner")
    scores.add_column("loser's level")
    scores.add_column("probability", justify="right")
    for won, lost, p in result.final_scores()[:12]:
        side = "first server's side" if won else "the other side"
        scores.add_row(side, " & ".join(f"{x:g}" for x in lost), number(p))
    console.print(scores)
    left = max(s.unabsorbed for s in result.solutions)
    console.print(f"method: {result.method}")
    console.print(
        f"rally distribution: float64 propagation over {result.solutions[0].states}"
        f" states, {left:.1e} left unabsorbed"
    )
    console.print(f"solved in {result.seconds:.3f} s")


def show_side_by_side(results: list[Analysis], console: Console) -> None:
    """The headline values of each swept variant, one column each."""
    console.print(f"[bold]{_title(results[0])}[/] (swept)")
    table = Table()
    table.add_column("")
    for result in results:
        table.add_column(result.variant.label, justify="right")
    rows: list[tuple[str, list[str]]] = [
        ("P(point) per rally", [number(r.rally.point) for r in results]),
        ("first server's side wins", [number(r.win) for r in results]),
        ("expected rallies", [number(r.mean_rallies, 4) for r in results]),
        ("expected points", [number(r.mean_points, 4) for r in results]),
        ("expected shots", [number(r.mean_shots, 4) for r in results]),
        (
            "median rallies",
            [str(quantile(r.rallies(), 0.5)) for r in results],
        ),
        ("solve time (s)", [f"{r.seconds:.3f}" for r in results]),
    ]
    for name, cells in rows:
        table.add_row(name, *cells)
    console.print(table)
    console.print(f"method: {results[0].method}")


def show_check(result: Analysis, console: Console) -> None:
    """The engine's estimates beside the exact values; bold when they miss."""
    check = result.check
    assert check is not None
    console.print(
        f"check ({result.variant.label}): {check.games} games through the engine, seed "
        f"{check.seed}, 95% intervals"
    )
    for name, estimate, interval, exact in (
        ("first server's side wins", check.win, check.win_interval, float(result.win)),
        (
            "expected rallies",
            check.mean_rallies,
            check.rallies_interval,
            float(result.mean_rallies),
        ),
    ):
        low, high = interval
        line = f"  {name}: {estimate:.4f} [{low:.4f}, {high:.4f}] vs {exact:.4f}"
        if covers(interval, exact):
            console.print(line + ": covers it")
        else:
            console.print(f"[bold]{line}: DOES NOT cover it[/]")
