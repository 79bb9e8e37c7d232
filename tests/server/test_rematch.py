"""A rematch asks every person at the table and opens when all of them accept."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.server.conftest import (
    Client,
    Player,
    join,
    manager_of,
    new_table,
    play_until,
    start,
    wait_for,
)


def finished_pair(client: Client) -> tuple[str, str, str]:
    """A Slam game Ann and Bob played to its end with a bot (which accepts at once)."""
    made = new_table(client, "slam", ["human", "human", "bot:easy"], options={"tokens_to_win": 1})
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        play_until([Player(one, made["token"]), Player(two, joined["token"])])
    return table_id, made["token"], joined["token"]


def accept(client: Client, table_id: str, token: str) -> dict[str, Any]:
    answer = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": token})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_a_rematch_waits_for_every_person_and_everyone_sees_who_accepted(client: Client) -> None:
    table_id, ann, bob = finished_pair(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        watcher = Player(socket, bob)
        first = accept(client, table_id, ann)
        assert first == {"accepted": [0, 2], "waiting": [1], "table": None, "invite": None}
        view = wait_for(watcher, lambda view: view["table"]["seats"][0]["rematch"])
        assert [seat["rematch"] for seat in view["table"]["seats"]] == [True, False, False]
        assert view["table"]["rematch_id"] is None
        assert "Ann wants a rematch (waiting for Bob)." in watcher.log
        again = accept(client, table_id, ann)  # asking twice changes nothing
        assert again["table"] is None and again["waiting"] == [1]

        last = accept(client, table_id, bob)
        assert last["waiting"] == [] and last["table"] is not None
        assert last["invite"].endswith(f"/table/{last['table']}")
        told = _rematch_message(socket)
        assert told == {"type": "rematch", "table": last["table"]}
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["rematch_id"] == last["table"]
    for token, seat in ((ann, 0), (bob, 1)):
        mine = client.get(f"/api/tables/{last['table']}", headers={"X-Seat-Token": token}).json()
        assert mine["you"] == seat and mine["status"] == "playing"


def test_acceptances_survive_a_restart(serve: Any) -> None:
    with serve() as client:
        table_id, ann, bob = finished_pair(client)
        accept(client, table_id, ann)
    with serve() as client:
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["rematch"] for seat in seats] == [True, False, False]
        assert accept(client, table_id, bob)["table"] is not None


def test_only_the_players_may_accept_and_only_after_the_game(client: Client) -> None:
    made = new_table(client, "card", ["human", "bot:easy"], options={"target_score": 2})
    table_id = made["table"]["id"]
    start(client, table_id, made["token"])
    early = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": made["token"]})
    assert early.status_code == 409 and "once the game is over" in early.json()["detail"]
    stranger = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": "nobody"})
    assert stranger.status_code == 403


def _rematch_message(socket: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "rematch":
            return message


def test_a_rematch_refused_for_room_opens_when_asked_again(client: Client) -> None:
    table_id, ann, bob = finished_pair(client)
    accept(client, table_id, ann)
    manager = manager_of(client)
    limits = manager.settings.limits
    full = replace(
        limits, live_tables=len([t for t in manager.tables.values() if t.status != "over"])
    )
    manager.settings = replace(manager.settings, limits=full)
    refused = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": bob})
    assert refused.status_code == 503
    manager.settings = replace(manager.settings, limits=limits)
    assert accept(client, table_id, bob)["table"] is not None


def test_someone_who_has_left_does_not_hold_the_rematch_up(serve: Any) -> None:
    with serve(grace_seconds=0) as client:
        table_id, ann, bob = finished_pair(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            Player(socket, bob).current()  # Bob is at the table: he must answer himself
            answer = client.post(
                f"/api/tables/{table_id}/rematch",
                json={"without_absent": True},
                headers={"X-Seat-Token": ann},
            )
            assert answer.status_code == 409
            assert "Bob is still at the table" in answer.json()["detail"]
            seats = client.get(f"/api/tables/{table_id}").json()["seats"]
            assert not seats[0]["rematch"]  # a refused request changes nothing
        opened = client.post(
            f"/api/tables/{table_id}/rematch",
            json={"without_absent": True},
            headers={"X-Seat-Token": ann},
        ).json()
        assert opened["table"] is not None
        again = client.get(f"/api/tables/{opened['table']}").json()
        bob_seat = again["seats"][1]
        assert bob_seat["kind"] == "bot" and bob_seat["label"] == "Bob (left; bot medium plays)"
        assert again["seats"][0]["kind"] == "human"
        back = client.post(
            f"/api/tables/{opened['table']}/seats/1/reclaim", headers={"X-Seat-Token": bob}
        )
        assert back.status_code == 204  # Bob takes his seat back with his token


def test_without_the_absent_the_rematch_still_waits_for_someone_just_gone(client: Client) -> None:
    table_id, ann, _bob = finished_pair(client)  # the grace period is 30 s
    answer = client.post(
        f"/api/tables/{table_id}/rematch",
        json={"without_absent": True},
        headers={"X-Seat-Token": ann},
    )
    assert answer.status_code == 409 and "left less than 30 s ago" in answer.json()["detail"]
    assert client.get(f"/api/tables/{table_id}").json()["rematch_id"] is None
