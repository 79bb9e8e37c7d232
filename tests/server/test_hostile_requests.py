"""Bad input gets a clear refusal and changes nothing; no traceback, nothing echoed whole.

The attacks of issue 28, items 7, 8, 12 and 13: lone surrogates in a token
or a move, a captured REST move sent again later, invisible names and
oversized values echoed back, a 429 with no Retry-After, and a player on
REST alone handed to a bot while still playing.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

import pytest

from tests.server.conftest import TEST_LIMITS, join, new_table, start, two_people

SURROGATE_HELLO = '{"type": "hello", "token": "\\ud800"}'
SURROGATE_ACT = '{"type": "act", "token": "x", "action": "\\udfff", "step": 0}'


def test_a_lone_surrogate_in_a_token_or_a_move_is_refused_and_the_socket_answers_on(
    client: Any, caplog: pytest.LogCaptureFixture
) -> None:
    table_id = new_table(client, "card", ["human", "human"])["table"]["id"]
    with (
        caplog.at_level(logging.WARNING),
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
    ):
        socket.send_text(SURROGATE_HELLO)
        assert "surrogate" in socket.receive_json()["message"]
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "view"
        socket.send_text(SURROGATE_ACT)
        assert "surrogate" in socket.receive_json()["message"]
        socket.send_json({"type": "ping"})
        assert socket.receive_json()["type"] == "pong"
    assert not [record for record in caplog.records if record.exc_info]


def test_a_lone_surrogate_in_a_rest_move_is_refused_without_a_server_error(client: Any) -> None:
    made = new_table(client, "card", ["human", "human"])
    table_id = made["table"]["id"]
    join(client, table_id)
    start(client, table_id, made["token"])
    answer = client.post(
        f"/api/tables/{table_id}/actions",
        content='{"action": "\\ud800 lay", "step": 0}',
        headers={"X-Seat-Token": made["token"], "Content-Type": "application/json"},
    )
    assert 400 <= answer.status_code < 500, answer.text


def test_a_rest_move_without_its_step_is_refused_and_a_captured_one_is_not_played_again(
    client: Any,
) -> None:
    with two_people(client, "board", options={"target": 2.0}) as (table_id, players):
        view = players[0].current()
        mover = next(player for player in players if player.current()["legal"])
        view = mover.current()
        move, step = view["legal"][0]["action"], view["step"]
        url = f"/api/tables/{table_id}/actions"
        headers = {"X-Seat-Token": mover.token or ""}
        bare = client.post(url, json={"action": move}, headers=headers)
        assert bare.status_code == 409 and "step" in bare.json()["detail"]
        assert client.post(url, json={"action": move, "step": step}, headers=headers).is_success
        later = mover.current()["step"]
        again = client.post(url, json={"action": move, "step": step}, headers=headers)
        assert again.status_code in (204, 409)  # acknowledged again, or refused: not replayed
        assert mover.current()["step"] == later


def test_names_collapse_tabs_and_line_breaks_and_refuse_blank_letters(client: Any) -> None:
    table_id = new_table(client, "slam", ["human"] * 3)["table"]["id"]
    assert join(client, table_id, "Bob\t\nLee")["table"]["seats"][1]["player"] == "Bob Lee"
    for blank in ("\u3164", "Cy\u2800"):
        answer = client.post(f"/api/tables/{table_id}/join", json={"name": blank})
        assert answer.status_code == 422, answer.text


def test_a_huge_value_is_not_echoed_back(client: Any) -> None:
    huge = "x" * 1_000_000
    for body in (
        {"game": "card", "options": {huge: 1}},
        {"game": "card", "options": {"target_score": huge}},
        {"game": huge},
        {"game": "card", "name": huge},
        {"game": "card", "seats": [huge, "human"]},
    ):
        answer = client.post("/api/tables", json=body)
        assert 400 <= answer.status_code < 500
        assert len(answer.content) < 5000, (list(body), len(answer.content))


def test_a_429_says_when_to_try_again(serve: Any) -> None:
    with serve(limits=replace(TEST_LIMITS, tables_per_minute=1)) as client:
        new_table(client, "card", ["human", "human"])
        answer = client.post("/api/tables", json={"game": "card"})
        assert answer.status_code == 429
        assert 1 <= int(answer.headers["Retry-After"]) <= 60


def test_a_player_on_rest_alone_is_present_while_they_act(serve: Any) -> None:
    with serve(grace_seconds=0.5) as client:
        made = new_table(client, "card", ["human", "human"])
        table_id = made["table"]["id"]
        bob = join(client, table_id)
        start(client, table_id, made["token"])
        time.sleep(0.7)  # Ann never opened a socket: gone since the table opened
        client.post(
            f"/api/tables/{table_id}/actions",
            json={"action": "look", "step": 0},
            headers={"X-Seat-Token": made["token"]},
        )
        answer = client.post(
            f"/api/tables/{table_id}/seats/{made['seat']}/bot",
            json={},
            headers={"X-Seat-Token": bob["token"]},
        )
        assert answer.status_code == 409, answer.text
        assert "still at the table" in answer.json()["detail"]
