"""Two people in two browsers create, join and play a whole game of each game.

In the middle one of them refreshes the page and the server restarts; both
times the game comes back exactly as it was. Screenshots of each table go
to ``build/screenshots/`` (desktop for the creator, phone width for the friend).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pickletable.core.records import replay
from tests.browser.conftest import SCREENSHOTS, Server

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
GAMES: dict[str, dict[str, Any]] = {
    "board": {"players": "2", "seats": {}, "options": {"target": "3"}},
    "card": {"players": "2", "seats": {}, "options": {"target_score": "3", "win_by": "1"}},
    "slam": {"players": "3", "seats": {"seat-2": "bot:easy"}, "options": {"tokens_to_win": "2"}},
}
TIME_LIMIT = 90.0


@pytest.fixture
def server(fresh_server: Server) -> Server:
    """A server of this test's own: the test restarts it in the middle of the game."""
    return fresh_server


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_browsers_play_a_whole_game(browser: Any, server: Server, game: str) -> None:
    setup = GAMES[game]
    ann_context = browser.new_context(viewport=DESKTOP)
    bob_context = browser.new_context(viewport=PHONE)
    for context in (ann_context, bob_context):  # here people click every roll themselves
        context.add_init_script("localStorage.setItem('pickletable:roll-for-me', 'off')")
    ann, bob = ann_context.new_page(), bob_context.new_page()
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))

    table_id = create_table(ann, server, game, setup)
    bob.goto(f"{server.url}/table/{table_id}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    expect(ann.locator("#start")).to_be_enabled()
    ann.click("#start")
    expect(ann.locator("body")).to_have_attribute("data-status", "playing")

    play(ann, bob, server, game)

    for page in (ann, bob):
        expect(page.locator("#prompt")).to_contain_text("Game over.")
        expect(page.locator("#rematch")).to_be_visible()
        # No turn is left at the end: no "Final lap: 0 turns left" either.
        expect(page.locator("body")).not_to_contain_text("Final lap:")
    shoot(ann, f"{game}-over")
    check_rematch(ann, bob, table_id)
    check_replay(ann, server, table_id)
    record = server.get(f"/api/tables/{table_id}/record")
    assert replay(record).is_over
    assert [seat["player"] for seat in record["seats"][:2]] == ["human:Ann", "human:Bob"]
    assert not errors, errors
    ann_context.close()
    bob_context.close()


def create_table(page: Page, server: Server, game: str, setup: dict[str, Any]) -> str:
    """Fill in the lobby form as Ann and return the new table's id."""
    page.goto(f"{server.url}/?game={game}")
    page.wait_for_selector("#seats select", state="attached")
    page.select_option("#players", setup["players"])
    page.select_option('select[name="seat-1"]', "human")
    for name, value in setup["seats"].items():
        page.select_option(f'select[name="{name}"]', value)
    page.click("#options-box summary")
    for name, value in setup["options"].items():
        page.fill(f"#opt-{name}", value)
    page.fill("#name", "Ann")
    shoot(page, "lobby")
    page.click("#create")
    page.wait_for_url("**/table/*")
    return page.url.rstrip("/").split("/")[-1]


def play(ann: Page, bob: Page, server: Server, game: str) -> None:
    """Click legal moves in whichever browser must move, refresh and restart on the way."""
    rng = random.Random(game)
    moves = 0
    refreshed = restarted = False
    started = time.monotonic()
    while not (over(ann) and over(bob)):
        assert time.monotonic() - started < TIME_LIMIT, "the game took too long"
        moved = False
        for page in (ann, bob):
            if not over(page) and move(page, rng):
                moves += 1
                moved = True
        if moves >= 1 and not refreshed and not over(bob):
            refresh_in_the_middle(bob)
            refreshed = True
        if moves >= 2 and not restarted and not over(ann):
            shoot(ann, f"{game}-table")
            shoot(bob, f"{game}-phone")
            restart_in_the_middle(ann, bob, server)
            restarted = True
        if not moved:
            time.sleep(0.03)
    assert refreshed and restarted, f"the game ended after {moves} moves, before the checks"


def move(page: Page, rng: random.Random) -> bool:
    """Pick one of the offered moves (a lay-down when there is one) by click or key; wait."""
    buttons = page.locator("#actions button.action")
    count = buttons.count()
    if not count:
        return False
    actions = [buttons.nth(i).get_attribute("data-action") or "" for i in range(count)]
    lay = [i for i, action in enumerate(actions) if action.endswith(" lay")]
    index = lay[0] if lay else rng.randrange(count)
    step = page.get_attribute("body", "data-step")
    try:
        if index < 9 and rng.random() < 0.3:
            page.keyboard.press(str(index + 1))  # keys 1 to 9 pick the listed moves
        else:
            buttons.nth(index).click(timeout=2000)
    except Exception:  # the view changed under the pointer: look again
        return False
    page.wait_for_function(
        "step => document.body.dataset.step !== step || document.body.dataset.status === 'over'",
        arg=step,
        timeout=10_000,
    )
    return True


def shoot(page: Page, name: str) -> None:
    """A full-page screenshot, animations stopped, in the screenshots folder."""
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, animations="disabled")


def over(page: Page) -> bool:
    return page.get_attribute("body", "data-status") == "over"


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def refresh_in_the_middle(page: Page) -> None:
    """A refreshed page gets the same table, the same log and the same choices back."""
    step = page.get_attribute("body", "data-step")
    lines = log_lines(page)
    choices = page.locator("#actions button.action").all_inner_texts()
    page.reload()
    page.wait_for_function(
        "([step, lines]) => Number(document.body.dataset.step) >= Number(step)"
        " && document.querySelectorAll('#log li').length >= lines",
        arg=[step, len(lines)],
    )
    assert page.locator("#join").is_hidden()
    if page.get_attribute("body", "data-step") == step:
        assert log_lines(page) == lines
        assert page.locator("#actions button.action").all_inner_texts() == choices
    else:  # a bot moved meanwhile: what was there is still there
        assert log_lines(page)[: len(lines)] == lines


def restart_in_the_middle(ann: Page, bob: Page, server: Server) -> None:
    """After a restart both pages reconnect by themselves and nothing is lost."""
    before = {
        page: (int(page.get_attribute("body", "data-step") or 0), log_lines(page))
        for page in (ann, bob)
    }
    connections = {page: page.get_attribute("body", "data-connections") for page in (ann, bob)}
    server.restart()
    for page in (ann, bob):
        step, lines = before[page]
        page.wait_for_function(
            "([n, lines]) => document.body.dataset.connections !== n"
            " && !document.body.classList.contains('offline')"
            " && document.querySelectorAll('#log li').length >= lines",
            arg=[connections[page], len(lines)],
            timeout=15_000,
        )
        assert int(page.get_attribute("body", "data-step") or 0) >= step
        assert log_lines(page)[: len(lines)] == lines


def check_rematch(ann: Page, bob: Page, table_id: str) -> None:
    """A rematch, once both have accepted, takes both players to a new table, in the same
    seats, already playing."""
    ann.click("#rematch")
    expect(bob.locator("#rematch-status")).to_contain_text("✓ Ann")
    bob.click("#rematch")
    for page in (ann, bob):
        page.wait_for_url(lambda url: "/table/" in url and table_id not in url)
        expect(page.locator("body")).to_have_attribute("data-status", "playing")
        expect(page.locator(".seat.mine")).to_have_count(1)
    assert ann.url == bob.url


def check_replay(page: Page, server: Server, table_id: str) -> None:
    """The replay page steps forward and back through the record."""
    page.goto(f"{server.url}/table/{table_id}")
    page.click("#replay-link")
    page.wait_for_url(f"**/table/{table_id}/replay")
    steps = server.get(f"/api/tables/{table_id}")["steps"]
    expect(page.locator("#where")).to_contain_text(f"of {steps}")
    page.click("#last")
    expect(page.locator("#where")).to_contain_text(f"Step {steps} of {steps}")
    page.click("#prev")
    expect(page.locator("#where")).to_contain_text(f"Step {steps - 1} of {steps}")
    page.keyboard.press("Home")
    expect(page.locator("#where")).to_contain_text(f"Step 0 of {steps}")
