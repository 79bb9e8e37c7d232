"""The quick-match queue: two signed-in strangers find each other and play a rated game."""

from __future__ import annotations

from typing import Any

from tests.server.accounts.test_accounts import another_browser, csrf, sign_up
from tests.server.conftest import Client, manager_of


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
    ann = take_seat(client).json()
    assert matched["table"] == ann["table"]
    assert matched["token"] != ann["token"]
    table = client.get(f"/api/tables/{ann['table']}", headers={"X-Seat-Token": ann["token"]})
    assert table.json()["status"] == "playing" and table.json()["you"] is not None
    assert client.get(f"/api/tables/{ann['table']}/rated").json() == {"rated": True}


def take_seat(client: Client) -> Any:
    return client.post("/api/queue/seat", headers=csrf(client))


def matched_pair(client: Client) -> tuple[Client, str]:
    """Ann (`client`) and Bob seated by the queue; Bob's browser and the table's id."""
    bob = another_browser(client)
    sign_up(client, "Ann")
    sign_up(bob, "Bob")
    queue(client, game="card", players=2)
    return bob, queue(bob, game="card", players=2).json()["table"]


def test_a_reload_loses_no_seat_the_owner_takes_it_as_often_as_asked(client: Client) -> None:
    _bob, table_id = matched_pair(client)
    first, again = take_seat(client), take_seat(client)
    assert first.status_code == 200 and first.headers["cache-control"] == "no-store"
    assert first.json() == again.json() and first.json()["table"] == table_id


def test_a_get_of_the_queue_shows_the_table_and_never_the_token(client: Client) -> None:
    """A link to the queue opened in the owner's browser (a GET, with the cookie) spends
    nothing and shows no token."""
    _bob, table_id = matched_pair(client)
    assert client.get("/api/queue").json() == {"queued": False, "table": table_id}
    assert client.get("/api/queue").json() == {"queued": False, "table": table_id}
    assert "token" in take_seat(client).json()


def test_nobody_else_gets_the_seat_token(client: Client) -> None:
    _bob, _table_id = matched_pair(client)
    mallory = another_browser(client)
    sign_up(mallory, "Mallory")
    assert take_seat(mallory).status_code == 404
    without_csrf = client.post("/api/queue/seat", headers={"X-CSRF-Token": "guessed"})
    assert without_csrf.status_code == 403
    guest = another_browser(client)
    assert take_seat(guest).status_code == 403


def test_the_token_goes_when_the_game_is_over(client: Client) -> None:
    _bob, table_id = matched_pair(client)
    storage = manager_of(client).storage
    assert storage is not None
    storage.update_table(table_id, status="over")
    assert take_seat(client).status_code == 404
    assert client.get("/api/queue").json() == {"queued": False}


def test_leaving_forgets_the_seat_found(client: Client) -> None:
    _bob, _table_id = matched_pair(client)
    assert client.post("/api/queue/leave", headers=csrf(client)).status_code == 204
    assert take_seat(client).status_code == 404


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
