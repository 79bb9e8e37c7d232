"""A load run: N tables, each with two scripted people and bots, for S seconds.

Every table plays one game after another (quick options, so many finish),
so the run also shows whether memory stays flat as games end.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pickletable.core.registry import KITS
from pickletable.loadkit.players import SeatPlayer, Tally, ending_policy
from pickletable.loadkit.server import Refusal, request

MAX_TABLES = 1000
MAX_SECONDS = 600.0
SETUPS: list[tuple[str, list[str], dict[str, Any]]] = [
    (kit.id, list(kit.load_table.seats), dict(kit.load_table.options)) for kit in KITS
]
"""Table kinds, one per game (its kit's), taken in turn: two human seats each, the others bots."""


@dataclass
class Report:
    """What a load run measured."""

    tables: int
    seconds: float
    moves: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    errors: list[str]
    disconnects: int
    games: int
    rss_start_mb: float
    rss_end_mb: float
    memory: list[Sample] = field(default_factory=list)
    """The server's resident memory every few seconds of the run (own server only)."""
    server_cpu_s: float = 0.0
    """Processor time the server used during the run (own server only): unlike latency,
    it hardly depends on what else the machine runs."""

    @property
    def moves_per_second(self) -> float:
        """Acknowledged moves of the scripted people per second."""
        return self.moves / self.seconds if self.seconds else 0.0

    def lines(self) -> list[str]:
        """The report as printed."""
        lines = [
            f"tables {self.tables}, {self.seconds:.0f} s, {self.games} games finished",
            f"moves {self.moves} ({self.moves_per_second:.1f}/s acknowledged)",
            f"latency p50 {self.p50_ms:.0f} ms, p95 {self.p95_ms:.0f} ms, p99 {self.p99_ms:.0f} ms",
            f"errors {len(self.errors)}, disconnects {self.disconnects}",
        ]
        if self.rss_start_mb:
            lines.append(f"server RSS {self.rss_start_mb:.0f} MB -> {self.rss_end_mb:.0f} MB")
        if self.server_cpu_s and self.moves:
            per_move = 1000 * self.server_cpu_s / self.moves
            lines.append(
                f"server CPU {self.server_cpu_s:.1f} s ({per_move:.1f} ms per acknowledged move)"
            )
        if self.memory:
            lines.append("server RSS over the run (seconds, MB, games finished):")
            lines += [
                f"  {sample.seconds:5.0f} s {sample.rss_mb:6.0f} MB {sample.games:6d} games"
                for sample in self.memory
            ]
        lines += [f"  error: {error}" for error in self.errors[:5]]
        return lines


@dataclass(frozen=True)
class Sample:
    """The server's memory at one moment of a run."""

    seconds: float
    rss_mb: float
    games: int


def percentile(values: list[float], share: float) -> float:
    """The `share` (0..1) percentile of `values` (0 for none)."""
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=1000, method="inclusive")[int(share * 1000) - 1]


async def run_load(
    http_url: str,
    ws_url: str,
    tables: int,
    seconds: float,
    delay: float,
    rss: Callable[[], float] | None = None,
    every: float = 30.0,
) -> tuple[Tally, float, list[Sample]]:
    """Play `tables` tables at once for `seconds`: the tally, the time it really took,
    and the server's memory (`rss`, in MB) every `every` seconds."""
    tables = max(1, min(tables, MAX_TABLES))
    seconds = max(1.0, min(seconds, MAX_SECONDS))
    tally = Tally()
    began = time.monotonic()
    until = began + seconds
    samples: list[Sample] = []
    sampler = None
    if rss is not None:
        sampler = asyncio.create_task(_sample(rss, every, began, tally, samples))
    await asyncio.gather(
        *(table_loop(http_url, ws_url, index, until, delay, tally) for index in range(tables))
    )
    took = time.monotonic() - began
    if sampler is not None and rss is not None:
        sampler.cancel()
        if not samples or took - samples[-1].seconds >= 1:
            samples.append(Sample(took, rss(), tally.games // 2))
    return tally, took, samples


async def _sample(
    rss: Callable[[], float], every: float, began: float, tally: Tally, into: list[Sample]
) -> None:
    while True:
        into.append(Sample(time.monotonic() - began, rss(), tally.games // 2))
        await asyncio.sleep(every)


async def table_loop(
    http_url: str,
    ws_url: str,
    index: int,
    until: float,
    delay: float,
    tally: Tally,
    *,
    finish: float | None = None,
    opened: Callable[[str, list[SeatPlayer]], None] | None = None,
) -> None:
    """Open tables one after another and play each to its end, until `until`.

    A run that kills a worker (`failover`) passes `finish`, the time by which a
    game still in play at `until` must end (the people reconnect when their
    socket drops), and `opened`, told of every table and its people.
    """
    game, seats, options = SETUPS[index % len(SETUPS)]
    rng = random.Random(index)
    await asyncio.sleep(rng.random())  # people do not all arrive in the same millisecond
    while time.monotonic() < until - 1:
        try:
            table_id, tokens = await asyncio.to_thread(_open_table, http_url, game, seats, options)
        except (Refusal, OSError) as error:
            tally.errors.append(f"creating a {game} table: {error}")
            await asyncio.sleep(1)
            continue
        players = [
            SeatPlayer(ws_url, table_id, token, tally, delay, ending_policy(rng))
            for token in tokens
        ]
        if opened is not None:
            opened(table_id, players)
        if finish is None:
            for player in players:
                await player.open()
        reconnect = finish is not None
        await asyncio.gather(*(player.play(finish or until, reconnect) for player in players))
        for player in players:
            await player.close()


def _open_table(
    http_url: str, game: str, seats: list[str], options: dict[str, Any]
) -> tuple[str, list[str]]:
    body = {"game": game, "players": len(seats), "seats": seats, "options": options}
    made = request(http_url, "POST", "/api/tables", {**body, "name": "Ann"})
    table_id = made["table"]["id"]
    joined = request(http_url, "POST", f"/api/tables/{table_id}/join", {"name": "Bob"})
    request(http_url, "POST", f"/api/tables/{table_id}/start", {}, made["token"])
    return table_id, [made["token"], joined["token"]]


def report(
    tally: Tally,
    tables: int,
    seconds: float,
    rss_start: float,
    rss_end: float,
    memory: list[Sample] | None = None,
) -> Report:
    """The figures of a finished run."""
    latencies = sorted(tally.latencies)
    return Report(
        tables=tables,
        seconds=seconds,
        moves=len(latencies),
        p50_ms=1000 * percentile(latencies, 0.50),
        p95_ms=1000 * percentile(latencies, 0.95),
        p99_ms=1000 * percentile(latencies, 0.99),
        errors=tally.errors,
        disconnects=tally.disconnects,
        games=tally.games // 2,
        rss_start_mb=rss_start,
        rss_end_mb=rss_end,
        memory=memory or [],
    )


def load_test(
    tables: int,
    seconds: float,
    delay: float,
    url: str | None,
    bot_delay: float,
    limits: list[str] | None = None,
    every: float = 30.0,
) -> Report:
    """Run a load test against `url`, or against a server of its own on 127.0.0.1.

    `limits` (``NAME=VALUE``) go to the server it starts, over the kit's own; the
    server's memory is sampled every `every` seconds (own server only).
    """
    import tempfile
    from pathlib import Path

    from pickletable.loadkit.server import ServerProcess

    if url is not None:
        ws_url = "ws" + url.removeprefix("http")
        tally, took, _ = asyncio.run(run_load(url, ws_url, tables, seconds, delay))
        return report(tally, tables, took, 0.0, 0.0)
    with tempfile.TemporaryDirectory(prefix="pickletable-load-") as folder:
        chosen: dict[str, float] = dict(KIT_LIMITS)
        for pair in limits or []:
            name, _, value = pair.partition("=")
            chosen[name.strip()] = float(value)
        server = ServerProcess(
            Path(folder) / "load.sqlite3", limits=chosen, bot_delay=bot_delay
        ).start()
        try:
            rss_start = server.rss_mb()
            cpu_start = server.cpu_seconds()
            tally, took, memory = asyncio.run(
                run_load(server.url, server.ws_url, tables, seconds, delay, server.rss_mb, every)
            )
            result = report(tally, tables, took, rss_start, server.rss_mb(), memory)
            result.server_cpu_s = server.cpu_seconds() - cpu_start
            return result
        finally:
            server.stop()


KIT_LIMITS: dict[str, float] = {
    "connections_per_address": 100_000,
    "tables_per_minute": 100_000,
    "live_tables": 100_000,
}
"""Every player of a load run comes from 127.0.0.1: the per-address limits are raised."""
