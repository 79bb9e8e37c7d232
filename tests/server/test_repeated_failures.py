"""A failure that repeats is logged once per condition per interval (issue 28, item 11).

The attack: a full disk under eight bot tables once logged a traceback per
table every second ("driver step failed", 72 in 9 s). Now the write's
failure is logged where it failed, at most once every 10 s, and the drivers
add nothing.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from pickletable.server.storage import Storage
from tests.server.conftest import new_table


def test_a_full_disk_under_bot_tables_is_logged_once(
    serve: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with serve(bot_delay=0.01) as client:
        for _ in range(4):
            made = new_table(client, "card", ["bot:easy"] * 2, sit=False)
            assert client.post(f"/api/tables/{made['table']['id']}/start", json={}).is_success

        def full(*_: Any, **__: Any) -> None:
            raise OSError(28, "No space left on device")

        with caplog.at_level(logging.INFO, logger="pickletable.server"):
            monkeypatch.setattr(Storage, "append_many", full)
            time.sleep(3.5)
    lines = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(lines) <= 2, [record.getMessage() for record in lines]
    assert any("database write failed" in record.getMessage() for record in lines)
