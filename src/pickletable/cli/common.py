"""What every `pickletable` command shares: the app, the common options, error handling."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from pickletable.cli.version import main_options
from pickletable.core.errors import PickletableError
from pickletable.core.seats import LEARNED

app = typer.Typer(
    help="Play, study and teach three pickleball tabletop games.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},  # every command inherits it
    pretty_exceptions_enable=False,
    # Plain help, as click lays it out: at 80 columns the boxed tables squeezed each
    # option's words into a narrow column, one or two words a line.
    rich_markup_mode=None,
)
app.callback()(main_options)


def _flags_without_a_type() -> None:
    """Typer 0.2x's help shows ``<bool>`` beside a plain flag; a flag takes no value.

    Its options panel asks each option for `display_type_rich`; a flag answers
    nothing here (a typed option is unchanged).
    """
    option = getattr(typer.core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if option is None or shown is None:
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        return None if self.is_flag and not self.count else shown(self, ctx)

    option.display_type_rich = display_type_rich


_flags_without_a_type()

F = TypeVar("F", bound=Callable[..., Any])


def _game_id(value: str) -> str:
    """Game ids in any case: ``rules CARD`` is ``rules card``."""
    return value.strip().lower()


GameArg = Annotated[str, typer.Argument(help="board, card or slam", callback=_game_id)]
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
        metavar="NAME=VALUE",
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
JsonOpt = Annotated[bool, typer.Option("--json", help="print the figures as JSON")]
BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        help="process (local processes) or ray (needs the cluster extra: pip install "
        "'pickletable[cluster]')",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="with --backend ray: auto or HOST:6379 (default: the cluster RAY_ADDRESS names, "
        "else a local Ray)",
    ),
]


def friendly(command: F) -> F:
    """Turn pickletable's own errors into a clear message and exit code 2, and Ctrl-C
    (where the command does not stop cleanly itself) into exit code 130."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except PickletableError as error:
            _error_line(str(error))
            raise typer.Exit(2) from None
        except OSError as error:
            where = f" {error.filename}" if error.filename else ""
            _error_line(f"cannot use{where}: {error.strerror or error}")
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            Console(stderr=True).print("\n[yellow]Stopped.[/]", highlight=False)
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]


def _error_line(message: str) -> None:
    """``error: ...`` on stderr: wrapped at words in a terminal, one line in a pipe or log."""
    console = Console(stderr=True)
    console.print(
        f"[red]error:[/] {escape(message)}", highlight=False, soft_wrap=not console.is_terminal
    )


def check_writable(path: Path) -> None:
    """Refuse a --save path before the game rather than lose the record after it."""
    folder = path.parent
    if not folder.exists():
        raise PickletableError(
            f"{path}: there is no folder {folder}; make it first, or give another file name"
        )
    if path.is_dir():
        raise PickletableError(f"--save {path} is a folder; give a file name")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise PickletableError(f"--save {path}: {folder} is not a folder that can be written")
    # Permissions do not tell everything (a root user, a read-only mount): try it.
    existed = path.exists()
    try:
        with path.open("a"):
            pass
    except OSError as error:
        raise PickletableError(f"--save {path}: {error.strerror or error}") from None
    if not existed:
        path.unlink()


def enable_learned_bots(names: Iterable[str]) -> None:
    """Let ``learned:PATH`` bots load, if any name asks for one: the RL package registers
    their loader with the bots when imported (the bots never import it)."""
    if any(LEARNED in name.lower() for name in names):
        with contextlib.suppress(ImportError):  # the bot then says to install the rl extra
            import pickletable.envs  # noqa: F401
