"""Board game: only the hitter's own Skill and Strategy Cards are offered, never an opponent's.

Blue and Yellow both hold an "IN, Drop" Skill Card and a Volley Strategy
Card; Blue is to hit shot 3 after Yellow's Volley, so Blue may play both.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.staging import open_seat, stage_table

BLUE_CARDS = ["in-drop", "in-lob", "in-volley", "drive", "volley", "dink"]
YELLOW_CARDS = ["in-drop", "in-dink", "ace", "drive", "volley", "lob"]
TO_BLUES_THIRD_SHOT = [
    "draw big-banger-bo",
    "draw spin-doctor-sid",
    *(f"draw {card}" for card in BLUE_CARDS + YELLOW_CARDS),
    "roll blue",
    *("serve", "roll in"),  # Blue serves in
    *("roll", "roll in", "roll volley"),  # Yellow returns with a Volley
]


def test_an_opponents_card_with_the_same_id_is_neither_highlighted_nor_a_button(
    browser: Any, server: Server
) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    page = open_seat(browser, server, table.id, table.tokens[0])
    blue = page.locator(".player-card.blue")
    yellow = page.locator(".player-card.yellow")
    expect(blue.locator("button.chip.playable")).to_have_text(
        ["IN, Drop", "IN, Lob", "IN, Volley", "Volley"]
    )
    expect(yellow.locator(".chip", has_text="IN, Drop")).to_be_visible()
    expect(yellow.locator("button, .playable")).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / "board-own-cards.png"), animations="disabled")

    blue.locator("button.chip", has_text="IN, Drop").click()
    expect(page.locator("#log")).to_contain_text("Blue plays the Skill Card IN, Drop.")


def test_after_a_skill_card_the_table_shows_its_shot_to_answer_by_the_dice(
    browser: Any, server: Server
) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    blue = open_seat(browser, server, table.id, table.tokens[0])
    expect(blue.locator("#to-answer")).to_contain_text("IN, Volley")
    expect(blue.locator("#to-answer")).to_contain_text("Yellow's roll")
    blue.locator(".player-card.blue button.chip", has_text="IN, Drop").click()

    yellow = open_seat(browser, server, table.id, table.tokens[2])  # singles: seats 0 and 2
    for page in (blue, yellow):
        expect(page.locator("#to-answer")).to_contain_text("IN, Drop")
        expect(page.locator("#to-answer")).to_contain_text("Blue's Skill Card")
        expect(page.locator(".dice.stale .die.hit")).to_contain_text("VOLLEY")  # the roll before
    # Yellow's Volley Strategy Card matched the roll, not the Skill Card's Drop: it says why.
    volley = yellow.locator(".player-card.yellow .chip", has_text="Volley").last
    expect(volley).to_have_attribute("title", "no Strategy Card matches Drop")
    expect(yellow.locator(".player-card.yellow .why-not")).to_contain_text(
        "no Strategy Card matches Drop"
    )
    yellow.screenshot(path=str(SCREENSHOTS / "board-shot-to-answer.png"), animations="disabled")
