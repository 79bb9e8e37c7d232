"""The end of a game in the browser: the summary (score chart, figures, every rally), a
rematch that waits for every person at the table, and the lobby's "My tables" with ages.
On a 1280 x 800 laptop the end of a game shows Rematch and the summary's heading at once.

The summary's screenshots at desktop and phone width (``summary.png``,
``summary-phone.png``) go to ``build/screenshots/``; with ``PICKLETABLE_DOCS_SCREENSHOTS=1``
also to ``docs/screenshots/`` for the docs (so that a test run leaves the repository
as it was unless asked).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT, SCREENSHOTS, Server
from tests.browser.page_checks import times_shown
from tests.browser.test_phone import the_end_is_in_view

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
DOCS = ROOT / "docs" / "screenshots"


def new_table(server: Server, game: str, seats: list[str], options: dict[str, Any]) -> Any:
    """A table made through the API by Ann (the first human seat)."""
    return server.post(
        "/api/tables",
        {"game": game, "players": len(seats), "seats": seats, "options": options, "name": "Ann"},
    )


def page_for(browser: Any, server: Server, table_id: str, token: str | None, size: Any) -> Page:
    """The table's page in a browser of its own, holding `token` (None: a visitor)."""
    context = browser.new_context(viewport=size)
    if token:
        context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    # People roll for themselves here: a table that plays itself would outrun the test.
    context.add_init_script("localStorage.setItem('pickletable:roll-for-me', 'off')")
    page: Page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    return page


def play_to_the_end(pages: list[Page], seconds: float = 120.0) -> None:
    """Each page takes a lay-down when it has one, else its first move, until the game ends."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(page.locator("body").get_attribute("data-status") == "over" for page in pages):
            return
        for page in pages:
            if "my-turn" not in (page.locator("body").get_attribute("class") or ""):
                continue
            lay = page.locator('#actions .action[data-action$=" lay"]')
            choice = lay.first if lay.count() else page.locator("#actions .action").first
            with contextlib.suppress(PlaywrightError):  # the view moved on meanwhile
                choice.click(timeout=2000)
        time.sleep(0.05)
    raise AssertionError("the game did not end in time")


def test_the_end_of_a_game_shows_the_score_chart_the_figures_and_every_rally(
    browser: Any, server: Server
) -> None:
    made = new_table(server, "card", ["human", "bot:medium"], {"target_score": 7, "win_by": 1})
    table_id, token = made["table"]["id"], made["token"]
    server.post(f"/api/tables/{table_id}/start", {}, token)
    page = page_for(browser, server, table_id, token, DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    play_to_the_end([page])

    summary = server.get(f"/api/tables/{table_id}/summary")
    section = page.locator("#game-summary")
    expect(section).to_be_visible()
    # Who won is said once, in the status bar, not again in the summary and by Rematch.
    expect(page.locator("#prompt")).to_have_text(f"Game over. {summary['outcome']}")
    assert times_shown(page, summary["outcome"]) == 1
    chart = section.locator("svg#score-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2)  # one line per side
    points = chart.locator("polyline").first.get_attribute("points") or ""
    assert len(points.split()) == len(summary["rallies"]) + 1  # the start, then every rally
    rows = section.locator("#rally-table tbody tr")
    expect(rows).to_have_count(len(summary["rallies"]))
    first = summary["rallies"][0]
    expect(rows.first).to_contain_text(first["ended"])
    figures = section.locator("#player-figures")
    expect(figures).to_contain_text("Dink Shots laid down")
    expect(figures).to_contain_text("Ann")
    # Each side is named with who played it, without brackets inside brackets.
    expect(section.locator(".chart-legend li")).to_have_text(["North: Ann", "South: bot (medium)"])
    expect(section.locator(".game-figures")).to_contain_text("Lead changes")

    # On a laptop's screen the end shows whose win and Rematch above the fold.
    the_end_is_in_view(page)
    shoot(section, "summary")
    phone = page_for(browser, server, table_id, token, PHONE)
    phone_section = phone.locator("#game-summary")
    expect(phone_section.locator("#rally-table")).to_be_attached()
    # A bot's level fits its narrow column whole ("medium", not "mediu" and "m").
    expect(phone_section.locator("#player-figures thead th").nth(2)).to_have_text(
        "South bot medium", use_inner_text=True
    )
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at phone width"
    shoot(phone_section, "summary-phone")
    assert not errors, errors


def test_a_rematch_starts_only_when_every_person_has_accepted(browser: Any, server: Server) -> None:
    made = new_table(server, "board", ["human", "human"], {"level": "beginner", "target": 0.5})
    table_id = made["table"]["id"]
    joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
    server.post(f"/api/tables/{table_id}/start", {}, made["token"])
    ann = page_for(browser, server, table_id, made["token"], DESKTOP)
    bob = page_for(browser, server, table_id, joined["token"], PHONE)
    play_to_the_end([ann, bob])
    for page in (ann, bob):
        expect(page.locator("body")).to_have_attribute("data-status", "over")

    ann.locator("#rematch").click()
    expect(ann.locator("#rematch")).to_have_text("Rematch accepted")
    expect(ann.locator("#rematch")).to_be_disabled()
    expect(bob.locator("#rematch-status")).to_contain_text("✓ Ann")
    expect(bob.locator("#rematch-status")).to_contain_text("Waiting for Bob to accept")
    expect(bob.locator("#log")).to_contain_text("Ann wants a rematch (waiting for Bob).")
    assert server.get(f"/api/tables/{table_id}")["rematch_id"] is None
    for page in (ann, bob):
        assert page.url.endswith(f"/table/{table_id}")  # nobody has moved yet

    bob.locator("#rematch").click()
    for page in (ann, bob):
        page.wait_for_url(lambda url: "/table/" in url and table_id not in url)
        expect(page.locator("body")).to_have_attribute("data-status", "playing")
        expect(page.locator(".seat.mine")).to_have_count(1)
    assert ann.url == bob.url
    new_id = ann.url.rsplit("/", 1)[1]
    assert server.get(f"/api/tables/{table_id}")["rematch_id"] == new_id
    expect(ann.locator(".seat.mine")).to_contain_text("Blue")
    expect(bob.locator(".seat.mine")).to_contain_text("Yellow")


def test_someone_who_has_left_can_be_replaced_by_a_bot_but_not_at_once(
    browser: Any, server: Server
) -> None:
    made = new_table(server, "board", ["human", "human"], {"level": "beginner", "target": 0.5})
    table_id = made["table"]["id"]
    joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
    server.post(f"/api/tables/{table_id}/start", {}, made["token"])
    ann = page_for(browser, server, table_id, made["token"], DESKTOP)
    bob = page_for(browser, server, table_id, joined["token"], DESKTOP)
    play_to_the_end([ann, bob])
    expect(ann.locator("body")).to_have_attribute("data-status", "over")
    expect(ann.locator("#rematch-without")).to_have_count(0)
    bob.context.close()  # Bob goes away without answering
    ann.locator("#rematch").click()
    without = ann.locator("#rematch-without")
    expect(without).to_have_text("Start without Bob: a bot plays for them")
    without.click()  # too soon: Bob may only be reloading his page
    expect(ann.locator("#refusal")).to_contain_text("left less than 30 s ago")
    assert ann.url.endswith(f"/table/{table_id}")


def test_the_lobby_lists_my_tables_and_every_table_s_age(browser: Any, server: Server) -> None:
    made = new_table(server, "slam", ["human", "human", "bot:easy"], {})
    table_id = made["table"]["id"]
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(
        f"localStorage.setItem('pickletable:seat:{table_id}', '{made['token']}');"
        "localStorage.setItem('pickletable:seat:gone-table', 'stale-token');"
    )
    page = context.new_page()
    page.goto(server.url + "/")
    mine = page.locator("#my-tables")
    expect(page.locator("#my-tables-panel")).to_be_visible()
    expect(mine.locator("li")).to_have_count(1)
    expect(mine.locator(f'li[data-table="{table_id}"]')).to_contain_text("Pickleball Slam")
    expect(mine).to_contain_text("you: Player 1")
    expect(mine).to_contain_text("created just now")
    expect(page.locator("#tables")).to_contain_text("created just now")
    gone = page.evaluate("localStorage.getItem('pickletable:seat:gone-table')")
    assert gone is None  # a token for a table the server does not know is forgotten
    words = page.evaluate(
        "import('/static/js/mytables.js').then((m) => [m.ago(5), m.ago(300), m.ago(7200),"
        " m.ago(86400), m.ago(3 * 86400)])"
    )
    assert words == ["just now", "5 min ago", "2 h ago", "1 day ago", "3 days ago"]

    visitor = browser.new_context(viewport=DESKTOP).new_page()
    visitor.goto(server.url + "/")
    expect(visitor.locator("#tables")).to_contain_text("Pickleball Slam")
    expect(visitor.locator("#my-tables-panel")).to_be_hidden()


def shoot(element: Any, name: str) -> None:
    """A screenshot of one element into build/screenshots/ (and docs/screenshots/ if asked)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    element.screenshot(path=str(path), animations="disabled")
    if os.environ.get("PICKLETABLE_DOCS_SCREENSHOTS") == "1":
        shutil.copyfile(path, DOCS / f"{name}.png")
