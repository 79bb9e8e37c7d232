"""The server's settings, in one place: where the database is, how fast bots move."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

DATABASE_ENV = "PICKLETABLE_DATABASE_URL"
"""Environment variable that overrides the default database URL."""
BOT_DELAY_ENV = "PICKLETABLE_BOT_DELAY"
"""Environment variable for the seconds a bot waits before it moves (tests set 0)."""


def default_database_path() -> Path:
    """The SQLite file used when no URL is given: ``$XDG_DATA_HOME/pickletable/tables.sqlite3``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pickletable" / "tables.sqlite3"


def sqlite_url(path: Path) -> str:
    """The SQLAlchemy URL of a SQLite file."""
    return f"sqlite:///{path}"


def default_database_url() -> str:
    """The database URL from the environment, else the default SQLite file."""
    return os.environ.get(DATABASE_ENV) or sqlite_url(default_database_path())


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to know at start-up."""

    database_url: str = field(default_factory=default_database_url)
    bot_delay: float = field(default_factory=lambda: float(os.environ.get(BOT_DELAY_ENV, "0.6")))
    """Seconds a bot waits before it moves, so people can follow the game."""
    grace_seconds: float = 30.0
    """How long a disconnected seat stays its owner's before others may hand it to a bot."""
    now: Callable[[], float] = field(default_factory=lambda: time.time)
    """The wall clock (seconds since the epoch) that stamps when a table was last active."""
    turn_wait: Callable[[float], Awaitable[None]] = field(default_factory=lambda: asyncio.sleep)
    """How the turn clock waits out a person's turn of so many seconds (tests end it by hand)."""

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file behind `database_url`, if it is one."""
        prefix = "sqlite:///"
        if self.database_url.startswith(prefix) and ":memory:" not in self.database_url:
            return Path(self.database_url[len(prefix) :])
        return None
