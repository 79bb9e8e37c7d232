"""Live tables draw chance from the OS CSPRNG; finished and idle tables leave memory."""

from __future__ import annotations

import secrets
from typing import Any

from pickletable.server.config import Limits
from pickletable.server.manager import TableManager
from tests.server.conftest import TEST_LIMITS, Client, Player, join, new_table, play_until, start


def manager_of(client: Client) -> TableManager:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


def test_live_tables_draw_from_the_operating_systems_csprng(client: Client) -> None:
    made = new_table(client, "card", ["human", "human"])
    table = manager_of(client).tables[made["table"]["id"]]
    assert isinstance(table.chance, secrets.SystemRandom)
    assert table.seed == 0  # nothing stored could recreate the deal


def test_two_tables_made_alike_deal_differently(client: Client) -> None:
    deals = []
    for _ in range(3):
        made = new_table(client, "card", ["human", "human"])
        table_id = made["table"]["id"]
        join(client, table_id)
        start(client, table_id, made["token"])
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            Player(socket, made["token"]).current()
        table = manager_of(client).tables[table_id]
        deals.append([step.action for step in table.steps if step.by < 0])
    assert deals[0] and len({tuple(deal) for deal in deals}) == 3


def test_a_finished_game_record_carries_no_seed(client: Client) -> None:
    table_id, _tokens = quick_game(client)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert "seed" not in record["meta"]


def quick_game(client: Client) -> tuple[str, list[str]]:
    made = new_table(client, "board", ["human", "human"], options={"target": 1.5})
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        play_until([Player(one, made["token"]), Player(two, joined["token"])])
    return table_id, [made["token"], joined["token"]]


def test_finished_tables_leave_memory_and_come_back_on_demand(serve: Any) -> None:
    limits = Limits(**{**TEST_LIMITS.__dict__, "finished_seconds": 0.0, "sweep_seconds": 3600})
    with serve(limits=limits) as client:
        manager = manager_of(client)
        finished = [quick_game(client)[0] for _ in range(5)]
        waiting = new_table(client, "card", ["human", "human"])["table"]["id"]
        gone = manager.sweep()
        assert set(finished) <= set(gone)
        assert waiting not in gone and set(manager.tables) == {waiting}
        answer = client.get(f"/api/tables/{finished[0]}")  # rebuilt from the database
        assert answer.status_code == 200 and answer.json()["status"] == "over"
        assert client.get(f"/api/tables/{finished[0]}/record").status_code == 200


def test_a_watched_table_stays_and_idle_ones_leave(serve: Any) -> None:
    limits = Limits(**{**TEST_LIMITS.__dict__, "idle_seconds": 0.0, "sweep_seconds": 3600})
    with serve(limits=limits) as client:
        manager = manager_of(client)
        watched = new_table(client, "card", ["human", "human"])
        idle = new_table(client, "card", ["human", "human"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{watched['table']['id']}") as socket:
            Player(socket, watched["token"]).current()
            assert manager.sweep() == [idle]
        again = client.post(f"/api/tables/{idle}/join", json={"name": "Bob"})
        assert again.status_code == 200  # an idle table is rebuilt when someone comes back
