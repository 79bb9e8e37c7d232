"""Searching bots think in worker processes, so a busy server still releases moves on time.

A search on a thread of the server's own process holds its interpreter
lock: the event loop that must release a bot's move at its release time (and
commit it, and send it) waits its turn behind the searches, and a move went
out hundreds of milliseconds late on a busy server. `BotProcesses` runs the
searches in a few worker processes started with the server, at a lower
priority (`pickletable.bots.thinking.NICENESS`), so the server's process gets
the processor whenever it needs it.

Each search is sent the bot (with what it remembers between decisions: the
card game's belief over the hidden hands), the seat's view and the decision's
RNG, and sends back its choice and the bot as it is after it: the server
keeps that bot for the seat's next decision, as if it had thought here. The
view sent is built on a determinisation (`told`: a state drawn from what the
seat knows), not on the table's state, so a worker never holds a hidden card
the seat has not seen. A search chooses the same either way: a search only
looks at the hidden part through `AgentView.sample`, which redraws it from
what the seat knows alone (the tests check both). A search stops at its
deadline (`search_until`), counted on the machine's monotonic clock, which
every process shares.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pickletable.bots.thinking import Thought, lower_priority, ready, search_until, start_worker
from pickletable.core.agents import Agent, AgentView
from pickletable.server.memory import GC_THRESHOLDS, SOLVER_MEMO

log = logging.getLogger("pickletable.server")
BOT_PROCESSES = 2
"""Worker processes `pickletable serve` starts for bots' searches."""
DRAW_SEED = 0
"""Seeds the draw of the hidden part a worker is told (any would do: see `told`)."""
GOODBYE_SECONDS = 1.0
"""How long closing waits for a worker to finish its search before ending it."""


class BotProcesses:
    """A few worker processes that run `search_until` (see the module docstring)."""

    def __init__(self, workers: int = BOT_PROCESSES) -> None:
        if workers < 1:
            raise ValueError(f"bot processes must be at least 1, not {workers}")
        self.workers = workers
        self.searches = 0
        """Searches answered by a worker so far (for tests and the curious)."""
        self._closed = False
        self._warm_ups: list[Future[bool]] = []
        self._pool = self._new_pool()

    async def started(self) -> None:
        """Wait until every worker has started (a benchmark measures from there)."""
        await asyncio.gather(*(asyncio.wrap_future(future) for future in self._warm_ups))

    async def think(
        self, bot: Agent, cap: float | None, stop: float, view: AgentView, rng: random.Random
    ) -> Thought:
        """`search_until` in a worker process; a broken pool is started anew for next time."""
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            thought = await loop.run_in_executor(
                pool, search_until, bot, cap, stop, told(view), rng
            )
        except BrokenProcessPool:
            # every search under way in the broken pool ends so: the first starts a new one,
            # the others must not end that one (and the searches sent to it since)
            if self._closed or pool is not self._pool:
                raise
            log.error("a bot process ended unexpectedly; starting the bot processes again")
            pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            raise
        self.searches += 1
        return thought

    async def close(self) -> None:
        """End the workers: searches not begun are dropped, one under way gets a moment."""
        self._closed = True
        pool = self._pool
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(_end, processes)

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: a fork of a server with threads and an event loop copies their locks
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(
            self.workers,
            mp_context=context,
            initializer=start_worker,
            initargs=(SOLVER_MEMO, GC_THRESHOLDS, os.getpid()),
        )
        # start them now, not at the first bot's turn (a spawned worker takes a second or more)
        self._warm_ups = [pool.submit(ready) for _ in range(self.workers)]
        for future in self._warm_ups:
            future.add_done_callback(_forget)
        for process in (getattr(pool, "_processes", None) or {}).values():
            lower_priority(process.pid)
        return pool


def told(view: AgentView) -> AgentView:
    """What a worker is told of `view`: the same seat's view of a state drawn from what it knows.

    Its observation and legal actions are the seat's own; the hidden cards in it are
    a draw (by an RNG of its own: the bot's is the search's, untouched).
    """
    return AgentView(view.sample(random.Random(DRAW_SEED)), view.seat)


def _end(processes: list[Any]) -> None:
    """Wait a moment for each worker to end, then end it."""
    for process in processes:
        process.join(GOODBYE_SECONDS)
        if process.is_alive():
            process.terminate()
            process.join(GOODBYE_SECONDS)


def _forget(future: Future[bool]) -> None:
    """Collect a warm-up's result (a worker that cannot start shows at the first search)."""
    if not future.cancelled():
        future.exception()
