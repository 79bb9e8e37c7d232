"""When bots' moves go out under load: how late after their release time, and whether it tells.

A bot's move is released a fixed time (`Settings.bot_delay`) after its
turn began; when it actually goes out must not depend on the move (how
many legal moves it chose from, how long it thought). This plays, through
the table manager itself (drivers, bots' searches in `--bot-processes`
worker processes or, with 0, on its bot threads, group commits to a SQLite
file, broadcasts to a watching connection that encodes every message; no
HTTP), four busy tables of `hard` Slam bots as the load, beside tables of
bots of every level of every game, one game after another, until
`--moves` bot moves went out. Printed, over every bot move (the load's
included) and per game: how late each went out after its release time
(median, 95th and 99th percentile, worst, and how many were later than
`--within`), and Spearman's rho between that lateness and the number of
legal moves.

    PYTHONPATH=src .venv/bin/python benchmarks/bot_timing.py [--moves 1000] [--bot-delay 0.3]
        [--bot-processes 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from pickletable.analysis.statistics import spearman
from pickletable.server import memory
from pickletable.server.bot_processes import BOT_PROCESSES
from pickletable.server.config import Limits, Settings
from pickletable.server.driver import BotMove
from pickletable.server.json_text import dumps
from pickletable.server.manager import TableManager

BIG = 10**9
LIMITS = Limits(tables_per_minute=BIG, live_tables=BIG, bot_tables=BIG)
LOAD: tuple[str, list[str], dict[str, Any]] = ("slam", ["bot:hard"] * 4, {})
"""The load: four of these play all the time (the hardest thinking there is)."""
MEASURED: list[tuple[str, list[str], dict[str, Any]]] = [
    ("board", ["bot:easy", "bot:hard", "bot:medium", "bot:hard"], {"target": 2.0}),
    ("board", ["bot:medium", "bot:easy"], {}),
    ("card", ["bot:hard", "bot:medium", "bot:easy"], {"target_score": 3, "win_by": 1}),
    ("card", ["bot:easy", "bot:hard"], {}),
    ("slam", ["bot:medium", "bot:easy", "bot:hard"], {"tokens_to_win": 1}),
    ("slam", ["bot:easy", "bot:medium", "bot:medium", "bot:hard", "bot:easy"], {}),
]
"""Tables of every game, with bots of every level (played again when over)."""


async def measure(moves: int, bot_delay: float, processes: int, folder: Path) -> list[BotMove]:
    """Play until `moves` bot moves went out; every one of them."""
    settings = Settings(
        database_url=f"sqlite:///{folder / 'timing.sqlite3'}",
        bot_delay=bot_delay,
        limits=LIMITS,
        bot_processes=processes,
    )
    manager = TableManager(settings)
    await manager.start()
    if manager.bot_processes is not None:  # measured from when they are up
        await manager.bot_processes.started()
    manager.bot_moves = type(manager.bot_moves)(maxlen=None)
    until = time.monotonic() + 3600

    async def keep_playing(game: str, seats: list[str], options: dict[str, Any]) -> None:
        while len(manager.bot_moves) < moves and time.monotonic() < until:
            made = await manager.create(game, players=len(seats), options=options, seats=seats)
            over = asyncio.Event()

            async def watch(message: dict[str, Any], over: asyncio.Event = over) -> None:
                dumps(message)
                if "over" in (message.get("status"), message.get("set", {}).get("status")):
                    over.set()

            connection = await manager.connect(made.table.id, watch, None)  # which starts it
            while not over.is_set() and len(manager.bot_moves) < moves:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(over.wait(), 1.0)
            await manager.disconnect(connection)

    setups = [LOAD] * 4 + MEASURED
    await asyncio.gather(*(keep_playing(*setup) for setup in setups))
    taken = list(manager.bot_moves)[:moves]
    await manager.stop()
    return taken


def summary(name: str, moves: list[BotMove], within: float) -> str:
    """One line of figures for `moves`."""
    late = sorted(1000 * move.late for move in moves)
    cuts = statistics.quantiles(late, n=100, method="inclusive") if len(late) > 1 else late * 99
    rho = spearman([move.choices for move in moves], [move.late for move in moves])
    over = sum(value > 1000 * within for value in late)
    return (
        f"{name:6} n={len(moves):5d}  late ms: median {statistics.median(late):5.1f}, "
        f"p95 {cuts[94]:5.1f}, p99 {cuts[98]:5.1f}, worst {late[-1]:6.1f}; "
        f"over {1000 * within:.0f} ms: {over}; rho(late, legal moves) {rho:+.3f}"
    )


def main() -> None:
    """Measure and print (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000, help="bot moves measured")
    parser.add_argument("--bot-delay", type=float, default=0.3, help="the server's bot delay, s")
    parser.add_argument("--within", type=float, default=0.05, help="the lateness allowed, s")
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=BOT_PROCESSES,
        help="worker processes for searches (0: the server's bot threads)",
    )
    args = parser.parse_args()
    memory.settle()  # as `pickletable serve` does before it serves
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pickletable-bot-timing-") as name:
        moves = asyncio.run(measure(args.moves, args.bot_delay, args.bot_processes, Path(name)))
    print(
        f"{len(moves)} bot moves in {time.monotonic() - began:.0f} s, "
        f"bot delay {args.bot_delay} s, "
        f"{args.bot_processes} bot processes, load average {os.getloadavg()[0]:.2f}"
    )
    print(summary("all", moves, args.within))
    for game in sorted({move.game for move in moves}):
        print(summary(game, [move for move in moves if move.game == game], args.within))


if __name__ == "__main__":
    main()
