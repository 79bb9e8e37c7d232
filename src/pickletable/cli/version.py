"""``pickletable --version``: the command's own options, before any subcommand."""

from __future__ import annotations

from typing import Annotated

import typer

from pickletable import __version__


def _show_version(value: bool) -> None:
    """Print ``pickletable <version>`` and stop (the ``--version`` option)."""
    if value:
        typer.echo(f"pickletable {__version__}")
        raise typer.Exit()


def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="print pickletable's version and stop",
        ),
    ] = False,
) -> None:
    """Play, study and teach three pickleball tabletop games."""
