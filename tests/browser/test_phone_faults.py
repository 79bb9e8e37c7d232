"""Faults a new player hit at phone width: the court's banner cut at both ends, the Play
Card box one word a line beside the dice, the summary's score axis "0, 1, 1" for a game to 1.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.test_phone import WIDTHS
from tests.browser.whole_game import play_whole_game


def test_the_court_banner_and_the_play_card_box_fit_a_phone(browser: Any, server: Server) -> None:
    made = server.post(
        "/api/tables",
        {
            "game": "board",
            "players": 4,
            "seats": ["human", "bot:easy", "bot:easy", "bot:easy"],
            "name": "Annabelle",
            "options": {"level": "advanced"},
        },
    )
    table_id, token = made["table"]["id"], made["token"]
    context = browser.new_context(viewport=WIDTHS["360"])
    context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    banner = page.locator(".court-banner")
    expect(banner).to_contain_text("waiting for Start")
    box = banner.evaluate("node => { const b = node.getBBox(); return [b.x, b.x + b.width]; }")
    width = page.locator("svg.court").evaluate("node => node.viewBox.baseVal.width")
    assert box[0] >= 0 and box[1] <= width, (box, width)

    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    side = page.locator(".court-side").bounding_box()
    cards = page.locator(".play-card-box").bounding_box()
    assert side and cards and cards["width"] >= 0.9 * side["width"], (side, cards)


def test_a_game_to_one_point_has_whole_number_ticks(browser: Any, server: Server) -> None:
    played = play_whole_game(
        browser, server, "slam", 3, {"tokens_to_win": 1}, viewport=WIDTHS["390"]
    )
    ticks = played.page.locator("#score-chart .chart-grid .chart-tick")
    expect(ticks.first).to_be_visible()
    labels = ticks.evaluate_all("nodes => nodes.map((node) => node.textContent)")
    assert labels == sorted(set(labels), key=float), labels
