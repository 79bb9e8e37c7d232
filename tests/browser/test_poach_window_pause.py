"""A POACH window with a person in it closes no sooner than the table's pause.

The window exists so that nobody learns who holds a POACH: a person holding
none is answered by the page, but only after the fixed pause (`formality_pause`,
0.3 s on the test server), as long as someone holding one would take to think.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any, cast

from playwright.sync_api import expect

from pickletable.core.actions import Action
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE
from pickletable.games.slam.codes import Step
from pickletable.games.slam.position import SlamPosition
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
    moves, mover = _window_opened_by_another_persons_move()
    seats = ["human:Ann", "human:Bob", "human:Cy"]  # nobody moves but the test
    staged = stage_table(server, "slam", seats, moves[:-1])
    asked_at = len(moves)
    page = open_seat(browser, server, staged.id, staged.tokens[PERSON], script=STEP_TIMES)
    expect(page.locator("body")).to_have_attribute("data-step", str(asked_at - 1))
    # The move that opens the window is made while the page watches (on a busy
    # machine a page may take longer to open than the window lasts).
    _post_move(server, staged.id, staged.tokens[mover], moves[-1], asked_at - 1)
    page.wait_for_function(
        "step => window.stepChanges.some(([at]) => at === step)", arg=str(asked_at)
    )
    assert page.locator("#actions button.action").count() == 0, "a formality is never a button"
    page.wait_for_function(
        "step => document.body.dataset.step !== step", arg=str(asked_at), timeout=15_000
    )
    # Timed by the page's clock: the test's own notice of the window comes late
    # on a busy machine, which would make the wait look shorter than it was.
    changes: list[list[Any]] = page.evaluate("window.stepChanges")
    shown = next(at for step, at in changes if step == str(asked_at))
    answered = next(at for step, at in changes if at > shown and step != str(asked_at))
    assert (answered - shown) / 1000 >= float(FORMALITY_PAUSE) * 0.9
    expect(page.locator("#log")).to_contain_text("answered for you")


def _window_opened_by_another_persons_move() -> tuple[list[str], int]:
    """Moves that end in the person's POACH window, the last one made by another seat."""
    for seed in range(15, 200):
        moves, _state, _ = random_moves("slam", 3, in_a_poach_window_without_a_poach, seed=seed)
        before = get_game("slam").new_game(3)
        for move in moves[:-1]:
            before.apply(Action.from_text(move))
        if before.current_player not in (CHANCE, PERSON, None):
            return moves, before.current_player
    raise AssertionError("no seed opened the window by another person's move")


def _post_move(server: Server, table_id: str, token: str, move: str, step: int) -> None:
    """Play `move` for the seat holding `token`, over REST."""
    request = urllib.request.Request(
        f"{server.url}/api/tables/{table_id}/actions",
        data=json.dumps({"action": move, "step": step}).encode(),
        headers={"Content-Type": "application/json", "X-Seat-Token": token},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 204


STEP_TIMES = """
window.stepChanges = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => {
    window.stepChanges.push([document.body.dataset.step, performance.now()]);
  }).observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
});
"""
"""Records when the page shows each step (the table sets ``data-step`` as it draws a view)."""
