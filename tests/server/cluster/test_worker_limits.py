"""A worker of ``serve --workers`` keeps the limits below the app that one process keeps:
a half-sent request is closed, and X-Forwarded-For names the client only from a proxy
given by ``--trusted-proxies`` (workers once believed it from 127.0.0.1, uvicorn's
default, and ignored ``--trusted-proxies``)."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx

from pickletable.server.cluster.workers import Supervisor
from tests.server.cluster.workers import workers

HALF_A_REQUEST = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
LIMITS = ("tables_per_minute=2", "request_seconds=1")
TABLE = {"game": "card", "players": 2, "seats": ["human", "bot:easy"]}


def closed(connection: socket.socket, seconds: float) -> bool:
    """Whether the server closes `connection` within `seconds` (its reads end)."""
    connection.settimeout(seconds)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def creations(url: str, count: int) -> list[int]:
    """Create `count` tables, each claiming to come from another address."""
    return [
        httpx.post(
            url + "/api/tables", json=TABLE, headers={"X-Forwarded-For": f"203.0.113.{n}"}
        ).status_code
        for n in range(count)
    ]


def test_a_worker_believes_no_forwarded_address_and_closes_half_sent_requests(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    with workers(1, postgres_url, redis_url, tmp_path, limits=LIMITS) as (worker,):
        assert creations(worker.url, 3) == [201, 201, 429]
        slow = socket.create_connection(("127.0.0.1", worker.port))
        slow.sendall(HALF_A_REQUEST)
        assert closed(slow, 5.0), "a half-sent request was kept open"
        answer = httpx.post(
            worker.url + "/api/account/sign-up",
            json={"name": "Ann", "password": "correct horse"},
            headers={"X-Forwarded-Proto": "https", "X-CSRF-Token": "t"},
            cookies={"pickletable_csrf": "t"},
        )
        assert answer.status_code == 201, answer.text
        assert "Secure" not in answer.headers["set-cookie"]


def test_the_supervisor_hands_its_workers_the_trusted_proxies() -> None:
    supervisor = Supervisor(
        "127.0.0.1", 0, 1, "postgresql://db/x", "redis://r", trusted_proxies=("10.0.0.1", "::1")
    )
    assert "--trusted-proxies=10.0.0.1,::1" in supervisor.command("w1", 3)
    assert not [
        part for part in Supervisor("h", 0, 1, "d", "r").command("w1", 3) if "proxies" in part
    ]
