"""Undo and what a card does, at a casual web table, at desktop and phone width: Ann takes
back a Skill Card once Bob accepts; a card's line shows on hover and on a long press (which
plays nothing); nothing wider than a 360 px screen, every target at least 44 px."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.page_checks import SERIOUS, axe_violations, small_targets, too_wide
from tests.browser.staging import open_seat, stage_table
from tests.browser.test_board_cards import TO_BLUES_THIRD_SHOT

WIDTHS = {"desktop": None, "phone": {"width": 360, "height": 740}}
IN_DROP = (
    "Skill Card: counts as a roll of IN and Drop; your Bad and Nice Shots still apply "
    "(from the third shot on)."
)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_skill_card_taken_back_once_the_other_player_accepts(
    browser: Any, server: Server, width: str
) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    ann = open_seat(browser, server, table.id, table.tokens[0], viewport=WIDTHS[width])
    expect(ann.locator("#undo")).to_have_count(0)  # a die came up after Ann's serve
    # Ann's hand: on a phone the one in the dock of moves, pinned at the foot of the screen
    hand = "#dock" if width == "phone" else ".player-card.blue"
    # a real click: the card is kept through a new view (test_press_across_views.py)
    ann.locator(f"{hand} button.chip", has_text="IN, Drop").click()
    expect(ann.locator("#log")).to_contain_text("Blue plays the Skill Card IN, Drop.")
    ann.locator("#undo").click()
    expect(ann.locator("#undo-question")).to_contain_text("waiting for Yellow (Bob)")

    bob = open_seat(browser, server, table.id, table.tokens[2], viewport=WIDTHS[width])
    expect(bob.locator("#undo-question")).to_have_text(
        "Blue (Ann) asks to take back their last move."
    )
    for page in (ann, bob):
        assert too_wide(page) == []
        assert small_targets(page) == []
    assert [v for v in axe_violations(bob) if v["impact"] in SERIOUS] == []
    bob.locator("#undo-accept").click()

    taken_back = "Blue (Ann) took back: skill in-drop (Yellow (Bob) agreed)."
    for page in (ann, bob):
        expect(page.locator("#log li").last).to_have_text(taken_back)
        expect(page.locator("#log")).not_to_contain_text("Blue plays the Skill Card IN, Drop.")
        expect(page.locator("#undo-box")).to_be_hidden()
    expect(ann.locator(f"{hand} button.chip", has_text="IN, Drop")).to_be_visible()


def test_a_card_s_line_shows_on_hover_on_focus_and_on_a_long_press(
    browser: Any, server: Server
) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    page = open_seat(browser, server, table.id, table.tokens[0], viewport=WIDTHS["phone"])
    chip = page.locator("#dock button.chip", has_text="IN, Drop")  # the hand pinned at the foot
    expect(chip).to_have_attribute("aria-description", IN_DROP)
    theirs = page.locator(".player-card.yellow .chip", has_text="IN, Drop")
    expect(theirs).to_have_attribute("aria-description", IN_DROP)  # a card not yours to play
    # the pointer over Bob's card (on a phone the dock pinned at the foot may lie over his seat)
    theirs.dispatch_event("pointerover", {"pointerType": "mouse", "isPrimary": True})
    expect(page.locator("#card-help")).to_have_text(IN_DROP)
    page.mouse.move(0, 0)
    chip.focus()
    expect(page.locator("#card-help")).to_have_text(IN_DROP)
    page.keyboard.press("Escape")
    expect(page.locator("#card-help")).to_be_hidden()

    chip.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    expect(page.locator("#card-help")).to_be_visible()  # held: the line, and no move
    chip.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    chip.dispatch_event("click")
    expect(page.locator("#card-help")).to_have_text(IN_DROP)
    # a plain tap plays: had the long press played IN, Drop, it would have come first
    page.locator("#dock button.chip", has_text="IN, Lob").click()
    expect(page.locator("#log")).to_contain_text("Blue plays the Skill Card IN, Lob.")
    expect(page.locator("#log")).not_to_contain_text("Blue plays the Skill Card IN, Drop.")
