"""The post-game review of a finished table, in the background, with its progress, kept.

A review weighs every decision of one seat by rollouts (`pickletable.analysis.review`):
seconds to tens of seconds of CPU. It runs on the reviews' own single thread (never on
the event loop, never in the bots' pools), one at a time; whoever asks while it runs gets
its progress (``{"state": "running", "done", "total"}``), then the review itself
(``{"state": "done", "review": ...}``). Finished reviews are kept per (table, seat), and a
review nobody has asked after for `ABANDONED_SECONDS` stops (a later ask starts it again).
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from pickletable.analysis.review import BUDGET, ReviewCancelled, review_record
from pickletable.core.errors import PickletableError
from pickletable.server.errors import Refused
from pickletable.server.live import LiveTable

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

    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None
    asked: float = field(default_factory=time.monotonic)

    def answer(self) -> dict[str, Any]:
        """What a client is told about it now."""
        if self.error is not None:
            return {"state": "failed", "message": self.error}
        if self.result is not None:
            return {"state": "done", "review": self.result}
        return {"state": "running", "done": self.done, "total": self.total}


class Reviews:
    """Reviews of finished tables: started on request, run one at a time, kept once done."""

    def __init__(self, budget: int | None = None) -> None:
        self.budget = budget_from_env() if budget is None else budget
        """Rollouts per move weighed (`pickletable.analysis.review.BUDGET`)."""
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="pickletable-review")
        self._jobs: OrderedDict[Key, Job] = OrderedDict()

    def stop(self) -> None:
        """Drop queued reviews (the server is stopping)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def ask(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """The review of `seat` at a finished table: its progress, or the review once done.

        Called on the event loop: it only looks and, the first time, queues the work.
        """
        if not table.closed:
            raise Refused(LIVE)
        if table.state.outcome is None:
            raise Refused(UNFINISHED)
        key = (table.id, seat)
        job = self._jobs.get(key)
        if job is None or job.error == ABANDONED:
            job = Job()
            self._jobs[key] = job
            record = table.record()  # on the loop: a copy the worker may read at leisure
            self._pool.submit(self._run, job, record, seat)
            self._forget_old()
        job.asked = time.monotonic()
        self._jobs.move_to_end(key)
        return job.answer()

    def _run(self, job: Job, record: dict[str, Any], seat: int) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        def cancelled() -> bool:
            return time.monotonic() - job.asked > ABANDONED_SECONDS

        try:
            review = review_record(
                record, [seat], budget=self.budget, progress=progress, cancelled=cancelled
            )
        except ReviewCancelled:
            job.error = ABANDONED
        except PickletableError as error:
            job.error = str(error)
        else:
            job.result = review.to_json()

    def _forget_old(self) -> None:
        finished = [key for key, job in self._jobs.items() if job.result or job.error]
        for key in finished[: max(0, len(self._jobs) - KEPT)]:
            del self._jobs[key]


ABANDONED = "the review stopped: nobody was waiting for it (ask again to restart it)"
