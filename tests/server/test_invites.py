"""A bot's seat opens to an invited friend before the start."""

from __future__ import annotations

from tests.server.conftest import Client, join, new_table, start


def invite(client: Client, table_id: str, seat: int, token: str | None) -> int:
    headers = {"X-Seat-Token": token} if token else {}
    answer = client.post(f"/api/tables/{table_id}/seats/{seat}/invite", headers=headers)
    return int(answer.status_code)


def test_the_host_turns_the_bot_seat_into_a_friends_seat(client: Client) -> None:
    made = new_table(client, "card", ["human", "bot:easy"])
    table_id = made["table"]["id"]
    bot_seat = made["table"]["seats"][1]["seat"]
    assert invite(client, table_id, bot_seat, made["token"]) == 204
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["free"] is True and seats[1]["kind"] == "human"
    assert join(client, table_id)["seat"] == bot_seat


def test_only_a_seated_player_may_and_only_for_a_bot_seat_before_the_start(
    client: Client,
) -> None:
    made = new_table(client, "card", ["human", "bot:easy"])
    table_id = made["table"]["id"]
    seats = [seat["seat"] for seat in made["table"]["seats"]]
    assert invite(client, table_id, seats[1], None) == 403
    assert invite(client, table_id, seats[0], made["token"]) == 409
    start(client, table_id, made["token"])
    assert invite(client, table_id, seats[1], made["token"]) == 409
