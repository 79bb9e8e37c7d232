"""Card game: a click on a card discards it; laying down is a choice of its own.

North holds 1 2 3 5 9 9 9 and a Dink Shot after drawing: with the Dink
Shot every discard but the Dink Shot itself may lay the hand down, and
discarding the 5 lays it down complete.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.staging import open_seat, stage_table

SOUTH_DEALT = ["4", "4", "6", "6", "8", "10", "kitchen"]
NORTH_DEALT = ["dink", "1", "2", "3", "9", "9", "9"]
DEAL = [f"deal {card}" for pair in zip(SOUTH_DEALT, NORTH_DEALT, strict=True) for card in pair]
TO_NORTHS_DISCARD = [
    "show kitchen",  # North turns up the first Kitchen and serves
    *DEAL,
    "flip 7",
    *("draw", "draw 5", "discard 8"),  # South
    *("draw", "draw 5"),  # North draws a 5
]


def north_to_discard(browser: Any, server: Server) -> Page:
    table = stage_table(server, "card", ["human:Ann", "human:Bob"], TO_NORTHS_DISCARD)
    page = open_seat(browser, server, table.id, table.tokens[0])
    expect(page.locator(".hand-box .card")).to_have_count(8)
    expect(page.locator("body")).to_have_class(re.compile("my-turn"))
    return page


def hand_card(page: Page, title: str) -> Any:
    return page.locator(".hand-box .card", has_text=title).first


def test_a_click_on_a_card_only_discards_it_even_with_a_dink_shot_in_hand(
    browser: Any, server: Server
) -> None:
    page = north_to_discard(browser, server)
    hand_card(page, "1").click()

    expect(page.locator("#log")).to_contain_text("North discards a 1.")
    expect(page.locator("#log li").last).to_have_text("North discards a 1.")
    expect(page.locator("#log")).not_to_contain_text("lays down")


def test_the_lay_down_offer_says_how_the_hand_would_go_down_and_marks_nothing_yet(
    browser: Any, server: Server
) -> None:
    page = north_to_discard(browser, server)
    expect(page.locator(".lay-down")).to_contain_text(
        "complete if you discard the 5; incomplete, with your Dink Shot, "
        "if you discard the 1, the 2, the 3 or the 9"
    )
    expect(page.locator("#lay-down")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".hand-box .card.lay")).to_have_count(0)
    expect(page.locator(".hand-box .card.playable")).to_have_count(8)  # each one discards
    expect(page.locator(".hand-box")).not_to_contain_text("Discard one of the marked cards")
    page.screenshot(path=str(SCREENSHOTS / "card-lay-down-off.png"), animations="disabled")


def test_lay_down_marks_the_cards_that_lay_the_hand_down_and_says_how(
    browser: Any, server: Server
) -> None:
    page = north_to_discard(browser, server)
    page.click("#lay-down")

    expect(page.locator("#lay-down")).to_have_attribute("aria-pressed", "true")
    marked = page.locator(".hand-box .card.lay")
    expect(marked).to_have_count(7)  # the 1, 2, 3, 5 and all three 9s
    expect(hand_card(page, "5").locator(".card-badge")).to_have_text("complete")
    expect(hand_card(page, "1").locator(".card-badge")).to_have_text("with Dink Shot")
    expect(page.locator(".hand-box .card.unmarked")).to_have_count(1)  # the Dink Shot
    page.screenshot(path=str(SCREENSHOTS / "card-lay-down-on.png"), animations="disabled")

    hand_card(page, "5").click()

    expect(page.locator("#log")).to_contain_text("North lays down")
    expect(page.locator("#log")).to_contain_text("(complete")


def test_lay_down_works_from_the_keyboard_and_can_be_switched_off(
    browser: Any, server: Server
) -> None:
    page = north_to_discard(browser, server)
    page.keyboard.press("l")
    expect(page.locator("#lay-down")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#lay-down")).to_be_focused()
    page.keyboard.press("Enter")  # the switch keeps the focus: Enter turns it off again
    expect(page.locator("#lay-down")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".hand-box .card.lay")).to_have_count(0)

    page.keyboard.press("l")
    hand_card(page, "2").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text("North lays down")
    expect(page.locator("#log")).to_contain_text("with a Dink Shot")
