"""A table stored under other rules whose steps stop replaying: its page says why, read-only."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.staging import open_seat
from tests.server.stored_tables import FIXTURES, change_database, put_stored_table

READ_ONLY = re.compile(r"\bread-only\b")


@pytest.fixture
def server(fresh_server: Server) -> Server:
    """A server of this test's own: the test stops it to change its database."""
    return fresh_server


def test_a_read_only_table_says_why_and_offers_its_record_its_replay_and_a_rematch(
    browser: Any, server: Server
) -> None:
    server.stop()
    table_id = put_stored_table(server.database_url, FIXTURES / "board-target-at-zero.table.json")
    change_database(  # as if its step 88 played out differently now (so with or without the fix)
        server.database_url,
        "update steps set events = '[]' where table_id = :id and \"index\" = 87",
        id=table_id,
    )
    server.start()
    page = open_seat(browser, server, table_id, "ann-token")

    expect(page.locator("body")).to_have_class(READ_ONLY)
    expect(page.locator("#prompt")).to_contain_text(
        "This table was made by pickletable 0.1.0 under Pickleball Board Game rules 1; these are "
        "Pickleball Board Game rules 2, under which its step 88 (draw wrong-court) plays out "
        "differently. It is shown as far as it replays (87 of its 100 steps), read-only."
    )
    expect(page.locator("#read-only")).to_contain_text("this game cannot go on")
    expect(page.locator("#actions-panel")).to_be_hidden()
    expect(page.locator("#leave")).to_have_count(0)
    expect(page.locator("#record-link")).to_be_visible()
    expect(page.locator("#replay-link")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "board-read-only.png"), animations="disabled")

    page.locator("#rematch").click()
    expect(page.locator("#rematch-status")).to_contain_text("Waiting for Bob, Cy and Di")
    for name in ("bob", "cy", "di"):  # the rematch opens once every person has accepted
        server.post(f"/api/tables/{table_id}/rematch", {}, f"{name}-token")
    expect(page).not_to_have_url(f"{server.url}/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")  # same four people
    expect(page.locator("body")).not_to_have_class(READ_ONLY)
