"""Driving a table: chance steps, bots thinking on worker threads, and the turn clock.

`Driver` is the part of the table manager that moves a game on by itself
whenever nobody else must: it resolves chance, asks bots (on a thread pool,
so a slow search never stalls the event loop), and runs a person's turn
clock. Every step it takes is committed before any connection hears of it.

A bot's move lands a fixed time after its turn began (`Settings.bot_delay`),
whatever the thinking took, so when it lands tells nobody anything about
the bot's hand.
"""

from __future__ import annotations

import asyncio
import logging
from abc import abstractmethod
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, runtime_checkable

from pickletable.bots import make_bot
from pickletable.bots.ismcts import ISMCTSBot
from pickletable.bots.random_bot import RandomBot
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.state import CHANCE
from pickletable.server.config import Settings
from pickletable.server.connections import Hub
from pickletable.server.live import PLAYING, LiveTable
from pickletable.server.seats import Seat
from pickletable.server.storage import StoredStep

log = logging.getLogger("pickletable.server")


class Driver:
    """Moves tables on: chance, bots and the turn clock (mixed into the table manager)."""

    settings: Settings
    hub: Hub
    _locks: dict[str, asyncio.Lock]
    _wake: dict[str, asyncio.Event]
    _bot_pool: ThreadPoolExecutor
    _deadlines: dict[str, tuple[int, int, float]]
    _clocks: dict[str, asyncio.Task[None]]

    @abstractmethod
    async def _commit(self, table: LiveTable, steps: Iterable[StoredStep]) -> None:
        """Write steps to the database (the manager's)."""

    def _wake_driver(self, table: LiveTable) -> None:
        self._wake[table.id].set()

    async def _drive(self, table: LiveTable) -> None:
        """Advance the table whenever woken, until a person must act or the game ends."""
        wake = self._wake[table.id]
        while True:
            await wake.wait()
            wake.clear()
            try:
                await self._advance(table)
            except asyncio.CancelledError:
                raise
            except Exception:  # a driver must outlive one bad step; the log says why
                log.exception("table %s: driver step failed", table.id)
                await asyncio.sleep(1)
                wake.set()

    async def _advance(self, table: LiveTable) -> None:
        while True:
            async with self._locks[table.id]:
                if table.status != PLAYING or table.read_only is not None:
                    return
                player = table.state.current_player
                if player is None:
                    return
                if player == CHANCE:
                    await self._commit(table, table.chance_steps())
                    await self.hub.broadcast(table)
                    continue
                seat = table.seat(player)
                index = len(table.steps)
                if not seat.is_bot:
                    if self._arm_clock(table, player, index):
                        await self.hub.broadcast(table)
                    return
                bot = self._bot(table, seat)
                view = AgentView(table.state.clone(), player)
                rng = table.bot_rng()
                turn_began = self.settings.clock()
            action = await self._think(bot, view, rng)
            del view  # the bot's copy of the state goes now, not after the wait
            await self._release_at(turn_began + self.settings.bot_delay)
            async with self._locks[table.id]:
                if len(table.steps) != index or table.status != PLAYING:
                    continue
                if not table.seat(player).is_bot:  # its player took the seat back meanwhile
                    continue
                step = table.apply(player, action)
                await self._commit(table, [step, *table.chance_steps()])
                await self.hub.broadcast(table)

    async def _think(self, bot: Agent, view: AgentView, rng: Any) -> Action:
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self._bot_pool, bot.choose, view, rng)
        except Exception:
            log.exception("bot %s failed; playing a random legal action", bot.name)
            return RandomBot().choose(view, rng)
        if action not in view.legal_actions:
            log.error("bot %s chose illegal %s; playing a random legal action", bot.name, action)
            return RandomBot().choose(view, rng)
        return action

    async def _release_at(self, moment: float) -> None:
        """Hold a bot's move until `moment` (`Settings.clock`), however soon it was chosen.

        A move that came as fast as the bot could think would tell the table how
        hard its hand was to play (a forced move at once, a search that stops
        early): every bot move lands `Settings.bot_delay` after its turn began.
        """
        wait = moment - self.settings.clock()
        if wait > 0:
            await self.settings.bot_wait(wait)

    def _bot(self, table: LiveTable, seat: Seat) -> Agent:
        key = (seat.seat, seat.level)
        bot = table.bots.get(key)
        if bot is None:
            bot = make_bot(seat.level, table.game.id)
            table.bots[key] = cap_thinking(bot, self.settings.bot_delay)
        return bot

    def _arm_clock(self, table: LiveTable, seat: int, index: int) -> bool:
        """Start the turn clock for a person's decision; True if it was not running yet."""
        if table.turn_seconds <= 0:
            return False
        current = self._deadlines.get(table.id)
        if current is not None and current[:2] == (seat, index):
            return False
        old = self._clocks.pop(table.id, None)
        if old is not None:
            old.cancel()
        deadline = self.settings.now() + table.turn_seconds
        self._deadlines[table.id] = (seat, index, deadline)
        self._clocks[table.id] = asyncio.create_task(self._clock(table, seat, index))
        return True

    async def _clock(self, table: LiveTable, seat: int, index: int) -> None:
        await self.settings.turn_wait(table.turn_seconds)
        async with self._locks[table.id]:
            if len(table.steps) != index or table.status != PLAYING:
                return
            view = AgentView(table.state, seat)
            action = RandomBot().choose(view, table.bot_rng())
            label = table.game.presenter.label(table.state, action)
            step = table.apply(seat, action)
            table.note(f"{table.seat(seat).name}'s clock ran out: {label}.")
            await self._commit(table, [step, *table.chance_steps()])
            await self.hub.broadcast(table)
        self._wake_driver(table)


THINKING_SHARE = 0.75
"""The part of the bot delay a searching bot may think for; the rest is margin, so that its
move still lands at the delay on a busy server."""


def cap_thinking(bot: Agent, delay: float) -> Agent:
    """Give a searching bot a time cap below `delay` (a bot that only looks is quick anyway).

    A search that ran past the delay would land late, and how late would
    depend on the hand: the cap keeps it inside the delay, where the release
    time hides it.
    """
    searcher = thinking_part(bot)
    if delay > 0 and searcher is not None:
        cap = THINKING_SHARE * delay * 1000
        current = searcher.milliseconds
        searcher.milliseconds = cap if current is None else min(current, cap)
    return bot


@runtime_checkable
class TimeCapped(Protocol):
    """A bot (or a bot's search) that stops thinking at ``milliseconds`` when it is set."""

    milliseconds: float | None


def thinking_part(bot: Agent) -> TimeCapped | None:
    """What searches in `bot` (itself, or its `search` as Slam's `hard` holds it), if anything."""
    for part in (getattr(bot, "search", None), bot):
        if isinstance(part, ISMCTSBot | TimeCapped):
            return part
    return None
