"""Every game at phone width (390x844) and on a desktop (1280x800), with screenshots.

At phone width the person's hand and moves sit together at the bottom of the
screen, so both are in view at once; the score and whose turn it is stay at
the top. Each table is staged at a move of the person's (random legal moves
from a seeded game until then), and each page is photographed into
``build/screenshots/layout-NAME-phone.png`` and ``...-desktop.png``: look at
them after a change to the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pickletable.core.events import Event
from pickletable.core.state import GameState
from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.staging import open_seat, random_moves, stage_table

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@dataclass(frozen=True)
class Layout:
    """A table to stage: the game, its seats (the person in seat 0), options, where to stop."""

    game: str
    seats: list[str]
    options: dict[str, Any]
    until: Callable[[GameState, list[Event]], bool]
    seed: int = 1


def persons_move(choices: int, after: int) -> Callable[[GameState, list[Event]], bool]:
    """Stop at a move of seat 0 with at least `choices` choices, after `after` steps."""
    return lambda state, _events: (
        state.current_player == 0
        and len(state.history) > after
        and len(state.legal_actions()) >= choices
    )


def board_hit(state: GameState, _events: list[Event]) -> bool:
    """Seat 0 is to hit from shot 3 on, with a card to play besides rolling."""
    return (
        state.current_player == 0
        and str(getattr(state, "step", "")) == "hit"
        and (len(state.legal_actions()) >= 2)
    )


def slam_play(state: GameState, events: list[Event]) -> bool:
    """Seat 0 is asked in Slam's PLAY phase, with several cards it may play."""
    phase = state.observe(0).to_json().get("phase")
    return phase == "play" and persons_move(3, 40)(state, events)


BOTS3 = ["bot:medium"] * 3
LAYOUTS = {
    "board-singles": Layout("board", ["human:Ann", "bot:medium"], {"level": "advanced"}, board_hit),
    "board-doubles": Layout("board", ["human:Ann", *BOTS3], {"level": "advanced"}, board_hit),
    "card": Layout("card", ["human:Ann", "bot:medium"], {}, persons_move(6, 30)),
    "card-four": Layout("card", ["human:Ann", *BOTS3], {}, persons_move(6, 50)),
    "slam": Layout("slam", ["human:Ann", "bot:medium", "bot:medium"], {}, persons_move(4, 40)),
    "slam-doubles": Layout("slam", ["human:Ann", *BOTS3], {"doubles": True}, slam_play, seed=2),
}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_each_game_at_phone_width_keeps_the_hand_and_the_moves_in_view(
    browser: Any, server: Server, name: str
) -> None:
    layout = LAYOUTS[name]
    moves, _state, _events = random_moves(
        layout.game, len(layout.seats), layout.until, layout.seed, layout.options
    )
    table = stage_table(server, layout.game, layout.seats, moves, layout.options)
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = open_seat(browser, server, table.id, table.tokens[0], viewport)
        expect(page.locator("body")).to_have_class(re.compile(r"\bmy-turn\b"))
        expect(page.locator("#actions button.action").first).to_be_visible()
        page.screenshot(path=str(SCREENSHOTS / f"layout-{name}-{size}.png"), animations="disabled")
        if size == "phone":
            tall = "tall" in (page.locator("#dock").get_attribute("class") or "")
            assert_in_view(page, "#actions-panel", viewport)
            if tall:  # every move shows, the hand just above them (its foot in view)
                hand = page.locator(".hand-box").first.bounding_box()
                assert hand is not None and 0 < hand["y"] + hand["height"] <= viewport["height"]
            else:
                assert_in_view(page, ".hand-box", viewport)
            assert_in_view(page, "#prompt", viewport)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            expect(page.locator("#log-box")).not_to_have_attribute("open", "")  # folded
            expect(page.locator("#status-bar")).to_have_css("position", "sticky")
            # A dock taller than most of the screen (the card game's 16 discards) is not
            # pinned: at the end of the page, scrolled into view, it shows every move.
            expect(page.locator("#dock")).to_have_css("position", "static" if tall else "sticky")
        else:
            expect(page.locator("#log-box")).to_have_attribute("open", "")
            expect(page.locator("#dock")).to_be_empty()
        page.context.close()


def assert_in_view(page: Page, selector: str, viewport: dict[str, int]) -> None:
    """The element is shown whole inside the viewport (the page scrolled to its top)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, (selector, box)
