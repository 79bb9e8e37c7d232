"""Bots think on worker threads: a slow search at one table never stalls the server."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from pickletable.bots.random_bot import RandomBot
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from tests.server.conftest import new_table


class SlowBot:
    """A bot that thinks for a while, like a search bot would, then plays at random."""

    name = "slow"

    def __init__(self) -> None:
        self.threads: set[str] = set()

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        self.threads.add(threading.current_thread().name)
        time.sleep(0.5)
        return RandomBot().choose(view, rng)


def test_a_thinking_bot_does_not_stall_other_requests(
    serve: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = SlowBot()
    monkeypatch.setattr("pickletable.server.manager.make_bot", lambda level, game: slow)
    with serve() as client:
        made = new_table(client, "board", ["bot:hard", "bot:hard"])
        table_id = made["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
        deadline = time.monotonic() + 10
        while not slow.threads and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slow.threads, "the bot never started thinking"
        answers = []
        for _ in range(5):
            began = time.monotonic()
            assert client.get(f"/api/tables/{table_id}").status_code == 200
            assert client.post("/api/tables", json={"game": "card"}).status_code == 201
            answers.append(time.monotonic() - began)
    assert max(answers) < 0.4, answers
    assert all(name.startswith("pickletable-bot") for name in slow.threads)
