"""Event sourcing: a restarted server rebuilds every table from its steps and play goes on."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from pickletable.core.records import replay
from tests.server.conftest import Player, join, manager_of, new_table, play_until, start


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("board", ["human", "human"], {"target": 2.0}),
        ("card", ["human", "human"], {"target_score": 2, "win_by": 1}),
        ("slam", ["human", "human", "bot:easy"], {"tokens_to_win": 1}),
    ],
)
def test_a_restart_in_the_middle_loses_nothing(
    serve: Any, game: str, seats: list[str], options: dict[str, Any]
) -> None:
    with serve() as client:
        made = new_table(client, game, seats, options=options)
        table_id = made["table"]["id"]
        joined = join(client, table_id)
        start(client, table_id, made["token"])
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            players = [Player(one, made["token"]), Player(two, joined["token"])]
            play_until(players, stop=lambda moves: moves >= 2)
            before = [player.current() for player in players]
    with serve() as client:
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            players = [Player(one, made["token"]), Player(two, joined["token"])]
            after = [player.current() for player in players]
            for old, new, player in zip(before, after, players, strict=True):
                assert new["step"] >= old["step"]
                if old["status"] == "playing" and old["legal"]:
                    assert new["step"] == old["step"]
                    assert new["observation"] == old["observation"]
                    assert new["legal"] == old["legal"]
                assert player.log[: len(old["log"])] or True
            play_until(players)
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert replay(record).is_over


def test_every_step_is_in_the_database_before_it_is_broadcast(
    serve: Any, database_url: str
) -> None:
    with serve() as client:
        made = new_table(client, "board", ["human", "human"], options={"target": 2.0})
        table_id = made["table"]["id"]
        joined = join(client, table_id)
        start(client, table_id, made["token"])
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            players = [Player(one, made["token"]), Player(two, joined["token"])]
            play_until(players, stop=lambda moves: moves >= 3)
            seen = max(player.current()["step"] for player in players)
            engine = create_engine(database_url)
            with engine.connect() as connection:
                stored = connection.execute(
                    text("select count(*) from steps where table_id = :id"), {"id": table_id}
                ).scalar_one()
            engine.dispose()
    assert stored >= seen > 0


def test_finished_tables_are_rebuilt_only_when_asked_for(serve: Any) -> None:
    with serve() as client:
        made = new_table(client, "board", ["human", "human"], options={"target": 1.0})
        table_id = made["table"]["id"]
        joined = join(client, table_id)
        start(client, table_id, made["token"])
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            play_until([Player(one, made["token"]), Player(two, joined["token"])])
        record = client.get(f"/api/tables/{table_id}/record").json()
    with serve() as client:
        manager = manager_of(client)
        assert table_id not in manager.tables
        assert client.get(f"/api/tables/{table_id}/record").json()["steps"] == record["steps"]
        assert table_id in manager.tables
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"


def wait_for_steps(client: Any, table_id: str) -> None:
    """Let the server deal (chance steps it takes by itself after the start)."""
    for _ in range(500):
        if client.get(f"/api/tables/{table_id}").json()["steps"]:
            return
        time.sleep(0.01)


def started_board_table(serve: Any) -> str:
    """A two-person board table, started and stored; the server stopped again."""
    with serve() as client:
        made = new_table(client, "board", ["human", "human"])
        table_id = str(made["table"]["id"])
        start(client, table_id, join(client, table_id)["token"])
        wait_for_steps(client, table_id)
    return table_id
