"""Formalities answer themselves in the web table: a person is only ever asked real choices.

A formality (decline a POACH window without a POACH, keep a dealt hand with nothing
to swap, a forced pass) is answered by the browser after the table's fixed pause,
with a line in the log, and never shown as a lone button.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server

DESKTOP = {"width": 1280, "height": 900}
TIME_LIMIT = 120.0
FORMAL = {"decline", "keep", "pass", "yours"}
"""The answers the Slam engine marks as formalities when they are the only one."""
MADE = {"play", "target"}
"""Lone answers that are real moves (a card everyone sees played, a player targeted)."""


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"tokens_to_win": 2}), (4, {"tokens_to_win": 2, "doubles": True})],
    ids=["three-players", "doubles"],
)
def test_over_a_whole_slam_game_no_prompt_shown_to_the_person_is_a_formality(
    browser: Any, server: Server, players: int, options: dict[str, Any]
) -> None:
    made = server.post(
        "/api/tables",
        {
            "game": "slam",
            "players": players,
            "seats": ["human"] + ["bot:easy"] * (players - 1),
            "options": options,
            "name": "Ann",
        },
    )
    table_id, token = made["table"]["id"], made["token"]
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    page: Page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "waiting")
    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")

    rng = random.Random(16)
    shown: list[int] = []
    lone: list[str] = []
    started = time.monotonic()
    while page.get_attribute("body", "data-status") != "over":
        assert time.monotonic() - started < TIME_LIMIT, "the game took too long"
        buttons = page.locator("#actions button.action")
        count = buttons.count()
        if not count:
            time.sleep(0.05)
            continue
        step = page.get_attribute("body", "data-step")
        if page.locator("#actions button.action").count() != count:
            continue  # the view changed while we counted: look again
        shown.append(count)
        if count == 1:
            lone.append(str(buttons.first.get_attribute("data-action")))
        try:
            buttons.nth(rng.randrange(count)).click(timeout=2000)
        except Exception:  # the view changed under the pointer: look again
            continue
        page.wait_for_function(
            "step => document.body.dataset.step !== step"
            " || document.body.dataset.status === 'over'",
            arg=step,
            timeout=10_000,
        )

    assert shown, "the person was never asked anything"
    # A lone choice the engine does not mark a formality is a move of consequence that
    # everyone sees (the one card that can be played, the one player to target): it
    # stays the person's to make. A lone decline, keep or pass never reaches them.
    formal = [action for action in lone if action.split()[0] in FORMAL]
    assert not formal, f"a formality was shown as a lone button: {formal}"
    assert all(action.split()[0] in MADE for action in lone), lone
    assert any(count >= 2 for count in shown), shown  # real choices reach the person
    answered = page.locator("#log li.answered").all_inner_texts()
    assert answered, "no formality came up in a whole game"
    assert all(line.startswith("(answered for you: ") for line in answered), answered
    assert not errors, errors
    context.close()
