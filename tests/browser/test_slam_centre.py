"""Slam: the centre pile overlaps its cards, but never over a card's label."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from pickletable.core.state import GameState
from pickletable.games.slam.state import SlamState
from tests.browser.conftest import SCREENSHOTS, Server, screenshot_of
from tests.browser.staging import PHONE, open_seat, random_moves, stage_table


def centre_size(state: GameState) -> int:
    assert isinstance(state, SlamState)
    return len(state.centre)


# Of each centre card but the top one, how far its words reach under the next card
# (in pixels; 0 when they fit, or when the next card starts a new row).
HIDDEN_WORDS = """() => [...document.querySelectorAll('.centre-pile .card')].slice(0, -1)
.map((card) => {
  const next = card.nextElementSibling.getBoundingClientRect();
  if (next.top >= card.getBoundingClientRect().bottom - 1) return 0;
  const uncovered = next.left;
  const words = [...card.children].map((child) => {
    const text = document.createRange();
    text.selectNodeContents(child);
    return text.getBoundingClientRect().right;
  });
  return Math.max(0, Math.ceil(Math.max(...words) - uncovered));
})"""


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_every_centre_card_shows_its_label(
    browser: Any, server: Server, viewport: dict[str, int] | None
) -> None:
    # Seed 3 lays DRAW, PLAY, DRAW, PLAY, 1, 2, 3 and 3 (DRAW TWO) in the centre.
    moves, _, _ = random_moves(
        "slam", 3, lambda state, _: centre_size(state) >= 8 and state.current_player == 0, seed=3
    )
    table = stage_table(server, "slam", ["human:Ann", "human:Bob", "human:Cy"], moves)
    page = open_seat(browser, server, table.id, table.tokens[0], viewport)
    # The view that says Ann is here comes after the first: it draws the felt anew.
    expect(page.locator(".seat.mine .presence")).to_have_text("here")
    expect(page.locator(".centre-pile .card")).to_have_count(8)
    expect(page.locator(".centre-pile")).to_contain_text("DRAW TWO")
    assert page.evaluate(HIDDEN_WORDS) == [0] * 7
    name = "slam-centre" + ("-phone" if viewport else "")
    screenshot_of(page, ".felt", SCREENSHOTS / f"{name}.png")
