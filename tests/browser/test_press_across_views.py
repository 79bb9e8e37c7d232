"""A tap whose press and release fall on either side of a new view still plays its card.

A view arrives whenever anything at the table changes, even something the person's cards
do not show (another player connecting). The table keeps every node that reads the same
(`update` in web/js/dom.js), so the button pressed is the button released on, and the
click happens. Here Ann presses a card of hers, Bob opens the table (Ann's page draws the
view that says he is here) and only then does Ann let go: her card is played.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.staging import open_seat, random_moves, stage_table
from tests.browser.test_board_cards import TO_BLUES_THIRD_SHOT

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
SKILL_CARD = "Blue plays the Skill Card IN, Drop."


def press_then_a_view_then_release(page: Page, server: Server, table: Any, button: str) -> None:
    """Press `button` on Ann's page, let Bob (the other human seat) connect, release."""
    target = page.locator(button)
    expect(target).to_be_visible()
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    bob_seat = max(table.tokens)
    bob = open_seat(page.context.browser, server, table.id, table.tokens[bob_seat])
    # Ann's page drew the view that says Bob is here: her cards were drawn again meanwhile.
    expect(page.locator("#seat-list .seat", has_text="Bob").locator(".presence")).to_have_text(
        "here"
    )
    page.mouse.up()
    bob.context.close()


@pytest.mark.parametrize(
    ("viewport", "button"),
    [
        (DESKTOP, ".player-card.blue button.chip:has-text('IN, Drop')"),  # on her seat's card
        (PHONE, "#dock button.chip:has-text('IN, Drop')"),  # in the dock of moves
        (DESKTOP, "#actions button.action[data-action='skill in-drop']"),  # in the moves
    ],
    ids=["seat-card", "phone-dock", "moves"],
)
def test_a_skill_card_pressed_before_a_view_and_released_after_it_is_played(
    browser: Any, server: Server, viewport: dict[str, int], button: str
) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    ann = open_seat(browser, server, table.id, table.tokens[0], viewport)
    expect(ann.locator("#seat-list .seat", has_text="Bob").locator(".presence")).to_have_text(
        "away"
    )
    press_then_a_view_then_release(ann, server, table, button)
    expect(ann.locator("#log")).to_contain_text(SKILL_CARD)


def anns_discard(state: Any, _events: Any) -> bool:
    """Ann (seat 0) is to discard a card of her hand."""
    legal = [str(action) for action in state.legal_actions()]
    return state.current_player == 0 and any(action.startswith("discard") for action in legal)


def test_a_card_game_discard_pressed_before_a_view_and_released_after_it_is_played(
    browser: Any, server: Server
) -> None:
    moves, _state, _events = random_moves("card", 2, anns_discard, seed=4)
    table = stage_table(server, "card", ["human:Ann", "human:Bob"], moves)
    ann = open_seat(browser, server, table.id, table.tokens[0], PHONE)
    first = ann.locator("#dock .hand-box button.card").first
    expect(first).to_be_visible()
    action = first.get_attribute("data-action")
    assert action and action.startswith("discard"), action
    discards = ann.locator("#log li", has_text=" discards ")
    before = discards.count()
    press_then_a_view_then_release(ann, server, table, f"#dock button.card[data-action='{action}']")
    expect(discards).to_have_count(before + 1)  # Ann's discard was played (Bob plays next)
