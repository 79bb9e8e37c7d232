"""A bot's move lands a fixed time after its turn began, however long the bot thought.

When a bot's move arrives must tell the table nothing about its hand: a
forced move answered at once, or a search that ends sooner on an easy hand,
would. Time here is a fake clock: the bot "thinks" by moving it on by an
amount that depends on what it may do, and the server's wait before it
releases the move is recorded, so nothing depends on the machine's speed.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest

from pickletable.bots import make_bot
from pickletable.bots.thinking import thinking_part
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.server.driver import COMMITTED_AHEAD, cap_thinking
from tests.server.conftest import new_table

BOT_DELAY = 1.0


class FakeClock:
    """A monotonic clock that moves only when told (`Settings.clock`)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


class HandTimedBot:
    """Thinks for longer the more it may do: a forced move takes no time at all."""

    name = "hand-timed"

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.began: list[float] = []
        self.thought: list[float] = []

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        legal = view.legal_actions
        self.began.append(self.clock())
        took = 0.0 if len(legal) == 1 else 0.05 * min(len(legal), 15)
        self.clock.advance(took)
        self.thought.append(took)
        laying = [action for action in legal if str(action).endswith(" lay")]
        return laying[0] if laying else legal[rng.randrange(len(legal))]


class Releases:
    """`Settings.bot_wait`: each wait moves the fake clock on and notes when the move left."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.at: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.at.append(self.clock())
        await asyncio.sleep(0)


def wanted(releases: Releases, bot: HandTimedBot) -> bool:
    """Whether more bot moves are wanted: 40 at least, and three kinds of hand among them."""
    return len(releases.at) < 80 or len(set(bot.thought)) < 3


def watch(
    client: Any, table_id: str, releases: Releases, bot: HandTimedBot, deadline: float
) -> None:
    """Wait until no more moves are wanted or the table's game is over; then until its last
    move is sent (each move waits twice), so the next table's moves follow in order."""
    while wanted(releases, bot) and time.monotonic() < deadline:
        if client.get(f"/api/tables/{table_id}").json()["status"] == "over":
            while len(releases.at) < 2 * len(bot.began) and time.monotonic() < deadline:
                time.sleep(0.01)
            return
        time.sleep(0.01)


@pytest.mark.parametrize(("game", "seats"), [("board", 4), ("card", 3), ("slam", 3)])
def test_a_bot_move_lands_at_the_bot_delay_whatever_it_held(
    serve: Any, monkeypatch: pytest.MonkeyPatch, game: str, seats: int
) -> None:
    clock = FakeClock()
    bot = HandTimedBot(clock)
    releases = Releases(clock)
    monkeypatch.setattr("pickletable.server.driver.make_bot", lambda level, game_id: bot)
    with serve(bot_delay=BOT_DELAY, clock=clock, bot_wait=releases) as client:
        deadline = time.monotonic() + 60
        # 40 moves at least, and on until three kinds of hand have come up: which do, and
        # when, depends on the deal, and a game can end first, so a new table is then begun
        while wanted(releases, bot) and time.monotonic() < deadline:
            table_id = new_table(client, game, ["bot:medium"] * seats)["table"]["id"]
            assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
            watch(client, table_id, releases, bot, deadline)
    # each move waits twice: until it is committed, a fixed time ahead, then until it is sent
    committed, sent = releases.at[0::2], releases.at[1::2]
    moves = min(len(bot.began), len(sent))
    assert moves >= 40, f"only {moves} bot moves were released"
    assert len(set(bot.thought)) >= 3, "the hands should take unlike times to play"
    for began, released in zip(bot.began[:moves], sent[:moves], strict=True):
        assert released - began == pytest.approx(BOT_DELAY)
    for began, stored in zip(bot.began[:moves], committed[:moves], strict=True):
        assert stored - began == pytest.approx(BOT_DELAY * (1 - COMMITTED_AHEAD))


def test_a_searching_bot_thinks_for_less_than_the_bot_delay() -> None:
    # Thinking past the delay would make the move late by an amount its hand decides.
    for game in ("board", "card", "slam"):
        searcher = thinking_part(cap_thinking(make_bot("hard", game), 0.6))
        assert searcher is not None, f"{game}'s hard bot has no time cap to set"
        assert searcher.milliseconds is not None and searcher.milliseconds < 600
