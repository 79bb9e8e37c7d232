"""Coaching at a casual web table, at desktop and phone width: the win-chance bar once
asked for (and remembered), the Hint button, and a card move's effect in words under it;
nothing wider than a 360 px screen, every target at least 44 px, axe-core clean."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.page_checks import SERIOUS, axe_violations, small_targets, too_wide
from tests.browser.staging import open_seat, stage_table
from tests.browser.test_board_cards import TO_BLUES_THIRD_SHOT

WIDTHS = {"desktop": None, "phone": {"width": 360, "height": 740}}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_win_chance_bar_the_hint_and_what_a_card_does(
    browser: Any, server: Server, width: str
) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    page = open_seat(browser, server, table.id, table.tokens[0], viewport=WIDTHS[width])
    expect(page.locator("#odds")).to_be_hidden()  # off until asked for
    page.locator("#show-odds").check()
    expect(page.locator("#odds-line")).to_contain_text("Your side ")
    assert page.evaluate("localStorage.getItem('pickletable:show-odds')") == "on"

    skill = page.locator("#actions button.action", has_text="IN, Drop")
    described = skill.get_attribute("aria-describedby")
    assert described is not None
    expect(page.locator(f"#{described}")).to_have_text(
        "Skill Card: counts as a roll of IN and Drop; your Bad and Nice Shots still apply "
        "(from the third shot on)."
    )
    page.locator("#hint").click()
    expect(page.locator("#hint-text")).to_contain_text("Hint: ")
    expect(page.locator("#log")).to_contain_text("Blue (Ann) used a hint.")

    assert too_wide(page) == []
    assert small_targets(page) == []
    assert [v for v in axe_violations(page) if v["impact"] in SERIOUS] == []
    page.context.close()
