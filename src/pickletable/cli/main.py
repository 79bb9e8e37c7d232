"""The ``pickletable`` command: play, rules, record, replay, hand."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from pickletable.bots import make_bot
from pickletable.cli.common import (
    DoublesOpt,
    GameArg,
    LevelOpt,
    OptionOpt,
    PlayersOpt,
    SeatsOpt,
    SeedOpt,
    app,
    check_writable,
    friendly,
)
from pickletable.cli.layout import Layout
from pickletable.cli.starting import load_start
from pickletable.cli.table_config import TableConfig, build_table
from pickletable.cli.terminal import TerminalGame
from pickletable.core.errors import PickletableError, ReplayStopError
from pickletable.core.match import run_match
from pickletable.core.records import Recorder, load_record, provenance, replay
from pickletable.core.registry import available_games, get_game
from pickletable.core.seats import parse_seats

__all__ = ["app", "check_writable"]


@app.command()
@friendly
def play(
    game: GameArg = "board",
    players: PlayersOpt = None,
    doubles: DoublesOpt = False,
    level: LevelOpt = None,
    option: OptionOpt = None,
    seats: SeatsOpt = None,
    seed: SeedOpt = None,
    save: Annotated[Path | None, typer.Option("--save", help="write the record here")] = None,
    companion: Annotated[
        bool,
        typer.Option(
            "--companion", help="at a real table: you type the dice and cards; we keep score"
        ),
    ] = False,
    layout: Annotated[
        Layout,
        typer.Option(
            "--layout",
            help="compact: a short status after each move; full: the whole board; "
            "auto: the board when the window is tall enough",
        ),
    ] = Layout.AUTO,
    roll_for_me: Annotated[
        bool,
        typer.Option(
            "--roll-for-me",
            help="board game: make a roll or serve that is your only move for you",
        ),
    ] = False,
    start_from: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="start from this file: a saved game record (continued at its last step, "
            "same seats and options), a position text, or a TOML layout",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal, against bots or hot-seat."""
    definition = get_game(game)
    start = None
    if start_from is not None:
        if players is not None or doubles or level is not None or option or companion:
            raise PickletableError(
                "--from sets the table: leave out --players, --doubles, --level, --option "
                "and --companion"
            )
        start = load_start(definition, start_from)
        seat_specs = parse_seats(seats or start.seats, start.players, 1, learned=True)
        config = TableConfig(definition, start.players, start.options, seat_specs, start.content)
    else:
        if companion and definition.hidden_information:
            raise PickletableError(
                f"companion mode is for the board game, where everything is on the table; "
                f"{definition.title} would need every hidden card typed in"
            )
        extra = {"stanchion_rule": "on"} if companion else {}
        config = build_table(
            game,
            players=players,
            doubles=doubles,
            level=level,
            options=option,
            seats=seats,
            default_humans=-1 if companion else 1,
            extra_options=extra,
        )
    if save is not None:
        check_writable(save)
    TerminalGame(
        config,
        Console(),
        seed=seed,
        companion=companion,
        save_path=save,
        layout=layout,
        roll_for_me=roll_for_me,
        start=start,
    ).play()


@app.command()
@friendly
def rules(game: GameArg) -> None:
    """Show the rules of a game in our words, with every option."""
    definition = get_game(game)
    console = Console()
    console.print(Markdown(definition.rules_text()))
    table = Table(title=f"Options of {game} (use --option NAME=VALUE)")
    for column in ("name", "type", "default", "what it does"):
        table.add_column(column)
    for row in definition.options.describe():
        default = row["default"]
        shown = ("on" if default else "off") if isinstance(default, bool) else str(default)
        table.add_row(row["name"], row["type"], shown or '""', row["help"])
    console.print(table)


@app.command()
@friendly
def record(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", min=1, help="how many games")] = 1,
    out: Annotated[Path, typer.Option("--out", help="folder for the records")] = Path("records"),
    players: PlayersOpt = None,
    doubles: DoublesOpt = False,
    level: LevelOpt = None,
    option: OptionOpt = None,
    seats: SeatsOpt = None,
    seed: SeedOpt = None,
) -> None:
    """Play bot games and write each as a record."""
    config = build_table(
        game,
        players=players,
        doubles=doubles,
        level=level,
        options=option,
        seats=seats,
        default_humans=0,
    )
    if any(not spec.is_bot for spec in config.seats):
        raise typer.BadParameter("record plays bots only: give every seat as bot or bot:LEVEL")
    base = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
    out.mkdir(parents=True, exist_ok=True)
    console = Console()
    # Number on after any records already in the folder: never overwrite one.
    taken = [int(p.stem.rsplit("-", 1)[1]) for p in out.glob(f"{game}-[0-9][0-9][0-9][0-9].json")]
    first = max(taken, default=0)
    for index in range(games):
        game_seed = base + index
        state = config.new_state()
        recorder = Recorder(
            game,
            config.players,
            dict(config.options),
            config.content,
            config.seat_rows(state),
            meta={"seed": game_seed},
        )
        agents = {
            seat: make_bot(spec.level, game)
            for seat, spec in zip(state.seats, config.seats, strict=True)
        }
        run_match(state, agents, random.Random(game_seed), recorder=recorder)
        path = recorder.save(state, out / f"{game}-{first + index + 1:04d}.json")
        ending = get_game(game).presenter.outcome_text(state) or "unfinished"
        console.print(f"{path}: {len(recorder.steps)} actions, {ending}")


@app.command(name="replay")
@friendly
def replay_command(
    file: Annotated[Path, typer.Argument(help="a record written by play, record or the server")],
    show: Annotated[bool, typer.Option("--show", help="print the game's log")] = False,
) -> None:
    """Check that a record replays exactly, action by action.

    Exit 0 when it does; 1 when it was made by another pickletable or under other
    rules and stops replaying (one line says which step and why); 2 for a file
    that is not a record, or one this version and these rules made that does not
    replay (a damaged record).
    """
    data = load_record(file)
    try:
        state = replay(data)
    except ReplayStopError as error:
        made = provenance(data)
        if made is None or not made.changed:
            raise
        line = made.stops_at(error.index + 1, error.action, refused=error.refused)
        typer.echo(f'{file}: {line}: "{error.reason}"', err=True)  # one line, never wrapped
        raise typer.Exit(1) from None
    console = Console()
    if show:
        from pickletable.core.actions import Action
        from pickletable.core.records import initial_state

        again = initial_state(data)
        presenter = get_game(data["game"]).presenter
        for step in data["steps"]:
            for event in again.apply(Action.from_text(step["action"])):
                console.print(presenter.describe(again, event))
    outcome = state.outcome
    ending = (
        get_game(data["game"]).presenter.outcome_text(state)
        if outcome
        else "the game was not finished"
    )
    console.print(f"[green]ok[/]: {file} replays ({len(data['steps'])} actions); {ending}")


@app.command()
@friendly
def hand(cards: Annotated[str, typer.Argument(help='e.g. "3 3 3 5 6 7 smash"')]) -> None:
    """Card game: is this hand complete, how does it split, what is it worth?"""
    try:
        from pickletable.cli.hand_command import hand_report
    except ModuleNotFoundError:
        raise typer.BadParameter("the card game is not installed in this version") from None
    Console().print(hand_report(cards))


@app.command()
@friendly
def score(
    game: GameArg,
    players: PlayersOpt = None,
    names: Annotated[
        str | None,
        typer.Option("--names", help="players' names, clockwise from North: Ann,Bob,..."),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option("--server", help="who serves first (the first dealt a Kitchen)"),
    ] = None,
    option: OptionOpt = None,
) -> None:
    """Keep score at a real card-game table: type each rally's hands, we settle the points."""
    from pickletable.cli.scorekeeper import run_scorekeeper
    from pickletable.games.card.scorekeeper import Scorekeeper, ScorekeepingError

    get_game(game)  # an unknown game is named as such
    if game != "card":
        hint = (
            "the board game has companion mode: pickletable play board --companion"
            if game == "board"
            else f"{game!r} has no scorekeeper yet"
        )
        raise PickletableError(f"the scorekeeper is for the card game; {hint}")
    options = get_game("card").options
    given_options = options.parse(option or [])
    named = {text.partition("=")[0].strip() for text in option or []}
    unused = sorted(named - {"target_score", "win_by"})
    if unused:
        raise ScorekeepingError(
            f"the scorekeeper plays the usual deck and takes only target_score and win_by, "
            f"not {', '.join(unused)}"
        )
    resolved = options.resolve(given_options)
    keeper = Scorekeeper.for_table(
        players or 2,
        [name.strip() for name in names.split(",")] if names else [],
        server,
        target=int(resolved["target_score"]),
        win_by=int(resolved["win_by"]),
    )
    console = Console(highlight=False)

    def read(question: str) -> str | None:
        try:
            return console.input(question)
        except EOFError:
            return None

    run_scorekeeper(keeper, read, console)


@app.command(name="games")
def list_games() -> None:
    """List the games this version can play."""
    console = Console()
    for game_id in available_games():
        definition = get_game(game_id)
        counts = ", ".join(str(n) for n in definition.player_counts)
        console.print(f"{game_id:6} {definition.title} ({counts} players)")


LIMIT_DEFAULTS = """message_bytes=4096
messages_per_second=20
connections_per_address=32
tables_per_minute=30
live_tables=2000
bot_tables=20
hello_seconds=5
send_queue=256
send_seconds=10
finished_seconds=10
idle_seconds=86400
sweep_seconds=5
file_check_seconds=2
lobby_waiting_seconds=86400
lobby_playing_seconds=604800
lobby_finished_seconds=0"""
"""`Limits.describe()`, written out so ``--help`` does not import the server (a test checks)."""


@app.command()
@friendly
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="SQLAlchemy URL of the database (default: a SQLite file, path printed)",
        ),
    ] = None,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            "--limit",
            metavar="NAME=VALUE",
            help="change one limit (repeat for more); the limits and their defaults: "
            + ", ".join(LIMIT_DEFAULTS.splitlines()),
        ),
    ] = None,
) -> None:
    """Serve the web table: lobby, live play with friends and bots, replays."""
    try:
        from pickletable.server.config import Limits
        from pickletable.server.run import serve as run_server
    except ModuleNotFoundError as error:
        raise typer.BadParameter(f"the web table needs its packages ({error.name})") from None
    try:
        limits = Limits().with_text(limit or [])
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--limit") from None
    run_server(host=host, port=port, database_url=database_url, console=Console(), limits=limits)


@app.command()
@friendly
def loadtest(
    tables: Annotated[
        int, typer.Option("--tables", min=1, max=1000, help="tables played at once")
    ] = 100,
    seconds: Annotated[
        float, typer.Option("--seconds", min=1, max=600, help="how long to play")
    ] = 60.0,
    delay: Annotated[
        float,
        typer.Option(
            "--delay", min=0, help="seconds each person waits before moving (0: saturate)"
        ),
    ] = 0.5,
    url: Annotated[
        str | None,
        typer.Option("--url", help="a running server (default: start one on 127.0.0.1)"),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0, help="the started server's bot delay")
    ] = 0.6,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            "--limit", metavar="NAME=VALUE", help="a limit of the started server (as serve takes)"
        ),
    ] = None,
    rss_every: Annotated[
        float,
        typer.Option(
            "--rss-every", min=1, help="seconds between samples of the started server's memory"
        ),
    ] = 30.0,
) -> None:
    """Play N tables (two scripted people and bots each) for S seconds and report latency."""
    from pickletable.loadkit.run import load_test
    from pickletable.server.config import Limits

    try:
        Limits().with_text(limit or [])
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--limit") from None
    console = Console()
    console.print(f"Playing {tables} tables for {seconds:g} s (people move after {delay:g} s)...")
    result = load_test(tables, seconds, delay, url, bot_delay, limit or [], rss_every)
    for line in result.lines():
        console.print(line, highlight=False)


# The study commands register themselves on `app`; imported last, they list after play.
from pickletable.cli import study_commands  # noqa: E402, F401

if __name__ == "__main__":
    app()
