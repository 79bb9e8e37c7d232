"""A stored table whose steps stop replaying is served read-only, as far as they replay.

These tables are damaged by hand (a step changed in the database, the rules version
set back), so they do not depend on any rules change; `test_rules_change` holds
games made before the Slam and board game rules were corrected.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from pickletable import __version__
from pickletable.core.records import replay
from pickletable.games.board import GAME as BOARD
from pickletable.server.live import LiveTable
from pickletable.server.storage import Storage
from tests.server.conftest import Player, join, new_table, start
from tests.server.stored_tables import change_database

BOARD_RULES = f"Pickleball Board Game rules {BOARD.rules_version}"


def stored_table(serve: Any, game: str = "board", people: int = 2) -> tuple[str, list[str], int]:
    """A table of people, started and dealt, then the server stopped: id, tokens, steps."""
    with serve() as client:
        made = new_table(client, game, ["human"] * people)
        table_id = str(made["table"]["id"])
        tokens = [str(made["token"])]
        tokens += [
            str(join(client, table_id, name)["token"]) for name in ["Bob", "Cy"][: people - 1]
        ]
        start(client, table_id, tokens[0])
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            watcher = Player(socket, None)
            for _ in range(500):  # the server deals by itself, then a person is to act
                if watcher.current()["to_act"] not in (None, -1):
                    break
                time.sleep(0.01)
        steps = client.get(f"/api/tables/{table_id}").json()["steps"]
    return table_id, tokens, int(steps)


def stored_board_table(serve: Any) -> tuple[str, str, str, int]:
    """A two-person board table, started and dealt: id, Ann's and Bob's tokens, steps."""
    table_id, (ann, bob), steps = stored_table(serve)
    return table_id, ann, bob, steps


def damage(database_url: str, table_id: str, index: int, change: str) -> None:
    """Change the stored step `index` of a table (``set action = 'serve'``, say)."""
    change_database(
        database_url,
        f'update steps set {change} where table_id = :id and "index" = :index',
        id=table_id,
        index=index,
    )


def test_a_table_whose_step_is_refused_is_served_read_only_as_far_as_it_replays(
    serve: Any, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, _, _, steps = stored_board_table(serve)
    damage(database_url, table_id, 3, "action = 'serve'")
    with serve() as client:
        answer = client.get(f"/api/tables/{table_id}")
        assert answer.status_code == 200
        info = answer.json()
        time.sleep(0.2)  # a driver would try to deal on from step 3 by now
        assert client.get(f"/api/tables/{table_id}").json()["steps"] == 3
    assert not [record.message for record in caplog.records if record.levelname == "ERROR"]
    assert info["status"] == "playing" and info["steps"] == 3
    assert info["read_only"] == {
        "step": 4,
        "steps": steps,
        "rules_changed": False,
        "message": f"This table was made by this pickletable ({__version__}) under "
        f"{BOARD_RULES}, yet its step 4 (serve) is refused: the stored game looks damaged. "
        f"It is shown as far as it replays (3 of its {steps} steps), read-only.",
    }


def test_a_table_made_under_other_rules_names_them_and_the_step_that_plays_differently(
    serve: Any, database_url: str
) -> None:
    table_id, _, _, steps = stored_board_table(serve)
    damage(database_url, table_id, 2, "events = '[]'")
    change_database(
        database_url, "update tables set rules = 1, made_with = '0.0.1' where id = :id", id=table_id
    )
    with serve() as client:
        info = client.get(f"/api/tables/{table_id}").json()
        record = client.get(f"/api/tables/{table_id}/record").json()
    action = record["steps"][2]["action"]
    assert info["read_only"]["rules_changed"] is True
    assert info["read_only"]["message"] == (
        "This table was made by pickletable 0.0.1 under Pickleball Board Game rules 1; these are "
        f"{BOARD_RULES}, under which its step 3 ({action}) plays out differently. "
        f"It is shown as far as it replays (2 of its {steps} steps), read-only."
    )


def test_every_change_to_a_read_only_table_is_refused_with_its_message(
    serve: Any, database_url: str
) -> None:
    table_id, ann, bob, _ = stored_board_table(serve)
    damage(database_url, table_id, 3, "action = 'serve'")
    with serve() as client:
        message = client.get(f"/api/tables/{table_id}").json()["read_only"]["message"]
        url = f"/api/tables/{table_id}"
        for path, body, token in [
            ("/actions", {"action": "draw dinkin-dana"}, ann),
            ("/start", {"fill_with_bots": True}, ann),
            ("/seats/2/bot", {"level": "easy"}, ann),
            ("/seats/0/reclaim", {}, ann),
            ("/join", {"name": "Cy"}, None),
        ]:
            headers = {"X-Seat-Token": token} if token else {}
            answer = client.post(url + path, json=body, headers=headers)
            assert answer.status_code == 409, path
            assert answer.json()["detail"] == message, path
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            player = Player(socket, bob)
            view = player.current()
            assert view["read_only"] == message and view["legal"] == []
            player.act("draw dinkin-dana")
            player.current()
            assert player.refusals == [message]


def test_each_seat_sees_a_read_only_table_as_it_would_see_the_steps_that_replay(
    serve: Any, database_url: str
) -> None:
    table_id, tokens, steps = stored_table(serve, "slam", 3)
    last = steps - 1  # the hands are dealt by then
    damage(database_url, table_id, last, "action = 'serve'")
    storage = Storage(database_url)
    (stored,) = storage.load(table_id=table_id)
    storage.close()
    honest = LiveTable.from_row(stored.row, stored.steps[:last])
    assert honest.read_only is None
    with serve() as client:
        url = f"/ws/tables/{table_id}"
        views = {}
        for audience, token in [*zip(honest.state.seats, tokens, strict=True), (None, None)]:
            with client.websocket_connect(url) as socket:
                views[audience] = Player(socket, token).current()
    for audience, view in views.items():
        expected = honest.view(audience)
        assert view["you"] == audience
        assert view["observation"] == expected["observation"]
        assert view["log"] == expected["log"] and view["step"] == last
    assert views[0]["observation"] != views[1]["observation"]  # hands stay hidden


def test_a_read_only_tables_record_holds_every_stored_step_and_its_replay_stops_where_it_does(
    serve: Any, database_url: str
) -> None:
    table_id, _, _, steps = stored_board_table(serve)
    with serve() as client:
        before = client.get(f"/api/tables/{table_id}/record")
        assert before.status_code == 409  # in play: the record stays closed
    damage(database_url, table_id, 3, "action = 'serve'")
    change_database(database_url, "update tables set rules = 1 where id = :id", id=table_id)
    with serve() as client:
        record = client.get(f"/api/tables/{table_id}/record").json()
        frames = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0}).json()["frames"]
    assert len(record["steps"]) == steps and record["steps"][3]["action"] == "serve"
    assert record["meta"]["rules"] == 1 and record["meta"]["pickletable"] == __version__
    assert "step 4 (serve)" in record["meta"]["read_only"]
    assert [frame["index"] for frame in frames] == [0, 1, 2, 3]


def test_an_unfinished_read_only_table_offers_a_rematch_under_the_current_rules(
    serve: Any, database_url: str
) -> None:
    table_id, ann, bob, _ = stored_board_table(serve)
    damage(database_url, table_id, 3, "action = 'serve'")
    change_database(database_url, "update tables set rules = 1 where id = :id", id=table_id)
    with serve() as client:
        for token in (ann, bob):
            answer = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": token})
            assert answer.status_code == 200, answer.text
        new_id = answer.json()["table"]
        again = client.get(f"/api/tables/{new_id}", headers={"X-Seat-Token": ann}).json()
        assert again["you"] == 0 and again["read_only"] is None
        assert again["players"] == 2 and again["rematch_of"] == table_id
        assert client.get(f"/api/tables/{table_id}").json()["rematch_id"] == new_id
        listed = [table["id"] for table in client.get("/api/tables").json()]
        assert table_id not in listed and new_id in listed
    storage = Storage(database_url)
    rules = {item.row["id"]: item.row["rules"] for item in storage.load()}
    storage.close()
    assert rules[table_id] == 1 and rules[new_id] == BOARD.rules_version


def test_a_table_stores_the_rules_it_was_made_under_and_an_older_row_counts_as_rules_1(
    serve: Any, database_url: str
) -> None:
    table_id, _, _, _ = stored_board_table(serve)
    storage = Storage(database_url)
    (stored,) = storage.load(table_id=table_id)
    storage.close()
    assert stored.row["rules"] == BOARD.rules_version
    assert LiveTable.from_row({**stored.row, "rules": None}, stored.steps).rules == 1


def test_a_finished_record_from_a_live_table_still_replays(serve: Any) -> None:
    with serve() as client:
        made = new_table(client, "board", ["human", "bot:easy"], options={"target": 1.0})
        table_id = made["table"]["id"]
        start(client, table_id, made["token"])
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            player = Player(socket, made["token"])
            for _ in range(2000):
                view = player.current()
                if view["status"] == "over":
                    break
                if view["legal"]:
                    player.act(view["legal"][0]["action"])
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["meta"]["rules"] == BOARD.rules_version and "read_only" not in record["meta"]
    assert replay(record).is_over
