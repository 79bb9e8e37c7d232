"""Counting what each client asks for: open connections, tables made, messages sent.

Plain counters, no I/O: the routes ask them before doing anything and
refuse with a clear message when a client is over its limit (`config.Limits`).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class OpenCount:
    """How many things (WebSockets) each client address holds open now."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """Count one more for `address`; False (and nothing counted) when it is at the limit."""
        count = self._open.get(address, 0)
        if count >= self.limit:
            return False
        self._open[address] = count + 1
        return True

    def give_back(self, address: str) -> None:
        """One of `address`'s things closed."""
        count = self._open.get(address, 0) - 1
        if count > 0:
            self._open[address] = count
        else:
            self._open.pop(address, None)


class PerMinute:
    """How many times each client address did something in the last minute."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self._clock = clock
        self._times: dict[str, deque[float]] = {}

    def take(self, address: str) -> float:
        """Count one more for `address`: 0 if allowed, else the seconds until it will be."""
        now = self._clock()
        times = self._times.setdefault(address, deque())
        while times and times[0] <= now - 60.0:
            times.popleft()
        if len(times) >= self.limit:
            return times[0] + 60.0 - now
        times.append(now)
        if len(self._times) > 10_000:  # forget addresses that have been quiet for a minute
            for quiet in [a for a, t in self._times.items() if not t or t[-1] <= now - 60.0]:
                del self._times[quiet]
        return 0.0


class TokenBucket:
    """Messages per second for one connection: `rate` on average, bursts up to twice that."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.capacity = 2.0 * rate
        self._tokens = self.capacity
        self._clock = clock
        self._last = clock()

    def take(self) -> bool:
        """Spend one token; False when the connection is sending too fast."""
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True
