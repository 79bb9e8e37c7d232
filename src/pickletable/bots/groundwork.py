"""Work a bot needs done once before it can decide within its budget: a table to build.

The card game's `hard` values a rally's end by a table of the chance of
winning from every score, built once per set of options: a twentieth of a
second for the default ones, some seconds for a target of 99. A bot that
needs such work says so (`NeedsGroundwork.groundwork`); whoever runs bots
under a time limit (the web table) builds it elsewhere, off the threads bots
think on, and plays the bot's quick fallback until it is there. Anywhere
else (the arena, the command line) the bot builds it itself when first asked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol, runtime_checkable

from pickletable.core.agents import AgentView


@dataclass(frozen=True)
class Groundwork:
    """One piece of work: `build(*arguments)` (in another process), then `keep` its result."""

    key: Hashable
    """The same key for the same work: it is built once however many tables ask."""
    build: Callable[..., Any]
    """A module-level function, so that another process can run it."""
    arguments: tuple[Any, ...]
    keep: Callable[[Any], None]
    """Takes the result into this process (where the bot will find it)."""


@runtime_checkable
class NeedsGroundwork(Protocol):
    """A bot that may need `Groundwork` before it can decide within its budget."""

    def groundwork(self, view: AgentView) -> Groundwork | None:
        """The work this decision still needs, or None when it can go ahead at once."""


def build_here(sender: Connection, build: Callable[..., Any], arguments: tuple[Any, ...]) -> None:
    """In a worker process (started at a lower priority): build, send back (True, result).

    It lives here, not with the server's builder, so that the worker imports the
    bots alone: the server's modules would cost it seconds more to start.
    """
    try:
        sender.send((True, build(*arguments)))
    except Exception as error:
        sender.send((False, f"{type(error).__name__}: {error}"))
    finally:
        sender.close()
