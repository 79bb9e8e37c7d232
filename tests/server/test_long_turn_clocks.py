"""Long turn clocks (an hour to two weeks a move): a turn-based table waits for its
players' moves; when a clock runs out a bot takes the seat, which its player can take back;
the deadline is on the table's row, so a restart keeps it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Client, Player, TurnTimer, join, new_table, start, wait_for

DAY = 86400
NOW = 1_800_000_000.0


def watch_clock(client: Client, table_id: str) -> dict[str, Any]:
    """A spectator's view once the turn clock runs for someone."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        return wait_for(Player(socket, None), lambda view: view["clock"] is not None)


def hand_over(client: Client, table_id: str, seat: int, token: str) -> Any:
    return client.post(
        f"/api/tables/{table_id}/seats/{seat}/bot", json={}, headers={"X-Seat-Token": token}
    )


@pytest.mark.parametrize(("turn_seconds", "turn_based"), [(30, False), (DAY, True)])
def test_only_a_turn_based_table_waits_for_an_away_player(
    serve: Any, turn_seconds: int, turn_based: bool
) -> None:
    # no grace at all: at a table played at one sitting, an away seat may go to a bot at once
    with serve(turn_wait=TurnTimer(), grace_seconds=0, now=lambda: NOW) as client:
        made = new_table(client, "board", ["human", "human"], turn_seconds=turn_seconds)
        table_id = made["table"]["id"]
        bob = join(client, table_id)
        start(client, table_id, made["token"])
        view = watch_clock(client, table_id)
        mover = view["clock"]["seat"]
        other = bob if mover == made["seat"] else made
        answer = hand_over(client, table_id, mover, other["token"])
        assert view["table"]["turn_based"] is turn_based
        if not turn_based:
            assert answer.status_code == 204, answer.text
            return
        assert answer.status_code == 409
        assert "waits for its players' moves" in answer.json()["detail"]
        assert all("hand_over_in" not in seat for seat in view["table"]["seats"])
        assert view["clock"]["deadline"] == NOW + DAY


def test_a_run_out_long_clock_hands_the_seat_to_a_bot_until_its_player_takes_it_back(
    serve: Any,
) -> None:
    timer = TurnTimer()
    with serve(turn_wait=timer, now=lambda: NOW) as client:
        made = new_table(client, "board", ["human", "bot:easy"], turn_seconds=DAY)
        table_id = made["table"]["id"]
        start(client, table_id, made["token"])
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            ann = Player(socket, made["token"])
            wait_for(ann, lambda view: view["clock"] is not None)
            assert timer.asked == [DAY]
            assert timer.run_out() == 1
            view = wait_for(ann, lambda view: view["table"]["seats"][0]["kind"] == "bot")
            assert "Ann's clock ran out: a bot (medium) now plays Blue" in "\n".join(ann.log)
            assert view["table"]["seats"][0]["label"] == "Ann (left; bot medium plays)"
            taken = client.post(
                f"/api/tables/{table_id}/seats/0/reclaim", headers={"X-Seat-Token": made["token"]}
            )
            assert taken.status_code == 204, taken.text
            wait_for(ann, lambda view: view["table"]["seats"][0]["kind"] == "human")


def test_a_long_clock_keeps_its_deadline_through_a_restart(serve: Any) -> None:
    with serve(turn_wait=TurnTimer(), now=lambda: NOW) as client:
        made = new_table(client, "board", ["human", "bot:easy"], turn_seconds=DAY)
        table_id = made["table"]["id"]
        start(client, table_id, made["token"])
        before = watch_clock(client, table_id)["clock"]
    later = TurnTimer()
    with serve(turn_wait=later, now=lambda: NOW + 3600) as client:
        after = watch_clock(client, table_id)["clock"]
        assert after == before and after["deadline"] == NOW + DAY
        assert later.asked == [DAY - 3600]
        seats = {"seats": [{"table": table_id, "token": made["token"]}]}
        [entry] = client.post("/api/my-tables", json=seats).json()["tables"]
        assert entry["your_move"] is True and entry["seconds_left"] == DAY - 3600
        assert entry["turn_based"] is True


def test_a_clock_longer_than_two_weeks_is_refused(client: Client) -> None:
    answer = client.post(
        "/api/tables",
        json={"game": "board", "seats": ["human", "bot:easy"], "turn_seconds": 15 * DAY},
    )
    assert answer.status_code == 422
