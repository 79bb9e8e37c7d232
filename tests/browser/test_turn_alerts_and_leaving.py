"""Turn alerts (the tab title and icon say it is your move) and leaving: Leave asks first,
and a player who left takes the seat back from the bot."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server

DESKTOP = {"width": 1280, "height": 900}
YOUR_MOVE = "▶ Your move — pickletable"


def test_the_tab_title_and_icon_say_when_it_is_your_move(browser: Any, server: Server) -> None:
    ann, bob = two_at_a_board(browser, server)
    mover, other = wait_for_a_mover(ann, bob)
    expect(mover).to_have_title(YOUR_MOVE)
    expect(mover.locator("link[rel=icon]")).to_have_attribute("href", "/static/favicon-turn.svg")
    expect(other).to_have_title("pickletable — The Pickleball Board Game")
    expect(other.locator("link[rel=icon]")).to_have_attribute("href", "/static/favicon.svg")
    assert not mover.locator("#sound").is_checked()  # the beep is off unless asked for
    mover.locator("#sound").check()
    assert mover.evaluate("localStorage.getItem('pickletable:sound')") == "on"


def test_leave_asks_first_and_the_player_can_take_the_seat_back(
    browser: Any, server: Server
) -> None:
    ann, bob = two_at_a_board(browser, server)
    leaver, other = wait_for_a_mover(ann, bob)
    leaver.locator("#leave").click()
    expect(leaver.locator("#leave-dialog [role=dialog]")).to_be_visible()
    leaver.locator("#leave-cancel").click()
    expect(leaver.locator("#leave-dialog")).to_have_count(0)
    expect(leaver).to_have_title(YOUR_MOVE)  # nothing changed

    step = int(leaver.locator("body").get_attribute("data-step") or 0)
    leaver.locator("#leave").click()
    leaver.locator("#leave-confirm").click()
    expect(leaver.locator("#reclaim")).to_have_text("Take my seat back")
    expect(leaver.locator("#seat-list")).to_contain_text("left; bot")
    expect(leaver).not_to_have_title(YOUR_MOVE)
    # The bot plays the move the leaver was asked for.
    expect(leaver.locator("body")).not_to_have_attribute("data-step", str(step))
    expect(leaver.locator("#log")).to_contain_text("A bot (medium) now plays")

    leaver.locator("#reclaim").click()
    expect(leaver.locator("#reclaim")).to_have_count(0)
    expect(leaver.locator("#log")).to_contain_text("back from the bot")
    expect(leaver.locator("#leave")).to_be_visible()
    deadline = time.monotonic() + 30
    while "my-turn" not in (leaver.locator("body").get_attribute("class") or ""):
        assert time.monotonic() < deadline, "the player who came back was never asked again"
        if "my-turn" in (other.locator("body").get_attribute("class") or ""):
            other.locator("#actions .action").first.click()
        time.sleep(0.2)
    expect(leaver).to_have_title(YOUR_MOVE)
    expect(leaver.locator("#actions .action").first).to_be_visible()


def two_at_a_board(browser: Any, server: Server) -> tuple[Page, Page]:
    """Ann and Bob at a started board table, each in a browser of their own."""
    made = server.post("/api/tables", {"game": "board", "seats": ["human", "human"], "name": "Ann"})
    table_id = made["table"]["id"]
    joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
    server.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
    return open_table(browser, server, table_id, made["token"]), open_table(
        browser, server, table_id, joined["token"]
    )


def wait_for_a_mover(ann: Page, bob: Page) -> tuple[Page, Page]:
    """(the page whose turn it is, the other), once one of them is asked for a move."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for mover, other in ((ann, bob), (bob, ann)):
            if "my-turn" in (mover.locator("body").get_attribute("class") or ""):
                return mover, other
        time.sleep(0.1)
    raise AssertionError("nobody was asked for a move")


def open_table(browser: Any, server: Server, table_id: str, token: str) -> Page:
    """The table page in a browser of its own, holding `token`."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    # People roll for themselves here: a table that plays itself would outrun the test.
    context.add_init_script("localStorage.setItem('pickletable:roll-for-me', 'off')")
    page: Page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    return page
