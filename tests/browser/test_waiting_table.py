"""A table nobody has started yet says so: who has joined, how many seats are free."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, Server

DESKTOP = {"width": 1280, "height": 900}


def test_a_board_table_that_has_not_started_says_who_is_there_not_that_it_deals(
    browser: Any, server: Server
) -> None:
    made = server.post("/api/tables", {"game": "board", "seats": ["human", "human"], "name": "Ann"})
    table_id = made["table"]["id"]
    ann = open_table(browser, server, table_id, made["token"])
    banner = ann.locator(".court-banner")
    expect(banner).to_have_text("Not started: Ann has joined · 1 seat free")
    ann.screenshot(path=str(SCREENSHOTS / "board-waiting.png"), animations="disabled")

    joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
    expect(banner).to_have_text("Not started: Ann and Bob have joined · waiting for Start")
    expect(ann.locator("#prompt")).to_have_text("Everyone is seated: start the game.")
    visitor = open_table(browser, server, table_id, None)
    expect(visitor.locator("#prompt")).to_contain_text("has not started")
    expect(visitor.locator(".court-banner")).to_contain_text("Ann and Bob have joined")

    server.post(f"/api/tables/{table_id}/start", {}, token=joined["token"])
    expect(ann.locator("body")).to_have_attribute("data-status", "playing")
    expect(banner).not_to_contain_text("Not started")


@pytest.mark.parametrize(
    ("game", "seats"), [("card", ["human", "human"]), ("slam", ["human", "human", "bot"])]
)
def test_card_and_slam_tables_that_have_not_started_say_so(
    browser: Any, server: Server, game: str, seats: list[str]
) -> None:
    made = server.post(
        "/api/tables", {"game": game, "players": len(seats), "seats": seats, "name": "Ann"}
    )
    page = open_table(browser, server, made["table"]["id"], made["token"])
    expect(page.locator(".phase-badge")).to_have_text("Not started: Ann has joined · 1 seat free")
    expect(page.locator(".hand-box h3")).not_to_contain_text("complete")


def open_table(browser: Any, server: Server, table_id: str, token: str | None) -> Page:
    """The table page in a browser of its own, holding `token` (None: a visitor)."""
    context = browser.new_context(viewport=DESKTOP)
    if token:
        context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    page: Page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "waiting")
    return page
