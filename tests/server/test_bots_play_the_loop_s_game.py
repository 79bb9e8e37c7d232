"""The server's bots play the game the one game loop plays, for the same seed and the same
draws: a seeded table of bots ends as `run_match` ends with those bots."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pickletable.bots import make_bot
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.server.live import LiveTable
from tests.server.conftest import new_table


class AsTheServerDraws:
    """A bot given, for each decision, an RNG seeded from 128 bits of the table's chance
    (as `LiveTable.bot_rng` does)."""

    def __init__(self, bot: Agent) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        return self.bot.choose(view, random.Random(rng.getrandbits(128)))


def seeded_tables(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Every table made from now on draws its chance from `random.Random(seed)`."""
    made = LiveTable.__post_init__

    def seeded(table: LiveTable) -> None:
        made(table)
        table.chance = random.Random(seed)

    monkeypatch.setattr(LiveTable, "__post_init__", seeded)


def finished_record(client: Any, table_id: str, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if client.get(f"/api/tables/{table_id}").json()["status"] == "over":
            record: dict[str, Any] = client.get(f"/api/tables/{table_id}/record").json()
            return record
        time.sleep(0.01)
    raise AssertionError(f"the bots' game did not end within {seconds} s")


@pytest.mark.parametrize(
    ("game", "levels"), [("card", ["medium", "easy"]), ("slam", ["medium", "easy", "medium"])]
)
def test_a_seeded_table_of_bots_plays_the_loop_s_game(
    serve: Any, monkeypatch: pytest.MonkeyPatch, game: str, levels: list[str]
) -> None:
    seeded_tables(monkeypatch, seed=21)
    with serve() as client:
        made = new_table(client, game, [f"bot:{level}" for level in levels])
        table_id = made["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
        record = finished_record(client, table_id)
    state = get_game(game).new_game(len(levels), record["options"])
    agents: dict[int, Agent] = {
        seat: AsTheServerDraws(make_bot(level, game))
        for seat, level in zip(state.seats, levels, strict=True)
    }
    run_match(state, agents, random.Random(21))
    assert [step["action"] for step in record["steps"]] == [str(a) for a in state.history]
