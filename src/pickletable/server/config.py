"""The server's settings, in one place: where the database is, how fast bots move, the limits.

Every limit has a default fit for one machine serving friends and strangers
alike; ``pickletable serve --limit NAME=VALUE`` changes one (see `Limits`).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from argon2 import PasswordHasher

DATABASE_ENV = "PICKLETABLE_DATABASE_URL"
"""Environment variable that overrides the default database URL."""
BOT_DELAY_ENV = "PICKLETABLE_BOT_DELAY"
"""Environment variable for the seconds a bot waits before it moves (tests set 0)."""
FORMALITY_PAUSE_ENV = "PICKLETABLE_FORMALITY_PAUSE"
"""Environment variable for the seconds a browser waits before it answers a formality."""
GRACE_ENV = "PICKLETABLE_GRACE_SECONDS"
"""Environment variable for the seconds an away seat stays its owner's (browser tests
set a few)."""


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


ZERO_ALLOWED = frozenset({"lobby_finished_seconds"})
"""Limits that may be 0 (every other one must be positive)."""


@dataclass(frozen=True)
class Limits:
    """What one client, and everyone together, may ask of the server.

    A client beyond a limit gets a clear refusal (HTTP 429 or 503, or a
    WebSocket close code with a reason); nothing else changes.
    """

    message_bytes: int = 4096
    """Largest WebSocket message taken; a longer one is refused (never echoed back)."""
    messages_per_second: float = 20.0
    """Messages one connection may send per second on average (bursts of twice that)."""
    connections_per_address: int = 32
    """Open WebSockets one client address may hold."""
    tables_per_minute: int = 30
    """Tables one client address may create per minute."""
    live_tables: int = 2000
    """Tables waiting or in play at once; creating one more is refused until some finish."""
    bot_tables: int = 20
    """Tables with bots only (not yet finished) at once; each starts when someone watches it."""
    body_bytes: int = 65536
    """Largest HTTP request body taken (413 beyond it, before the body is read)."""
    request_seconds: float = 10.0
    """Seconds one HTTP request may take to arrive whole (a half-sent one is closed)."""
    http_connections_per_address: int = 64
    """Open HTTP connections one client address may hold (a trusted proxy's are not counted)."""
    hello_seconds: float = 5.0
    """Seconds a new WebSocket has to say hello before it is closed."""
    send_queue: int = 256
    """Messages waiting for one slow reader before it is dropped."""
    send_seconds: float = 10.0
    """Seconds one message may take to reach a reader before it is dropped."""
    finished_seconds: float = 10.0
    """A finished table with nobody watching leaves memory after this long (rebuilt on demand:
    a finished table kept waiting costs memory and collector time, a rebuilt one a read)."""
    idle_seconds: float = 24 * 60 * 60.0
    """A table with no activity and nobody watching leaves memory after this long."""
    sweep_seconds: float = 5.0
    """How often tables that may leave memory are looked for."""
    file_check_seconds: float = 2.0
    """How often the SQLite file is checked for deletion between writes (each write checks too)."""
    lobby_waiting_seconds: float = 24 * 60 * 60.0
    """The lobby stops listing a table nobody has started after this long without activity."""
    lobby_playing_seconds: float = 7 * 24 * 60 * 60.0
    """The lobby stops listing a game in play after this long without a move."""
    lobby_finished_seconds: float = 0.0
    """The lobby lists a finished game this long after its end (0: never; it lists only
    tables in memory, so at most `finished_seconds` once nobody watches)."""
    lobby_bots_seconds: float = 10 * 60.0
    """The lobby stops listing a table where only bots play (from the start, or since its
    people handed their seats to bots) after this long without a move: nobody watches it."""

    def with_text(self, pairs: list[str]) -> Limits:
        """These limits with ``NAME=VALUE`` changes (as ``serve --limit`` takes them)."""
        kinds = {item.name: item.type for item in fields(self)}
        changes: dict[str, float | int] = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or name not in kinds:
                known = ", ".join(kinds)
                raise ValueError(f"--limit {pair!r}: write NAME=VALUE with NAME one of {known}")
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"--limit {pair!r}: {value!r} is not a number") from None
            zero = name in ZERO_ALLOWED
            if not (number >= 0 if zero else number > 0) or number == float("inf"):
                lowest = "zero or more" if zero else "a positive number"
                raise ValueError(f"--limit {pair!r}: the value must be {lowest}")
            if kinds[name] == "int":
                if not number.is_integer():
                    raise ValueError(f"--limit {pair!r}: {name} is a whole number")
                changes[name] = int(number)
            else:
                changes[name] = number
        return replace(self, **changes)  # type: ignore[arg-type]

    @staticmethod
    def describe() -> str:
        """Each limit with its default, one per line (for ``serve --help`` and docs/server.md)."""
        defaults = Limits()
        return "\n".join(f"{item.name}={getattr(defaults, item.name):g}" for item in fields(Limits))


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to know at start-up."""

    database_url: str = field(default_factory=default_database_url)
    bot_delay: float = field(default_factory=lambda: float(os.environ.get(BOT_DELAY_ENV, "0.6")))
    """Seconds from a bot's turn to its move, so people can follow the game: the move lands
    then whatever the thinking took, so its timing says nothing about the bot's hand."""
    formality_pause: float = field(
        default_factory=lambda: float(os.environ.get(FORMALITY_PAUSE_ENV, "1.5"))
    )
    """Seconds a browser waits before it answers a formality for its person (a POACH
    window declined without a POACH, say). The same whatever the hand, so a window
    with a person in it closes no sooner for someone who holds nothing."""
    grace_seconds: float = field(default_factory=lambda: float(os.environ.get(GRACE_ENV, "30")))
    """How long a disconnected seat stays its owner's before others may hand it to a bot."""
    now: Callable[[], float] = field(default_factory=lambda: time.time)
    """The wall clock (seconds since the epoch) that stamps when a table was last active."""
    turn_wait: Callable[[float], Awaitable[None]] = field(default_factory=lambda: asyncio.sleep)
    """How the turn clock waits out a person's turn of so many seconds (tests end it by hand)."""
    clock: Callable[[], float] = field(default_factory=lambda: time.monotonic)
    """The monotonic clock that times a bot's turn (tests give a clock of their own)."""
    bot_wait: Callable[[float], Awaitable[None]] = field(default_factory=lambda: asyncio.sleep)
    """How a bot's move waits for its release time (tests record the waits)."""
    limits: Limits = field(default_factory=Limits)
    """What one client and everyone together may ask (see `Limits`)."""
    password_hasher: PasswordHasher | None = None
    """How passwords are hashed (None: Argon2id with argon2-cffi's defaults, about 0.1 s a
    hash; tests of many sign-ups give a lighter one)."""
    bot_processes: int = 0
    """Worker processes bots' searches think in (`server.bot_processes`; ``serve`` starts
    two); 0: on threads of the server's own process (tests, and a clock of their own)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses whose X-Forwarded-For header names the client (``serve --trusted-proxies``);
    none by default: every other request is counted by the address it came from."""

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file behind `database_url`, if it is one."""
        prefix = "sqlite:///"
        if self.database_url.startswith(prefix) and ":memory:" not in self.database_url:
            return Path(self.database_url[len(prefix) :])
        return None
