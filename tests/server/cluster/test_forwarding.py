"""Any worker takes any request: moves, spectators, the lobby and the limits across workers.

Real worker processes on one PostgreSQL database and one Redis.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pickletable.loadkit.players import SeatPlayer, Tally
from pickletable.server.patches import apply_patch
from tests.server.cluster.workers import request, wait_for, workers

SEATS = ["human", "human", "bot:easy"]


def _open_table(url: str) -> tuple[str, list[str]]:
    made = request(url, "POST", "/api/tables", {"game": "slam", "players": 3, "seats": SEATS})
    table_id = made["table"]["id"]
    joined = request(url, "POST", f"/api/tables/{table_id}/join", {"name": "Bob"})
    request(url, "POST", f"/api/tables/{table_id}/start", {}, made["token"])
    return table_id, [made["token"], joined["token"]]


def _hello(socket: ClientConnection, token: str | None) -> dict[str, Any]:
    """Say hello on an open socket; the whole view it is sent."""
    socket.send(json.dumps({"type": "hello", "token": token}))
    view: dict[str, Any] = json.loads(socket.recv(15))
    assert view["type"] == "view", view
    return view


def _next_view(socket: ClientConnection, view: dict[str, Any]) -> dict[str, Any]:
    """The view after the next change (patches applied)."""
    while True:
        message: dict[str, Any] = json.loads(socket.recv(15))
        assert message["type"] != "refused", message
        if message["type"] == "patch":
            patched: dict[str, Any] = apply_patch(view, message)
            return patched
        if message["type"] == "view":
            return message


def test_a_spectator_on_another_worker_sees_each_move_and_the_lobby_is_the_same_everywhere(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    with workers(2, postgres_url, redis_url, tmp_path) as (one, two):
        table_id, tokens = _open_table(one.url)
        for worker in (one, two):
            listed = request(worker.url, "GET", "/api/tables")
            assert [table["id"] for table in listed] == [table_id]
        delays = []
        with connect(f"{two.ws_url}/ws/tables/{table_id}", open_timeout=15) as watcher:
            watched = _hello(watcher, None)
            assert request(two.url, "GET", f"/api/tables/{table_id}")["spectators"] == 1
            for _ in range(4):
                if watched["status"] == "over":
                    break
                delays.append(_one_move(one.ws_url, table_id, tokens, watcher, watched))
                watched = {**watched, **_hello_again(watcher)}
        assert delays
        print(f"a move reached the spectator on the other worker after {max(delays):.3f} s at most")


def _one_move(
    url: str, table_id: str, tokens: list[str], watcher: ClientConnection, watched: dict[str, Any]
) -> float:
    """Play a move of whichever person is to move; seconds until the watcher saw it."""
    for token in tokens:
        with connect(f"{url}/ws/tables/{table_id}", open_timeout=15) as socket:
            view = _hello(socket, token)
            if not view["legal"]:
                continue
            sent = time.monotonic()
            act = {"type": "act", "token": token, "action": view["legal"][0]["action"]}
            socket.send(json.dumps({**act, "step": view["step"]}))
            while watched["step"] == view["step"]:
                watched = _next_view(watcher, watched)
            return time.monotonic() - sent
    raise AssertionError("nobody was to move")


def _hello_again(socket: ClientConnection) -> dict[str, Any]:
    """The whole view again (``sync``), so the next patches apply to a known view."""
    socket.send(json.dumps({"type": "sync"}))
    while True:
        message: dict[str, Any] = json.loads(socket.recv(15))
        if message["type"] == "view":
            return message


def test_limits_hold_across_workers(postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    limits = ("connections_per_address=2", "tables_per_minute=4", "bot_tables=1")
    bots = {"game": "slam", "players": 3, "seats": ["bot:easy"] * 3, "sit": False}
    with workers(2, postgres_url, redis_url, tmp_path, limits=limits) as (one, two):
        request(one.url, "POST", "/api/tables", bots)
        wait_for(lambda: two.cluster()["workers"]["w1"]["bots"] == 1, 5)
        with pytest.raises(urllib.error.HTTPError) as refused:
            request(two.url, "POST", "/api/tables", bots)
        assert refused.value.code == 429
        assert "tables of bots only" in refused.value.read().decode()
        made = request(one.url, "POST", "/api/tables", {"game": "slam", "players": 3})
        request(two.url, "POST", "/api/tables", {"game": "slam", "players": 3})
        with pytest.raises(urllib.error.HTTPError) as refused:
            request(one.url, "POST", "/api/tables", {"game": "slam", "players": 3})
        assert refused.value.code == 429
        assert "too many new tables" in refused.value.read().decode()
        table_id = made["table"]["id"]
        with (
            connect(f"{one.ws_url}/ws/tables/{table_id}") as first,
            connect(f"{two.ws_url}/ws/tables/{table_id}") as second,
        ):
            _hello(first, None)
            _hello(second, None)
            with (
                connect(f"{one.ws_url}/ws/tables/{table_id}") as third,
                pytest.raises(ConnectionClosed) as closed,
            ):
                third.recv(15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4029
        assert "too many connections from one address" in closed.value.rcvd.reason


def test_a_rematch_asked_on_another_worker_opens_a_table_its_owner_can_play(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    with workers(2, postgres_url, redis_url, tmp_path) as (one, two):
        body = {"game": "slam", "players": 3, "options": {"tokens_to_win": 1}}
        made = request(one.url, "POST", "/api/tables", {**body, "seats": SOLO})
        table_id, token = made["table"]["id"], made["token"]
        request(two.url, "POST", f"/api/tables/{table_id}/start", {}, token)
        assert _play_to_the_end(two.ws_url, table_id, token) == 1
        again = request(two.url, "POST", f"/api/tables/{table_id}/rematch", {}, token)["table"]
        assert again is not None
        assert _play_to_the_end(two.ws_url, again, token) == 1


SOLO = ["human", "bot:easy", "bot:easy"]


def _play_to_the_end(ws_url: str, table_id: str, token: str) -> int:
    """Play one seat until the game ends (the load kit's player); games finished."""
    tally = Tally()
    player = SeatPlayer(ws_url, table_id, token, tally)
    asyncio.run(player.play(time.monotonic() + 120))
    assert not tally.errors, tally.errors
    return tally.games
