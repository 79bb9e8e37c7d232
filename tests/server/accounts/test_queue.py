"""The quick-match queue: two signed-in strangers find each other and play a rated game."""

from __future__ import annotations

from typing import Any

from tests.server.accounts.test_accounts import another_browser, csrf, sign_up
from tests.server.conftest import Client


def queue(client: Client, **body: Any) -> Any:
    return client.post("/api/queue", json=body, headers=csrf(client))


def test_two_strangers_are_seated_at_one_rated_table(client: Client) -> None:
    bob = another_browser(client)
    sign_up(client, "Ann")
    sign_up(bob, "Bob")
    waiting = queue(client, game="card", players=2)
    assert waiting.status_code == 202 and waiting.json()["queued"] is True
    assert waiting.json()["mode"] == "singles"
    matched = queue(bob, game="card", players=2).json()
    ann = client.get("/api/queue").json()
    assert matched["table"] == ann["table"]
    assert matched["token"] != ann["token"]
    assert client.get("/api/queue").json() == {"queued": False}  # the token is given once
    table = client.get(f"/api/tables/{ann['table']}", headers={"X-Seat-Token": ann["token"]})
    assert table.json()["status"] == "playing" and table.json()["you"] is not None
    assert client.get(f"/api/tables/{ann['table']}/rated").json() == {"rated": True}


def test_different_modes_never_meet(client: Client) -> None:
    bob = another_browser(client)
    sign_up(client, "Ann")
    sign_up(bob, "Bob")
    queue(client, game="card", players=2)
    assert queue(bob, game="card", players=3).json()["queued"] is True
    assert client.get("/api/queue").json()["queued"] is True


def test_leaving_the_queue(client: Client) -> None:
    sign_up(client, "Ann")
    queue(client, game="card", players=2)
    assert client.post("/api/queue/leave", headers=csrf(client)).status_code == 204
    assert client.get("/api/queue").json() == {"queued": False}


def test_the_queue_is_for_signed_in_players(client: Client) -> None:
    assert queue(client, game="card", players=2).status_code == 403


def test_doubles_where_a_game_has_none_is_refused(client: Client) -> None:
    sign_up(client, "Ann")
    assert queue(client, game="card", players=3, doubles=True).status_code == 422
