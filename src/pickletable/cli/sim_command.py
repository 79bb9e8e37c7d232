"""`pickletable sim`: the designer's lab on the command line (studies, sweeps, skill, reports)."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from pickletable.analysis.metrics import METRICS
from pickletable.analysis.runner import PROCESSES, Backend
from pickletable.analysis.runner import Progress as ProgressHook
from pickletable.analysis.skill import SkillResult, pairings, run_skill
from pickletable.analysis.study import SCHEMA_VERSION, StudyResult, StudySpec, run_study
from pickletable.analysis.sweep import (
    PAIRED,
    Difference,
    baseline_index,
    combinations,
    compare_studies,
)
from pickletable.cli.table_config import doubles_options
from pickletable.core.errors import OptionError
from pickletable.core.game import GameDefinition
from pickletable.core.registry import get_game


class GamesPerSecond(ProgressColumn):
    """Games per second, as Rich measures the task's speed."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")


@contextmanager
def progress_bar(console: Console, label: str, total: int) -> Iterator[ProgressHook]:
    """A Rich progress bar (games/s, time left) and the hook that moves it."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.update(task, completed=done)


def lab_payload(
    studies: list[StudyResult], sweeps: list[str], skill: SkillResult | None
) -> dict[str, Any]:
    """The whole run as one JSON document (see ``analysis/schema/study.schema.json``)."""
    return {
        "schema": "pickletable-study",
        "version": SCHEMA_VERSION,
        "sweep": [text.partition("=")[0] for text in sweeps],
        "studies": [study.to_json() for study in studies],
        "skill": None if skill is None else skill.to_json(),
    }


def run_sim(
    game: str,
    *,
    players: int | None,
    doubles: bool,
    level: str | None,
    option: list[str] | None,
    bots: str | None,
    games: int,
    workers: int | None,
    seed: int,
    skill: int | None,
    sweep: list[str] | None,
    as_json: bool,
    csv_path: Path | None,
    report: Path | None,
    console: Console | None = None,
    backend: Backend = PROCESSES,
    baseline: str | None = None,
) -> dict[str, Any]:
    """Run a study (or a sweep of studies), optionally the skill index; print and write it."""
    console = console or Console(stderr=as_json)
    definition = get_game(game)
    if doubles:
        if players not in (None, 4):
            raise OptionError("--doubles means four players; leave out --players")
        players = 4
    count = definition.check_players(players)
    pairs = list(option or [])
    if doubles:
        pairs += [f"{k}={v}" for k, v in doubles_options(game).items()]
    if level is not None:
        if "level" not in definition.options.specs:
            raise OptionError(f"{definition.title} has no levels; leave out --level")
        pairs.append(f"level={level}")
    seat_bots = tuple(name.strip() for name in (bots or "").split(",") if name.strip())
    seat_bots = seat_bots or ("medium",) * count
    if len(seat_bots) == 1:
        seat_bots = seat_bots * count
    processes = workers or os.cpu_count() or 1
    studies: list[StudyResult] = []
    stopped = False
    for values in combinations(sweep or []):
        options = definition.options.parse(pairs + [f"{k}={v}" for k, v in values.items()])
        label = ", ".join(f"{k}={v}" for k, v in values.items()) or game
        with progress_bar(console, label, games) as hook:
            study = run_study(
                StudySpec(game, count, options, seat_bots),
                games,
                seed=seed,
                workers=processes,
                progress=hook,
                sweep_values=values,
                backend=backend,
            )
        studies.append(study)
        if study.interrupted:
            stopped = True
            console.print(
                f"[yellow]Stopped: {study.games_played} of {games} games done; "
                "the figures below are theirs.[/]"
            )
            break
    if len(studies) > 1:
        _compare(definition, studies, baseline)
    skill_result = None
    if skill and not stopped:
        base = definition.options.parse(pairs)
        total = skill * len(pairings())
        with progress_bar(console, "skill index", total) as hook:
            skill_result = run_skill(
                game,
                count,
                base,
                skill,
                seed=seed,
                workers=processes,
                progress=hook,
                backend=backend,
            )
        if skill_result.interrupted:
            console.print("[yellow]Skill index stopped early: its figures cover fewer games.[/]")
    payload = lab_payload(studies, sweep or [], skill_result)
    if csv_path is not None:
        write_csv(csv_path, studies)
    if report is not None:
        from pickletable.analysis.report import write_report

        write_report(report, studies, skill_result)
    if as_json:
        print(json.dumps(payload, indent=2))
    else:
        print_summary(console, studies, skill_result)
        for path, what in ((csv_path, "CSV"), (report, "report")):
            if path is not None:
                console.print(f"{what} written to {path}")
    return payload


def _compare(definition: GameDefinition, studies: list[StudyResult], chosen: str | None) -> None:
    """Mark the sweep's baseline and give every study its paired differences from it."""
    defaults = definition.options.defaults()
    at_defaults = [
        all(
            definition.options.parse([f"{name}={value}"])[name] == defaults[name]
            for name, value in study.sweep_values.items()
        )
        for study in studies
    ]
    base = baseline_index([study.sweep_values for study in studies], at_defaults, chosen)
    differences = compare_studies([study.summaries for study in studies], base)
    for number, study in enumerate(studies):
        study.baseline = number == base
        study.against_baseline = differences[number]


def write_csv(path: Path, studies: list[StudyResult]) -> None:
    """One row per game of every study."""
    rows = [row for study in studies for row in study.csv_rows()]
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def differences_table(studies: list[StudyResult]) -> Table:
    """Each swept value minus the baseline, metric by metric, with paired 95% intervals."""
    base = next(study for study in studies if study.baseline)
    named = ", ".join(f"{k}={v}" for k, v in base.sweep_values.items())
    table = Table(title=f"Against the baseline ({named}): paired differences, 95% intervals")
    table.add_column("metric")
    others = [study for study in studies if not study.baseline]
    for study in others:
        table.add_column(
            ", ".join(f"{k}={v}" for k, v in study.sweep_values.items()), justify="right"
        )
    for row, metric in enumerate(PAIRED):
        table.add_row(metric, *[_signed(study.against_baseline[row]) for study in others])
    return table


def _signed(difference: Difference) -> str:
    return f"{difference.value:+.3f} ({difference.low:+.3f} to {difference.high:+.3f})"


def print_summary(console: Console, studies: list[StudyResult], skill: SkillResult | None) -> None:
    """Findings, then the metrics side by side (one column per study), then the skill index."""
    if not studies:
        return
    first = studies[0]
    console.print(
        f"[bold]{first.spec.game}[/]: {first.spec.players} players, bots "
        f"{', '.join(first.spec.bots)}, seed {first.seed}"
    )
    for study in studies:
        heading = ", ".join(f"{k}={v}" for k, v in study.sweep_values.items())
        if heading:
            console.print(f"[bold]{heading}[/]")
        for sentence in study.summary():
            console.print(f"  • {sentence}")
    table = Table(title="Metrics (95% intervals)")
    table.add_column("metric")
    for study in studies:
        heading = ", ".join(f"{k}={v}" for k, v in study.sweep_values.items())
        table.add_column(heading or f"{study.games_played} games", justify="right")
    for metric in METRICS:
        cells = []
        for study in studies:
            value = study.metric(metric.name)
            percent = metric.range.startswith("0-1")
            cells.append(value.percent() if percent else value.plain(2))
        table.add_row(metric.name, *cells)
    table.add_row("games", *[str(study.games_played) for study in studies])
    table.add_row("seconds", *[f"{study.seconds:.1f}" for study in studies])
    console.print(table)
    if len(studies) > 1 and any(study.baseline for study in studies):
        console.print(differences_table(studies))
    if skill is not None:
        grid = Table(title=f"Skill: {skill.games_per_pairing} games per pairing")
        grid.add_column("pairing")
        grid.add_column("first wins", justify="right")
        for pair in skill.wins:
            grid.add_row(f"{pair[0]} v {pair[1]}", skill.pairing_rate(pair).percent())
        for level, rating in skill.ratings.items():
            grid.add_row(f"Elo {level}", f"{rating:.0f}")
        console.print(grid)
        console.print(
            f"Skill index ({skill.strongest}): {skill.index.plain(0)} Elo; "
            f"{skill.seconds:.1f} s of play"
        )
