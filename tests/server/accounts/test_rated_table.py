"""A rated table played through the API: both players' ratings and histories change."""

from __future__ import annotations

from typing import Any

from tests.server.accounts.test_accounts import another_browser, csrf, sign_up
from tests.server.conftest import Client, Player, play_until


def post(client: Client, path: str, token: str | None = None, **body: Any) -> Any:
    headers = csrf(client)
    if token:
        headers["X-Seat-Token"] = token
    return client.post(path, json=body, headers=headers)


def rated_slam(client: Client) -> tuple[Client, str, dict[str, Any], dict[str, Any]]:
    """Ann (signed in) makes a Slam table with a bot; Bob (signed in) joins; rated."""
    bob = another_browser(client)
    sign_up(client, "Ann")
    sign_up(bob, "Bob")
    made = post(
        client, "/api/tables", game="slam", players=3, seats=["human", "human", "bot:easy"],
        name="Ann", options={"tokens_to_win": 1},
    ).json()  # fmt: skip
    table = made["table"]["id"]
    joined = post(bob, f"/api/tables/{table}/join", name="Bob").json()
    return bob, table, made, joined


def test_a_rated_game_moves_both_ratings_and_shows_in_both_histories(client: Client) -> None:
    bob, table, made, joined = rated_slam(client)
    assert post(client, f"/api/tables/{table}/rated", made["token"]).status_code == 204
    assert client.get(f"/api/tables/{table}/rated").json() == {"rated": True}
    assert post(client, f"/api/tables/{table}/start", made["token"]).status_code == 204
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as one, bob.websocket_connect(url) as two:
        play_until([Player(one, made["token"]), Player(two, joined["token"])])
    assert client.portal is not None
    client.portal.call(_settle, client)
    for who in (client, bob):
        me = who.get("/api/account").json()["user"]
        profile = who.get(f"/api/players/{me['id']}").json()
        [rating] = profile["ratings"]
        assert rating["game"] == "slam" and rating["mode"] == "3 players" and rating["games"] == 1
        [entry] = profile["tables"]
        assert entry["table"] == table and entry["result"] in {"won", "lost"}
        assert entry["replay"] == f"/table/{table}/replay"
        # Review: the end-of-game summary's review of this player's own seat.
        seat = (made if who is client else joined)["seat"]
        assert entry["seat"] == seat and entry["review"] == f"/table/{table}?review={seat}"
        graph = who.get(rating["graph"])
        assert graph.headers["content-type"].startswith("image/svg+xml")
        assert f"game 1: {entry['result']}, {entry['rating_after']:g}" in graph.text
    board = client.get("/api/leaderboards/slam/3 players").json()
    assert {row["name"] for row in board} == {"Ann", "Bob"}


async def _settle(client: Client) -> None:
    await client.app.state.rate_when_over.settle()  # type: ignore[attr-defined]


def test_a_table_with_a_guest_cannot_be_made_rated(client: Client) -> None:
    sign_up(client, "Ann")
    made = post(
        client, "/api/tables", game="slam", players=3, seats=["human", "human", "bot:easy"],
        name="Ann",
    ).json()  # fmt: skip
    table = made["table"]["id"]
    guest = another_browser(client)
    guest.post(f"/api/tables/{table}/join", json={"name": "Gus"})
    answer = post(client, f"/api/tables/{table}/rated", made["token"])
    assert answer.status_code == 409 and "Gus" in answer.json()["detail"]


def test_making_a_table_rated_needs_a_seat_and_a_session(client: Client) -> None:
    _bob, table, made, _joined = rated_slam(client)
    stranger = another_browser(client)
    sign_up(stranger, "Cy")
    assert post(stranger, f"/api/tables/{table}/rated").status_code == 403
    guest = another_browser(client)
    assert post(guest, f"/api/tables/{table}/rated", made["token"]).status_code == 403


def test_a_live_tables_profile_entry_shows_only_what_the_lobby_shows(client: Client) -> None:
    _bob, table, made, _joined = rated_slam(client)
    post(client, f"/api/tables/{table}/start", made["token"])
    me = client.get("/api/account").json()["user"]
    [entry] = client.get(f"/api/players/{me['id']}").json()["tables"]
    assert set(entry) == {"table", "game", "players", "status", "created", "link"}


def test_a_leaderboard_of_a_game_that_does_not_exist_is_not_found(client: Any) -> None:
    answer = client.get("/api/leaderboards/chess/singles")
    assert answer.status_code == 404
    assert "unknown game 'chess'" in answer.json()["detail"]


def test_a_player_number_too_large_for_the_database_is_refused_not_a_server_error(
    client: Any,
) -> None:
    assert client.get("/api/players/6584930824983122280448").status_code == 422
    assert client.get("/api/players/999999").status_code == 404
