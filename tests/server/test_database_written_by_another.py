"""Another process that only checkpoints or opens the server's SQLite file is no overwrite.

The file's size and time change when anyone but the server writes it, and an
older copy put back over it changes them too; but so does a harmless write: a
tool's `Storage` opening the file (its start-up checkpoint), or a `sqlite3`
shell's checkpoint. The server once took either for an overwrite, moved the
whole file aside and wrote back only the tables it held, losing finished tables
and every account. Now it reads the file afresh and goes on when every table
still holds the steps it wrote.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from typing import Any

import pytest

from pickletable.server.storage import Storage, sqlite_file
from tests.server.busy_tables import assert_nothing_lost, busy_tables


def test_a_checkpoint_or_a_tool_opening_the_file_is_not_taken_for_an_overwrite(
    serve: Any, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = sqlite_file(database_url)
    if path is None:
        pytest.skip("a SQLite file only")
    with caplog.at_level(logging.CRITICAL, logger="pickletable.server"), busy_tables(serve) as busy:
        time.sleep(0.3)
        before = busy.steps()
        with sqlite3.connect(path) as shell:
            shell.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        time.sleep(0.5)
        Storage(database_url).close()  # a tool's start-up checkpoint
        time.sleep(0.8)  # a few file checks and many commits later
        seen = busy.steps()
    assert all(seen[table_id] > step for table_id, step in before.items())  # play went on
    assert not [record for record in caplog.records if "overwritten" in record.message]
    assert not [name for name in os.listdir(path.parent) if ".overwritten-" in name]
    assert_nothing_lost(serve, seen)
