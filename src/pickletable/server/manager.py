"""The table manager: every live table, its connections, its bots and its clock.

It is the only place that changes a table. Each change is committed to the
database (on one worker thread, in order) before any connection hears of
it; bots' searches think in worker processes (`bot_processes`, when the
settings ask for them) or on a thread pool, quick bots on another, so a slow
search never stalls other tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import sys
import time
import weakref
from collections import deque
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError, InvalidActionError, PickletableError
from pickletable.core.registry import get_game
from pickletable.core.seats import DEFAULT_BOT_LEVEL, parse_seats
from pickletable.server import memory
from pickletable.server.bot_processes import BotProcesses
from pickletable.server.coaching import Coach
from pickletable.server.config import Settings
from pickletable.server.connections import Close, Connection, Hub, Send, no_close
from pickletable.server.driver import BOT_MOVES_KEPT, Driver, quick_switching
from pickletable.server.errors import (
    BadRequest,
    NotFound,
    NotYours,
    Refused,
)
from pickletable.server.groundwork import GroundworkBuilder
from pickletable.server.handovers import Handovers
from pickletable.server.invites import Invites
from pickletable.server.live import OVER, PLAYING, WAITING, LiveTable, ReplayError, epoch_seconds
from pickletable.server.lobby import listed
from pickletable.server.moves import (
    check_step,
    checked_name,
    only_bots,
    refuse_a_name_in_use,
    repeated_move,
)
from pickletable.server.persistence import Persistence
from pickletable.server.rematch import Rematches
from pickletable.server.replays import ReplayCache
from pickletable.server.reviews import Reviews
from pickletable.server.seats import BOT, HUMAN, Seat, hash_token, new_token
from pickletable.server.storage import Storage, StoredTable
from pickletable.server.throttles import OpenCount, PerMinute
from pickletable.server.turns import is_long
from pickletable.server.undo import UndoRequest, Undos

log = logging.getLogger("pickletable.server")
T = TypeVar("T")
ANNOUNCE_SECONDS = 0.1
"""How long a table's presence change waits, so that many changes share one view."""
SYNC_SECONDS = 1.0
"""How often one connection may be sent its whole view again (`resync`)."""


@dataclass
class Joined:
    """The answer to creating or joining a table: the table and, if seated, seat and token."""

    table: LiveTable
    seat: int | None
    token: str | None


class TableManager(Persistence, Undos, Driver, Rematches, Invites, Handovers):
    """Owns the live tables; see the module docstring."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage: Storage | None = None
        self.tables: dict[str, LiveTable] = {}
        self.problems: dict[str, str] = {}
        self.hub = Hub(self._extras)
        self._locks: dict[str, asyncio.Lock] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._clocks: dict[str, asyncio.Task[None]] = {}
        self._deadlines: dict[str, tuple[int, int, float]] = {}
        self._open_writer()
        self._bot_pool = ThreadPoolExecutor(2, thread_name_prefix="pickletable-bot")
        self._quick_pool = ThreadPoolExecutor(1, thread_name_prefix="pickletable-quick-bot")
        self.bot_processes = None
        self.coach = Coach(self._locks)
        """Win chances and hints, on a thread of their own (`server.coaching`)."""
        self.reviews = Reviews(storage=lambda: self.storage, writer=self._db)
        """Post-game reviews, on a thread of their own, kept in the database (`server.reviews`)."""
        self.undo_requests: dict[str, UndoRequest] = {}
        self._groundwork = GroundworkBuilder()
        self._caps = weakref.WeakKeyDictionary()
        self._thinking = set()
        self.bot_moves = deque(maxlen=BOT_MOVES_KEPT)
        self._announcing: set[str] = set()
        self._background: set[asyncio.Task[None]] = set()
        self.replays = ReplayCache()
        """Replays of finished tables, kept and computed a few at a time (`replays`)."""
        self.sockets = OpenCount(settings.limits.connections_per_address)
        """Open WebSockets per client address (the play route counts them)."""
        self.creations = PerMinute(settings.limits.tables_per_minute)
        """Tables created per client address in the last minute (the create route counts)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._switch_interval = sys.getswitchinterval()
        self._watcher: asyncio.Task[None] | None = None

    # --- life cycle ----------------------------------------------------------
    async def start(self) -> None:
        """Open the database and rebuild every unfinished table from its steps.

        Finished tables are rebuilt when first asked for (`fetch`), so a server
        with a long history starts as fast as one with none. A table whose steps
        stop replaying is served read-only (`LiveTable.read_only`); one that
        cannot be rebuilt at all (its game, content or options refused) is left
        out, and asking for it says why.
        """
        self._switch_interval = quick_switching()  # a released bot move waits less (driver)
        if self.settings.bot_processes and self.settings.clock is time.monotonic:
            # a worker process counts the search's deadline on the machine's monotonic clock
            self.bot_processes = BotProcesses(self.settings.bot_processes)
        self.storage = await self._in_db(Storage, self.settings.database_url)
        stored = await self._in_db(self.storage.load, statuses=(WAITING, PLAYING))
        for item in stored:
            self._rebuild(item)
        log.info("rebuilt %d tables from %s", len(self.tables), self.settings.database_url)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="sweep tables")
        self._watcher = asyncio.create_task(self._watch_file(), name="watch the database")

    def _rebuild(self, item: StoredTable) -> LiveTable | None:
        try:
            table = LiveTable.from_row(item.row, item.steps)
        except (ReplayError, PickletableError, KeyError, ValueError) as error:
            self.problems[str(item.row["id"])] = str(error)
            log.error("table %s not rebuilt: %s", item.row["id"], error)
            return None
        if table.read_only is not None:
            log.warning("table %s is read-only: %s", table.id, table.read_only.detail)
        self._add(table)
        return table

    async def stop(self) -> None:
        """Stop drivers and clocks, then close the database."""
        tasks = [*self._drivers.values(), *self._clocks.values(), *self._background]
        tasks += [task for task in (self._sweeper, self._watcher) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        self._quick_pool.shutdown(wait=False, cancel_futures=True)
        if self.bot_processes is not None:
            await self.bot_processes.close()
            self.bot_processes = None
        self.coach.stop()
        self.reviews.stop()
        await self._groundwork.close()
        await self._close_writer()
        sys.setswitchinterval(self._switch_interval)

    # --- lobby ---------------------------------------------------------------
    async def fetch(self, table_id: str) -> LiveTable:
        """A table by id (rebuilt from the database if it is a finished one), or `NotFound`."""
        table = self.tables.get(table_id)
        if table is None and table_id not in self.problems and self.storage is not None:
            for item in await self._in_db(self.storage.load, table_id=table_id):
                if item.row["id"] not in self.tables:
                    self._rebuild(item)
            table = self.tables.get(table_id)
        if table is None:
            why = self.problems.get(table_id)
            raise NotFound(
                f"table {table_id!r} " + (f"cannot be rebuilt: {why}" if why else "does not exist")
            )
        return table

    def listing(self) -> list[dict[str, Any]]:
        """Tables waiting or playing with recent activity, most recent first (see `lobby`)."""
        now = self.settings.now()
        shown = listed(self.tables.values(), now, self.settings.limits)
        return [{**self.info(table), **self.ages(table)} for table in shown]

    def ages(self, table: LiveTable) -> dict[str, float]:
        """Seconds since the table was created and since anything last happened there."""
        now = self.settings.now()
        return {
            "age_seconds": max(0.0, now - epoch_seconds(table.created)),
            "idle_seconds": max(0.0, now - table.active),
        }

    def info(self, table: LiveTable) -> dict[str, Any]:
        """A table's public facts plus who is connected now."""
        value = table.public()
        present = self.hub.present(table.id)
        value["turn_based"] = is_long(table.turn_seconds)
        for seat in value["seats"]:
            seat["connected"] = seat["kind"] == BOT or seat["seat"] in present
            if not seat["connected"] and not seat.get("free") and not value["turn_based"]:
                seat["hand_over_in"] = self.hand_over_in(table, seat["seat"])
        value["spectators"] = self.hub.spectators(table.id)
        return value

    async def create(
        self,
        game_id: str,
        *,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seats: list[str] | None = None,
        name: str = "",
        sit: bool = True,
        turn_seconds: int = 0,
    ) -> Joined:
        """Open a new table; the creator takes the first human seat unless `sit` is false.

        A table of bots only waits until someone watches it or asks it to start.
        """
        try:
            game = get_game(game_id)
            count = game.check_players(players)
            values = game.options.resolve(options or {})
            if values.get("content"):
                raise BadRequest("own content files cannot be used at the web table yet")
            specs = parse_seats(",".join(seats) if seats else None, count, default_humans=1)
            specs = [replace(spec, name=checked_name(spec.name)) for spec in specs]
            table = LiveTable(
                id=secrets.token_urlsafe(6),
                game=game,
                players=count,
                options=values,
                content=game.default_content(),
                seats=[],
                seed=0,
                turn_seconds=max(0, int(turn_seconds)),
            )
        except PickletableError as error:
            raise BadRequest(str(error)) from None
        await self._check_room(table.id, bots_only=not any(spec.kind == HUMAN for spec in specs))
        table.seats = [
            Seat(number, table.state.seat_name(number), spec.kind, spec.level, spec.name)
            for number, spec in zip(table.state.seats, specs, strict=True)
        ]
        table.created = f"{self.settings.now():.6f}"
        self._touch(table)
        token: str | None = None
        seat_number: int | None = None
        free = table.free_seats()
        if sit and free:
            token = new_token()
            free[0].token_hash = hash_token(token)
            free[0].player = checked_name(name) or free[0].player or free[0].name
            seat_number = free[0].seat
        await self._create_row(table)
        self._add(table)
        return Joined(table, seat_number, token)

    async def join(self, table_id: str, name: str, seat_number: int | None = None) -> Joined:
        """Take a free seat; returns its secret token."""
        name = checked_name(name)
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            self._writable(table)
            if table.status != WAITING:
                raise Refused("the game has started: you can watch it as a spectator")
            free = table.free_seats()
            if not free:
                raise Refused("every seat is taken: you can watch as a spectator")
            if seat_number is None:
                seat = free[0]
            else:
                seat = self._seat(table, seat_number)
                if not seat.is_free:
                    raise Refused(f"{seat.name} is taken; free: " + ", ".join(s.name for s in free))
            refuse_a_name_in_use(table, name)
            token = new_token()
            seat.token_hash = hash_token(token)
            seat.player = name or seat.player or seat.name
            await self._save_seats(table)
            await self.hub.broadcast(table)
        return Joined(table, seat.seat, token)

    async def start_game(self, table_id: str, token: str | None, fill_with_bots: bool) -> None:
        """Start a waiting table; free seats go to bots if asked, else it must be full.

        A table of bots only may be started by anyone (it has no seat tokens).
        """
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            if not only_bots(table):
                self._seated(table, token)
            self._writable(table)
            if table.status != WAITING:
                raise Refused("the game has already started")
            free = table.free_seats()
            if free and not fill_with_bots:
                names = ", ".join(s.name for s in free)
                raise Refused(
                    f"waiting for players in {names}: share the invite link, "
                    "or start with bots in the free seats"
                )
            for seat in free:
                seat.kind, seat.level = BOT, DEFAULT_BOT_LEVEL
            table.status = PLAYING
            table.note("The game starts.")
            self._touch(table)
            await self._write(
                self._storage().update_table,
                table.id,
                seats=table.seats_json(),
                status=PLAYING,
                notes=table.notes_json(),
                active=table.active,
                to_move=table.to_move(),
            )
            await self.hub.broadcast(table)
        self._wake_driver(table)

    async def note(self, table: LiveTable, text: str) -> None:
        """Add a line to every log of the table (a hint used), stored and sent."""
        async with self._locks[table.id]:
            table.note(text)
            await self._save_seats(table)
            await self.hub.broadcast(table)

    # --- play ----------------------------------------------------------------
    async def act(
        self,
        table_id: str,
        token: str | None,
        text: str,
        *,
        step: int | None = None,
        require_step: bool = False,
        connection: Connection | None = None,
    ) -> None:
        """A person's move: checked for seat, turn and legality, committed, then broadcast.

        `step` is the step of the view the move answers: a move for another
        step is refused with the current one, except a repeat of the seat's
        last accepted move, which is acknowledged again (the view is resent
        to `connection`) and not played twice.
        """
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seated(table, token)
            self.hub.seen(table.id, seat.seat)  # a seat that acts is present, by any path
            self._writable(table)
            if repeated_move(table, seat.seat, text, step):
                if connection is not None:
                    await self.hub.send_view(table, connection)
                return
            if table.status == WAITING:
                raise Refused("the game has not started yet")
            if table.status == OVER:
                raise Refused("the game is over")
            if seat.is_bot:
                raise Refused(f"a bot plays {seat.name} now")
            if table.state.current_player != seat.seat:
                raise Refused(
                    f"it is not {seat.name}'s turn: {table.game.presenter.prompt(table.state)}"
                )
            check_step(table, step, require_step)
            try:
                action = Action.from_text(text)
                applied = table.apply(seat.seat, action)
            except (InvalidActionError, IllegalActionError) as error:
                raise Refused(str(error)) from None
            await self._commit(table, [applied, *table.chance_steps()])
            await self.hub.broadcast(table)
        self._wake_driver(table)

    async def connect(
        self, table_id: str, send: Send, token: str | None, close: Close | None = None
    ) -> Connection:
        """Register a connection (as the token's seat, else as a spectator) and send its view.

        Someone watching a table of bots only that has not started starts it.
        """
        table = await self.fetch(table_id)
        seat = table.seat_for_token(token)
        limits = self.settings.limits
        connection = Connection(
            table.id,
            None if seat is None else seat.seat,
            send,
            close or no_close,
            queue_limit=limits.send_queue,
            send_timeout=limits.send_seconds,
            on_drop=self.hub.remove,
        )
        connection.start()
        async with self._locks[table.id]:
            self.hub.add(connection)
            await self.hub.send_view(table, connection)
        self._announce(table)
        if table.status == WAITING and only_bots(table):
            with contextlib.suppress(Refused):  # another watcher started it first
                await self.start_game(table.id, None, fill_with_bots=False)
        return connection

    async def disconnect(self, connection: Connection) -> None:
        """Forget a connection; its seat counts as gone once no connection of it remains."""
        await connection.stop()
        table = self.tables.get(connection.table_id)
        if table is None:
            return
        self.hub.remove(connection)
        self._announce(table)

    def _announce(self, table: LiveTable) -> None:
        """Tell everyone at the table who is there now, at most once every `ANNOUNCE_SECONDS`:
        sockets that open and close twenty times a second cost one view per watcher per tick."""
        if table.id in self._announcing:
            return
        self._announcing.add(table.id)

        async def announce() -> None:
            await asyncio.sleep(ANNOUNCE_SECONDS)
            self._announcing.discard(table.id)
            lock = self._locks.get(table.id)
            if lock is None:  # the table left memory meanwhile
                return
            async with lock:
                await self.hub.broadcast(table)

        self._in_background(announce(), f"announce {table.id}")

    async def resync(self, connection: Connection) -> None:
        """Send one connection its full view again (the whole log), at most once every
        `SYNC_SECONDS`: a sync sooner is answered by one whole view when that time comes."""
        wait = connection.synced_at + SYNC_SECONDS - time.monotonic()
        if wait > 0:
            if not connection.sync_due:
                connection.sync_due = True
                self._in_background(self._resync_later(connection, wait), "sync later")
            return
        table = await self.fetch(connection.table_id)
        async with self._locks[table.id]:
            connection.synced_at = time.monotonic()
            connection.log_sent = 0
            await self.hub.send_view(table, connection, whole=True)

    def _in_background(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run `work` as a task the manager holds (and cancels when it stops)."""
        task = asyncio.create_task(work, name=name)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _resync_later(self, connection: Connection, wait: float) -> None:
        await asyncio.sleep(wait)
        connection.sync_due = False
        if connection.dropped is None:
            with contextlib.suppress(Refused):
                await self.resync(connection)

    # --- the driver: chance, bots and the clock ---------------------------------
    def _add(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        self._locks[table.id] = asyncio.Lock()
        self._wake[table.id] = asyncio.Event()
        self.hub.open_table(table.id)
        self._drivers[table.id] = asyncio.create_task(self._drive(table), name=f"drive {table.id}")
        self._wake_driver(table)

    # --- limits and memory -----------------------------------------------------
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.limits.sweep_seconds)
            try:
                if self.sweep():
                    await self._in_db(memory.give_back)
            except Exception:  # the sweeper must outlive one odd table
                log.exception("sweeping idle tables failed")

    def sweep(self) -> list[str]:
        """Let finished and long-idle tables nobody watches leave memory; returns their ids.

        The database keeps them: `fetch` rebuilds one when it is asked for.
        """
        limits = self.settings.limits
        now = self.settings.now()
        gone = []
        for table in list(self.tables.values()):
            idle = now - table.active
            over = table.status == OVER and idle >= limits.finished_seconds
            if not (over or idle >= limits.idle_seconds):
                continue
            if self.hub.of(table.id) or self._locks[table.id].locked():
                continue
            if is_long(table.turn_seconds) and table.id in self._clocks:
                continue  # its clock must run out here (a restart would re-arm it)
            self._forget(table.id)
            gone.append(table.id)
        if gone:
            log.info("%d tables left memory (%d stay)", len(gone), len(self.tables))
        return gone

    def _forget(self, table_id: str) -> None:
        """Drop a table from memory: its driver, clock, lock and presence."""
        for tasks in (self._drivers, self._clocks):
            task = tasks.pop(table_id, None)
            if task is not None:
                task.cancel()
        self._deadlines.pop(table_id, None)
        self.undo_requests.pop(table_id, None)
        self._wake.pop(table_id, None)
        self._locks.pop(table_id, None)
        self.hub.close_table(table_id)
        del self.tables[table_id]

    # --- helpers -------------------------------------------------------------
    def _seat(self, table: LiveTable, number: int) -> Seat:
        try:
            return table.seat(number)
        except KeyError:
            seats = ", ".join(f"{s.seat} ({s.name})" for s in table.seats)
            raise NotFound(f"this table has no seat {number}; its seats are {seats}") from None

    def _writable(self, table: LiveTable) -> None:
        """Refuse any change to a read-only table, saying why it is read-only."""
        if table.read_only is not None:
            raise Refused(table.read_only.message)

    def _seated(self, table: LiveTable, token: str | None) -> Seat:
        seat = table.seat_for_token(token)
        if seat is None:
            raise NotYours(
                "that needs the seat token of a player at this table (spectators can only watch)"
            )
        return seat

    def _extras(self, table: LiveTable) -> dict[str, Any]:
        """Facts every view carries besides the seat's own: the table, the turn clock and
        how long a browser waits before it answers a formality."""
        deadline = self._deadlines.get(table.id)
        clock = None
        if deadline is not None and deadline[1] == len(table.steps):
            clock = {"seat": deadline[0], "deadline": deadline[2]}
        return {
            "table": self.info(table),
            "clock": clock,
            "formality_pause": self.settings.formality_pause,
            "undo": self.undo_facts(table),
        }
