"""Bots' groundwork (a win-chance table, say) built in a process of its own, never on a bot
thread: one table's unusual options cannot hold the threads every table's bots think on.

The process runs at a lower priority, one piece of work at a time, each
piece once however many tables ask for it; at most `PENDING_LIMIT` wait,
and a bot whose work is not done yet plays its quick fallback meanwhile
(`pickletable.bots.groundwork`). Closing the builder ends the process.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

from pickletable.bots.groundwork import Groundwork, build_here
from pickletable.bots.thinking import lower_priority

log = logging.getLogger("pickletable.server")
PENDING_LIMIT = 4
"""Pieces of work waiting or under way at once; a bot asking for more plays its fallback."""


class GroundworkBuilder:
    """Builds `Groundwork` in a worker process, one piece at a time, each key once."""

    def __init__(self) -> None:
        self._waiting: deque[Groundwork] = deque()
        self._keys: set[Hashable] = set()
        self._failed: set[Hashable] = set()
        self._worker: asyncio.Task[None] | None = None
        self._process: Any = None

    def ask(self, work: Groundwork) -> None:
        """Queue `work` unless it is queued already, failed before, or too much waits."""
        if work.key in self._keys or work.key in self._failed:
            return
        if len(self._keys) >= PENDING_LIMIT:
            return  # the bot asks again at its next decision
        self._keys.add(work.key)
        self._waiting.append(work)
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work(), name="bots' groundwork")

    def under_way(self) -> int:
        """How many pieces of work are waiting or being built."""
        return len(self._keys)

    async def close(self) -> None:
        """End the worker process; work not done is dropped (bots ask for it again)."""
        if self._process is not None:
            self._process.terminate()
        if self._worker is not None:
            self._worker.cancel()
            await asyncio.gather(self._worker, return_exceptions=True)
        self._waiting.clear()
        self._keys.clear()

    async def _work(self) -> None:
        while self._waiting:
            work = self._waiting.popleft()
            try:
                work.keep(await self._build(work.build, work.arguments))
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._failed.add(work.key)  # not tried again: its bots keep their fallback
                log.error("building %s for the bots failed: %s", work.key, error)
            finally:
                self._keys.discard(work.key)

    async def _build(self, build: Callable[..., Any], arguments: tuple[Any, ...]) -> Any:
        # spawn, not fork: a fork of a server with threads and an event loop copies their locks
        context = multiprocessing.get_context("spawn")
        receiver, sender = context.Pipe(duplex=False)
        process = context.Process(target=build_here, args=(sender, build, arguments), daemon=True)
        process.start()
        lower_priority(process.pid)  # from its first import on
        sender.close()
        self._process = process
        try:
            loop = asyncio.get_running_loop()
            ok, value = await loop.run_in_executor(None, receiver.recv)
        except EOFError:
            raise RuntimeError(f"the worker process ended (exit code {process.exitcode})") from None
        finally:
            self._process = None
            receiver.close()
            process.terminate()
            await asyncio.get_running_loop().run_in_executor(None, process.join, 5)
        if not ok:
            raise RuntimeError(value)
        return value
