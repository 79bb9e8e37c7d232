"""Two people sign up in two browsers, Ann on a laptop and Bob on a phone, play a rated
card game to one point, and each sees their new rating, the game in their history and a
rating graph on their profile. Bob's pages are measured at 390 x 844 as he goes: nothing
wider than the screen, every tap target at least 44 px."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.page_checks import small_targets, too_wide
from tests.browser.staging import DESKTOP, PHONE
from tests.browser.test_play_in_browsers import create_table, move, over

TIME_LIMIT = 90.0
QUICK = {"players": "2", "seats": {}, "options": {"target_score": "1", "win_by": "1"}}
"""The card game to one point: a rally or two."""


def sign_up(page: Page, server: Server, name: str) -> None:
    page.goto(server.url + "/account")
    page.fill("#account-name", name)
    page.fill("#account-password", "correct horse")
    page.click("#sign-up")
    expect(page.locator("#member-name")).to_have_text(name)


def play_out(pages: list[Page], seed: int) -> None:
    """Random moves in whichever page is asked, until every page shows the game over."""
    rng, began = random.Random(seed), time.monotonic()
    while not all(over(page) for page in pages):
        assert time.monotonic() - began < TIME_LIMIT, "the game took too long"
        if not any([move(page, rng) for page in pages if not over(page)]):
            time.sleep(0.03)


def fits_a_phone(page: Page) -> None:
    """Nothing wider than the screen, no tap target under 44 px."""
    assert not too_wide(page), too_wide(page)
    assert not small_targets(page), small_targets(page)


def test_friends_play_a_rated_game_and_both_ratings_and_histories_show_it(
    browser: Any, server: Server
) -> None:
    ann = browser.new_context(viewport=DESKTOP).new_page()
    bob = browser.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))
    sign_up(ann, server, "Ann")
    sign_up(bob, server, "Bob")
    fits_a_phone(bob)
    table_id = create_table(ann, server, "card", QUICK)
    bob.goto(f"{server.url}/table/{table_id}")
    fits_a_phone(bob)
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    # Bob's page has the join's answer, so his seat is his account's (Ann's page may see
    # him seated a moment sooner, and a rated table is refused while he is not yet)
    expect(bob.locator("#seat-list")).to_contain_text("(you)")
    expect(ann.locator("#start")).to_be_enabled()
    ann.click("#rated")
    expect(ann.locator("#rated")).to_have_text("Rated game ✓")
    ann.click("#start")
    play_out([ann, bob], 5)

    results = set()
    for page in (ann, bob):
        page.goto(server.url + "/account")
        page.click("#profile-link")
        ratings = page.locator("#ratings tbody tr")
        rated_by = time.monotonic() + 10  # the rating is written just after the last move
        while not ratings.count() and time.monotonic() < rated_by:
            page.reload()
            page.wait_for_load_state("networkidle")
        expect(ratings).to_have_count(1)
        expect(ratings.locator("td")).to_have_text(["card", "singles", re.compile(r"\d"), "1"])
        played = page.locator("#tables tbody tr")
        expect(played).to_have_count(1)
        cells = played.locator("td")
        expect(cells.nth(1)).to_have_text(re.compile("^(won|lost)$"))
        expect(cells.nth(2)).to_have_text(re.compile(r"^[+-]?\d+(\.\d)?$"))
        assert cells.nth(2).inner_text() not in ("0", "+0", "0.0")  # the rating moved
        review = cells.nth(3).locator("a.review-link")  # the summary's review of their seat
        expect(review).to_have_attribute("href", re.compile(rf"^/table/{table_id}\?review=[02]$"))
        results.add(cells.nth(1).inner_text())
        graph = page.locator("#graphs img")
        expect(graph).to_have_attribute("alt", re.compile("Rating in card, singles"))
        page.wait_for_function("document.querySelector('#graphs img').naturalWidth > 0")
        page.screenshot(path=str(SCREENSHOTS / f"profile-{len(results)}.png"), full_page=True)
    fits_a_phone(bob)
    assert results == {"won", "lost"}
    assert not errors, errors
