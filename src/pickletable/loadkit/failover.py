"""The load kit's failover mode: play on several workers, kill one by pid, count what survived.

Every person is scripted as in a load run, and reconnects when its socket
drops. At the chosen second one worker is killed (``kill -9``: the given
pid, else the worker that holds the most tables). Then, for every game
that finished, the record is fetched and compared with what the people saw:

- **lost**: a move a person saw acknowledged that the record does not hold
  at that step;
- **doubled**: a step of a person's seat in the record that the person never
  sent at that step (a move applied twice lands at a second step);
- the record must replay under the rules (`pickletable.core.records.replay`).

No game starts after the run's last second; those in play then are played
to their end (`FINISH_SECONDS` at most) and checked too. The takeover time
is how long the sockets that dropped after the kill took
to get a view again (the slowest, and the median). Speed is printed, never
judged here.
"""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from pickletable.core.records import replay
from pickletable.loadkit.players import SeatPlayer, Tally
from pickletable.loadkit.run import Report, report, table_loop
from pickletable.loadkit.server import Refusal, request

FINISH_SECONDS = 60.0
"""How long games still in play when the run ends may take to finish (then they are checked)."""


@dataclass
class Game:
    """One game of a failover run: its table and its scripted people."""

    table_id: str
    players: list[SeatPlayer]


@dataclass
class FailoverReport:
    """What a failover run measured."""

    load: Report
    killed: str
    """The worker killed, with its pid."""
    killed_at: float
    """Seconds into the run."""
    games_checked: int = 0
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    not_replaying: list[str] = field(default_factory=list)
    unfinished: int = 0
    dropped_sockets: int = 0
    back_slowest_s: float = 0.0
    back_median_s: float = 0.0
    never_back: int = 0

    def lines(self) -> list[str]:
        """The report as printed."""
        lines = self.load.lines()
        lines += [
            f"killed worker {self.killed} at {self.killed_at:.1f} s",
            f"sockets that dropped after the kill: {self.dropped_sockets}; back with a view "
            f"after {self.back_median_s:.2f} s (median), {self.back_slowest_s:.2f} s (slowest); "
            f"never back: {self.never_back}",
            f"finished games checked: {self.games_checked} ({self.unfinished} did not finish)",
            f"acknowledged moves: {self.acknowledged}; lost: {len(self.lost)}; "
            f"doubled: {len(self.doubled)}; records that do not replay: {len(self.not_replaying)}",
        ]
        lines += [f"  lost: {item}" for item in self.lost[:5]]
        lines += [f"  doubled: {item}" for item in self.doubled[:5]]
        lines += [f"  not replaying: {item}" for item in self.not_replaying[:5]]
        return lines


def failover_test(
    url: str, tables: int, seconds: float, delay: float, kill_at: float, kill_pid: int | None
) -> FailoverReport:
    """Play `tables` tables on the workers behind `url` and kill one at `kill_at` seconds."""
    return asyncio.run(_run(url, tables, seconds, delay, kill_at, kill_pid))


async def _run(
    url: str, tables: int, seconds: float, delay: float, kill_at: float, kill_pid: int | None
) -> FailoverReport:
    ws_url = "ws" + url.removeprefix("http")
    tally = Tally()
    games: list[Game] = []
    began = time.monotonic()
    until = began + seconds

    def opened(table_id: str, players: list[SeatPlayer]) -> None:
        games.append(Game(table_id, players))

    finish = until + FINISH_SECONDS  # a game in play at the end is played to its end
    loops = [
        table_loop(url, ws_url, index, until, delay, tally, finish=finish, opened=opened)
        for index in range(tables)
    ]
    killer = asyncio.create_task(_kill_at(url, began + kill_at, kill_pid))
    await asyncio.gather(*loops)
    killed = await killer
    took = time.monotonic() - began
    result = FailoverReport(report(tally, tables, took, 0.0, 0.0), killed[0], killed[1] - began)
    await asyncio.to_thread(_check_games, url, games, result)
    _outages(games, killed[1], result)
    return result


async def _kill_at(url: str, moment: float, pid: int | None) -> tuple[str, float]:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))
    name = f"pid {pid}"
    if pid is None:
        workers = (await asyncio.to_thread(request, url, "GET", "/api/cluster"))["workers"]
        busiest = max(workers, key=lambda worker: workers[worker].get("tables", 0))
        pid = int(workers[busiest]["pid"])
        name = f"{busiest} (pid {pid})"
    os.kill(pid, signal.SIGKILL)
    return name, time.monotonic()


def _check_games(url: str, games: list[Game], result: FailoverReport) -> None:
    for game in games:
        if not all(player.view.get("status") == "over" for player in game.players):
            result.unfinished += 1
            continue
        record = _record(url, game.table_id)
        if record is None:
            result.not_replaying.append(f"{game.table_id}: no record")
            continue
        result.games_checked += 1
        steps: list[dict[str, Any]] = record["steps"]
        for player in game.players:
            result.acknowledged += len(player.acked_moves)
            for index, action in player.acked_moves:
                here = steps[index] if index < len(steps) else None
                if here is None or here["by"] != player.seat or here["action"] != action:
                    result.lost.append(f"{game.table_id} step {index}: {action}")
            for index, step in enumerate(steps):
                if step["by"] == player.seat and (index, step["action"]) not in player.sent_moves:
                    result.doubled.append(f"{game.table_id} step {index}: {step['action']}")
        try:
            replay(record)
        except Exception as error:  # any failure to replay is what is counted
            result.not_replaying.append(f"{game.table_id}: {error}")


def _record(url: str, table_id: str) -> dict[str, Any] | None:
    for _ in range(20):  # the table may be moving between workers
        try:
            value: dict[str, Any] = request(url, "GET", f"/api/tables/{table_id}/record")
            return value
        except (Refusal, OSError):
            time.sleep(0.5)
    return None


def _outages(games: list[Game], killed: float, result: FailoverReport) -> None:
    waits = []
    for game in games:
        for player in game.players:
            for dropped, back in player.outages:
                if dropped < killed - 0.5:
                    continue
                result.dropped_sockets += 1
                if back is None:
                    result.never_back += 1
                else:
                    waits.append(back - killed)
    if waits:
        result.back_slowest_s = max(waits)
        result.back_median_s = statistics.median(waits)
