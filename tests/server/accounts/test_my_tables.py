"""The lobby's "My tables": an account's tables and a browser's seats, your move first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.accounts.test_accounts import another_browser, csrf, sign_up
from tests.server.conftest import Client, Player, join, new_table, start, wait_for


def post(client: Client, path: str, token: str | None = None, **body: Any) -> Any:
    headers = csrf(client)
    if token:
        headers["X-Seat-Token"] = token
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code < 300, answer.text
    return answer.json() if answer.content else None


def mine(client: Client, *seats: tuple[str, str]) -> list[dict[str, Any]]:
    """What the lobby's "My tables" gets for this browser and the seat tokens it holds."""
    body = {"seats": [{"table": table, "token": token} for table, token in seats]}
    answer = client.post("/api/my-tables", json=body, headers=csrf(client))
    assert answer.status_code == 200, answer.text
    tables: list[dict[str, Any]] = answer.json()["tables"]
    return tables


def moving(entries: list[dict[str, Any]]) -> dict[str, bool]:
    return {entry["id"]: entry["your_move"] for entry in entries}


def test_the_signed_in_players_tables_come_with_your_move_marked(client: Client) -> None:
    sign_up(client, "Ann")
    waiting = post(client, "/api/tables", game="card", seats=["human", "human"], name="Ann")
    made = post(client, "/api/tables", game="card", seats=["human", "human"], name="Ann")
    table = made["table"]["id"]
    guest = another_browser(client)
    bob = join(guest, table)  # Bob is a guest: Ann's browser holds no token of his
    post(client, f"/api/tables/{table}/start", made["token"], fill_with_bots=False)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as one, guest.websocket_connect(url) as two:
        players = {made["seat"]: Player(one, made["token"]), bob["seat"]: Player(two, bob["token"])}
        to_act = wait_for(players[made["seat"]], lambda view: view["to_act"] in players)["to_act"]
        for _turn in range(2):
            anns_turn = to_act == made["seat"]
            listed = mine(client)  # no token sent: the account's seats alone
            assert moving(listed) == {table: anns_turn, waiting["table"]["id"]: False}
            assert listed[0]["id"] == table or not anns_turn  # your move comes first
            assert moving(mine(guest, (table, bob["token"]))) == {table: not anns_turn}
            to_act = play_until_the_turn_passes(players, to_act)


def play_until_the_turn_passes(players: dict[int, Player], seat: int) -> int:
    """The seat to act plays its first move until another seat is to act; that seat."""
    player = players[seat]
    while True:
        step = wait_for(player, lambda view: view["to_act"] == seat)["step"]
        player.act(player.view["legal"][0]["action"])
        view = wait_for(player, after(step))
        if view["to_act"] != seat:
            wait_for(players[view["to_act"]], after(step))
            return int(view["to_act"])


def after(step: int) -> Callable[[dict[str, Any]], bool]:
    """A view past `step` with someone to act."""
    return lambda view: view["step"] > step and view["to_act"] is not None


def test_a_seat_token_proves_its_own_seat_only(client: Client) -> None:
    made = new_table(client, "card", ["human", "human"])
    table = made["table"]["id"]
    other = new_table(client, "card", ["human", "human"])["table"]["id"]
    guest = another_browser(client)
    assert mine(guest) == []
    assert mine(guest, (table, "not the token"), (other, made["token"])) == []
    forget = guest.post(
        "/api/my-tables", json={"seats": [{"table": "no-such", "token": made["token"]}]}
    ).json()["forget"]
    assert forget == ["no-such"]
    [entry] = mine(guest, (table, made["token"]))
    assert entry["id"] == table and entry["you"] == made["seat"] and entry["status"] == "waiting"
    assert all("token_hash" not in seat for seat in entry["seats"])


def test_a_seat_handed_to_a_bot_is_not_your_move(client: Client) -> None:
    made = new_table(client, "board", ["human", "bot:easy"])
    table = made["table"]["id"]
    start(client, table, made["token"])
    headers = {"X-Seat-Token": made["token"]}
    handed = client.post(f"/api/tables/{table}/seats/{made['seat']}/bot", json={}, headers=headers)
    assert handed.status_code == 204, handed.text
    [entry] = mine(client, (table, made["token"]))
    assert entry["your_move"] is False
