"""An undo deletes stored steps: with several processes on one database, only the table's
owner under its fencing number may do it, like an append (`Storage.take_back`)."""

from __future__ import annotations

import pytest

from pickletable.server.cluster.ownership import FencedStorage, StaleOwner
from pickletable.server.storage import Appended, StoredStep


def test_an_undo_by_a_process_that_lost_the_table_is_refused_and_deletes_nothing(
    postgres_url: str,
) -> None:
    old = FencedStorage(postgres_url, "old")
    new = FencedStorage(postgres_url, "new")
    row = {"id": "u1", "game": "board", "players": 2, "options": {}, "content": {}}
    try:
        old.create_table({**row, "seats": [], "seed": 0, "status": "playing"})
        steps = [StoredStep(index, 0, "roll", []) for index in range(3)]
        old.append_many([Appended("u1", steps)])
        old.leases.release(["u1"])  # it let the table go; another process takes it
        new.fences["u1"] = new.leases.acquire("u1") or 0
        undone = [{"seat": 0, "at": 1, "moves": ["roll", "roll"]}]
        with pytest.raises(StaleOwner, match="no longer owns table"):
            old.take_back("u1", 1, undone=undone)
        (table,) = new.load(table_id="u1")
        assert len(table.steps) == 3 and table.row["undone"] is None

        new.take_back("u1", 1, undone=undone)
        (table,) = new.load(table_id="u1")
        assert [step.index for step in table.steps] == [0] and table.row["undone"] == undone
    finally:
        old.close()
        new.close()
