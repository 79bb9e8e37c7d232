"""Searching bots think in worker processes, told only what their seat knows.

A worker gets the seat's view of a state drawn from what the seat knows (never
the table's own state), the bot and the decision's RNG, and sends back its
choice and the bot after it (what it remembers for its next decision). A
search must choose there exactly what it would choose in the server's own
process, and the workers end with the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import multiprocessing
import pickle
import random
import time
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from pickletable.bots import bot_from_name
from pickletable.bots.thinking import search_until, thinking_part
from pickletable.core.agents import AgentView
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.card.solver import solver_for
from pickletable.server.bot_processes import BotProcesses, told
from pickletable.server.config import Settings
from pickletable.server.driver import THINKING_SHARE
from pickletable.server.manager import TableManager

TABLES = [("board", 2), ("board", 4), ("card", 3), ("card", 4), ("slam", 3), ("slam", 4)]
HIDDEN_HANDS = {"card", "slam"}
"""The games where a seat cannot see the others' hands (the board game hides no card)."""
ITERATIONS = 30
"""The searches' budget here: iterations alone, so a search chooses the same on any machine."""
FAR = 600.0
"""Seconds to a deadline that never comes first."""


def position(game: str, players: int, seed: int) -> tuple[GameState, int]:
    """A seat's decision some random moves into a game (with cards in every hand)."""
    state = get_game(game).new_game(players, {})
    rng = random.Random(seed)
    for _ in range(20 + 5 * seed):
        player = state.current_player
        if player is None:
            break
        legal = state.legal_actions()
        state.apply(state.sample_chance(rng) if player == CHANCE else rng.choice(legal))
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    while state.current_player is not None and len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
        while state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
    assert state.current_player is not None, "a decision"
    return state, state.current_player


def searcher(game: str) -> Any:
    return bot_from_name(f"hard:{ITERATIONS}", game)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_worker_is_told_what_the_seat_knows_and_not_the_hidden_cards(
    game: str, players: int
) -> None:
    hidden_differs = False
    for seed in range(4):
        state, seat = position(game, players, seed)
        view = AgentView(state.clone(), seat)
        seen = told(view)
        assert seen.observed == view.observed
        assert seen.legal_actions == view.legal_actions
        drawn = seen._state  # what the worker would hold
        others = [other for other in state.seats if other != seat]
        hidden_differs |= any(drawn.observe(other) != state.observe(other) for other in others)
    if game in HIDDEN_HANDS:
        assert hidden_differs, "the other seats' hidden cards are a draw, not the table's"


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_search_told_a_drawn_state_chooses_as_on_the_table_s_own(game: str, players: int) -> None:
    for seed in range(2):
        state, seat = position(game, players, seed)
        view = AgentView(state.clone(), seat)
        stop = time.monotonic() + FAR
        here, _ = search_until(searcher(game), None, stop, view, random.Random(seed))
        there, _ = search_until(searcher(game), None, stop, told(view), random.Random(seed))
        assert there == here


def test_a_search_in_a_worker_process_chooses_as_in_the_server_s_own() -> None:
    async def both() -> list[tuple[Any, Any, Any]]:
        processes = BotProcesses(1)
        try:
            await asyncio.wait_for(processes.started(), 120)
            found = []
            for game, players in TABLES:
                state, seat = position(game, players, 1)
                view = AgentView(state.clone(), seat)
                bot = searcher(game)
                stop = time.monotonic() + FAR
                here, _ = search_until(copy.deepcopy(bot), None, stop, view, random.Random(5))
                there, back = await processes.think(bot, None, stop, view, random.Random(5))
                found.append((here, there, back))
            assert processes.searches == len(TABLES)
            return found
        finally:
            await processes.close()

    for here, there, _ in asyncio.run(both()):
        assert there == here


def test_the_card_bot_comes_back_remembering_what_it_saw() -> None:
    async def think() -> Any:
        processes = BotProcesses(1)
        try:
            state, seat = position("card", 3, 2)
            bot = searcher("card")
            assert bot.belief.hands == []
            stop = time.monotonic() + FAR
            view = AgentView(state.clone(), seat)
            _, back = await processes.think(bot, None, stop, view, random.Random(3))
            return bot, back
        finally:
            await processes.close()

    sent, back = asyncio.run(think())
    assert sent.belief.hands == [], "the bot sent is not touched"
    assert len(back.belief.hands) == back.belief.size, "the belief came back with the bot"


def test_a_hand_solver_travels_as_a_name_not_with_its_memo_tables() -> None:
    solver = solver_for(1, 10)
    for hand in (("1", "2", "3", "4", "5", "6", "7"), ("2", "2", "5", "9", "dink", "smash", "8")):
        solver.verdict(hand)
    assert pickle.loads(pickle.dumps(solver)) is solver
    assert len(pickle.dumps(solver)) < 200


def test_the_workers_end_with_the_server_and_the_seats_keep_their_bots(tmp_path: Path) -> None:
    delay = 0.3
    before = set(multiprocessing.active_children())

    async def play() -> tuple[TableManager, Any]:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'tables.sqlite3'}",
            bot_delay=delay,
            bot_processes=1,
        )
        manager = TableManager(settings)
        await manager.start()
        assert manager.bot_processes is not None
        await asyncio.wait_for(manager.bot_processes.started(), 120)
        made = await manager.create("slam", players=3, options={}, seats=["bot:hard"] * 3)

        async def watch(message: dict[str, Any]) -> None:
            del message

        connection = await manager.connect(made.table.id, watch, None)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(60):
                while manager.bot_processes.searches < 4:
                    await asyncio.sleep(0.05)
        searched = manager.bot_processes.searches
        await manager.disconnect(connection)
        await manager.stop()
        assert searched >= 4, "searches went to the worker"
        return manager, made.table

    manager, table = asyncio.run(play())
    assert manager.bot_processes is None
    assert not set(multiprocessing.active_children()) - before, "no worker outlives the server"
    assert any(move.level == "hard" for move in manager.bot_moves)
    cap = THINKING_SHARE * delay * 1000
    for bot in table.bots.values():  # the bots sent back, with the time cap the seat gave them
        search = thinking_part(bot)
        assert search is not None
        assert manager._caps[search] == pytest.approx(cap)


class _Pool(Executor):
    """A stand-in for the worker pool whose searches end as the test says."""

    def __init__(self) -> None:
        self.searches: list[Future[Any]] = []
        self.ended = False

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.searches.append(future)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.ended = True
        for future in self.searches:
            if cancel_futures:
                future.cancel()


def test_a_broken_pool_is_replaced_once_whatever_the_searches_it_breaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A worker killed (say, out of memory) breaks every search under way at once: the
    # first to hear of it starts new workers, the others must not end those as well.
    pools: list[_Pool] = []

    def new_pool(self: BotProcesses) -> _Pool:
        pools.append(_Pool())
        return pools[-1]

    monkeypatch.setattr(BotProcesses, "_new_pool", new_pool)
    state, seat = position("board", 2, 0)
    view = AgentView(state, seat)

    async def scenario() -> None:
        processes = BotProcesses(1)
        bot = searcher("board")
        searches = [
            asyncio.ensure_future(processes.think(bot, None, FAR, view, random.Random(0)))
            for _ in range(2)
        ]
        await asyncio.sleep(0)
        broken = pools[0]
        assert len(broken.searches) == 2
        for future in broken.searches:
            future.set_exception(BrokenProcessPool("a worker was killed"))
        for search in searches:
            with pytest.raises(BrokenProcessPool):
                await search
        assert len(pools) == 2 and broken.ended
        assert not pools[1].ended  # the new workers still search
        await processes.close()

    asyncio.run(scenario())


class _BrokenPool(_Pool):
    """A pool whose every worker has just died: each search fails as it is sent."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(BrokenProcessPool("a worker was killed"))
        return future


def test_a_search_whose_worker_died_plays_the_quick_fallback_not_a_random_move(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    monkeypatch.setattr(BotProcesses, "_new_pool", lambda self: _BrokenPool())

    async def play() -> int:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'tables.sqlite3'}",
            bot_delay=0.2,
            bot_processes=1,
        )
        manager = TableManager(settings)
        await manager.start()
        made = await manager.create("slam", players=3, options={}, seats=["bot:hard"] * 3)

        async def watch(message: dict[str, Any]) -> None:
            del message

        connection = await manager.connect(made.table.id, watch, None)
        async with asyncio.timeout(60):
            while "failed; playing" not in caplog.text:
                await asyncio.sleep(0.05)
            while not manager.bot_moves:  # the fallback's move lands at the bot delay
                await asyncio.sleep(0.05)
        await manager.disconnect(connection)
        await manager.stop()
        return len(manager.bot_moves)

    with caplog.at_level("ERROR", logger="pickletable.server"):
        assert asyncio.run(play()) >= 1
    assert "failed; playing its quick fallback" in caplog.text
    assert "playing a random legal action" not in caplog.text
