"""Fixtures for in-process API and WebSocket tests: an app on a fresh SQLite file."""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx versus httpx2
    from fastapi.testclient import TestClient

from pickletable.server import Settings, create_app
from pickletable.server.config import Limits
from pickletable.server.manager import TableManager
from pickletable.server.patches import apply_patch

Client = TestClient


TEST_DATABASE_ENV = "PICKLETABLE_TEST_DATABASE_URL"
LIGHT_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""Argon2id at a small cost for the many sign-ups of these tests (a default hash takes
about 0.1 s); `test_accounts` checks that a server of default settings uses the defaults."""
TEST_LIMITS = Limits(messages_per_second=1e6, tables_per_minute=10**6)
"""The test clients ping before every look at a view and make many tables: far over a
browser's rate, so these limits are raised (the limit tests set their own)."""


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLite file of this test's own, or a PostgreSQL database of its own.

    With ``PICKLETABLE_TEST_DATABASE_URL=postgresql`` every server test runs on a new
    database of the PostgreSQL server `tests.services` finds (the machine's, or a
    throwaway one).
    """
    if os.environ.get(TEST_DATABASE_ENV) == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def serve(database_url: str) -> Callable[..., Any]:
    """Open the app (its lifespan runs: tables are rebuilt from the database)."""

    @contextmanager
    def run(**settings: Any) -> Iterator[TestClient]:
        settings.setdefault("limits", TEST_LIMITS)
        settings.setdefault("bot_delay", 0)
        settings.setdefault("password_hasher", LIGHT_HASHER)
        app = create_app(Settings(database_url=database_url, **settings))
        with TestClient(app) as client:
            yield client

    return run


@pytest.fixture
def client(serve: Callable[..., Any]) -> Iterator[TestClient]:
    """A running app."""
    with serve() as running:
        yield running


class Player:
    """One seat's WebSocket, with the latest view it was sent."""

    def __init__(self, socket: Any, token: str | None) -> None:
        self.socket = socket
        self.token = token
        self.view: dict[str, Any] = {}
        self.views: list[dict[str, Any]] = []
        """Every view received, in order."""
        self.log: list[str] = []
        self.refusals: list[str] = []
        self.raw: list[dict[str, Any]] = []
        """Every message received as it came (views and patches)."""
        socket.send_json({"type": "hello", "token": token})

    def current(self) -> dict[str, Any]:
        """The view after everything the server has sent so far (a ping flushes the queue)."""
        self.socket.send_json({"type": "ping"})
        while True:
            message = self.socket.receive_json()
            self.raw.append(message)
            if message["type"] == "pong":
                return self.view
            if message["type"] == "patch":
                message = apply_patch(self.view, message)
            if message["type"] == "view":
                self.log = self.log[: message["log_start"]] + message["log"]
                self.view = message
                self.views.append(message)
            elif message["type"] == "refused":
                self.refusals.append(message["message"])

    def act(self, action: str, step: int | None = None) -> None:
        """Send a move for this seat, for the step of its latest view unless told."""
        step = self.view.get("step") if step is None else step
        message = {"type": "act", "token": self.token, "action": action, "step": step}
        self.socket.send_json(message)


class TurnTimer:
    """Turn clocks that run out only when the test says so (`Settings.turn_wait`).

    The app runs on its own thread and event loop: each wait is an `asyncio.Event`
    of that loop, set from the test's thread.
    """

    def __init__(self) -> None:
        self.asked: list[float] = []
        self._waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self._lock = threading.Lock()

    async def __call__(self, seconds: float) -> None:
        done = asyncio.Event()
        with self._lock:
            self.asked.append(seconds)
            self._waiting.append((asyncio.get_running_loop(), done))
        await done.wait()

    def run_out(self) -> int:
        """Every clock waiting now runs out; returns how many were waiting."""
        with self._lock:
            waiting, self._waiting = self._waiting, []
        for loop, done in waiting:
            loop.call_soon_threadsafe(done.set)
        return len(waiting)


def wait_for(
    player: Player, holds: Callable[[dict[str, Any]], bool], seconds: float = 30.0
) -> dict[str, Any]:
    """The first view of `player` for which `holds(view)` (the server is pinged, not slept on)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = player.current()
        if holds(view):
            return view
    raise AssertionError(f"no such view within {seconds} s; the last: {player.view}")


def manager_of(client: TestClient) -> TableManager:
    """The running app's table manager."""
    app = client.app
    assert isinstance(app, FastAPI)
    manager = app.state.manager
    assert isinstance(manager, TableManager)
    return manager


def new_table(client: TestClient, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
    """Create a table as "Ann" and return the answer (table, seat, token)."""
    answer = client.post(
        "/api/tables",
        json={"game": game, "seats": seats, "players": len(seats), "name": "Ann", **body},
    )
    assert answer.status_code == 201, answer.text
    result: dict[str, Any] = answer.json()
    return result


def join(client: TestClient, table_id: str, name: str = "Bob") -> dict[str, Any]:
    """Take the first free seat."""
    answer = client.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def start(client: TestClient, table_id: str, token: str, fill: bool = False) -> None:
    """Start the table as the seat of `token`."""
    answer = client.post(
        f"/api/tables/{table_id}/start",
        json={"fill_with_bots": fill},
        headers={"X-Seat-Token": token},
    )
    assert answer.status_code == 204, answer.text


@contextmanager
def two_people(
    client: TestClient, game: str, seats: list[str] | None = None, **body: Any
) -> Iterator[tuple[str, list[Player]]]:
    """A started table with Ann and Bob on a socket each: the table's id and the two players.

    `seats` defaults to two people; other seats (bots) are allowed.
    """
    made = new_table(client, game, seats or ["human", "human"], **body)
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        yield table_id, [Player(one, made["token"]), Player(two, joined["token"])]


def play_until(
    players: list[Player],
    stop: Callable[[int], bool] | None = None,
    pick: Callable[[list[dict[str, str]]], str] | None = None,
    seconds: float = 60.0,
) -> int:
    """Each seat plays (`pick`, else `lay_down_or_random`) until the game ends or `stop(moves)`."""
    choose = pick or lay_down_or_random(random.Random(7))
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        views = [player.current() for player in players]
        if any(view["status"] == "over" for view in views):
            return moves
        if stop is not None and stop(moves):
            return moves
        moved = False
        for player, view in zip(players, views, strict=True):
            if view["legal"]:
                choice = choose(view["legal"])
                player.act(choice)
                moves += 1
                moved = True
        if not moved:
            time.sleep(0.002)  # a bot or the clock is thinking: let it have the CPU
    raise AssertionError(f"the game did not end within {seconds} s ({moves} moves)")


def lay_down_or_random(rng: random.Random) -> Callable[[list[dict[str, str]]], str]:
    """A policy that ends games: lay down when the card game allows it, else play at random.

    (Always taking the first choice can go on for ever: nobody lays down.)
    """

    def pick(legal: list[dict[str, str]]) -> str:
        for choice in legal:
            if choice["action"].endswith(" lay"):
                return choice["action"]
        return legal[rng.randrange(len(legal))]["action"]

    return pick
