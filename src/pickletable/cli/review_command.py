"""``pickletable review``: every decision of a finished game, weighed from the player's view.

The review itself is `pickletable.analysis.review`; this prints it, readable at 80 columns:
per seat, each decision (the move played and the best found, their win chances, the loss
and the mark), the win chance over the game in a line of blocks, the key moments and the
accuracy.

>>> sparkline([0.0, 0.5, 1.0])
'▁▅█'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from pickletable.analysis.review import (
    BUDGET,
    ROLLOUT_CAP,
    THRESHOLDS,
    Review,
    ReviewError,
    SeatReview,
    kept_review,
    review_record,
)
from pickletable.cli.common import JsonOpt, app, friendly
from pickletable.core.records import initial_state, load_record

STYLES = {
    "best": "green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}
BLOCKS = "▁▂▃▄▅▆▇█"
WIDTH = 64
"""The most blocks the win chance line has (a longer game is sampled)."""


@app.command(name="review", short_help="Review a finished game, decision by decision.")
@friendly
def review_command(
    file: Annotated[Path, typer.Argument(help="a finished game's record")],
    seat: Annotated[
        str | None,
        typer.Option("--seat", help="the seat to review, by number or name (default: every seat)"),
    ] = None,
    budget: Annotated[
        int,
        typer.Option("--budget", min=1, help="rollouts per move weighed (more: slower, surer)"),
    ] = BUDGET,
    seed: Annotated[int, typer.Option("--seed", help="the rollouts' seed")] = 2026,
    as_json: JsonOpt = False,
) -> None:
    """Review a finished game: for each decision, the win chance after the move played and
    after the best move found, the loss, and a mark (best, good, inaccuracy, mistake,
    blunder); the key moments; each player's accuracy.

    Each move is weighed by seeded rollouts from the seat's own view (no card it could
    not see): the same record, seed and budget always give the same review. At most
    12,000 rollouts per seat (a long game gets fewer per move). A record downloaded from
    the web table carries the reviews made there (``meta.reviews``): one of the same seat,
    seed and budget is printed at once instead of being made again.
    """
    data = load_record(file)
    seats = None if seat is None else [_seat_number(data, seat)]
    console = Console(highlight=False)
    err = Console(stderr=True)
    kept = kept_review(data, seats, budget=budget, seed=seed)
    if kept is not None:  # the web table's review, downloaded with the record: the same
        review = kept
    elif as_json or not err.is_terminal:
        review = review_record(data, seats, budget=budget, seed=seed)
    else:
        with Progress(
            TextColumn("Weighing moves"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("review", total=None)
            review = review_record(
                data,
                seats,
                budget=budget,
                seed=seed,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    if as_json:
        typer.echo(json.dumps(review.to_json(), indent=1))
        return
    print_review(console, review)


def _seat_number(data: dict[str, Any], text: str) -> int:
    """A seat by its number or its name, as the record's game names it."""
    state = initial_state(data)
    names = {state.seat_name(each).lower(): each for each in state.seats}
    if text.strip().lstrip("-").isdigit() and int(text) in state.seats:
        return int(text)
    if text.strip().lower() in names:
        return names[text.strip().lower()]
    known = ", ".join(f"{each} ({state.seat_name(each)})" for each in state.seats)
    raise ReviewError(f"this game has no seat {text!r}: its seats are {known}")


def print_review(console: Console, review: Review) -> None:
    """The review, for a terminal of 80 columns or more."""
    console.print(f"[bold]Review[/]: {escape(review.outcome)}")
    console.print(
        f"{review.steps} steps, {review.rollouts} rollouts per move "
        f"(seed {review.seed}, budget {review.budget}; at most {ROLLOUT_CAP:,} a seat)"
    )
    for each in review.seats:
        _print_seat(console, each)
    if len(review.seats) > 1:
        console.print()
        console.print(
            "[bold]Accuracy[/]: "
            + ", ".join(f"{each.name} {_accuracy(each)}" for each in review.seats)
        )
    console.print()
    console.print(f"Marks by win chance lost: {marks_legend()}.")


def _print_seat(console: Console, review: SeatReview) -> None:
    console.print()
    verdict = {1.0: "won", 0.0: "lost", 0.5: "drew"}.get(review.result, "")
    console.print(
        f"[bold]{escape(review.name)}[/] ({verdict}): {len(review.decisions)} decisions, "
        f"accuracy {_accuracy(review)}"
    )
    if not review.decisions:
        console.print("No decision to weigh: every move was the only one.")
        return
    table = Table(show_edge=False, pad_edge=False, expand=False)
    table.add_column("Step", justify="right")
    table.add_column("Played", ratio=3, overflow="fold")
    table.add_column("Best found", ratio=3, overflow="fold")
    table.add_column("Loss", justify="right")
    table.add_column("Mark")
    for decision in review.decisions:
        best = (
            "same"
            if decision.best.action == decision.played.action
            else (f"{escape(decision.best.label)} {decision.best.chance:.0%}")
        )
        style = STYLES[decision.mark]
        table.add_row(
            str(decision.step + 1),
            f"{escape(decision.played.label)} {decision.played.chance:.0%}",
            best,
            f"{decision.loss:.0%}" if decision.loss else "",
            f"[{style}]{decision.mark}[/]",
        )
    console.print(table)
    console.print("Win chance: " + sparkline([chance for _, chance in review.graph]))
    if review.moments:
        console.print("Key moments:")
        moments = Table.grid(padding=(0, 1))
        moments.add_column(no_wrap=True)
        moments.add_column()
        for moment in review.moments:
            sign = "+" if moment.swing > 0 else ""
            moments.add_row(
                f"  step {moment.step + 1} {moment.kind}",
                f"{moment.before:.0%} → {moment.after:.0%} ({sign}{moment.swing:.0%}): "
                + escape(moment.what),
            )
        console.print(moments)


def marks_legend() -> str:
    """The thresholds in words.

    >>> marks_legend()
    'best 0, good under 5%, inaccuracy 5-10%, mistake 10-20%, blunder 20% or more'
    """
    words, low = ["best 0"], 0.0
    for name, bound in THRESHOLDS:
        if low == 0:
            words.append(f"{name} under {bound:.0%}")
        elif bound == float("inf"):
            words.append(f"{name} {low:.0%} or more")
        else:
            words.append(f"{name} {low * 100:.0f}-{bound:.0%}")
        low = bound
    return ", ".join(words)


def _accuracy(review: SeatReview) -> str:
    return "n/a" if review.accuracy is None else f"{review.accuracy:.1f}"


def sparkline(values: list[float]) -> str:
    """Win chances (0 to 1) as a line of blocks, low to high (at most `WIDTH` of them)."""
    if len(values) > WIDTH:
        values = [values[round(i * (len(values) - 1) / (WIDTH - 1))] for i in range(WIDTH)]
    return "".join(BLOCKS[min(len(BLOCKS) - 1, int(value * len(BLOCKS)))] for value in values)
