"""Password hashing on a thread of its own, with a bounded queue.

An Argon2id hash costs some 0.25 s of processor time and 64 MiB, and a
right password is never counted against the sign-in limits: one client
signing in to its own account over and over, 32 requests at once, once
filled the shared thread pool (the one session look-ups and, with several
workers, table lease renewals use) for over half a minute, so signed-in
pages waited 31 s and workers lost their tables' leases. Now every hash
runs here: `THREADS` thread(s) at a lower scheduling priority (Linux: the
thread's nice value, inherited by Argon2's own lane threads), at most
`WAITING` hashes waiting or running, and at most `PER_ADDRESS` of them one
client address's. Past either, the request is refused at once (503 or 429,
with Retry-After) instead of queueing without end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from pickletable.server.errors import TooMany, Unavailable

THREADS = 1
"""Hashes computed at once."""
WAITING = 8
"""Hashes waiting or running at once, from everyone."""
PER_ADDRESS = 2
"""Hashes waiting or running at once for one client address."""
NICE = 10
"""How much lower the hashing thread's priority is (a nice value, where the platform has one)."""

T = TypeVar("T")


def _lower_priority() -> None:
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


class PasswordWork:
    """Where the accounts hash and check passwords (see the module docstring)."""

    def __init__(
        self, threads: int = THREADS, waiting: int = WAITING, per_address: int = PER_ADDRESS
    ) -> None:
        self.waiting = waiting
        self.per_address = per_address
        self._pool = ThreadPoolExecutor(
            threads, thread_name_prefix="pickletable-password", initializer=_lower_priority
        )
        self._queued = 0
        self._by_address: Counter[str] = Counter()

    async def run(self, address: str, function: Callable[..., T], *args: object) -> T:
        """`function(*args)` on the hashing thread, or a refusal if too many wait already."""
        if self._by_address[address] >= self.per_address:
            raise TooMany(
                "your address has passwords being checked already: try again in a moment",
                retry_after=1,
            )
        if self._queued >= self.waiting:
            raise Unavailable(
                "the server is checking many passwords now: try again in a moment",
                retry_after=1,
            )
        self._queued += 1
        self._by_address[address] += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, lambda: function(*args))
        finally:
            self._queued -= 1
            self._by_address[address] -= 1
            if not self._by_address[address]:
                del self._by_address[address]

    def close(self) -> None:
        """Stop the thread (hashes running finish)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
