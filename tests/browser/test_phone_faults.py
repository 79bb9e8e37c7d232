"""Faults a new player hit at phone width: the court's banner cut at both ends, the Play
Card box one word a line beside the dice, the summary's score axis "0, 1, 1" for a game to 1,
the dock of moves over the court when four Skill Cards may be played, and over the top
discard when four play the card game, the court scrolled away by the tap on Start (below
the table) while a beginner's game plays itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pickletable.core.events import Event
from pickletable.core.state import GameState
from tests.browser.conftest import Server
from tests.browser.staging import open_seat, random_moves, stage_table
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


def four_skill_card_moves(state: GameState, _events: list[Event]) -> bool:
    """Seat 0 is to hit and may roll or play one of three Skill Cards."""
    legal = [str(action) for action in state.legal_actions()]
    return state.current_player == 0 and len(legal) >= 4 and legal[0] == "roll"


def a_draw_with_a_discard_to_take(state: GameState, _events: list[Event]) -> bool:
    """Seat 0 is to draw, and may take the top discard instead."""
    legal = [str(action) for action in state.legal_actions()]
    takes = any(action.startswith("take") for action in legal)
    return state.current_player == 0 and "draw" in legal and takes


@pytest.mark.parametrize(
    ("game", "options", "until", "shown"),
    [
        ("board", {"level": "advanced"}, four_skill_card_moves, "svg.court"),
        ("card", {}, a_draw_with_a_discard_to_take, ".pile:nth-child(2) .card"),
    ],
    ids=["board-court-with-four-skill-moves", "card-top-discard-among-four"],
)
def test_the_dock_of_moves_leaves_the_table_in_view(
    browser: Any, server: Server, game: str, options: dict[str, Any], until: Any, shown: str
) -> None:
    seats = ["human:Ann", "bot:easy", "bot:easy", "bot:easy"]
    moves, _state, _events = random_moves(game, 4, until, 3, options)
    table = stage_table(server, game, seats, moves, options)
    for size in WIDTHS.values():
        page = open_seat(browser, server, table.id, table.tokens[0], size)
        expect(page.locator("#actions button.action").nth(1)).to_be_visible()
        assert_above_the_dock(page, shown)
        page.context.close()


def assert_above_the_dock(page: Page, selector: str) -> None:
    """The element is whole on the screen, above the dock pinned at its foot."""
    expect(page.locator(selector).first).to_be_visible()
    box, dock = page.evaluate(
        """selector => [document.querySelector(selector), document.getElementById("dock")]
           .map((node) => { const r = node.getBoundingClientRect(); return [r.top, r.bottom]; })""",
        selector,
    )
    assert box[0] >= 0 and box[1] <= dock[0] + 0.5, f"{selector} at {box}, the dock from {dock[0]}"


def test_starting_the_game_brings_the_court_into_view(browser: Any, server: Server) -> None:
    made = server.post(
        "/api/tables",
        {
            "game": "board",
            "players": 2,
            "seats": ["human", "bot:easy"],
            "name": "Ann",
            "options": {"level": "beginner"},
        },
    )
    table_id, token = made["table"]["id"], made["token"]
    context = browser.new_context(viewport=WIDTHS["390"])
    context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    page.click("#start")  # scrolled into view to be tapped: it is below the table
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    court, bar = page.evaluate(
        """() => ["svg.court", "#status-bar"].map((selector) => {
             const r = document.querySelector(selector).getBoundingClientRect();
             return [r.top, r.bottom]; })"""
    )
    assert court[0] >= bar[1] and court[1] <= WIDTHS["390"]["height"], (court, bar)
