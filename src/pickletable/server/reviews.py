"""The post-game review of a finished table, in the background, with its progress, kept.

A review weighs every decision of one seat by rollouts (`pickletable.analysis.review`):
seconds to tens of seconds of CPU. It runs on the reviews' own single thread (never on
the event loop, never in the bots' pools), one at a time; whoever asks while it runs gets
its progress (``{"state": "running", "done", "total"}``), then the review itself
(``{"state": "done", "review": ...}``). A finished review is kept in memory per (table,
seat) and in the database beside its table (`server.review_store`), so a restarted server
or another worker answers it without weighing again; the table's record carries it. A
review nobody has asked after for `ABANDONED_SECONDS` stops (a later ask starts it again).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from pickletable.analysis.review import BUDGET, SEED, ReviewCancelled, review_record
from pickletable.core.errors import PickletableError
from pickletable.server.errors import Refused
from pickletable.server.live import LiveTable
from pickletable.server.review_store import save_review, stored_review, stored_reviews
from pickletable.server.storage import Storage

log = logging.getLogger("pickletable.server")
T = TypeVar("T")

KEPT = 64
"""Finished reviews kept (the latest asked for)."""
ABANDONED_SECONDS = 60.0
"""A running review nobody asked after for this long stops."""
LIVE = "a review opens once the game is over: this table is still in play"
UNFINISHED = "this game did not finish: only a finished game is reviewed"

BUDGET_ENV = "PICKLETABLE_REVIEW_BUDGET"
"""Rollouts per move the server's reviews weigh, if not `BUDGET` (a test server's are rough)."""

Key = tuple[str, int]


def budget_from_env() -> int:
    """The reviews' budget: `BUDGET_ENV` if set, else `BUDGET`."""
    text = os.environ.get(BUDGET_ENV, "").strip()
    if not text:
        return BUDGET
    if not text.isdigit() or int(text) < 1:
        raise PickletableError(
            f"{BUDGET_ENV} is rollouts per move: a whole number from 1, not {text!r}"
        )
    return int(text)


@dataclass
class Job:
    """One review, running or done."""

    asked: float
    """When someone last asked after it (`Reviews.clock`)."""
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None

    def answer(self) -> dict[str, Any]:
        """What a client is told about it now."""
        if self.error is not None:
            return {"state": "failed", "message": self.error}
        if self.result is not None:
            return {"state": "done", "review": self.result}
        return {"state": "running", "done": self.done, "total": self.total}


class Reviews:
    """Reviews of finished tables: started on request, run one at a time, kept once done.

    With `storage` (the table manager's database, read and written through its writer
    thread `writer`), a finished review is kept there too and read back before one is made.
    """

    def __init__(
        self,
        budget: int | None = None,
        *,
        storage: Callable[[], Storage | None] = lambda: None,
        writer: Executor | None = None,
    ) -> None:
        self.budget = budget_from_env() if budget is None else budget
        """Rollouts per move weighed (`pickletable.analysis.review.BUDGET`)."""
        self.seed = SEED
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for `ABANDONED_SECONDS` (a test sets a clock of its own)."""
        self._storage = storage
        self._writer = writer
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="pickletable-review")
        self._jobs: OrderedDict[Key, Job] = OrderedDict()

    def stop(self) -> None:
        """Drop queued reviews (the server is stopping)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def ask(self, table: LiveTable, seat: int, *, start: bool = True) -> dict[str, Any]:
        """The review of `seat` at a finished table: its progress, or the review once done.

        Called on the event loop: it looks in memory, then in the database, and only then
        queues the work on the reviews' thread (unless not `start`: then a review not made
        yet answers ``{"state": "none"}``).
        """
        if not table.closed:
            raise Refused(LIVE)
        if table.state.outcome is None:
            raise Refused(UNFINISHED)
        key = (table.id, seat)
        if self._needs_start(key):
            stored = await self._in_db(
                stored_review, table.id, seat, seed=self.seed, budget=self.budget
            )
            if self._needs_start(key):  # nobody started it while the database answered
                if stored is None and not start:
                    return {"state": "none"}
                job = Job(self.clock(), result=stored)
                self._jobs[key] = job
                if stored is None:
                    record = table.record()  # on the loop: a copy the worker may read at leisure
                    self._pool.submit(self._run, job, record, table.id, seat)
                self._forget_old()
        job = self._jobs[key]
        job.asked = self.clock()
        self._jobs.move_to_end(key)
        return job.answer()

    async def kept(self, table_id: str) -> list[dict[str, Any]]:
        """Every review of the table kept in the database (a record's ``meta.reviews``)."""
        return await self._in_db(stored_reviews, table_id) or []

    def _needs_start(self, key: Key) -> bool:
        job = self._jobs.get(key)
        return job is None or job.error == ABANDONED

    async def _in_db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """`function(storage, ...)` on the database thread (None without a database, or if
        reading fails: then the review is made again, never refused)."""
        storage = self._storage()
        if storage is None or self._writer is None:
            return None
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._writer, partial(function, storage, *args, **kwargs)
            )
        except Exception:
            log.warning("reading the kept reviews failed", exc_info=True)
            return None

    def _run(self, job: Job, record: dict[str, Any], table_id: str, seat: int) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        def cancelled() -> bool:
            return self.clock() - job.asked > ABANDONED_SECONDS

        try:
            review = review_record(
                record,
                [seat],
                budget=self.budget,
                seed=self.seed,
                progress=progress,
                cancelled=cancelled,
            )
        except ReviewCancelled:
            job.error = ABANDONED
        except PickletableError as error:
            job.error = str(error)
        else:
            job.result = review.to_json()
            self._keep(table_id, seat, job.result)

    def _keep(self, table_id: str, seat: int, review: dict[str, Any]) -> None:
        """Queue the review's write on the database thread (from the reviews' thread)."""
        storage = self._storage()
        if storage is None or self._writer is None:
            return
        try:
            future = self._writer.submit(save_review, storage, table_id, seat, review)
        except RuntimeError:
            return  # the server is stopping: the review is made again next time
        future.add_done_callback(_log_failure)

    def _forget_old(self) -> None:
        finished = [key for key, job in self._jobs.items() if job.result or job.error]
        for key in finished[: max(0, len(self._jobs) - KEPT)]:
            del self._jobs[key]


def _log_failure(future: Any) -> None:
    error = future.exception()
    if error is not None:
        log.warning("a finished review could not be kept in the database", exc_info=error)


ABANDONED = "the review stopped: nobody was waiting for it (ask again to restart it)"
