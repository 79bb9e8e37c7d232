"""The limit on tables of bots only holds however a table comes to have bots only.

The attack (issue 28, item 2): make a table with one person and bots, start
it, and hand the person's seat to a bot: one more table of bots only past
the limit. Refused, and nothing changes.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from tests.server.conftest import TEST_LIMITS, manager_of, new_table, start

LIMITS = replace(TEST_LIMITS, bot_tables=2)


def fill_the_limit(client: Any) -> None:
    for _ in range(LIMITS.bot_tables):
        new_table(client, "card", ["bot:easy", "bot:easy"], sit=False)


def test_handing_the_last_person_s_seat_to_a_bot_past_the_limit_is_refused(serve: Any) -> None:
    with serve(limits=LIMITS) as client:
        fill_the_limit(client)
        made = new_table(client, "card", ["human", "bot:hard"])
        table_id, token = made["table"]["id"], made["token"]
        start(client, table_id, token)
        answer = client.post(
            f"/api/tables/{table_id}/seats/0/bot", json={}, headers={"X-Seat-Token": token}
        )
        assert answer.status_code == 429, answer.text
        assert "tables of bots only" in answer.json()["detail"]
        assert not manager_of(client).tables[table_id].seat(0).is_bot


def test_a_person_may_still_leave_a_table_where_another_person_stays(serve: Any) -> None:
    with serve(limits=LIMITS) as client:
        fill_the_limit(client)
        made = new_table(client, "card", ["human", "human"])
        table_id = made["table"]["id"]
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        start(client, table_id, made["token"])
        answer = client.post(
            f"/api/tables/{table_id}/seats/{joined['seat']}/bot",
            json={},
            headers={"X-Seat-Token": joined["token"]},
        )
        assert answer.status_code == 204, answer.text


def test_tables_of_bots_only_asked_for_at_once_are_counted_as_they_are_made(
    serve: Any,
) -> None:
    """Twelve asked for at once once got twelve past a limit of two: each was checked
    before any was written."""
    with serve(limits=LIMITS) as client:
        manager = manager_of(client)

        async def ask_at_once() -> list[str]:
            asked = [
                manager.create("slam", players=6, seats=["bot:hard"] * 6, sit=False)
                for _ in range(12)
            ]
            answers = await asyncio.gather(*asked, return_exceptions=True)
            return [type(answer).__name__ for answer in answers]

        answers = client.portal.call(ask_at_once)
        assert sorted(answers) == ["Joined"] * LIMITS.bot_tables + ["TooMany"] * 10
        assert len(manager.tables) == LIMITS.bot_tables
