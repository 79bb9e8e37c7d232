"""Asking little must not make the server send much (issue 28, item 10).

The attacks: `sync` twenty times a second, each answered by the whole view;
sockets opened and closed twenty times a second, each sending a view to
every watcher. Now a connection gets its whole view again at most once a
second (a sync sooner is answered when that second is up), and presence
changes share one view per watcher per tick.
"""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import new_table


def test_syncing_twenty_times_a_second_gets_a_whole_view_once_a_second(client: Any) -> None:
    table_id = new_table(client, "card", ["human", "human"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "view"
        began = time.monotonic()
        for _ in range(40):
            socket.send_json({"type": "sync"})
            time.sleep(0.05)
        socket.send_json({"type": "ping"})
        views = 0
        while True:
            message = socket.receive_json()
            if message["type"] == "pong":
                break
            views += message["type"] == "view"
        seconds = time.monotonic() - began
    assert 1 <= views <= seconds + 1, (views, seconds)


def test_sockets_opened_and_closed_fast_cost_each_watcher_a_view_per_tick(client: Any) -> None:
    table_id = new_table(client, "card", ["human", "human"])["table"]["id"]
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as watcher:
        watcher.send_json({"type": "hello", "token": None})
        watcher.receive_json()
        began = time.monotonic()
        for _ in range(30):
            with client.websocket_connect(url) as churn:
                churn.send_json({"type": "hello", "token": None})
                churn.receive_json()
        time.sleep(0.3)
        watcher.send_json({"type": "ping"})
        views = 0
        while watcher.receive_json()["type"] != "pong":
            views += 1
        seconds = time.monotonic() - began
    assert views <= seconds / 0.1 + 2, (views, seconds)
    assert views < 30
