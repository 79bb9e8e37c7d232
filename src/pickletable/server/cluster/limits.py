"""Limits that hold across server processes, counted in Redis.

Each process also keeps its own counters (`pickletable.server.throttles`);
these make the same limits hold for a client whatever process it reaches.
Open sockets are counted per process (a hash each), so the sockets of a
process that died stop counting as soon as it drops out of the live ones.

Tables of bots only are one sorted set for every process: a member per
table, scored with the time (Redis's clock) it stops counting unless renewed.
A process takes a place for a new one in one script (`take_bot_table`:
count, refuse at the limit, or add), so two processes asked in the same
instant cannot both take the last place; it renews its own at every beat and
removes those that stopped having bots only (`hold_bot_tables`). A process
that died stops counting within `Bus.alive_seconds`.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable

from pickletable.server.cluster.bus import Bus
from pickletable.server.config import Limits
from pickletable.server.errors import Unavailable

CLOCK = "local t = redis.call('TIME'); local now = tonumber(t[1]) + tonumber(t[2]) / 1e6"
TAKE_BOT_TABLE = f"""
{CLOCK}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local here = redis.call('ZSCORE', KEYS[1], ARGV[3])
if not here and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[3])
return 1
"""
"""ARGV: seconds a place lasts unrenewed, the limit, the table: 1 taken, 0 refused."""
HOLD_BOT_TABLES = f"""
{CLOCK}
local gone = tonumber(ARGV[2])
for i = 3, 2 + gone do redis.call('ZREM', KEYS[1], ARGV[i]) end
for i = 3 + gone, #ARGV do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[1])) + 60)
return 0
"""
"""ARGV: seconds a place lasts unrenewed, how many tables to remove, those, the kept ones."""


class SharedLimits:
    """Connections per address, tables per minute and tables of bots only, for every process
    together."""

    def __init__(self, bus: Bus, limits: Limits) -> None:
        self.bus = bus
        self.limits = limits
        self._take_bot_table = bus.redis.register_script(TAKE_BOT_TABLE)
        self._hold_bot_tables = bus.redis.register_script(HOLD_BOT_TABLES)
        self._taken: dict[str, float] = {}
        """Places this process took lately (table id to when): held until the table is
        written and its beat renews it, even if no beat sees it before."""
        self._held: set[str] = set()
        """The tables this process said had bots only at its last beat."""

    async def take_bot_table(self, table_id: str) -> bool:
        """Count `table_id` among the tables of bots only: False (nothing counted) when the
        limit is reached; `Unavailable` when Redis cannot say (a limit not counted is no
        limit)."""
        try:
            answer = await self._take_bot_table(
                keys=[self.bus.key("bot-tables")],
                args=[self.bus.alive_seconds, self.limits.bot_tables, table_id],
            )
        except Exception as error:
            raise Unavailable(
                "tables of bots only cannot be counted for a moment: try again", retry_after=5
            ) from error
        if int(answer) != 1:
            return False
        self._taken[table_id] = time.monotonic()
        return True

    async def hold_bot_tables(self, table_ids: Iterable[str]) -> None:
        """Renew the places of this process's tables of bots only (`table_ids`, and those
        it took lately) and give back those of tables that no longer have bots only."""
        since = time.monotonic() - self.bus.alive_seconds
        self._taken = {table: when for table, when in self._taken.items() if when > since}
        kept = {*table_ids, *self._taken}
        gone, self._held = self._held - kept, kept  # both read before any other task runs
        await self._hold_bot_tables(
            keys=[self.bus.key("bot-tables")],
            args=[self.bus.alive_seconds, len(gone), *sorted(gone), *sorted(kept)],
        )

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
