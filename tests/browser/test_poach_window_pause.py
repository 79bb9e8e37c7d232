"""A POACH window with a person in it closes no sooner than the table's pause.

The window exists so that nobody learns who holds a POACH: a person holding
none is answered by the page, but only after the fixed pause (`formality_pause`,
0.3 s on the test server), as long as someone holding one would take to think.
"""

from __future__ import annotations

import time
from typing import Any, cast

from playwright.sync_api import expect

from pickletable.games.slam.position import SlamPosition
from pickletable.games.slam.steps import Step
from tests.browser.conftest import FORMALITY_PAUSE, Server
from tests.browser.staging import open_seat, random_moves, stage_table

PERSON = 0


def in_a_poach_window_without_a_poach(state: Any, _events: Any) -> bool:
    position = cast(SlamPosition, state)
    return (
        position.current_player == PERSON
        and position.step == Step.POACH_WINDOW
        and state.is_formality()
    )


def test_a_poach_window_with_a_person_lasts_at_least_the_pause(
    browser: Any, server: Server
) -> None:
    moves, _state, _ = random_moves("slam", 3, in_a_poach_window_without_a_poach, seed=15)
    staged = stage_table(server, "slam", ["human:Ann", "bot:easy", "bot:easy"], moves)
    asked_at = len(moves)
    page = open_seat(browser, server, staged.id, staged.tokens[PERSON])
    expect(page.locator("body")).to_have_attribute("data-step", str(asked_at))
    shown = time.monotonic()
    assert page.locator("#actions button.action").count() == 0, "a formality is never a button"
    page.wait_for_function(
        "step => document.body.dataset.step !== step", arg=str(asked_at), timeout=15_000
    )
    answered = time.monotonic()
    # The page saw the window at `shown` at the latest, so the wait is at least this long.
    assert answered - shown >= float(FORMALITY_PAUSE) * 0.9
    expect(page.locator("#log")).to_contain_text("answered for you")
