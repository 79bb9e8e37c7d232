"""Board game and Slam: the last point, or the last round won, stays on show as a "Last" line."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from pickletable.core.events import Event
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.staging import open_seat, random_moves, stage_table


def after(kind: str) -> Any:
    """Stop once an event of `kind` has happened and the first seat is to act again."""

    def reached(state: GameState, events: list[Event]) -> bool:
        seen = any(event.kind == kind for event in events)
        return seen and state.current_player == state.seats[0]

    return reached


@pytest.mark.parametrize(
    ("game", "players", "kind", "selector", "label"),
    [
        ("board", 2, "point", ".play-card-box .last-result", "Last point: "),
        ("slam", 3, "round-won", ".slam-top .last-result", "Last round: "),
    ],
)
def test_the_last_point_or_round_is_on_show_after_play_goes_on(
    browser: Any, server: Server, game: str, players: int, kind: str, selector: str, label: str
) -> None:
    moves, state, events = random_moves(game, players, after(kind))
    last = [event for event in events if event.kind == kind][-1]
    assert events[-1] is not last  # play went on after it
    seats = ["human:Ann"] + [f"human:Player{n}" for n in range(2, players + 1)]
    table = stage_table(server, game, seats, moves)
    page = open_seat(browser, server, table.id, table.tokens[state.seats[0]])

    expect(page.locator(selector)).to_have_text(
        label + get_game(game).presenter.describe(state, last)
    )
    page.screenshot(path=str(SCREENSHOTS / f"{game}-last-result.png"), animations="disabled")
