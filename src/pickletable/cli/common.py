"""What every `pickletable` command shares: the app, the common options, error handling."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from pickletable.cli.version import main_options
from pickletable.core.errors import PickletableError

app = typer.Typer(
    help="Play, study and teach three pickleball tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.callback()(main_options)

F = TypeVar("F", bound=Callable[..., Any])

GameArg = Annotated[str, typer.Argument(help="board, card or slam")]
PlayersOpt = Annotated[int | None, typer.Option("--players", help="how many players")]
DoublesOpt = Annotated[bool, typer.Option("--doubles", help="two teams of two (four players)")]
LevelOpt = Annotated[
    str | None, typer.Option("--level", help="board game level: beginner, intermediate or advanced")
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="a game option as NAME=VALUE (repeatable); see `pickletable rules GAME`",
    ),
]
SeatsOpt = Annotated[
    str | None,
    typer.Option(
        "--seats", help="one entry per seat: human, human:NAME, bot, bot:easy|medium|hard"
    ),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="seed for dice, deals and bots")]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="process (local processes) or ray (pickletable[cluster])")
]
AddressOpt = Annotated[
    str | None,
    typer.Option("--address", help="with --backend ray: auto or HOST:6379 (default: a local Ray)"),
]


def friendly(command: F) -> F:
    """Turn pickletable's own errors into a clear message and exit code 2."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except PickletableError as error:
            Console(stderr=True).print(f"[red]error:[/] {escape(str(error))}", highlight=False)
            raise typer.Exit(2) from None
        except OSError as error:
            where = f" {error.filename}" if error.filename else ""
            message = f"cannot use{where}: {error.strerror or error}"
            Console(stderr=True).print(f"[red]error:[/] {escape(message)}", highlight=False)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def check_writable(path: Path) -> None:
    """Refuse a --save path before the game rather than lose the record after it."""
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    if path.is_dir():
        raise PickletableError(f"--save {path} is a folder; give a file name")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise PickletableError(f"--save {path}: {folder} is not a folder that can be written")
    if folder == path.parent:
        # Permissions do not tell everything (a root user, a read-only mount): try it.
        existed = path.exists()
        try:
            with path.open("a"):
                pass
        except OSError as error:
            raise PickletableError(f"--save {path}: {error.strerror or error}") from None
        if not existed:
            path.unlink()
