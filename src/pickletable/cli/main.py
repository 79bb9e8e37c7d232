"""The ``pickletable`` command: play, rules, record, hand, score, games, serve."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from pickletable.bots import make_bot
from pickletable.cli.common import (
    DoublesOpt,
    GameArg,
    JsonOpt,
    LevelOpt,
    OptionOpt,
    PlayersOpt,
    SeatsOpt,
    SeedOpt,
    app,
    check_writable,
    enable_learned_bots,
    friendly,
)
from pickletable.cli.layout import Layout
from pickletable.cli.paging import show_page
from pickletable.cli.starting import load_start
from pickletable.cli.table_config import TableConfig, build_table
from pickletable.cli.terminal import TerminalGame
from pickletable.core.errors import PickletableError
from pickletable.core.match import run_match
from pickletable.core.records import Recorder
from pickletable.core.registry import DEFAULT_GAME, KITS, available_games, get_game, kit_for
from pickletable.core.seats import parse_seats

if TYPE_CHECKING:
    from pickletable.core.kit import GameKit
    from pickletable.games.card.scorekeeper import Scorekeeper

__all__ = ["app", "check_writable"]


@app.command()
@friendly
def play(
    game: GameArg = DEFAULT_GAME,
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
            "--roll-for-me/--no-roll-for-me",
            help="board game: make a roll or serve that is your only move for you "
            "(as Slam makes a forced move)",
        ),
    ] = True,
    show_odds: Annotated[
        bool,
        typer.Option("--odds", help="print your side's win chance each time it changes"),
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
        enable_learned_bots(spec.level or "" for spec in seat_specs)
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
    terminal = TerminalGame(
        config,
        Console(),
        seed=seed,
        companion=companion,
        save_path=save,
        layout=layout,
        roll_for_me=roll_for_me,
        show_odds=show_odds,
        start=start,
    )
    terminal.play()
    if terminal.interrupted:
        raise typer.Exit(130)  # Ctrl-C, as a shell reports SIGINT


@app.command()
@friendly
def rules(game: GameArg) -> None:
    """Show the rules of a game in our words, with every option."""
    definition = get_game(game)
    names = [spec.name for spec in definition.options]
    footer = Text(
        "\nTo change an option in the terminal: --option NAME=VALUE, the name as listed above "
        f"with _ for spaces ({', '.join(names)})."
    )
    show_page(Console(), Markdown(definition.rules_text()), footer)


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


@app.command(short_help="Card game: is a hand complete, and what is it worth?")
@friendly
def hand(
    cards: Annotated[str, typer.Argument(help='e.g. "3 3 3 5 6 7 smash"')],
    as_json: JsonOpt = False,
) -> None:
    """Card game: is this hand complete, how does it split, what is it worth?"""
    try:
        from pickletable.cli.hand_command import hand_json, hand_report
    except ModuleNotFoundError:
        raise typer.BadParameter("the card game is not installed in this version") from None
    if as_json:
        typer.echo(json.dumps(hand_json(cards), indent=2))
        return
    Console().print(hand_report(cards))


@app.command(short_help="Keep the score at a real card-game table.")
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
    save: Annotated[
        Path | None,
        typer.Option("--save", help="keep the session in this file after every rally"),
    ] = None,
    start_from: Annotated[
        Path | None,
        typer.Option("--from", help="go on with a session kept with --save"),
    ] = None,
) -> None:
    """Keep score at a real card-game table: type each rally's hands, we settle the points."""
    from pickletable.cli.scorekeeper import run_scorekeeper
    from pickletable.games.card.scorekeeper import Scorekeeper

    kit = kit_for(game)  # an unknown game is named as such
    if not kit.scorekeeper:
        keeping = " or ".join(other.wording.name for other in KITS if other.scorekeeper)
        hint = kit.scorekeeper_hint or f"{game!r} has no scorekeeper yet"
        raise PickletableError(f"the scorekeeper is for {keeping}; {hint}")
    if start_from is not None:
        if players is not None or names or server or option:
            raise PickletableError(
                "--from sets the table: leave out --players, --names, --server and --option"
            )
        keeper = Scorekeeper.from_json(load_json(start_from))
    else:
        keeper = _new_keeper(kit, players, names, server, option)
    if save is not None:
        check_writable(save)
    console = Console(highlight=False)

    def read(question: str) -> str | None:
        try:
            return console.input(question)
        except EOFError:
            return None

    def keep(keeper: Scorekeeper) -> None:
        assert save is not None
        save.write_text(json.dumps(keeper.to_json(), indent=1) + "\n")

    if save is not None:
        keep(keeper)
    run_scorekeeper(keeper, read, console, keep if save is not None else None)
    if save is not None:
        console.print(f"Session kept in {save}; go on with: pickletable score card --from {save}")


def _new_keeper(
    kit: GameKit,
    players: int | None,
    names: str | None,
    server: str | None,
    option: list[str] | None,
) -> Scorekeeper:
    from pickletable.games.card.scorekeeper import Scorekeeper, ScorekeepingError

    options = kit.definition().options
    given_options = options.parse(option or [])
    named = {text.partition("=")[0].strip() for text in option or []}
    unused = sorted(named - {"target_score", "win_by"})
    if unused:
        raise ScorekeepingError(
            f"the scorekeeper plays the usual deck and takes only target_score and win_by, "
            f"not {', '.join(unused)}"
        )
    resolved = options.resolve(given_options)
    return Scorekeeper.for_table(
        players or 2,
        [name.strip() for name in names.split(",")] if names else [],
        server,
        target=int(resolved["target_score"]),
        win_by=int(resolved["win_by"]),
    )


def load_json(path: Path) -> Any:
    """A JSON file's data; a file that cannot be read or is not JSON is a clear error."""
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise PickletableError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise PickletableError(f"{path}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise PickletableError(f"{path}: not JSON ({error.msg} at line {error.lineno})") from None


@app.command(name="games")
def list_games(as_json: JsonOpt = False) -> None:
    """List the games this version can play."""
    definitions = [get_game(game_id) for game_id in available_games()]
    if as_json:
        rows = [
            {"id": d.id, "title": d.title, "players": list(d.player_counts)} for d in definitions
        ]
        typer.echo(json.dumps(rows, indent=2))
        return
    console = Console()
    for definition in definitions:
        counts = ", ".join(str(n) for n in definition.player_counts)
        console.print(f"{definition.id:6} {definition.title} ({counts} players)")


LIMIT_DEFAULTS = """message_bytes=4096
messages_per_second=20
connections_per_address=32
tables_per_minute=30
live_tables=2000
bot_tables=20
body_bytes=65536
request_seconds=10
http_connections_per_address=64
hello_seconds=5
send_queue=256
send_seconds=10
finished_seconds=10
idle_seconds=86400
sweep_seconds=5
file_check_seconds=2
lobby_waiting_seconds=86400
lobby_playing_seconds=604800
lobby_finished_seconds=0
lobby_bots_seconds=600"""
"""`Limits.describe()`, written out so ``--help`` does not import the server (a test checks)."""


@app.command(short_help="Serve the web table: lobby, live play, replays.")
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
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="worker processes on the one address (more than 1 needs PostgreSQL and Redis)",
        ),
    ] = 1,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url", help="Redis for several workers: redis://HOST:6379/0 (see --workers)"
        ),
    ] = None,
    bot_processes: Annotated[
        int,
        typer.Option(
            "--bot-processes",
            min=0,
            max=16,
            help="processes the bots' searches think in, at a lower priority (0: on threads "
            "of the server's own process, which a busy server releases moves from later)",
        ),
    ] = 2,
    trusted_proxies: Annotated[
        str,
        typer.Option(
            "--trusted-proxies",
            metavar="ADDRESSES",
            help="comma-separated addresses of reverse proxies whose X-Forwarded-For header "
            "names the client (default: none; the limits count the address a request "
            "came from)",
        ),
    ] = "",
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
    proxies = tuple(address.strip() for address in trusted_proxies.split(",") if address.strip())
    if workers > 1 or redis_url is not None:
        from pickletable.server.cluster.workers import serve_workers

        serve_workers(
            host=host,
            port=port,
            workers=workers,
            database_url=database_url,
            redis_url=redis_url,
            limits=limit or [],
            console=Console(),
            trusted_proxies=proxies,
        )
        return
    run_server(
        host=host,
        port=port,
        database_url=database_url,
        console=Console(),
        limits=limits,
        trusted_proxies=proxies,
        bot_processes=bot_processes,
    )


@app.command(short_help="Load-test a server: N tables for S seconds.")
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
    kill_at: Annotated[
        float | None,
        typer.Option(
            "--kill-at",
            min=0,
            help="failover mode (needs --url of several workers): kill -9 a worker at this "
            "second, then report lost and doubled moves and how long sockets took to come back",
        ),
    ] = None,
    kill_pid: Annotated[
        int | None,
        typer.Option(
            "--kill-pid", help="the worker to kill (default: the one holding the most tables)"
        ),
    ] = None,
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
    if kill_at is not None or kill_pid is not None:
        from pickletable.loadkit.failover import failover_test

        if url is None:
            raise typer.BadParameter("failover mode plays against --url", param_hint="--kill-at")
        moment = seconds / 3 if kill_at is None else kill_at
        failed = failover_test(url, tables, seconds, delay, moment, kill_pid)
        for line in failed.lines():
            console.print(line, highlight=False)
        return
    result = load_test(tables, seconds, delay, url, bot_delay, limit or [], rss_every)
    for line in result.lines():
        console.print(line, highlight=False)


# The study commands register themselves on `app`; imported last, they list after play.
from pickletable.cli import (  # noqa: E402, F401
    replay_command,
    review_command,
    study_commands,
    tune_command,
)

if __name__ == "__main__":
    app()
