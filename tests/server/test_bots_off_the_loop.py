"""Bots think on worker threads: a slow search at one table never stalls the server."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from pickletable.bots.random_bot import RandomBot
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from tests.server.conftest import new_table


class StuckBot:
    """A bot that thinks until the test lets it go (or gives up after `patience` seconds)."""

    name = "stuck"

    def __init__(self, patience: float = 30.0) -> None:
        self.threads: set[str] = set()
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.patience = patience

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        self.threads.add(threading.current_thread().name)
        self.thinking.set()
        try:
            self.release.wait(self.patience)
        finally:
            self.thinking.clear()
        return RandomBot().choose(view, rng)


def test_a_thinking_bot_does_not_stall_other_requests(
    serve: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No timing: were the bot thinking on the event loop, no request could be
    # answered until it gave up, so every answer would come after it stopped.
    stuck = StuckBot()
    monkeypatch.setattr("pickletable.server.driver.make_bot", lambda level, game: stuck)
    with serve() as client:
        made = new_table(client, "board", ["bot:hard", "bot:hard"])
        table_id = made["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
        assert stuck.thinking.wait(30), "the bot never started thinking"
        try:
            for _ in range(5):
                assert client.get(f"/api/tables/{table_id}").status_code == 200
                assert client.post("/api/tables", json={"game": "card"}).status_code == 201
                assert stuck.thinking.is_set(), "a request waited for the bot to stop thinking"
        finally:
            stuck.release.set()
    assert stuck.threads and all(name.startswith("pickletable-bot") for name in stuck.threads)
