"""The study commands: arena, sim, analyze and bench (registered on the `pickletable` app)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from pickletable.cli.common import (
    AddressOpt,
    BackendOpt,
    DoublesOpt,
    GameArg,
    LevelOpt,
    OptionOpt,
    PlayersOpt,
    app,
    check_writable,
    enable_learned_bots,
    friendly,
)
from pickletable.core.errors import PickletableError
from pickletable.core.registry import KITS, get_game, kit_for

if TYPE_CHECKING:
    from pickletable.analysis.arena import ArenaResult


@app.command(short_help="Bots play seat-rotated games: win rates, times.")
@friendly
def arena(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="one bot per seat, comma-separated: easy, medium, hard, random, heuristic, "
            "ismcts[:N|:Nms][:random|:heuristic], omniscient (the same options; it sees "
            "every hand, a yardstick for what hidden cards are worth), or for the board game "
            "rollout[:N][:Nms] (whole-game rollouts per action; hard is rollout), or "
            "learned:SPEC, a trained policy: a .npz file saved by pickletable.envs, a "
            "MaskablePPO .zip saved by sb3-contrib (the train extra), a file of a registered "
            "format, or package.module:factory (any object with "
            "act(observation, mask, rng); see docs/rl.md)",
        ),
    ],
    games: Annotated[int, typer.Option("--games", min=1, help="how many games")] = 100,
    workers: Annotated[int, typer.Option("--workers", min=1, help="processes to play on")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="seed of the whole run")] = 0,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """Bots play seat-rotated games: win rates with 95% intervals, decision times."""
    import json

    from pickletable.analysis.arena import run_arena
    from pickletable.analysis.runner import Backend
    from pickletable.cli.sim_command import progress_bar

    names = [name.strip() for name in bots.split(",") if name.strip()]
    enable_learned_bots(names)
    values = get_game(game).options.parse(option or [])
    console = Console(stderr=as_json)
    with progress_bar(console, f"{game} arena", games) as hook:
        result = run_arena(
            game,
            names,
            games,
            workers=workers,
            seed=seed,
            players=players,
            options=values,
            backend=Backend.named(backend, address),
            progress=hook,
        )
    if result.interrupted:
        console.print(
            f"[yellow]Stopped after {result.games} of {result.asked} games; "
            "the figures below are theirs.[/]"
        )
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2))
    else:
        _print_arena(result, console)
    if result.interrupted:
        raise typer.Exit(130)


def _print_arena(result: ArenaResult, console: Console) -> None:
    from pickletable.analysis.arena import TABLE_COLUMNS, format_table

    game = result.game
    table = Table(
        title=f"{game}: {result.games} games, {result.players} players, seed {result.seed}"
    )
    for column in TABLE_COLUMNS:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in format_table(result):
        table.add_row(*row)
    console.print(table)
    console.print(
        f"{result.mean_actions:.0f} actions per game on average; {result.seconds:.1f} s in all"
    )


@app.command(short_help="Board game: the exact odds of the dice-only game.")
@friendly
def analyze(
    game: GameArg,
    level: Annotated[
        str, typer.Option("--level", help="beginner or intermediate (dice and Play Cards)")
    ] = "beginner",
    doubles: DoublesOpt = False,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the values as JSON")] = False,
    sweep: Annotated[
        list[str] | None,
        typer.Option("--sweep", help="NAME=v1,v2 (repeatable): values side by side"),
    ] = None,
    check: Annotated[
        int, typer.Option("--check", min=0, help="also simulate N games with the engine")
    ] = 0,
    report: Annotated[
        Path | None, typer.Option("--report", help="write an HTML report with plots")
    ] = None,
    play_order: Annotated[
        str | None,
        typer.Option("--play-order", help="intermediate: the Play pile order, id1,id2,..."),
    ] = None,
    orders: Annotated[
        int, typer.Option("--orders", min=1, help="intermediate: Play pile orders sampled")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="seed of the orders and the check")] = 0,
    workers: Annotated[
        int,
        typer.Option("--workers", min=1, help="processes for --check (the same figures for any)"),
    ] = 1,
    exact: Annotated[
        bool | None,
        typer.Option("--exact/--float", help="beginner: force exact rationals or floats"),
    ] = None,
) -> None:
    """Board game: exact first-server edge, final scores and game length (dice-only chain)."""
    solver = kit_for(game).exact
    if solver is None:
        solved = " or ".join(kit.wording.name for kit in KITS if kit.exact is not None)
        raise PickletableError(f"analyze solves {solved} only, not {game!r}")
    solver()(
        level=level,
        doubles=doubles,
        options=option or [],
        sweeps=sweep or [],
        as_json=as_json,
        check=check,
        seed=seed,
        workers=workers,
        orders=orders,
        play_order=play_order,
        report=report,
        console=Console(),
        exact=exact,
    )


@app.command(short_help="The designer's lab: balance, length, drama, skill.")
@friendly
def sim(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", min=1, help="games per study")] = 200,
    players: PlayersOpt = None,
    doubles: DoublesOpt = False,
    level: LevelOpt = None,
    option: OptionOpt = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="one bot per seat, comma-separated (default: medium)"),
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", min=1, help="processes (default: one per core)")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="seed of the whole study")] = 0,
    skill: Annotated[
        int | None,
        typer.Option("--skill", min=1, help="also N games per pairing of random, medium, hard"),
    ] = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option("--sweep", help="NAME=v1,v2,... (repeatable): one study per combination"),
    ] = None,
    baseline: Annotated[
        str | None,
        typer.Option(
            "--baseline",
            help="NAME=value: the swept value the others are compared with "
            "(default: the options' defaults, else the first)",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print every figure as JSON")] = False,
    csv_path: Annotated[
        Path | None, typer.Option("--csv", help="write one row per game to this CSV file")
    ] = None,
    report: Annotated[
        Path | None, typer.Option("--report", help="write a self-contained HTML report")
    ] = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """The designer's lab: simulate many games, measure balance, length, drama and skill."""
    from pickletable.analysis.runner import Backend
    from pickletable.cli.sim_command import run_sim

    for path in (csv_path, report):
        if path is not None:
            check_writable(path)
    payload = run_sim(
        game,
        players=players,
        doubles=doubles,
        level=level,
        option=option,
        bots=bots,
        games=games,
        workers=workers,
        seed=seed,
        skill=skill,
        sweep=sweep,
        as_json=as_json,
        csv_path=csv_path,
        report=report,
        backend=Backend.named(backend, address),
        baseline=baseline,
    )
    if any(study["interrupted"] for study in payload["studies"]):
        raise typer.Exit(130)  # Ctrl-C: the figures of the games played are printed


@app.command(short_help="Engine speed: random play, solver, search.")
@friendly
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="print every figure as JSON")] = False,
    peers: Annotated[
        bool, typer.Option("--peers", help="also RLCard and OpenSpiel (the peers extra)")
    ] = False,
    quick: Annotated[bool, typer.Option("--quick", help="every figure, briefly")] = False,
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, help="interleaved rounds (default 5)")
    ] = None,
    seconds: Annotated[
        float | None, typer.Option("--seconds", min=0.001, help="CPU s per random-play figure")
    ] = None,
) -> None:
    """Engine speed: random play, the hand solver, ISMCTS, and with --peers the peers' too."""
    import dataclasses
    import json

    from pickletable.analysis.bench import BenchSettings, format_report, run_bench

    settings = BenchSettings.quick_settings(rounds) if quick else BenchSettings()
    if rounds is not None:
        settings = dataclasses.replace(settings, rounds=rounds)
    if seconds is not None:
        settings = dataclasses.replace(settings, seconds=seconds)
    err = Console(stderr=True)
    report = run_bench(
        settings, peers=peers, progress=lambda n, of: err.print(f"round {n} of {of} done")
    )
    typer.echo(json.dumps(report.to_json(), indent=2) if as_json else format_report(report))
