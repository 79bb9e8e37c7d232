"""Hostile and broken input gets a clear answer, changes nothing, and logs no traceback."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pickletable.loadkit.server import Refusal, ServerProcess
from pickletable.server.patches import apply_patch
from tests.reliability.conftest import server_log


def opened(url: str) -> ClientConnection:
    """A WebSocket connection, open until closed (entered as its context manager asks)."""
    return connect(url, open_timeout=10).__enter__()


class Wire:
    """A seat's (or a spectator's) WebSocket with the latest view it was sent."""

    def __init__(self, server: ServerProcess, table_id: str, token: str | None) -> None:
        self.socket = opened(f"{server.ws_url}/ws/tables/{table_id}")
        self.token = token
        self.view: dict[str, Any] = {}
        self.socket.send(json.dumps({"type": "hello", "token": token}))
        self.next_of("view")

    def send(self, payload: str | bytes) -> None:
        """Send a frame as it is."""
        self.socket.send(payload)

    def act(self, action: str, step: int | None) -> None:
        """Send a move for a step."""
        message = {"type": "act", "token": self.token, "action": action, "step": step}
        self.socket.send(json.dumps(message))

    def next_of(self, kind: str) -> dict[str, Any]:
        """The next message of a kind (views on the way are kept)."""
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=10))
            if message["type"] == "patch":
                message = apply_patch(self.view, message)
            if message["type"] == "view":
                self.view = message
            if message["type"] == kind:
                return message

    def latest(self) -> dict[str, Any]:
        """The view after everything sent so far (a ping flushes)."""
        self.socket.send(json.dumps({"type": "ping"}))
        self.next_of("pong")
        return self.view

    def close(self) -> None:
        """Leave."""
        self.socket.close()


def settled(wire: Wire) -> int:
    """The table's step once it has stopped moving for a moment (chance steps follow moves)."""
    step = -1
    while wire.latest()["step"] != step:
        step = wire.view["step"]
        time.sleep(0.2)
    return step


def stored_steps(server: ServerProcess, table_id: str) -> int:
    engine = create_engine(f"sqlite:///{server.database}")
    with engine.connect() as connection:
        count: int = connection.execute(
            text("select count(*) from steps where table_id = :id"), {"id": table_id}
        ).scalar_one()
    engine.dispose()
    return count


def started_pair(server: ServerProcess) -> tuple[str, str, str]:
    made = server.post(
        "/api/tables",
        {"game": "card", "seats": ["human", "human"], "name": "Ann", "options": {}},
    )
    table_id = made["table"]["id"]
    joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
    server.post(f"/api/tables/{table_id}/start", {}, made["token"])
    return table_id, made["token"], joined["token"]


def raw_post(server: ServerProcess, path: str, body: bytes) -> tuple[int, Any]:
    call = urllib.request.Request(
        server.url + path, data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(call, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_broken_messages_get_a_reason_and_the_connection_stays(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server()
    table_id, ann, _bob = started_pair(server)
    socket = Wire(server, table_id, ann)
    if True:
        before = dict(socket.latest())
        hostile: list[tuple[str | bytes, str]] = [
            ("{not json", "not JSON"),
            (b"\x00\x01binary", "binary messages are not understood"),
            ("[" * 5000 + "]" * 5000, "too long"),
            ("[" * 100 + "]" * 100, "nested too deeply"),
            ('{"type": "act", "action": "' + "x" * 10_000 + '"}', "too long"),
            ("[1, 2]", "a JSON object"),
            ('{"type": "act", "action": NaN, "step": 0}', "not JSON"),
            ('{"type": "launch"}', "unknown message type"),
        ]
        for payload, reason in hostile:
            socket.send(payload)
            refusal = socket.next_of("refused")
            assert reason in refusal["message"], (payload[:40], refusal)
            assert len(json.dumps(refusal)) < 300  # nothing long is echoed back
        after = socket.latest()  # still connected, nothing changed
        socket.close()
    assert after["step"] == before["step"] == stored_steps(server, table_id)
    assert "Traceback" not in server_log(server)


def test_a_move_sent_again_is_not_played_twice(real_server: Callable[..., ServerProcess]) -> None:
    server = real_server()
    table_id, ann, bob = started_pair(server)
    wires = [Wire(server, table_id, ann), Wire(server, table_id, bob)]
    mover = next(wire for wire in wires if wire.latest()["legal"])
    other = next(wire for wire in wires if wire is not mover)
    first = dict(mover.view)
    move = (first["legal"][0]["action"], first["step"])
    mover.act(*move)
    played = settled(mover)  # the move, and any chance steps that follow it
    assert played > first["step"]
    mover.act(*move)  # the same move again (a retry): acknowledged, not played twice
    assert settled(mover) == played == stored_steps(server, table_id)

    deadline = time.monotonic() + 20
    while not mover.latest()["legal"] and time.monotonic() < deadline:
        if other.latest()["legal"]:
            other.act(other.view["legal"][0]["action"], other.view["step"])
    current = dict(mover.view)
    assert current["legal"]
    mover.act(current["legal"][0]["action"], first["step"])  # a move for an old view
    refusal = mover.next_of("refused")
    assert f"answers step {first['step']}" in refusal["message"]
    assert refusal["step"] == current["step"]
    mover.act(current["legal"][0]["action"], None)
    assert "says the step" in mover.next_of("refused")["message"]
    assert mover.latest()["step"] == current["step"] == stored_steps(server, table_id)
    for wire in wires:
        wire.close()


BAD_TABLES: list[tuple[dict[str, Any], str]] = [
    ({"game": "board", "options": {"step": "nan"}}, "finite"),
    ({"game": "board", "options": {"target": "inf"}}, "finite"),
    ({"game": "board", "options": {"step": "-Infinity"}}, "finite"),
    ({"game": "board", "name": "A" * 50_000}, "at most 24 characters"),  # under the body limit
    ({"game": "board", "name": "A" * 30}, "at most 24 characters"),
    ({"game": "board", "name": "Ann\u202eevil"}, "invisible"),
    ({"game": "board", "name": "Ann\x00"}, "control"),
    ({"game": "board", "seats": ["human:" + "B" * 1000, "human"]}, "at most 24"),
    ({"game": "board", "seats": ["human:Bo\u200bb", "human"]}, "invisible"),
    ({"game": "board", "seats": ["human:\x1b[31mred", "human"]}, "control"),
    ({"game": "chess"}, "unknown game"),
]
"""Requests for a table that must be refused, and a word of the reason."""


def test_bad_table_requests_are_refused_with_422(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server()
    for body, says in BAD_TABLES:
        with pytest.raises(Refusal) as refused:
            server.post("/api/tables", body)
        assert refused.value.status == 422, refused.value.body
        detail = json.loads(refused.value.body)["detail"]
        assert says in str(detail), (body, detail)
        assert "A" * 100 not in refused.value.body  # the value is not echoed back
    assert server.get("/api/tables") == []
    assert "Traceback" not in server_log(server)


def test_json_tricks_on_rest_are_refused(real_server: Callable[..., ServerProcess]) -> None:
    server = real_server()
    status, answer = raw_post(server, "/api/tables", b'{"game": "board", "options": {"step": NaN}}')
    assert status == 422, answer
    status, answer = raw_post(server, "/api/tables", b'{"game": "board"')
    assert status == 422, answer
    table_id, _ann, _bob = started_pair(server)
    status, answer = raw_post(server, f"/api/tables/{table_id}/join", b'{"name": "Eve\\u202e"}')
    assert status in (409, 422), answer
    assert "Traceback" not in server_log(server)


def test_limits_per_address_and_for_bots(real_server: Callable[..., ServerProcess]) -> None:
    server = real_server(
        tables_per_minute=3, connections_per_address=3, hello_seconds=1, bot_tables=1
    )
    bots = server.post(
        "/api/tables", {"game": "slam", "players": 3, "seats": ["bot", "bot", "bot"]}
    )
    table_id = bots["table"]["id"]
    assert bots["table"]["status"] == "waiting"  # bots only: waits until someone asks
    time.sleep(0.3)
    assert server.get(f"/api/tables/{table_id}")["steps"] == 0
    with pytest.raises(Refusal) as refused:
        server.post("/api/tables", {"game": "slam", "players": 3, "seats": ["bot", "bot", "bot"]})
    assert refused.value.status == 429 and "bots only" in refused.value.body
    server.post(f"/api/tables/{table_id}/start", {})
    assert server.get(f"/api/tables/{table_id}")["status"] != "waiting"

    server.post("/api/tables", {"game": "card"})
    with pytest.raises(Refusal) as refused:
        server.post("/api/tables", {"game": "card"})
    assert refused.value.status == 429 and "try again in" in refused.value.body

    url = f"{server.ws_url}/ws/tables/{table_id}"
    silent = opened(url)
    with pytest.raises(ConnectionClosed) as closed:
        silent.recv(timeout=5)  # never says hello: closed after hello_seconds
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
    held = [opened(url) for _ in range(3)]
    extra = opened(url)
    with pytest.raises(ConnectionClosed) as closed:
        extra.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4029
    for socket in held:
        socket.close()
    assert "Traceback" not in server_log(server)


def test_a_table_that_does_not_exist_closes_with_a_reason(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server()
    socket = opened(f"{server.ws_url}/ws/tables/{'é' * 200}")
    socket.send(json.dumps({"type": "hello"}))
    assert "does not exist" in json.loads(socket.recv(timeout=10))["message"]
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    assert "Traceback" not in server_log(server)
