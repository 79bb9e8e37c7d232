"""No table's bots can starve another's: the attack of issue 28, item 1.

A card table with `hard` bots and unusual options (target 99, win by 10)
once made each bot build its win-chance table inside a search: some seconds
on a bot thread, both threads held by two such tables, and every other
table's bots stopped. The table is now built in a process of its own while
those bots play their quick fallback, and every bot move still lands at its
delay.
"""

from __future__ import annotations

import statistics
import time
from itertools import pairwise
from typing import Any

from pickletable.server.live import LiveTable
from pickletable.server.storage import CHANCE_BY
from tests.server.conftest import manager_of, new_table

DELAY = 0.25
WATCH_SECONDS = 5.0
ODD_OPTIONS = {"target_score": 99, "win_by": 10}


def bot_move_times(tables: list[LiveTable], seconds: float) -> dict[str, list[float]]:
    """When each table's bot moves were applied, watched for `seconds` (polled every 5 ms)."""
    seen = {table.id: sum(1 for step in table.steps if step.by != CHANCE_BY) for table in tables}
    times: dict[str, list[float]] = {table.id: [time.monotonic()] for table in tables}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for table in tables:
            moves = sum(1 for step in table.steps if step.by != CHANCE_BY)
            if moves > seen[table.id]:
                times[table.id] += [time.monotonic()] * (moves - seen[table.id])
                seen[table.id] = moves
        time.sleep(0.005)
    return times


def started_bot_table(client: Any, seats: list[str], **options: Any) -> LiveTable:
    table_id = new_table(client, "card", seats, options=options, sit=False)["table"]["id"]
    assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
    return manager_of(client).tables[table_id]


def test_two_target_99_tables_of_hard_bots_leave_another_table_s_bots_moving(serve: Any) -> None:
    with serve(bot_delay=DELAY) as client:
        attackers = [started_bot_table(client, ["bot:hard"] * 2, **ODD_OPTIONS) for _ in "ab"]
        victim = started_bot_table(client, ["bot:easy", "bot:medium"])
        times = bot_move_times([*attackers, victim], WATCH_SECONDS)
    for table in [*attackers, victim]:
        moves = times[table.id]
        gaps = [later - earlier for earlier, later in pairwise(moves)]
        assert len(gaps) >= WATCH_SECONDS / DELAY / 3, f"{table.id}: only {len(gaps)} bot moves"
        assert statistics.median(gaps) < 1.5 * DELAY, f"{table.id}: {statistics.median(gaps)} s"
        assert max(gaps) < 6 * DELAY, f"{table.id}: a bot move took {max(gaps):.2f} s"
