"""The lobby lists open tables with recent activity first and leaves abandoned ones out.

The server's wall clock is a `Clock` the test moves by hand: no sleeping.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import create_engine, text

from pickletable.server.lobby import STALE_PLAYING_SECONDS, STALE_WAITING_SECONDS
from tests.server.conftest import Client, join, new_table, start

HOUR = 60 * 60
DAY = 24 * HOUR


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
    engine.dispose()
    clock.advance(HOUR)
    with serve(now=clock) as client:
        assert table_id in listed(client)
        join(client, table_id)
    clock.advance(STALE_WAITING_SECONDS + HOUR)  # an hour past a day since the join
    with serve(now=clock) as client:
        assert table_id not in listed(client)


def wait_for_the_deal(client: Client, table_id: str) -> None:
    """The server deals (chance steps) on its own after the start: let it finish first."""
    deadline = time.monotonic() + 10
    while not client.get(f"/api/tables/{table_id}").json()["steps"]:
        assert time.monotonic() < deadline, "the deal did not happen"
        time.sleep(0.01)
