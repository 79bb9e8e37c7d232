"""What a move costs the web table's server, in processor time, without the network.

Three measures, each in CPU seconds (process or thread time, which depends far
less on what else the machine runs than wall time does):

- **moves**: N tables of the load kit's kinds (two scripted people and
  `medium` bots each, `bot_delay` 0) played to their end through the table
  manager itself (`TableManager.create`, `join`, `start_game`, `connect`,
  `act`: checks, engine, group commit to a SQLite file, views, patches, JSON),
  with every message encoded as the socket would send it; no HTTP, no
  WebSocket framing. Prints the process's CPU per move of the people.
- **views**: the same kinds played by random moves through `LiveTable` on one
  thread; each move, both people's views are built (`LiveTable.view`), made a
  patch of the last one and encoded. Prints thread CPU per view.
- **commits**: `Storage.append_many` of three tables with two steps each,
  over and over. Prints thread CPU per commit.

With ``--load-seconds S``, each round also runs the load kit's saturating run
(`pickletable loadtest --tables 60 --seconds S --delay 0`, its own server) and
prints the server's CPU per acknowledged move, HTTP and WebSockets included.
With ``--base COMMIT``, the base commit and HEAD are measured interleaved,
each round in processes of their own (`side_by_side`), with the ratios:

    PYTHONPATH=src .venv/bin/python benchmarks/server_moves.py [--tables 60] [--rounds 3]
    .venv/bin/python benchmarks/server_moves.py --base main --rounds 5 --load-seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by file path (tests)
from side_by_side import Runs, compare_sides, print_ratios

from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE
from pickletable.loadkit.run import SETUPS
from pickletable.server.config import Limits, Settings
from pickletable.server.errors import Refused
from pickletable.server.json_text import dumps
from pickletable.server.live import PLAYING, LiveTable
from pickletable.server.manager import TableManager
from pickletable.server.patches import apply_patch, make_patch
from pickletable.server.seats import Seat
from pickletable.server.storage import Appended, Storage, StoredStep

BIG = 10**9
LIMITS = Limits(
    messages_per_second=1e6,
    tables_per_minute=BIG,
    live_tables=BIG,
    bot_tables=BIG,
    connections_per_address=BIG,
)


async def _moves(tables: int, folder: Path) -> tuple[int, float]:
    settings = Settings(
        database_url=f"sqlite:///{folder / 'moves.sqlite3'}", bot_delay=0, limits=LIMITS
    )
    manager = TableManager(settings)
    await manager.start()
    moves = 0

    async def play(index: int) -> None:
        nonlocal moves
        rng = random.Random(index)
        game, seats, options = SETUPS[index % len(SETUPS)]
        made = await manager.create(game, players=len(seats), options=options, seats=seats)
        joined = await manager.join(made.table.id, "Bob")
        table_id = made.table.id
        await manager.start_game(table_id, made.token, fill_with_bots=False)
        tokens = [made.token, joined.token]
        views: list[dict[str, Any]] = [{}, {}]
        woken = [asyncio.Event(), asyncio.Event()]

        def sender(who: int) -> Any:
            async def send(message: dict[str, Any]) -> None:
                dumps(message)
                if message["type"] == "view":
                    views[who] = message
                elif message["type"] == "patch":
                    views[who] = apply_patch(views[who], message)
                woken[who].set()

            return send

        connections = [await manager.connect(table_id, sender(k), tokens[k]) for k in (0, 1)]

        async def person(who: int) -> None:
            nonlocal moves
            while True:
                await woken[who].wait()
                woken[who].clear()
                view = views[who]
                if view["status"] == "over":
                    return
                if view["legal"]:
                    action = rng.choice(view["legal"])["action"]
                    try:
                        await manager.act(
                            table_id,
                            tokens[who],
                            action,
                            step=view["step"],
                            require_step=True,
                            connection=connections[who],
                        )
                    except Refused:  # a view behind the table's: the next message says more
                        continue
                    moves += 1

        await asyncio.gather(person(0), person(1))
        for connection in connections:
            await manager.disconnect(connection)

    at_once = asyncio.Semaphore(30)

    async def guarded(index: int) -> None:
        async with at_once:
            await play(index)

    began = time.process_time()
    await asyncio.gather(*(guarded(index) for index in range(tables)))
    spent = time.process_time() - began
    await manager.stop()
    return moves, spent


def _live_tables(count: int) -> list[LiveTable]:
    tables = []
    for index in range(count):
        game_id, seats, options = SETUPS[index % len(SETUPS)]
        game = get_game(game_id)
        table = LiveTable(
            id=f"t{index}",
            game=game,
            players=len(seats),
            options=game.options.resolve(options),
            content=game.default_content(),
            seats=[],
            seed=0,
            chance=random.Random(index),
        )
        table.seats = [
            Seat(
                number,
                table.state.seat_name(number),
                "human" if kind == "human" else "bot",
                "" if kind == "human" else "medium",
                f"P{number}",
                token_hash="x" if kind == "human" else None,
            )
            for number, kind in zip(table.state.seats, seats, strict=True)
        ]
        table.status = PLAYING
        tables.append(table)
    return tables


def _views(tables: int) -> tuple[int, float]:
    rng = random.Random(1)
    views = 0
    spent = 0.0
    for table in _live_tables(tables):
        last: dict[int, dict[str, Any] | None] = {0: None, 1: None}
        sent = {0: 0, 1: 0}
        while not table.state.is_over:
            player = table.state.current_player
            if player == CHANCE or player is None:
                table.chance_step()
                continue
            table.apply(player, rng.choice(table.state.legal_actions()))
            table.chance_steps()
            began = time.thread_time()
            for seat in (0, 1):
                view = {**table.view(seat, sent[seat]), "version": views}
                sent[seat] = view["log_start"] + len(view["log"])
                before, last[seat] = last[seat], view
                dumps(view if before is None else make_patch(before, view))
                views += 1
            spent += time.thread_time() - began
    return views, spent


def _commits(count: int, folder: Path) -> float:
    storage = Storage(f"sqlite:///{folder / 'commits.sqlite3'}")
    ids = [f"t{index}" for index in range(48)]
    for table_id in ids:
        storage.create_table(
            {
                "id": table_id,
                "game": "board",
                "players": 4,
                "options": {},
                "content": {"data": {}, "fingerprint": ""},
                "seats": [],
                "seed": 0,
                "status": PLAYING,
            }
        )
    events = [{"kind": "rolled", "seat": 0, "dice": [3, 4]}, {"kind": "moved", "seat": 1}]
    steps = dict.fromkeys(ids, 0)
    began = time.thread_time()
    for round_ in range(count):
        batch = []
        for table_id in ids[(round_ * 3) % 45 :][:3]:
            at = steps[table_id]
            steps[table_id] = at + 2
            made = [StoredStep(at, 0, "roll", events), StoredStep(at + 1, -1, "dice 3 4", events)]
            batch.append(Appended(table_id, made, {"status": PLAYING, "notes": [], "active": 1.0}))
        storage.append_many(batch)
    spent = time.thread_time() - began
    storage.close()
    return spent / count


def measure(tables: int, load_seconds: float) -> dict[str, Any]:
    """One round's figures (runs on whichever code is importable), as JSON-safe values."""
    import pickletable

    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="pickletable-bench-") as name:
        folder = Path(name)
        moves, spent = asyncio.run(_moves(tables, folder))
        figures["in process: CPU per move of the people, ms"] = 1000 * spent / moves
        views, viewing = _views(tables)
        figures["one seat's view, patched and encoded, us"] = 1e6 * viewing / views
        figures["one group commit (3 tables, 6 steps), us"] = 1e6 * _commits(1000, folder)
    if load_seconds:
        figures.update(_load(load_seconds))
    return {"figures": figures, "code": str(Path(pickletable.__file__).resolve().parent)}


def _load(seconds: float) -> dict[str, float]:
    """A saturating load run (`pickletable loadtest --tables 60 --delay 0`) of `seconds`."""
    from pickletable.loadkit.run import load_test

    result = load_test(60, seconds, 0.0, None, 0.6)
    return {
        "loadtest: server CPU per acknowledged move, ms": 1000 * result.server_cpu_s / result.moves,
        "loadtest: acknowledged moves/s": result.moves_per_second,
    }


def main() -> None:
    """Measure `--rounds` times and print the median of each measure (or base against HEAD)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=60, help="tables played per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (the median is printed)")
    parser.add_argument("--base", help="a commit to measure interleaved with HEAD")
    parser.add_argument(
        "--load-seconds", type=float, default=0.0, help="also a saturating load run this long"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.tables, args.load_seconds)))
        return
    if args.base:
        what = f"{args.tables} tables in process" + (
            f", a {args.load_seconds:g} s load run of 60 tables" if args.load_seconds else ""
        )
        child = ["--tables", str(args.tables), "--load-seconds", str(args.load_seconds)]
        results = compare_sides(Path(__file__), args.base, args.rounds, child, what, _table)
        _table(f"medians of {args.rounds} rounds", results["base"], results["HEAD"])
        return
    runs = [measure(args.tables, args.load_seconds) for _ in range(args.rounds)]
    for name in runs[0]["figures"]:
        print(f"{name}: {statistics.median(run['figures'][name] for run in runs):.2f}")
    print(f"(medians of {args.rounds} rounds of {args.tables} tables)")


def _table(title: str, base: Runs, head: Runs) -> None:
    print_ratios(title, base, head, field="figures", label="figure", width=50, number=".2f")


if __name__ == "__main__":
    main()
