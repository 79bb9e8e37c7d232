"""`pickletable tune`: search options and content numbers for a designer's objective."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pickletable.cli.common import (
    GameArg,
    LevelOpt,
    OptionOpt,
    PlayersOpt,
    app,
    check_writable,
    friendly,
)
from pickletable.core.errors import OptionError
from pickletable.core.registry import get_game

if TYPE_CHECKING:
    from pickletable.analysis.tune import Score


@app.command(short_help="Search options and content for an objective.")
@friendly
def tune(
    game: GameArg,
    param: Annotated[
        list[str],
        typer.Option(
            "--param",
            help="NAME=v1,v2,... (repeatable): an option, a content number by its path "
            "(play_cards.clinic-weekend.amount=1,2,3) or a die's count of one face "
            "(dice.outcome[in]=1,2,3)",
        ),
    ],
    objective: Annotated[
        str,
        typer.Option(
            "--objective",
            help="fair (first server's side at its fair share), length=N (mean rallies or "
            "rounds), skill=N (medium's Elo over random), or a weighted mix: fair*2,length=30",
        ),
    ] = "fair",
    budget: Annotated[int, typer.Option("--budget", min=1, help="games of search")] = 4000,
    step: Annotated[int, typer.Option("--step", min=1, help="games per evaluation")] = 200,
    confirm: Annotated[
        int, typer.Option("--confirm", min=1, help="games per confirmed candidate")
    ] = 2000,
    top: Annotated[int, typer.Option("--top", min=1, help="candidates to confirm")] = 3,
    players: PlayersOpt = None,
    level: LevelOpt = None,
    option: OptionOpt = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help="one bot per seat (default: medium)")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="seed of the search")] = 0,
    workers: Annotated[int, typer.Option("--workers", min=1, help="processes")] = 1,
    out: Annotated[
        Path | None, typer.Option("--out", help="write the best content here (TOML)")
    ] = None,
    report: Annotated[Path | None, typer.Option("--report", help="write an HTML report")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print the whole result as JSON (the table to stderr)")
    ] = False,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="solve every candidate with the exact analysis instead of playing games "
            "(board, beginner level; --budget, --step, --confirm, --bots are not used)",
        ),
    ] = False,
) -> None:
    """Search options and content numbers for an objective; confirm the best on fresh seeds."""
    from pickletable.analysis.counterfactual import toml_text
    from pickletable.analysis.tune import Objective, Parameter
    from pickletable.analysis.tune import tune as run_tune

    for path in (out, report):
        if path is not None:
            check_writable(path)
    definition = get_game(game)
    count = definition.check_players(players)
    pairs = list(option or []) + ([f"level={level}"] if level else [])
    base = {pair.partition("=")[0]: pair.partition("=")[2] for pair in pairs}
    definition.options.parse(pairs)  # a clear error now for a bad option
    seat_bots = tuple(name.strip() for name in (bots or "medium").split(",") if name.strip())
    if len(seat_bots) == 1:
        seat_bots *= count
    if len(seat_bots) != count:
        raise OptionError(f"give one bot per seat: {count} players")
    parameters = [Parameter.parse(text) for text in param]
    if exact:
        from pickletable.analysis.tune_exact import tune_exact

        result = tune_exact(
            game, count, base, parameters, Objective.parse(objective), top=top,
            objective_text=objective,
        )  # fmt: skip
    else:
        result = run_tune(
            game,
            count,
            base,
            seat_bots,
            parameters,
            Objective.parse(objective),
            budget=budget,
            games_per_step=step,
            confirm=confirm,
            confirm_top=top,
            seed=seed,
            workers=workers,
            objective_text=objective,
        )
    console = Console(stderr=as_json)
    how = "solved exactly" if exact else f"confirmed on fresh seeds ({confirm} games each)"
    table = Table(title=f"{game}: {objective}, {how}")
    for column in ("values", "exact") if exact else ("values", "search", "confirmed (95%)"):
        table.add_column(column, justify="left" if column == "values" else "right")
    for candidate in result.confirmed:
        score = candidate.confirmed
        assert score is not None
        search = -sum(candidate.scores) / len(candidate.scores)
        values = escape(", ".join(f"{k}={v}" for k, v in result.described(candidate).items()))
        if exact:
            table.add_row(values, _shown(score, exact))
        else:
            table.add_row(values, f"{search:.4f}", _shown(score, exact))
    console.print(table)
    base_score = result.baseline
    searched = (
        f"all {len(result.trace)} candidates solved, no games played"
        if exact
        else f"{len(result.trace)} evaluations of {step} games searched"
    )
    console.print(f"As the content is now: {_shown(base_score, exact)}; {searched}.")
    if out is not None:
        header = (
            f"# Written by pickletable tune {game} --objective {objective}: "
            + ", ".join(f"{k}={v}" for k, v in result.described(result.confirmed[0]).items())
            + "\n"
        )
        out.write_text(header + toml_text(result.content), encoding="utf-8")
        if result.options:
            console.print(
                "Options to set with it: "
                + " ".join(f"--option {k}={v}" for k, v in result.options.items())
            )
        console.print(f"Content written to {out}")
    if report is not None:
        from pickletable.analysis.tune_report import render_tune

        report.write_text(render_tune(result, out), encoding="utf-8")
        console.print(f"Report written to {report}")
    if as_json:
        print(json.dumps(result.to_json(), indent=2))


def _shown(score: Score, exact: bool) -> str:
    """A score, with its 95% interval unless it was solved exactly."""
    if exact:
        return f"{score.value:.4f}"
    return f"{score.value:.4f} ({score.low:.4f}-{score.high:.4f})"
