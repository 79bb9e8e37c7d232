"""The win chance and the hint over the API: a seat's own view, a spectator's public one,
refused at a rated table."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest

from pickletable.bots import coaching
from pickletable.core.actions import Action
from pickletable.core.registry import get_game
from pickletable.server.coaching import Coach
from pickletable.server.live import PLAYING, LiveTable
from tests.server.accounts.test_rated_table import post, rated_slam
from tests.server.conftest import Client, manager_of, new_table, start


def casual_card_table(client: Client) -> tuple[str, str]:
    """A started card table, Ann against an easy bot, once it is Ann's turn to move."""
    made = new_table(client, "card", ["human", "bot:easy"])
    table_id, token = made["table"]["id"], made["token"]
    start(client, table_id, token)
    table = manager_of(client).tables[table_id]
    deadline = time.monotonic() + 30  # the first server's deal and the bot may go first
    while table.state.current_player != 0:
        assert time.monotonic() < deadline, "Ann's turn did not come"
        time.sleep(0.02)
    return table_id, token


def test_a_seat_gets_its_side_s_chance_and_a_spectator_the_public_one(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(coaching, "ODDS_ITERATIONS", 12)  # the same answer, a cheaper figure
    table_id, token = casual_card_table(client)
    mine = client.get(f"/api/tables/{table_id}/odds", headers={"X-Seat-Token": token}).json()
    assert mine["line"].startswith("Your side ") and mine["line"].endswith("% to win")
    assert mine["you"] == 0 and abs(sum(mine["chances"].values()) - 1) < 1e-6
    public = client.get(f"/api/tables/{table_id}/odds").json()
    assert public["line"].startswith("Win chance: ") and public["you"] is None


def test_a_hint_names_a_move_and_the_log_says_the_seat_used_one(client: Client) -> None:
    table_id, token = casual_card_table(client)
    answer = client.post(f"/api/tables/{table_id}/hint", headers={"X-Seat-Token": token})
    assert answer.status_code == 200, answer.text
    assert answer.json()["hint"].startswith("Hint: ")
    assert "North (Ann) used a hint." in manager_of(client).tables[table_id].logs[None]


def test_a_spectator_gets_no_hint(client: Client) -> None:
    table_id, _ = casual_card_table(client)
    assert client.post(f"/api/tables/{table_id}/hint").status_code == 403


def test_odds_and_hints_are_refused_at_a_rated_table(client: Client) -> None:
    _, table, made, _ = rated_slam(client)
    assert post(client, f"/api/tables/{table}/rated", made["token"]).status_code == 204
    assert post(client, f"/api/tables/{table}/start", made["token"]).status_code == 204
    seat = {"X-Seat-Token": made["token"]}
    odds = client.get(f"/api/tables/{table}/odds", headers=seat)
    hint = post(client, f"/api/tables/{table}/hint", made["token"])
    for refused in (odds, hint):
        assert refused.status_code == 409
        assert "no win chance, hints or undo at a rated table" in refused.json()["detail"]


def test_a_figure_weighed_while_moves_were_taken_back_is_not_kept_for_the_next_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The spectator's figure for one discard is still being weighed when the discard is taken
    # back and another made: the table is at the same step again, in another position.
    monkeypatch.setattr(coaching, "ODDS_ITERATIONS", 12)  # the same rule, a cheaper figure
    table, first, second = a_card_table_at_two_discards()

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        coach, busy = Coach(), threading.Event()
        coach._pool.submit(busy.wait)  # the coach's thread is busy with another table
        play(table, first)
        weighing = asyncio.create_task(coach.odds(table, None))
        await asyncio.sleep(0)  # asked: the position after the first discard is weighed
        start = len(table.steps) - 1
        table.take_back(start, {"seat": 0, "at": start, "moves": [str(first)]}, "taken back")
        coach.forget(table.id)
        play(table, second)
        busy.set()
        await weighing
        return await coach.odds(table, None), await Coach().odds(table, None)

    kept, fresh = asyncio.run(scenario())
    assert kept == fresh


def a_card_table_at_two_discards() -> tuple[LiveTable, Action, Action]:
    """A card table whose player to act has taken a card and may discard two ways after
    which the spectator's win chance differs."""
    game = get_game("card")
    table = LiveTable(
        id="two-discards",
        game=game,
        players=2,
        options=game.options.resolve({}),
        content=game.default_content(),
        seats=[],
        seed=0,
        status=PLAYING,
        active=0.0,
        chance=random.Random(7),
    )
    table.chance_steps()
    take = next(a for a in table.state.legal_actions() if str(a).startswith("take"))
    play(table, take)
    discards = [a for a in table.state.legal_actions() if str(a).startswith("discard")]
    figures = {}
    for discard in discards:
        after = table.state.clone()
        after.apply(discard)
        figures[discard] = coaching.odds(after, None)
    first = discards[0]
    second = next(d for d in discards[1:] if figures[d] != figures[first])
    return table, first, second


def play(table: LiveTable, action: Action) -> None:
    """The player to act plays `action`."""
    player = table.state.current_player
    assert player is not None
    table.apply(player, action)


def test_a_figure_waits_while_the_table_is_between_a_move_and_its_release(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A bot's move is applied and committed ahead of its release time under the table's
    # lock: the position after it must not be read (and weighed) before it is sent.
    monkeypatch.setattr(coaching, "ODDS_ITERATIONS", 12)
    table, first, _second = a_card_table_at_two_discards()

    async def scenario() -> tuple[bool, dict[str, Any]]:
        lock = asyncio.Lock()
        coach = Coach({table.id: lock})
        async with lock:
            play(table, first)  # applied, not yet released
            weighing = asyncio.create_task(coach.odds(table, None))
            await asyncio.sleep(0.2)
            waited = not weighing.done()
        return waited, await weighing

    waited, answer = asyncio.run(scenario())
    assert waited
    assert answer["step"] == len(table.steps)
