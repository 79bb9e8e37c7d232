"""The table manager of one process among several: it keeps only the tables it owns.

A table comes into this process's memory when it takes the table's lease
(`ownership`): when it creates the table, when a request for a free table
reaches it, or when it finds a table whose owner died (`orphans`, every
`ClusterSettings.renew_seconds`). It leaves when the lease is lost (its
sockets close, the browsers reconnect and reach the new owner), or when the
table leaves memory (the lease is released). Stopping hands every table
over: no more steps, the leases expire at once, the sockets close.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

from pickletable.server.cluster.bus import STOP_SECONDS, Bus, within
from pickletable.server.cluster.limits import SharedLimits
from pickletable.server.cluster.ownership import FencedStorage, Leases
from pickletable.server.cluster.tunnel import App, Tunnels
from pickletable.server.config import Settings
from pickletable.server.errors import NotFound, Refused, TooMany, Unavailable
from pickletable.server.live import OVER, LiveTable
from pickletable.server.manager import Joined, TableManager
from pickletable.server.moves import only_bots

log = logging.getLogger("pickletable.server")


@dataclass(frozen=True)
class ClusterSettings:
    """What a process needs to know to share tables with others."""

    worker_id: str
    """This process's name among them (a restarted process keeps its name)."""
    redis_url: str
    lease_seconds: float = 2.5
    """How long a lease lasts unrenewed: a dead process's tables move after about this long
    (a process whose event loop stalls longer loses its tables, safely: its writes are
    fenced off)."""
    renew_seconds: float = 0.5
    """How often leases are renewed, liveness said and orphaned tables looked for."""
    forward_seconds: float = 5.0
    """How long a forwarded request may wait for the owner's answer."""
    prefix: str = "pickletable"
    """The Redis keys' and channels' prefix (several clusters may share one Redis)."""
    claims_per_round: int = 20
    """Orphaned tables one process takes per round (so that survivors share them)."""


class Elsewhere(Unavailable):
    """The table is owned by another process (the request should have gone there)."""

    def __init__(self, table_id: str, owner: str) -> None:
        super().__init__(f"table {table_id!r} is served by process {owner} now: try again")
        self.owner = owner


class ClusterManager(TableManager):
    """`TableManager` for one of several processes (see the module docstring)."""

    def __init__(self, settings: Settings, cluster: ClusterSettings, app: App) -> None:
        super().__init__(settings)
        self.cluster = cluster
        self.bus = Bus(cluster.redis_url, cluster.worker_id, cluster.prefix, cluster.lease_seconds)
        self.tunnels = Tunnels(self.bus, app, cluster.forward_seconds)
        self.shared_limits = SharedLimits(self.bus, settings.limits)
        self.draining = False
        self._claims: dict[str, asyncio.Lock] = {}
        self._holder: asyncio.Task[None] | None = None
        self._releases: set[asyncio.Task[None]] = set()

    @property
    def worker_id(self) -> str:
        """This process's name."""
        return self.cluster.worker_id

    # --- life cycle ----------------------------------------------------------
    async def start(self) -> None:
        """Open the database and Redis; tables come in as they are asked for or orphaned."""
        self.storage = await self._in_db(
            FencedStorage, self.settings.database_url, self.worker_id, self.cluster.lease_seconds
        )
        await self.bus.start()
        await self.shared_limits.reset()
        await self.bus.beat(self.facts())
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="sweep tables")
        self._holder = asyncio.create_task(self._hold_forever(), name="hold leases")
        log.info("process %s serves tables from %s", self.worker_id, self.settings.database_url)

    async def stop(self) -> None:
        """Drain: take no more tables, stop moving them, hand them over, then stop."""
        self.draining = True
        if self._holder is not None:
            self._holder.cancel()
            await asyncio.gather(self._holder, return_exceptions=True)
        tasks = [*self._drivers.values(), *self._clocks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._group.close()
        held = list(self._fences())
        self._fences().clear()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self._leases().release, held, hand_over=True)
        await self.bus.forget()
        reason = "this server process is stopping: reconnecting"
        for table_id in held:
            for connection in self.hub.of(table_id):
                connection.drop(reason)
        self.tunnels.close_all(reason)
        log.info("process %s handed over %d tables", self.worker_id, len(held))
        await within("the table manager's stop", super().stop(), seconds=5.0)
        await within("the lease releases", asyncio.gather(*self._releases, return_exceptions=True))
        await within("the bus's stop", self.bus.stop(), seconds=3 * STOP_SECONDS)
        log.info("process %s stopped", self.worker_id)

    def facts(self) -> dict[str, Any]:
        """What this process tells the others every beat."""
        live = [table for table in self._held() if table.status != OVER]
        return {
            "tables": len(self.tables),
            "live": len(live),
            "bots": sum(1 for table in live if only_bots(table)),
            "draining": self.draining,
        }

    async def _hold_forever(self) -> None:
        while True:
            try:
                await self._hold_once()
            except Exception:  # Redis or the database hiccuped: try again next round
                log.exception("process %s: holding leases failed", self.worker_id)
            await asyncio.sleep(self.cluster.renew_seconds)

    async def _hold_once(self) -> None:
        """Renew leases (and let go of lost tables), say we are alive, take orphans."""
        lost = await asyncio.to_thread(self._leases().renew, dict(self._fences()))
        for table_id in lost:
            self._lose(table_id)
        await self.bus.beat(self.facts())
        await self.shared_limits.hold_bot_tables(
            [table.id for table in self._held() if table.status != OVER and only_bots(table)]
        )
        self.tunnels.check_peers()
        if self.draining:
            return
        orphans = await asyncio.to_thread(self._leases().orphans, self.cluster.claims_per_round)
        for table_id in orphans:
            with contextlib.suppress(Refused):
                await self.fetch(table_id)
                log.info("process %s took over table %s", self.worker_id, table_id)

    # --- which tables are here -------------------------------------------------
    async def fetch(self, table_id: str) -> LiveTable:
        """The table, taken into this process first if nobody holds it (`Elsewhere` if
        another process does)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.problems:
            return await super().fetch(table_id)
        if self.draining:
            raise Unavailable("this server process is stopping: try again")
        lock = self._claims.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                if table_id not in self.tables:
                    await self._take(table_id)
                return await super().fetch(table_id)
        finally:
            if not lock.locked():
                self._claims.pop(table_id, None)

    async def _take(self, table_id: str) -> None:
        leases = self._leases()
        fence = await asyncio.to_thread(leases.acquire, table_id)
        if fence is None:
            owner = await asyncio.to_thread(leases.owner_of, table_id)
            if owner is not None:
                raise Elsewhere(table_id, owner)
            raise NotFound(f"table {table_id!r} does not exist")
        self._fences()[table_id] = fence

    async def route(self, table_id: str) -> str | None:
        """The live process other than this one that should answer about the table, or None
        to answer here (the table is here, or was free and now is, or does not exist).

        A table whose owner died is waited for (up to `ClusterSettings.forward_seconds`)
        until its lease expires and this process takes it, or another live one has.
        """
        deadline = time.monotonic() + self.cluster.forward_seconds
        while table_id not in self.tables:
            owner = await asyncio.to_thread(self._leases().owner_of, table_id)
            if owner is None or owner == self.worker_id:
                try:
                    await self.fetch(table_id)
                    return None
                except Elsewhere as elsewhere:
                    owner = elsewhere.owner
                except Refused:  # no such table, or stopping: the app says so
                    return None
            if self.bus.is_alive(owner):
                return owner
            if time.monotonic() > deadline:
                return None
            await asyncio.sleep(self.cluster.renew_seconds / 4)
        return None

    def _lose(self, table_id: str) -> None:
        """Another process took the table (our lease lapsed): let go of it here."""
        self._fences().pop(table_id, None)
        if table_id not in self.tables:
            return
        log.warning("process %s lost table %s to another process", self.worker_id, table_id)
        for connection in self.hub.of(table_id):
            connection.drop("the table moved to another server process: reconnecting")
        super()._forget(table_id)

    def _forget(self, table_id: str) -> None:
        """A table leaves memory: its lease is released for whoever asks for it next."""
        fence = self._fences().pop(table_id, None)
        super()._forget(table_id)
        if fence is not None:
            task = asyncio.get_running_loop().create_task(
                asyncio.to_thread(self._leases().release, [table_id])
            )
            self._releases.add(task)
            task.add_done_callback(self._releases.discard)

    async def create(self, game_id: str, **options: Any) -> Joined:
        """Open a new table, owned by this process (`FencedStorage.create_table`)."""
        if self.draining:
            raise Unavailable("this server process is stopping: try again")
        return await super().create(game_id, **options)

    async def _check_room(self, table_id: str, *, bots_only: bool) -> None:
        """The live-table and bot-table limits, counted over every process: open tables
        from what the others said at their last beat, tables of bots only in Redis (one
        script takes the last place, so two processes asked at once cannot both have it)."""
        await super()._check_room(table_id, bots_only=bots_only)
        limits = self.settings.limits
        others = [facts for name, facts in self.bus.peers.items() if name != self.worker_id]
        mine = self.facts()
        live = mine["live"] + sum(int(facts.get("live", 0)) for facts in others)
        if live >= limits.live_tables:
            raise Unavailable(
                f"the servers have {live} open tables, their limit: "
                "try again when some have finished"
            )
        if bots_only and not await self.shared_limits.take_bot_table(table_id):
            raise TooMany(
                f"there are {limits.bot_tables} tables of bots only, the limit: "
                "give one seat to a person, or watch one of those"
            )

    # --- helpers -------------------------------------------------------------
    def _fenced(self) -> FencedStorage:
        storage = self._storage()
        assert isinstance(storage, FencedStorage)
        return storage

    def _fences(self) -> dict[str, int]:
        return self._fenced().fences

    def _leases(self) -> Leases:
        return self._fenced().leases
