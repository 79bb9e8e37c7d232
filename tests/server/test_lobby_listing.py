"""The lobby lists open tables with recent activity first and leaves abandoned ones out.

The server's wall clock is a `Clock` the test moves by hand: no sleeping.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from pickletable.server.config import Limits
from tests.server.conftest import (
    TEST_LIMITS,
    Client,
    Player,
    join,
    new_table,
    start,
    wait_for,
)

HOUR = 60 * 60
DAY = 24 * HOUR
STALE_WAITING_SECONDS = Limits().lobby_waiting_seconds
STALE_PLAYING_SECONDS = Limits().lobby_playing_seconds


class Clock:
    """A wall clock that moves only when told to."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def listed(client: Client) -> list[str]:
    return [table["id"] for table in client.get("/api/tables").json()]


def test_the_most_recently_active_table_comes_first(serve: Any) -> None:
    clock = Clock()
    with serve(now=clock) as client:
        older = new_table(client, "board", ["human", "human"])["table"]["id"]
        clock.advance(60)
        newer = new_table(client, "card", ["human", "human"])["table"]["id"]
        assert listed(client)[:2] == [newer, older]
        clock.advance(60)
        join(client, older)
        assert listed(client)[:2] == [older, newer]


def test_a_table_nobody_starts_leaves_the_list_after_a_day_but_its_link_still_works(
    serve: Any,
) -> None:
    clock = Clock()
    with serve(now=clock) as client:
        table_id = new_table(client, "board", ["human", "human"])["table"]["id"]
        clock.advance(STALE_WAITING_SECONDS)
        assert table_id in listed(client)
        clock.advance(1)
        assert table_id not in listed(client)
        answer = client.get(f"/api/tables/{table_id}")
        assert answer.status_code == 200 and answer.json()["status"] == "waiting"
        join(client, table_id)  # someone came after all: it is back
        assert listed(client)[0] == table_id


def test_a_game_in_play_leaves_the_list_after_a_week_without_a_move(serve: Any) -> None:
    assert STALE_WAITING_SECONDS < 2 * DAY < STALE_PLAYING_SECONDS
    clock = Clock()
    with serve(now=clock) as client:
        made = new_table(client, "board", ["human", "human"])
        table_id = made["table"]["id"]
        join(client, table_id)
        start(client, table_id, made["token"])
        wait_for_the_deal(client, table_id)
        clock.advance(2 * DAY)
        assert table_id in listed(client)  # a started game is not stale after a day
        clock.advance(STALE_PLAYING_SECONDS - 2 * DAY)
        assert table_id in listed(client)
        clock.advance(1)
        assert table_id not in listed(client)
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_activity_is_kept_across_a_restart(serve: Any) -> None:
    clock = Clock()
    with serve(now=clock) as client:
        table_id = new_table(client, "board", ["human", "human"])["table"]["id"]
    clock.advance(STALE_WAITING_SECONDS + HOUR)
    with serve(now=clock) as client:
        assert table_id not in listed(client)
        assert client.get(f"/api/tables/{table_id}").status_code == 200


def test_a_database_from_before_activity_was_stored_counts_from_creation(
    serve: Any, database_url: str
) -> None:
    clock = Clock()
    with serve(now=clock) as client:
        table_id = new_table(client, "board", ["human", "human"])["table"]["id"]
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("alter table tables drop column active"))
        connection.execute(text("drop table alembic_version"))  # made before revisions
    engine.dispose()
    clock.advance(HOUR)
    with serve(now=clock) as client:
        assert table_id in listed(client)
        join(client, table_id)
    clock.advance(STALE_WAITING_SECONDS + HOUR)  # an hour past a day since the join
    with serve(now=clock) as client:
        assert table_id not in listed(client)


def test_each_listed_table_says_how_old_it_is_and_how_long_it_has_been_quiet(
    serve: Any,
) -> None:
    clock = Clock()
    with serve(now=clock) as client:
        table_id = new_table(client, "board", ["human", "human"])["table"]["id"]
        clock.advance(5 * 60)
        join(client, table_id)
        clock.advance(60)
        (row,) = [table for table in client.get("/api/tables").json() if table["id"] == table_id]
        assert row["age_seconds"] == pytest.approx(6 * 60, abs=1e-3)
        assert row["idle_seconds"] == pytest.approx(60, abs=1e-3)
        one = client.get(f"/api/tables/{table_id}").json()
        assert one["age_seconds"] == pytest.approx(6 * 60, abs=1e-3)


def test_the_hiding_thresholds_are_limits_the_server_is_given(serve: Any) -> None:
    clock = Clock()
    limits = replace(TEST_LIMITS, lobby_waiting_seconds=HOUR, lobby_finished_seconds=HOUR)
    with serve(now=clock, limits=limits) as client:
        waiting = new_table(client, "board", ["human", "human"])["table"]["id"]
        bots = new_table(client, "slam", ["bot:easy"] * 3, options={"tokens_to_win": 1}, sit=False)[
            "table"
        ]["id"]
        with client.websocket_connect(f"/ws/tables/{bots}") as socket:
            wait_for(Player(socket, None), lambda view: view["status"] == "over")
        assert {waiting, bots} <= set(listed(client))  # a finished game stays for an hour
        clock.advance(HOUR + 1)
        assert waiting not in listed(client) and bots not in listed(client)


def test_finished_games_are_not_listed_by_default(client: Client) -> None:
    bots = new_table(client, "slam", ["bot:easy"] * 3, options={"tokens_to_win": 1}, sit=False)
    table_id = bots["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        wait_for(Player(socket, None), lambda view: view["status"] == "over")
    assert table_id not in listed(client)


def wait_for_the_deal(client: Client, table_id: str) -> None:
    """The server deals (chance steps) on its own after the start: let it finish first."""
    deadline = time.monotonic() + 10
    while not client.get(f"/api/tables/{table_id}").json()["steps"]:
        assert time.monotonic() < deadline, "the deal did not happen"
        time.sleep(0.01)


def test_an_abandoned_table_of_bots_only_leaves_the_list_after_its_idle_time(
    serve: Any,
) -> None:
    clock = Clock()
    idle = Limits().lobby_bots_seconds
    assert idle < STALE_WAITING_SECONDS
    with serve(now=clock) as client:
        bots = new_table(client, "card", ["bot:easy", "bot:easy"], sit=False)["table"]["id"]
        people = new_table(client, "card", ["human", "human"])["table"]["id"]
        clock.advance(idle)
        assert {bots, people} <= set(listed(client))
        clock.advance(1)
        assert bots not in listed(client) and people in listed(client)
        assert client.get(f"/api/tables/{bots}").status_code == 200  # its link still works
