"""Failover: a worker killed (kill -9) or stopped (SIGTERM) while tables play loses nothing.

Three workers under ``pickletable serve --workers 3`` on one address, played
by the load kit's failover mode; real PostgreSQL, real Redis, real processes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pickletable.cli.main import app
from pickletable.loadkit.failover import failover_test
from tests.server.cluster.workers import request, wait_for, workers
from tests.services import free_port

KIT_LIMITS = ("tables_per_minute=100000", "connections_per_address=100000")


@contextmanager
def serve_workers(
    count: int, database_url: str, redis_url: str, folder: Path
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``pickletable serve --workers N`` in a child process; its address and process."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "pickletable.cli.main",
        "serve",
        f"--port={port}",
        f"--workers={count}",
        f"--database-url={database_url}",
        f"--redis-url={redis_url}",
        *(f"--limit={pair}" for pair in KIT_LIMITS),
    ]
    env = {**os.environ, "PICKLETABLE_BOT_DELAY": "0.1", "PICKLETABLE_FORMALITY_PAUSE": "0"}
    log = (folder / "serve.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: len(_workers(url)) == count, 120, every=0.5)
        yield url, process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        log.close()


def _workers(url: str) -> dict[str, Any]:
    try:
        found: dict[str, Any] = request(url, "GET", "/api/cluster")["workers"]
        return found
    except OSError:
        return {}


def test_kill_9_one_of_three_workers_nothing_acknowledged_is_lost_or_played_twice(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    with serve_workers(3, postgres_url, redis_url, tmp_path) as (url, _):
        # 6 s of play before the kill, 10 s after it (each game then plays to its end)
        result = failover_test(url, tables=9, seconds=16, delay=0.2, kill_at=6, kill_pid=None)
        print("\n".join(result.lines()))
        assert result.games_checked > 0 and result.acknowledged > 0 and result.unfinished == 0
        assert result.lost == [] and result.doubled == [] and result.not_replaying == []
        assert result.dropped_sockets > 0 and result.never_back == 0
        assert result.back_slowest_s <= 5.0  # the bound for a takeover
        # The supervisor starts the killed worker again, under its own id.
        wait_for(lambda: len(_workers(url)) == 3, 30, every=0.5)
        killed = result.killed.split()[0]
        assert killed in _workers(url)


def test_sigterm_drains_a_worker_its_tables_move_at_once_and_sockets_come_back(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    # A lease of 60 s: only a hand-over can move the table within the test's few seconds.
    with workers(2, postgres_url, redis_url, tmp_path, lease_seconds=60) as (one, two):
        made = request(one.url, "POST", "/api/tables", {"game": "slam", "players": 3})
        table_id = made["table"]["id"]
        with connect(f"{two.ws_url}/ws/tables/{table_id}", open_timeout=15) as watcher:
            watcher.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(watcher.recv(15))["type"] == "view"
            # uvicorn raises the signal again once it has shut down gracefully
            stopped = one.stop()
            assert stopped in (0, -signal.SIGTERM), one.log.read_text()[-6000:]  # what hung
            assert "process w1 handed over 1 tables" in one.log.read_text()
            took = wait_for(lambda: two.cluster()["workers"]["w2"]["tables"] == 1, 15)
            try:
                while True:  # the relayed socket closes so that the browser reconnects
                    watcher.recv(15)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1012
        print(f"the table moved {took:.2f} s after the drain (its lease had 60 s left)")
        with connect(f"{two.ws_url}/ws/tables/{table_id}", open_timeout=15) as again:
            again.send(json.dumps({"type": "hello", "token": made["token"]}))
            view = json.loads(again.recv(15))
            assert view["type"] == "view" and view["you"] == 0


def test_a_worker_restarted_under_its_name_takes_tables_back_only_when_free(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    with workers(2, postgres_url, redis_url, tmp_path) as (one, two):
        made = request(one.url, "POST", "/api/tables", {"game": "slam", "players": 3})
        table_id = made["table"]["id"]
        one.kill()
        wait_for(lambda: two.cluster()["workers"]["w2"]["tables"] == 1, 10)
        one.start().wait_ready()
        wait_for(lambda: "w1" in two.cluster()["workers"], 10)
        for _ in range(3):  # w2 still holds it: w1 forwards rather than takes it back
            seen = request(one.url, "GET", f"/api/tables/{table_id}", token=made["token"])
            assert seen["you"] == 0
        assert one.cluster()["workers"]["w1"]["tables"] == 0
        assert two.cluster()["workers"]["w2"]["tables"] == 1


def test_several_workers_need_postgresql_and_redis(tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 't.sqlite3'}"
    refused = CliRunner().invoke(app, ["serve", "--workers", "3", "--database-url", sqlite])
    assert refused.exit_code != 0
    assert "--workers 3 needs PostgreSQL" in " ".join(refused.output.split())
    postgres = "postgresql+psycopg://nobody@127.0.0.1:1/none"
    refused = CliRunner().invoke(app, ["serve", "--workers", "2", "--database-url", postgres])
    assert "--workers 2 needs Redis" in " ".join(refused.output.split())
