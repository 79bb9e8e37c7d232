"""The post-game review in the browser, at desktop and phone width: the summary's Review
button (or a player's history link, which opens it at once), then the win chance graph with
its key moments, the same moments numbered on the summary's score chart (at once when the
page comes back to a seat whose review was made), and every decision with its mark (the
needless losing Skill Card a blunder, said before it is played); nothing wider than the
phone, every target at least 44 px, axe-core clean. Screenshots (``review-desktop.png``,
``summary-moments-desktop.png`` and the phone's) go to ``build/screenshots/``; with
``PICKLETABLE_DOCS_SCREENSHOTS=1`` the desktop ones also to ``docs/screenshots/``."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.analysis.blunders import Blunder, bad_shot_at_game_point, blunder_record
from tests.browser.conftest import SCREENSHOTS, Server, screenshot_of
from tests.browser.page_checks import SERIOUS, axe_violations, small_targets, too_wide
from tests.browser.staging import DESKTOP, PHONE, open_seat, stage_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def check_review(page: Page, blunder: Blunder, width: str, *, click: bool = True) -> None:
    """Ask for the review on the summary (or find it asked for already) and find the blunder
    marked, the graph drawn and the key moments on the score chart too."""
    expect(page.locator("#game-summary")).to_be_visible()
    expect(page.locator("#review-seat")).to_have_value(str(blunder.seat))  # your own seat
    if click:
        page.locator("#review-button").click()
    expect(page.locator("#review-table")).to_be_visible(timeout=30_000)
    moments = page.locator("#key-moments li").count()
    assert moments >= 1
    marked = page.locator("#score-chart .key-moment")
    expect(marked).to_have_count(moments)
    expect(marked.first.locator("title")).to_contain_text("Key moment 1 of ")
    expect(page.locator("#summary-moments-note")).to_contain_text("key moments of")
    row = page.locator(f'#review-table tr[data-step="{blunder.step}"]')
    expect(row).to_have_attribute("data-mark", "blunder")
    expect(row).to_contain_text("Play Skill Card")
    expect(page.locator("#review-chart .key-moment").first).to_be_attached()
    expect(page.locator("#key-moments li").first).to_contain_text("Step ")
    expect(page.locator("#review-accuracy")).to_contain_text("accuracy")
    assert too_wide(page) == []
    assert small_targets(page) == []
    assert [v for v in axe_violations(page) if v["impact"] in SERIOUS] == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for selector, name in (("#review", "review"), (".score-figure", "summary-moments")):
        path = SCREENSHOTS / f"{name}-{width}.png"
        screenshot_of(page, selector, path)
        if os.environ.get("PICKLETABLE_DOCS_SCREENSHOTS") == "1" and width == "desktop":
            shutil.copyfile(path, DOCS / f"{name}.png")  # docs/coaching.md shows them


def test_the_review_shows_the_win_chance_and_marks_the_blunder(
    browser: Any, server: Server
) -> None:
    blunder = blunder_record("board", bad_shot_at_game_point)
    moves = [step["action"] for step in blunder.record["steps"][: blunder.step]]
    table = stage_table(server, "board", ["human:Ann", "human:Bob"], moves)
    token = table.tokens[blunder.seat]
    page = open_seat(browser, server, table.id, token, viewport=DESKTOP)
    losing = page.locator(f'#actions .action[data-action="{blunder.move}"]')
    expect(losing).to_contain_text("can only lose: your Bad Shot")  # said before it is made
    losing.click()
    check_review(page, blunder, "desktop")
    # Back at the table later: the seat's kept review marks the summary's chart at once.
    moments = page.locator("#key-moments li").count()
    page.reload()
    expect(page.locator("#score-chart .key-moment")).to_have_count(moments)
    expect(page.locator("#review-table")).to_have_count(0)  # the review itself one click away
    # The same finished table on a phone, opened by the history's link to the seat's review:
    # the review, kept by the server, comes at once, without a click.
    phone = browser.new_context(viewport=PHONE)
    again = phone.new_page()
    again.goto(f"{server.url}/table/{table.id}?review={blunder.seat}")
    check_review(again, blunder, "phone", click=False)
