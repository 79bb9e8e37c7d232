"""A person playing a whole game in the browser against bots: what they were asked.

`play_whole_game` opens a table with the person in the first seat and bots in
the others, starts it, and clicks a random shown move until the game is over,
noting how many moves each prompt showed and which lone moves reached the
person. The tests then say what may and may not be shown.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server

DESKTOP = {"width": 1280, "height": 900}
TIME_LIMIT = 180.0
"""Seconds a whole game may take in the browser before the test gives up."""


@dataclass
class Played:
    """What the person saw over one whole game."""

    page: Page
    shown: list[int] = field(default_factory=list)
    """How many moves each prompt showed."""
    lone: list[str] = field(default_factory=list)
    """The move of every prompt that showed only one."""
    errors: list[str] = field(default_factory=list)
    """Errors in the page's scripts."""

    def answered(self) -> list[str]:
        """The log lines saying the page answered for the person."""
        return self.page.locator("#log li.answered").all_inner_texts()


def play_whole_game(
    browser: Any,
    server: Server,
    game: str,
    players: int,
    options: dict[str, Any],
    *,
    seed: int = 16,
    storage: dict[str, str] | None = None,
    viewport: dict[str, int] = DESKTOP,
    look: Callable[[Page], None] | None = None,
) -> Played:
    """Play one whole game as the person in seat 0; `storage` is set in localStorage first.

    `look` is called with the page at every prompt shown to the person and at the end."""
    made = server.post(
        "/api/tables",
        {
            "game": game,
            "players": players,
            "seats": ["human"] + ["bot:easy"] * (players - 1),
            "options": options,
            "name": "Ann",
        },
    )
    table_id, token = made["table"]["id"], made["token"]
    context = browser.new_context(viewport=viewport)
    kept = {f"pickletable:seat:{table_id}": token, **(storage or {})}
    script = "".join(f"localStorage.setItem({k!r}, {v!r});" for k, v in kept.items())
    context.add_init_script(script)
    page = context.new_page()
    played = Played(page)
    page.on("pageerror", lambda error: played.errors.append(str(error)))
    page.goto(f"{server.url}/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "waiting")
    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")

    rng = random.Random(seed)
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
        played.shown.append(count)
        if look is not None:
            look(page)
        if count == 1:
            played.lone.append(str(buttons.first.get_attribute("data-action")))
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
    if look is not None:
        look(page)
    return played
