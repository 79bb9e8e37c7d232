"""Sign-in attempts, limited per name and per client address.

Each sign-in counts against the name tried and the address it came from
the moment it arrives, before its password is checked (`Attempts.take`),
and stops counting only if the password was right (`Attempts.forgive`): so
sixty guesses sent at once are counted as sixty, not let through because
none had failed yet. Past `PER_NAME` (or `PER_ADDRESS`) counted attempts in
`WINDOW_SECONDS`, that name (or address) may not try again until the oldest
leaves the window, even with the right password (password spraying and
guessing both stop). A name is counted in the form that finds its account
(`users.lookup_key`: NFKC, case folded), so "ｓam" and "SAM" are "sam".
With several workers the counts are kept in Redis (`RedisAttempts`, one
script per attempt, so two workers cannot both take the last one); one
process keeps them in memory.
"""

from __future__ import annotations

import time
import uuid
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from pickletable.server.errors import Unavailable

WINDOW_SECONDS = 15 * 60.0
PER_NAME = 10
"""Failed sign-ins one name may have in the window."""
PER_ADDRESS = 50
"""Failed sign-ins (any names) one address may have in the window."""


class Attempts(Protocol):
    """Where sign-in attempts are counted."""

    async def take(self, name: str, address: str) -> tuple[float, str]:
        """Count one attempt now: ``(0, ticket)``, or ``(seconds to wait, "")`` past a limit."""
        ...

    async def forgive(self, name: str, address: str, ticket: str) -> None:
        """The attempt `ticket` had the right password: it no longer counts."""
        ...

    async def wait(self, name: str, address: str) -> float:
        """Seconds before this name from this address may try again (0: now)."""
        ...

    async def failed(self, name: str, address: str) -> None:
        """Count one failure against both."""
        ...


def _keys(name: str, address: str) -> list[tuple[str, int]]:
    return [(f"name:{name}", PER_NAME), (f"address:{address}", PER_ADDRESS)]


class MemoryAttempts:
    """The counts of one process."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._failures: dict[str, deque[tuple[float, str]]] = {}

    async def take(self, name: str, address: str) -> tuple[float, str]:
        wait = await self.wait(name, address)  # no await inside: nothing runs in between
        if wait:
            return wait, ""
        ticket = uuid.uuid4().hex
        self._count(name, address, ticket)
        return 0.0, ticket

    async def forgive(self, name: str, address: str, ticket: str) -> None:
        for key, _limit in _keys(name, address):
            times = self._failures.get(key)
            if times is None:
                continue
            kept = deque(item for item in times if item[1] != ticket)
            if kept:
                self._failures[key] = kept
            else:
                del self._failures[key]

    async def wait(self, name: str, address: str) -> float:
        now, longest = self.clock(), 0.0
        for key, limit in _keys(name, address):
            times = self._failures.get(key)
            if times is None:
                continue
            while times and times[0][0] <= now - WINDOW_SECONDS:
                times.popleft()
            if not times:
                del self._failures[key]
            elif len(times) >= limit:
                longest = max(longest, times[0][0] + WINDOW_SECONDS - now, 1e-3)
        return longest

    async def failed(self, name: str, address: str) -> None:
        self._count(name, address, uuid.uuid4().hex)

    def _count(self, name: str, address: str, ticket: str) -> None:
        for key, _limit in _keys(name, address):
            self._failures.setdefault(key, deque()).append((self.clock(), ticket))


TAKE_SCRIPT = """
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local longest, full = 0, false
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, 0, now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then
    full = true
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    longest = math.max(longest, tonumber(oldest[2]) + window - now)
  end
end
if full then return tostring(math.max(longest, 0.001)) end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('EXPIRE', key, math.ceil(window) + 60)
end
return '0'
"""
"""One attempt, atomically: refuse past either limit, or count it against both."""


class RedisAttempts:
    """The counts of every process, in Redis (a sorted set of attempt times per key)."""

    def __init__(self, redis: Any, key: Callable[..., str]) -> None:
        self.redis = redis
        self.key = key
        self._take = redis.register_script(TAKE_SCRIPT)

    async def take(self, name: str, address: str) -> tuple[float, str]:
        keys = _keys(name, address)
        ticket = uuid.uuid4().hex
        try:
            answer = await self._take(
                keys=[self.key("logins", key) for key, _limit in keys],
                args=[time.time(), WINDOW_SECONDS, ticket, *(limit for _key, limit in keys)],
            )
        except Exception as error:  # Redis down or too slow: refuse rather than not count
            raise Unavailable(
                "sign-in is not possible for a moment (the shared counts cannot be reached)",
                retry_after=5,
            ) from error
        wait = float(answer.decode() if isinstance(answer, bytes) else answer)
        return (wait, "") if wait else (0.0, ticket)

    async def forgive(self, name: str, address: str, ticket: str) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for key, _limit in _keys(name, address):
                pipe.zrem(self.key("logins", key), ticket)
            await pipe.execute()

    async def wait(self, name: str, address: str) -> float:
        now, longest = time.time(), 0.0
        for key, limit in _keys(name, address):
            full = self.key("logins", key)
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(full, 0, now - WINDOW_SECONDS)
                pipe.zcard(full)
                pipe.zrange(full, 0, 0, withscores=True)
                _, count, oldest = await pipe.execute()
            if int(count) >= limit and oldest:
                longest = max(longest, float(oldest[0][1]) + WINDOW_SECONDS - now)
        return longest

    async def failed(self, name: str, address: str) -> None:
        now = time.time()
        async with self.redis.pipeline(transaction=False) as pipe:
            for key, _limit in _keys(name, address):
                full = self.key("logins", key)
                pipe.zadd(full, {uuid.uuid4().hex: now})
                pipe.expire(full, int(WINDOW_SECONDS) + 60)
            await pipe.execute()


def attempts_for(manager: object) -> Attempts:
    """Redis counts when the manager shares Redis with other processes, else memory."""
    bus = getattr(manager, "bus", None)
    if bus is not None:
        return RedisAttempts(bus.redis, bus.key)
    return MemoryAttempts()
