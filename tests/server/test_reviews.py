"""The post-game review over the API: refused while the game is in play, then its progress
and the review, kept per table and seat."""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import Client, Player, manager_of, new_table, start


def finished_slam(client: Client) -> str:
    """A game of Slam to one token among three easy bots, watched until it is over."""
    made = new_table(
        client, "slam", ["bot:easy", "bot:easy", "bot:easy"], options={"tokens_to_win": 1}
    )
    table_id: str = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        Player(watcher, None).current()  # someone watching starts a table of bots only
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.02)
    return table_id


def reviewed(client: Client, path: str) -> dict[str, Any]:
    """Ask until the review is done; every answer before it is a progress."""
    deadline = time.monotonic() + 30
    while True:
        answer = client.get(path)
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["state"] == "done":
            return body
        assert body["state"] == "running" and body["done"] <= body["total"]
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_table_in_play_is_not_reviewed(client: Client) -> None:
    made = new_table(client, "card", ["human", "bot:easy"])
    table_id, token = made["table"]["id"], made["token"]
    start(client, table_id, token)
    answer = client.get(f"/api/tables/{table_id}/review", headers={"X-Seat-Token": token})
    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "a review opens once the game is over: this table is still in play"
    )


def test_a_finished_table_s_review_comes_after_its_progress_and_is_kept(client: Client) -> None:
    manager_of(client).reviews.budget = 2  # a rough review, quick
    table_id = finished_slam(client)
    path = f"/api/tables/{table_id}/review?seat=1"
    body = reviewed(client, path)
    review = body["review"]
    assert body["seat"] == 1 and review["game"] == "slam" and review["budget"] == 2
    [seat] = review["seats"]
    assert seat["seat"] == 1 and seat["graph"][-1][0] == review["steps"]
    assert {decision["mark"] for decision in seat["decisions"]} <= {
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    }
    assert client.get(path).json() == body  # kept: the same review, at once


def test_a_review_names_its_seat(client: Client) -> None:
    table_id = finished_slam(client)
    nobody = client.get(f"/api/tables/{table_id}/review")
    assert nobody.status_code == 422 and "say which seat" in nobody.json()["detail"]
    wrong = client.get(f"/api/tables/{table_id}/review?seat=9")
    assert wrong.status_code == 404 and wrong.json()["detail"] == "this table has no seat 9"
