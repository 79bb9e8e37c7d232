"""Board game and Slam: the last point (or Play Card move), or the last round won, stays on
show as a "Last" line."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from pickletable.core.events import Event
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from pickletable.games.slam.codes import EventKind as SlamEventKind
from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.staging import open_seat, random_moves, stage_table


def after(game: str, kind: str) -> Any:
    """Stop once the last result (a point, a move, a round won) is of `kind` and the first
    seat is to act again."""
    results = get_game(game).result_events

    def reached(state: GameState, events: list[Event]) -> bool:
        kinds = [event.kind for event in events if event.kind in results]
        seen = bool(kinds) and kinds[-1] == kind
        return seen and state.current_player == state.seats[0]

    return reached


@pytest.mark.parametrize(
    ("game", "players", "kind", "selector", "label"),
    [
        ("board", 2, "point", ".play-card-box .last-result", "Last on the track: "),
        # A Play Card that moves a piece after the point: the line says the move, not the point.
        ("board", 2, "move", ".play-card-box .last-result", "Last on the track: "),
        ("slam", 3, SlamEventKind.ROUND_WON, ".slam-top .last-result", "Last round: "),
    ],
)
def test_the_last_point_or_round_is_on_show_after_play_goes_on(
    browser: Any, server: Server, game: str, players: int, kind: str, selector: str, label: str
) -> None:
    moves, state, events = random_moves(game, players, after(game, kind))
    last = [event for event in events if event.kind in get_game(game).result_events][-1]
    assert last.kind == kind
    assert events[-1] is not last  # play went on after it
    seats = ["human:Ann"] + [f"human:Player{n}" for n in range(2, players + 1)]
    table = stage_table(server, game, seats, moves)
    page = open_seat(browser, server, table.id, table.tokens[state.seats[0]])

    expect(page.locator(selector)).to_have_text(
        label + get_game(game).presenter.describe(state, last)
    )
    page.screenshot(path=str(SCREENSHOTS / f"{game}-last-result.png"), animations="disabled")
