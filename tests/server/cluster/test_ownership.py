"""Table ownership: one process at a time, fenced appends, the unique step key last.

Against a real PostgreSQL server (and, for the workers, a real Redis);
the workers are real processes.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from websockets.sync.client import ClientConnection, connect

from pickletable.server.cluster.ownership import FencedStorage, StaleOwner
from pickletable.server.config import Settings
from pickletable.server.manager import TableManager
from pickletable.server.patches import apply_patch
from pickletable.server.storage import Appended, StoredStep
from tests.server.cluster.workers import request, wait_for, workers


def _table_row(table_id: str) -> dict[str, object]:
    return {
        "id": table_id,
        "game": "slam",
        "players": 3,
        "options": {},
        "content": {},
        "seats": [],
        "seed": 0,
        "status": "playing",
    }


def test_a_process_that_lost_its_lease_has_its_writes_refused(postgres_url: str) -> None:
    old = FencedStorage(postgres_url, "old", lease_seconds=0.3)
    new = FencedStorage(postgres_url, "new", lease_seconds=5)
    try:
        old.create_table(_table_row("t1"))
        old.fences["t1"] = old.leases.acquire("t1") or 0
        assert new.leases.acquire("t1") is None  # held: nobody else may take it
        old.append_many([Appended("t1", [StoredStep(0, 0, "roll", [])])])
        time.sleep(0.4)  # the old owner stalls past its lease
        new.fences["t1"] = new.leases.acquire("t1") or 0
        assert new.fences["t1"] == old.fences["t1"] + 1
        with pytest.raises(StaleOwner, match="no longer owns table"):
            old.append_many([Appended("t1", [StoredStep(1, 0, "roll", [])])])
        assert old.leases.renew(old.fences) == {"t1"}
        with pytest.raises(StaleOwner):
            old.update_table("t1", status="over")
        new.append_many([Appended("t1", [StoredStep(1, 1, "keep", [])])])
        assert [step.by for step in new.load(table_id="t1")[0].steps] == [0, 1]
    finally:
        old.close()
        new.close()


def test_the_unique_step_key_refuses_a_step_written_twice_even_under_a_good_fence(
    postgres_url: str,
) -> None:
    storage = FencedStorage(postgres_url, "only")
    try:
        storage.create_table(_table_row("t2"))
        storage.fences["t2"] = storage.leases.acquire("t2") or 0
        storage.append_many([Appended("t2", [StoredStep(0, 0, "roll", [])])])
        with pytest.raises(IntegrityError):
            storage.append_many([Appended("t2", [StoredStep(0, 0, "roll", [])])])
        assert len(storage.load(table_id="t2")[0].steps) == 1
    finally:
        storage.close()


def _made_by_one_process(database_url: str) -> tuple[str, list[str]]:
    """A table made before processes shared the database (no lease): two people, a bot."""

    async def make() -> tuple[str, list[str]]:
        manager = TableManager(Settings(database_url=database_url))
        await manager.start()
        try:
            made = await manager.create("slam", players=3, seats=["human", "human", "bot:easy"])
            joined = await manager.join(made.table.id, "Bob")
            await manager.start_game(made.table.id, made.token, fill_with_bots=False)
            assert made.token is not None and joined.token is not None
            return made.table.id, [made.token, joined.token]
        finally:
            await manager.stop()

    return asyncio.run(make())


def test_two_workers_race_for_one_table_one_wins_the_other_forwards(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    table_id, tokens = _made_by_one_process(postgres_url)
    with workers(2, postgres_url, redis_url, tmp_path) as (one, two):
        with ThreadPoolExecutor(2) as pool:
            asked = [
                pool.submit(request, worker.url, "GET", f"/api/tables/{table_id}")
                for worker in (one, two)
            ]
            answers = [future.result() for future in asked]
        assert answers[0]["id"] == answers[1]["id"] == table_id
        with _engine(postgres_url) as connection:
            owners = connection.execute(
                text("SELECT owner, fence FROM table_leases WHERE table_id = :t"), {"t": table_id}
            ).all()
        assert len(owners) == 1 and owners[0][1] == 1  # taken once, by one of them
        winner = owners[0][0]
        loser = two if winner == one.worker_id else one
        wait_for(lambda: loser.cluster()["workers"][winner]["tables"] == 1, 5)
        assert loser.cluster()["workers"][loser.worker_id]["tables"] == 0
        # A move through the loser's socket is played by the winner.
        with connect(f"{loser.ws_url}/ws/tables/{table_id}", open_timeout=15) as socket:
            played = _play_one_move(socket, tokens)
        assert played
        seen = request(loser.url, "GET", f"/api/tables/{table_id}")
        assert seen["id"] == table_id


def _play_one_move(socket: ClientConnection, tokens: list[str]) -> bool:
    """Say hello as the first person, play their first legal move; True once it is seen."""
    socket.send(json.dumps({"type": "hello", "token": tokens[0]}))
    view = json.loads(socket.recv(15))
    assert view["type"] == "view"
    if not view["legal"]:
        return True  # not this seat's turn: the view itself came through the owner
    step = view["step"]
    act = {"type": "act", "token": tokens[0], "action": view["legal"][0]["action"], "step": step}
    socket.send(json.dumps(act))
    while view["step"] <= step:
        message = json.loads(socket.recv(15))
        assert message["type"] != "refused", message
        if message["type"] == "patch":
            view = apply_patch(view, message)
    return True


@contextmanager
def _engine(url: str) -> Iterator[Connection]:
    """A short-lived connection to the test's database."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            yield connection
    finally:
        engine.dispose()
