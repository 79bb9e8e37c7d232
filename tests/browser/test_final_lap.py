"""Card game: the final lap counts its turns in words ("1 turn left", "2 turns left")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from pickletable.games.card.codes import EventKind
from tests.browser.conftest import Server
from tests.browser.staging import open_seat, random_moves, stage_table


@pytest.mark.parametrize(("players", "badge"), [(2, "1 turn left"), (3, "2 turns left")])
def test_the_final_lap_badge_says_turn_or_turns(
    browser: Any, server: Server, players: int, badge: str
) -> None:
    def just_laid_down(state: Any, events: list[Any]) -> bool:
        return bool(events) and events[-1].kind == EventKind.FINAL_LAP

    moves, state, _ = random_moves("card", players, just_laid_down)
    seats = [f"human:Player{n}" for n in range(1, players + 1)]
    table = stage_table(server, "card", seats, moves)
    page = open_seat(browser, server, table.id, table.tokens[state.seats[0]])
    expect(page.locator(".scoreboard .phase-badge")).to_have_text(f"Final lap: {badge}")
    expect(page.locator(".scoreboard")).not_to_contain_text(re.compile(r"turn\(s\)"))
