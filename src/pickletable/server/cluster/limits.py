"""Limits that hold across server processes, counted in Redis.

Each process also keeps its own counters (`pickletable.server.throttles`);
these make the same limits hold for a client whatever process it reaches.
Open sockets are counted per process (a hash each), so the sockets of a
process that died stop counting as soon as it drops out of the live ones.
"""

from __future__ import annotations

import time
import uuid

from pickletable.server.cluster.bus import Bus
from pickletable.server.config import Limits


class SharedLimits:
    """Connections per address and tables per minute, for every process together."""

    def __init__(self, bus: Bus, limits: Limits) -> None:
        self.bus = bus
        self.limits = limits

    def _sockets(self, worker: str) -> str:
        return self.bus.key("sockets", worker)

    async def reset(self) -> None:
        """Forget what this process counted before it (re)started."""
        await self.bus.redis.delete(self._sockets(self.bus.worker_id))

    async def take_socket(self, address: str) -> bool:
        """Count one more open socket for `address`; False (nothing counted) past the limit."""
        redis, mine = self.bus.redis, self._sockets(self.bus.worker_id)
        count = int(await redis.hincrby(mine, address, 1))
        others = [self._sockets(w) for w in self.bus.peers if w != self.bus.worker_id]
        if others:
            async with redis.pipeline(transaction=False) as pipe:
                for key in others:
                    pipe.hget(key, address)
                count += sum(int(value or 0) for value in await pipe.execute())
        if count > self.limits.connections_per_address:
            await self.give_back_socket(address)
            return False
        return True

    async def give_back_socket(self, address: str) -> None:
        """One of `address`'s sockets closed."""
        mine = self._sockets(self.bus.worker_id)
        if int(await self.bus.redis.hincrby(mine, address, -1)) <= 0:
            await self.bus.redis.hdel(mine, address)

    async def take_creation(self, address: str) -> float:
        """Count one more new table for `address`: 0 if allowed, else seconds to wait."""
        redis, key, now = self.bus.redis, self.bus.key("made", address), time.time()
        async with redis.pipeline(transaction=False) as pipe:
            pipe.zremrangebyscore(key, 0, now - 60.0)
            pipe.zcard(key)
            pipe.zrange(key, 0, 0, withscores=True)
            _, count, oldest = await pipe.execute()
        if int(count) >= self.limits.tables_per_minute:
            return max(0.0, float(oldest[0][1]) + 60.0 - now) if oldest else 60.0
        async with redis.pipeline(transaction=False) as pipe:
            pipe.zadd(key, {uuid.uuid4().hex: now})
            pipe.expire(key, 120)
            await pipe.execute()
        return 0.0
