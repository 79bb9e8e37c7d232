"""A formality the page was about to answer when its connection went is answered once the
connection is back: the table does not stall on a person who was never shown a button.

The page answers a formality after the table's pause; if the server is gone when the pause
ends, the answer cannot be sent, and the view the new connection brings asks again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server, running_server
from tests.browser.staging import open_seat, random_moves, stage_table

PAUSE = 1.5
"""The formality pause of this test's server: long enough to stop the server inside it."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from running_server(tmp_path, {"PICKLETABLE_FORMALITY_PAUSE": str(PAUSE)})


def test_a_formality_due_while_the_server_is_down_is_answered_once_it_is_back(
    browser: Any, server: Server
) -> None:
    moves, _, _ = random_moves(
        "slam",
        3,
        lambda state, _: state.current_player == 0 and state.is_formality(),
        options={"tokens_to_win": 2},
    )
    staged = stage_table(
        server, "slam", ["human:Ann", "bot:easy", "bot:easy"], moves, {"tokens_to_win": 2}
    )
    page = open_seat(browser, server, staged.id, staged.tokens[0])
    expect(page.locator("body")).to_have_attribute("data-step", str(len(moves)))
    server.stop()  # the pause ends while the page has no connection
    time.sleep(PAUSE + 0.5)
    server.start()
    expect(page.locator("body")).not_to_have_attribute("data-step", str(len(moves)), timeout=15_000)
    answered = page.locator("#log li.answered").all_inner_texts()
    assert len(answered) == 1, answered  # one note of it, however often it was asked
