"""Nothing acknowledged is lost: kill -9 amid 20 games, a database deleted during play."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path

from pickletable.loadkit.players import Policy, SeatPlayer, Tally
from pickletable.loadkit.server import ServerProcess
from tests.reliability.conftest import run_async, server_log

SETUP = {
    "game": "card",
    "players": 2,
    "seats": ["human", "human"],
    "name": "Ann",
    "options": {"target_score": 99},
}
"""Two people, games long enough that none ends in the test.

Random play ends a game to 11 in about 400 moves, which a fast machine makes
in the first second; a game to 99 takes thousands.
"""


def wandering(rng: random.Random) -> Policy:
    """Any legal move at random: card games last (laying down at once ends them in a second)."""
    return lambda legal: legal[rng.randrange(len(legal))]["action"]


def behind(players: list[SeatPlayer], steps: dict[str, int]) -> dict[str, int]:
    """The tables where no player has seen a step past `steps` yet."""
    seen: dict[str, int] = {}
    for player in players:
        seen[player.table_id] = max(seen.get(player.table_id, 0), player.acked)
    return {table: step for table, step in steps.items() if seen[table] <= step}


def open_tables(server: ServerProcess, count: int) -> list[tuple[str, list[str]]]:
    """`count` started tables of two people: their ids and seat tokens."""
    tables = []
    for _ in range(count):
        made = server.post("/api/tables", SETUP)
        table_id = made["table"]["id"]
        joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
        server.post(f"/api/tables/{table_id}/start", {}, made["token"])
        tables.append((table_id, [made["token"], joined["token"]]))
    return tables


def play(
    server: ServerProcess,
    tables: list[tuple[str, list[str]]],
    seconds: float,
    reconnect: bool = False,
) -> dict[str, int]:
    """Play every table for a while; the highest step acknowledged to anyone at each."""
    tally = Tally()
    rng = random.Random(5)
    players = [
        SeatPlayer(server.ws_url, table_id, token, tally, 0.0, wandering(rng))
        for table_id, tokens in tables
        for token in tokens
    ]

    async def run() -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(player.play(until, reconnect=reconnect) for player in players))
        await asyncio.gather(*(player.close() for player in players))

    run_async(run())
    assert not tally.errors, tally.errors[:3]
    acked: dict[str, int] = {}
    for player in players:
        acked[player.table_id] = max(acked.get(player.table_id, 0), player.acked)
    return acked


def test_kill_9_amid_20_games_loses_no_acknowledged_move(
    real_server: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = real_server()
    tables = open_tables(server, 20)
    tally = Tally()
    rng = random.Random(9)
    players = [
        SeatPlayer(server.ws_url, table_id, token, tally, 0.0, wandering(rng))
        for table_id, tokens in tables
        for token in tokens
    ]
    at_kill: dict[str, int] = {}

    async def run() -> None:
        until = time.monotonic() + 120
        games = [asyncio.create_task(p.play(until, reconnect=True)) for p in players]
        await asyncio.sleep(2)
        server.kill()  # moves are in flight
        for player in players:
            at_kill[player.table_id] = max(at_kill.get(player.table_id, 0), player.acked)
        await asyncio.to_thread(real_server, tmp_path / "tables.sqlite3", port=server.port)
        deadline = time.monotonic() + 60  # the players reconnect by themselves and play on
        while time.monotonic() < deadline and behind(players, at_kill):
            await asyncio.sleep(0.2)
        for game in games:
            game.cancel()
        await asyncio.gather(*games, return_exceptions=True)
        await asyncio.gather(*(player.close() for player in players))

    run_async(run())
    assert sum(at_kill.values()) > 100
    again = ServerProcess(tmp_path / "tables.sqlite3")
    again.port = server.port
    for table_id, step in at_kill.items():
        stored = again.get(f"/api/tables/{table_id}")["steps"]
        assert stored >= step, table_id
    assert not behind(players, at_kill)
    assert tally.disconnects >= len(players)


def test_a_database_deleted_while_running_is_written_again(
    real_server: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "tables.sqlite3"
    server = real_server(database)
    tables = open_tables(server, 3)
    before = play(server, tables, seconds=1)
    for table_id, _tokens in tables:  # a game over would make no moves to acknowledge
        assert server.get(f"/api/tables/{table_id}")["status"] == "playing"
    database.unlink()  # as `rm` does; the server still has the file open
    after = before
    for _ in range(10):  # until moves are acknowledged after the deletion (a busy machine is slow)
        after = play(server, tables, seconds=1)
        if sum(after.values()) > sum(before.values()):
            break
    made_after = open_tables(server, 1)
    deadline = time.monotonic() + 10
    while not database.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert database.exists()
    assert "was deleted while the server was running" in server_log(server)
    server.kill()

    again = real_server(database)
    assert sum(after.values()) > sum(before.values())  # moves acknowledged after the deletion
    for table_id, _tokens in tables:
        assert again.get(f"/api/tables/{table_id}")["steps"] >= after[table_id]
    assert again.get(f"/api/tables/{made_after[0][0]}")["status"] == "playing"
