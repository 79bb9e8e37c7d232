"""The lobby's list of open tables: each says whether it needs players, can start, or is on."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, Server, screenshot_of


@pytest.fixture
def server(fresh_server: Server) -> Server:
    """A server of this test's own: the lobby lists every table it holds."""
    return fresh_server


def test_a_full_table_not_yet_started_is_ready_to_start_not_0_seats_free(
    browser: Any, server: Server
) -> None:
    def table(seats: list[str], *, start: bool = False) -> str:
        made = server.post("/api/tables", {"game": "board", "seats": seats, "name": "Ann"})
        if start:
            server.post(f"/api/tables/{made['table']['id']}/start", {}, token=made["token"])
        return str(made["table"]["id"])

    badges = {
        table(["human", "human"]): "1 seat free",
        table(["human", "bot"]): "ready to start",
        table(["human", "bot"], start=True): "playing",
    }
    page = browser.new_page()
    page.goto(server.url)
    for table_id, badge in badges.items():
        expect(page.locator(f'a[href="/table/{table_id}"] .badge')).to_have_text(badge)
    screenshot_of(page, "#tables", SCREENSHOTS / "lobby-tables.png")
    page.close()
