"""The phone's dock of moves leaves the table the move is about in view, in every game.

At 360 x 740 and 390 x 844 a person's move shows, on one screen and with no scrolling of
their own: every move (no inner scroll box, nothing pinned over it), each at least 44 x 44
px, and the table it is about (what the game marks ``data-in-view``: the board game's
court, the card game's piles, Slam's centre pile) whole between the status bar and the
dock, which stays pinned at the foot. A dock over half the screen folds: its moves take
short words ("Skill Card IN, Drop"), their whole label kept in their names and shown on a
long press. Each state is photographed into ``build/screenshots/dock-NAME-SIZE.png``.
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
from tests.browser.page_checks import hidden_moves, small_targets, too_wide
from tests.browser.staging import open_seat, random_moves, stage_table
from tests.browser.test_board_cards import TO_BLUES_THIRD_SHOT
from tests.browser.test_layouts import persons_move, slam_play
from tests.browser.test_phone_faults import a_draw_with_a_discard_to_take, four_skill_card_moves

SIZES = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}}
BOTS3 = ["bot:medium"] * 3
COURT = "svg.court"
PILES = ".felt .piles"  # the draw pile, the discards (their top card), the reshuffles
CENTRE = ".felt .piles"  # the stack and the centre pile


@dataclass(frozen=True)
class State:
    """A table to stage at a move of Ann's (seat 0): random moves until `until`, or `moves`."""

    game: str
    seats: list[str]
    options: dict[str, Any]
    until: Callable[[GameState, list[Event]], bool] | None = None
    seed: int = 1
    shown: str = ""
    """The table the move is about (the game's own is the one it marks ``data-in-view``)."""
    moves: tuple[str, ...] = ()


STATES = {
    # the shot that started it: five moves, Skill and Strategy Cards, at the advanced level
    "board-skill-card-shot": State(
        "board",
        ["human:Ann", "human:Bob"],
        {"level": "advanced"},
        moves=tuple(TO_BLUES_THIRD_SHOT),
        shown=COURT,
    ),
    "board-doubles": State(
        "board", ["human:Ann", *BOTS3], {"level": "advanced"}, four_skill_card_moves, 3, COURT
    ),
    "card-discard": State("card", ["human:Ann", "bot:medium"], {}, persons_move(6, 30), 1, PILES),
    # four players, fourteen discards (seven with a lay-down): the dock once unpinned
    "card-four-discard": State("card", ["human:Ann", *BOTS3], {}, persons_move(6, 50), 1, PILES),
    "card-four-draw": State(
        "card", ["human:Ann", *BOTS3], {}, a_draw_with_a_discard_to_take, 3, PILES
    ),
    "slam": State("slam", ["human:Ann", *BOTS3[:2]], {}, persons_move(4, 40), 1, CENTRE),
    "slam-doubles": State("slam", ["human:Ann", *BOTS3], {"doubles": True}, slam_play, 2, CENTRE),
}

PLACES = """(selector) => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  };
  const table = document.querySelector(selector);
  return { table: box(table), bar: box(document.getElementById("status-bar")),
           dock: box(document.getElementById("dock")), height: innerHeight };
}"""
COVERED = """() => [...document.querySelectorAll("#actions button.action")].filter((button) => {
  const r = button.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) return true;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !top || !button.contains(top);
}).map((button) => button.dataset.action)"""


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_move_and_the_table_it_is_about_show_on_one_phone_screen(
    browser: Any, server: Server, name: str
) -> None:
    state = STATES[name]
    moves = list(state.moves)
    if state.until is not None:
        moves, _state, _events = random_moves(
            state.game, len(state.seats), state.until, state.seed, state.options
        )
    table = stage_table(server, state.game, state.seats, moves, state.options)
    for size, viewport in SIZES.items():
        page = open_seat(browser, server, table.id, table.tokens[0], viewport)
        expect(page.locator("body")).to_have_class(re.compile(r"\bmy-turn\b"))
        expect(page.locator("#actions button.action").first).to_be_visible()
        page.evaluate(  # the table is brought up once the dock is measured (a frame later)
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        page.screenshot(path=str(SCREENSHOTS / f"dock-{name}-{size}.png"), animations="disabled")
        assert_table_between_the_bar_and_the_dock(page, state.shown, f"{name} at {size}")
        assert page.evaluate(COVERED) == [], f"moves off the screen or covered at {size}"
        assert hidden_moves(page) == []
        assert small_targets(page) == []
        assert too_wide(page) == []
        expect(page.locator("#dock")).to_have_css("position", "sticky")
        page.context.close()


def assert_table_between_the_bar_and_the_dock(page: Page, selector: str, where: str) -> None:
    """The table the move is about is whole on the screen, under the status bar, above the dock."""
    places = page.evaluate(PLACES, selector)
    table, bar, dock = places["table"], places["bar"], places["dock"]
    assert table["top"] >= bar["bottom"] - 0.5, f"{where}: under the status bar: {places}"
    assert table["bottom"] <= dock["top"] + 0.5, f"{where}: the dock covers the table: {places}"
    assert table["bottom"] <= places["height"], f"{where}: below the screen: {places}"
    expect(page.locator(selector)).to_have_attribute("data-in-view", "")  # the game's own mark


def test_a_folded_dock_s_short_moves_keep_their_whole_words(browser: Any, server: Server) -> None:
    table = stage_table(
        server, "board", ["human:Ann", "human:Bob"], TO_BLUES_THIRD_SHOT, {"level": "advanced"}
    )
    page = open_seat(browser, server, table.id, table.tokens[0], SIZES["360"])
    expect(page.locator("#dock")).to_have_class("dock compact")
    move = page.locator("#actions button[data-action='skill in-drop']")
    expect(move.locator(".move-short")).to_have_text("Skill Card IN, Drop")  # what shows
    shown = move.locator(".move-long").bounding_box()
    assert shown is not None and shown["width"] <= 1, shown  # the whole label: in its name only
    # its name: what it shows, then the whole label (a screen reader hears both)
    whole = "Play Skill Card IN, Drop instead of rolling"
    name = re.compile(rf"^Skill Card IN, Drop ?: {whole}$")
    expect(page.get_by_role("button", name=name)).to_be_visible()
    # a long press shows the whole label and what the card does, and plays nothing
    move.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    expect(page.locator("#card-help")).to_contain_text(whole)
    move.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    move.dispatch_event("click")
    expect(page.locator("#card-help")).to_be_visible()
    expect(page.locator("#log")).not_to_contain_text("Blue plays the Skill Card IN, Drop.")
    # a tap plays it
    move.click()
    expect(page.locator("#log")).to_contain_text("Blue plays the Skill Card IN, Drop.")
