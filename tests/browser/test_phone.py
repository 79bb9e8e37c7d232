"""Whole games at phone width, against bots, measured at every prompt and at the end:
nothing wider than the screen, every tap target at least 44 x 44 px, every move shown
without a box that scrolls inside the page; at the end, Rematch and the summary's first
screen in view, nothing pinned over them. axe-core audits those page states as
`page_checks.Audit` samples them (each new kind, every third, the end: no serious or
critical violation; the desktop's whole games are audited in `test_whole_games`).

Each game is played once and every page state is measured on two common phones, 360 x
740 and 390 x 844: the page is resized to each in turn (the layout follows the width
alone), then axe-core audits it at 390 px.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.page_checks import AXE, Audit, hidden_moves, small_targets, too_wide
from tests.browser.whole_game import play_whole_game

GAMES = [
    ("board", 2, {"level": "advanced", "target": 3.0}),
    ("board", 4, {"level": "advanced", "target": 3.0}),
    ("card", 2, {"target_score": 3}),
    ("card", 4, {"target_score": 3}),
    ("slam", 3, {"tokens_to_win": 2}),
    ("slam", 4, {"tokens_to_win": 2, "doubles": True}),
]
IDS = ["board-singles", "board-doubles", "card-singles", "card-doubles", "slam-3", "slam-doubles"]
WIDTHS = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}}
# Rolls made for the person would leave few prompts to measure: the person rolls here.
ROLL_MYSELF = {"pickletable:roll-for-me": "off"}


AUDITED = "390"
"""The size at which axe-core audits each page state (colours and names do not change
with the width)."""


class Faults:
    """What the checks found over a game, each fault once (and axe's, when it audits)."""

    def __init__(self, *, moves: bool = True, audit: Audit | None = None) -> None:
        self.found: dict[str, set[str]] = {"too wide": set(), "small": set(), "scrolled": set()}
        self.moves = moves
        self.audit = audit

    def look(self, page: Page, where: str = "") -> None:
        """Measure the page as it is now; `where` is added to each fault found."""
        self.found["too wide"].update(line + where for line in too_wide(page))
        self.found["small"].update(line + where for line in small_targets(page))
        if self.moves:
            self.found["scrolled"].update(line + where for line in hidden_moves(page))

    def look_on_phones(self, page: Page, *, end: bool = False) -> None:
        """Measure the page state on each phone size in turn, and audit it at one (when
        the audit's sample takes it, and always at the `end`)."""
        for name, size in WIDTHS.items():
            resize(page, size)
            self.look(page, f" (at {name} px)")
            if self.audit is not None and name == AUDITED:
                self.audit.look(page, always=end)

    def report(self) -> str:
        """Every fault found, one a line under its kind ("" when none)."""
        found = {**self.found, "axe": set(self.audit.serious()) if self.audit else set()}
        return "\n".join(
            f"{kind}:\n  " + "\n  ".join(sorted(lines)) for kind, lines in found.items() if lines
        )


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_whole_game_fits_a_phone_with_targets_a_finger_can_hit(
    browser: Any, server: Server, game: str, players: int, options: dict[str, Any]
) -> None:
    audited = AXE.exists()
    faults = Faults(audit=Audit() if audited else None)
    played = play_whole_game(
        browser,
        server,
        game,
        players,
        options,
        viewport=WIDTHS[AUDITED],
        storage=ROLL_MYSELF,
        look=faults.look_on_phones,
    )
    page = played.page
    expect(page.locator("#game-summary")).to_be_visible()
    page.wait_for_timeout(300)  # the chart is drawn once the summary is placed
    faults.look_on_phones(page, end=True)
    assert not faults.report(), "\n" + faults.report()
    assert not played.errors, played.errors
    for size in WIDTHS.values():
        resize(page, size)
        page.wait_for_timeout(300)  # the chart is drawn again for the new width
        the_end_is_in_view(page)
    if not audited:
        pytest.skip(f"the phone checks passed; no axe-core at {AXE} to audit (run `npm ci`)")


PAINTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""A script that waits until the page has been laid out and painted twice."""


def resize(page: Page, size: dict[str, int]) -> None:
    """Give the page another size and wait until it is laid out and painted anew."""
    if page.viewport_size != size:
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.evaluate(
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )


def the_end_is_in_view(page: Page) -> None:
    """Rematch and the summary's heading show on the first screen; nothing is pinned over them."""
    height = page.viewport_size["height"] if page.viewport_size else 844
    for selector in ("#rematch", "#summary-title"):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    covered = page.evaluate(
        """() => [...document.querySelectorAll("#rematch, #summary-title")].filter((node) => {
  const box = node.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !top || !(node === top || node.contains(top));
}).map((node) => node.id)"""
    )
    assert not covered, f"covered at the end: {covered}"


@pytest.mark.parametrize("width", [*WIDTHS, "1280"])
def test_the_lobby_fits_and_every_target_is_big_enough(
    browser: Any, server: Server, width: str
) -> None:
    size = WIDTHS.get(width, {"width": 1280, "height": 800})
    page = browser.new_context(viewport=size).new_page()
    page.goto(server.url + "/")
    expect(page.locator("#create")).to_be_visible()
    faults = Faults(moves=False)
    faults.look(page)
    for toggle in page.locator("details > summary").all():
        toggle.click()
    faults.look(page)
    assert not faults.report(), "\n" + faults.report()
