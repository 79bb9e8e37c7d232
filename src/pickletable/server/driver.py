"""Driving a table: chance steps, bots thinking off the event loop, and the turn clock.

`Driver` is the part of the table manager that moves a game on by itself
whenever nobody else must: it resolves chance, asks bots (in worker
processes or on a thread pool, so a slow search never stalls the event
loop), and runs a person's turn
clock. Every step it takes is committed before any connection hears of it.

A bot's move lands a fixed time after its turn began (`Settings.bot_delay`),
whatever the thinking took, so when it lands tells nobody anything about
the bot's hand. The thinking is bounded from the turn's start, not the
search's: a search that waited for a thread gets what is left of the
budget (fewer iterations under load, never a later move), and a bot still
thinking near the release time is overruled by its quick fallback. The move
is committed a fixed time before its release time and sent at it, so the
wait for the database is not part of how late it goes out. Searches
think in worker processes when the server has them (`bot_processes`: so
that they never hold this process's interpreter lock at a release time),
else on threads of their own; the quick bots (easy, medium: well under a
millisecond a move) choose on the event loop itself (`ON_THE_LOOP`), so a
busy server's searches never hold an easy bot's move; work a search needs
once (a win-chance table) is built in another process (`groundwork`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import sys
import weakref
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from pickletable.bots import make_bot
from pickletable.bots.groundwork import NeedsGroundwork
from pickletable.bots.heuristic import HeuristicBot
from pickletable.bots.random_bot import RandomBot
from pickletable.bots.thinking import TimeCapped, search_until, thinking_part
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.state import CHANCE
from pickletable.server.bot_processes import BotProcesses
from pickletable.server.errors import Unavailable
from pickletable.server.groundwork import GroundworkBuilder
from pickletable.server.live import PLAYING, LiveTable
from pickletable.server.parts import ManagerParts
from pickletable.server.repeated_log import RepeatedLog
from pickletable.server.seats import BOT, Seat
from pickletable.server.turns import RUN_OUT_LEVEL, is_long

log = logging.getLogger("pickletable.server")
FAILURES = RepeatedLog()
"""Driver steps that failed: one log line per kind a minute, however many tables fail alike."""


@dataclass(frozen=True)
class BotMove:
    """How one bot move went out: how many moves it chose from, and how late it was sent."""

    game: str
    level: str
    """The bot's level (as the seat names it)."""
    choices: int
    late: float
    """Seconds from its release time (`Settings.bot_delay` after its turn) to its broadcast."""


BOT_MOVES_KEPT = 2000
"""The latest bot moves `Driver.bot_moves` keeps (for the curious, and the timing tests)."""


class Driver(ManagerParts):
    """Moves tables on: chance, bots and the turn clock (mixed into the table manager)."""

    bot_moves: deque[BotMove]
    """The latest bot moves, with how late each was sent (`BotMove`)."""

    _wake: dict[str, asyncio.Event]
    _bot_pool: ThreadPoolExecutor
    _quick_pool: ThreadPoolExecutor
    bot_processes: BotProcesses | None
    """The worker processes searches think in (`server.bot_processes`), if the settings ask."""
    _groundwork: GroundworkBuilder
    _caps: weakref.WeakKeyDictionary[TimeCapped, float | None]
    _thinking: set[Agent]
    _deadlines: dict[str, tuple[int, int, float]]
    _clocks: dict[str, asyncio.Task[None]]

    def _wake_driver(self, table: LiveTable) -> None:
        self._wake[table.id].set()

    def _bots_wait(self, table: LiveTable) -> bool:
        """Whether the table's bots hold their moves for now (an undo request: `server.undo`)."""
        return False

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
            except Exception as error:  # a driver must outlive one bad step; the log says why
                if not isinstance(error, Unavailable):  # a failed write is logged where it failed
                    FAILURES.note(
                        f"driver {type(error).__name__}",
                        f"table {table.id}: driver step failed",
                        error=error,
                    )
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
                index, undos = len(table.steps), len(table.undone)
                if not seat.is_bot:
                    stored = table.turn_deadline
                    if self._arm_clock(table, player, index):
                        if table.turn_deadline != stored:
                            await self._save_deadline(table)
                        await self.hub.broadcast(table)
                    return
                if self._bots_wait(table):
                    return  # woken again when the request is answered
                bot = self._bot(table, seat)
                view = AgentView(table.state.clone(), player)
                rng = table.bot_rng()
                turn_began = self.settings.clock()
            release = turn_began + self.settings.bot_delay
            keep = partial(self._keep_bot, table, (seat.seat, seat.level), bot)
            action = await self._think(bot, view, rng, release, keep)
            choices = len(view.legal_actions)
            del view  # the bot's copy of the state goes now, not after the wait
            await self._release_at(release - COMMITTED_AHEAD * self.settings.bot_delay)
            async with self._locks[table.id]:
                if len(table.steps) != index or table.status != PLAYING:
                    continue
                if len(table.undone) != undos or self._bots_wait(table):
                    continue  # moves were taken back meanwhile, or an undo request waits
                if not table.seat(player).is_bot:  # its player took the seat back meanwhile
                    continue
                step = table.apply(player, action)
                await self._commit(table, [step, *table.chance_steps()])
                await self._release_at(release)  # committed ahead: only the sending is left
                await self.hub.broadcast(table)
                late = self.settings.clock() - release
                self.bot_moves.append(BotMove(table.game.id, seat.level, choices, late))

    async def _think(
        self,
        bot: Agent,
        view: AgentView,
        rng: Any,
        release: float,
        keep: Callable[[Agent], None] = lambda bot: None,
    ) -> Action:
        """The bot's move, decided within its turn (see the module docstring).

        A bot that thought in a worker process comes back as it is after its
        search; `keep` takes it for the seat's next decision.
        """
        delay = self.settings.bot_delay
        if delay > 0 and isinstance(bot, NeedsGroundwork):  # with no delay (tests) it waits
            work = bot.groundwork(view)
            if work is not None:  # built elsewhere; meanwhile the quick fallback plays
                self._groundwork.ask(work)
                return _fallback(view, rng)
        if bot in self._thinking:  # an overruled thought of this seat has not ended yet
            return _fallback(view, rng)
        if type(bot) in ON_THE_LOOP:  # cheaper than the hop to a thread and back
            return self._checked(bot, view, rng, lambda: bot.choose(view, rng))
        searcher = thinking_part(bot)
        stop = release - (1 - THINKING_SHARE) * delay
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Action | None]
        if delay <= 0:
            future = loop.run_in_executor(self._bot_pool, bot.choose, view, rng)
        elif searcher is None:
            future = loop.run_in_executor(self._quick_pool, bot.choose, view, rng)
        elif self.bot_processes is not None and len(view.legal_actions) > 1:
            cap = self._caps.get(searcher)
            thought = self.bot_processes.think(bot, cap, stop, view, rng)
            future = asyncio.ensure_future(_kept(thought, keep))
            future.add_done_callback(_forget)  # a search cut short by the server's stop, too
        else:
            call = partial(self._search_until, bot, searcher, stop, view, rng)
            future = loop.run_in_executor(self._bot_pool, call)
        backup = None
        if delay > 0 and searcher is not None:  # ready by the time a search could be overruled
            backup = loop.run_in_executor(self._quick_pool, _fallback, view, random.Random(0))
        self._thinking.add(bot)
        future.add_done_callback(lambda _: self._thinking.discard(bot))
        try:
            if delay > 0:
                overrule = release - (1 - OVERRULE_SHARE) * delay - self.settings.clock()
                async with asyncio.timeout(max(0.0, overrule)):
                    action = await asyncio.shield(future)
            else:
                action = await future
        except TimeoutError:  # still thinking (or waiting for a thread) near its release time
            future.add_done_callback(_forget)
            return await backup if backup is not None else _fallback(view, rng)
        except Exception:  # a search that failed, or a bot process that ended under it
            if backup is not None:
                log.exception("bot %s failed; playing its quick fallback", bot.name)
                return await backup
            log.exception("bot %s failed; playing a random legal action", bot.name)
            return RandomBot().choose(view, rng)
        if action is None:  # its thread came free only after its thinking time
            return await backup if backup is not None else _fallback(view, rng)
        return self._checked(bot, view, rng, lambda: action)

    @staticmethod
    def _checked(
        bot: Agent, view: AgentView, rng: Any, decide: Callable[[], Action | None]
    ) -> Action:
        """What `decide` says `bot` plays, or a random legal action if it fails or is illegal."""
        try:
            action = decide()
        except Exception:
            log.exception("bot %s failed; playing a random legal action", bot.name)
            return RandomBot().choose(view, rng)
        if action not in view.legal_actions:
            log.error("bot %s chose illegal %s; playing a random legal action", bot.name, action)
            return RandomBot().choose(view, rng)
        return action

    def _search_until(
        self, bot: Agent, searcher: TimeCapped, stop: float, view: AgentView, rng: Any
    ) -> Action | None:
        """On a bot thread: search until `stop` (`Settings.clock`), None if that has passed."""
        cap = self._caps.get(searcher)
        return search_until(bot, cap, stop, view, rng, self.settings.clock)[0]

    def _keep_bot(self, table: LiveTable, key: tuple[int, str], sent: Agent, back: Agent) -> None:
        """Keep the bot a worker process sent back, if the seat still has the one it was sent."""
        if table.bots.get(key) is not sent:
            return  # the seat changed hands meanwhile
        table.bots[key] = back
        before, after = thinking_part(sent), thinking_part(back)
        if before is not None and after is not None and before in self._caps:
            self._caps[after] = self._caps[before]

    async def _release_at(self, moment: float) -> None:
        """Hold a bot's move until `moment` (`Settings.clock`), however soon it was chosen.

        A move that came as fast as the bot could think would tell the table how
        hard its hand was to play (a forced move at once, a search that stops
        early): every bot move lands `Settings.bot_delay` after its turn began.
        It waits twice: until it is taken in and committed (`COMMITTED_AHEAD`
        before its release time, the table's lock held from there), then until
        it is sent, so that the commit's wait for the database is not added to
        its lateness.
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
            searcher = thinking_part(bot)
            if searcher is not None:
                self._caps[searcher] = searcher.milliseconds
        return bot

    def _arm_clock(self, table: LiveTable, seat: int, index: int) -> bool:
        """Start the turn clock for a person's decision; True if it was not running yet.

        A long clock keeps a deadline the table's row already holds for this
        position (every step clears it), so a rebuilt table's clock goes on.
        """
        if table.turn_seconds <= 0:
            return False
        current = self._deadlines.get(table.id)
        if current is not None and current[:2] == (seat, index):
            return False
        old = self._clocks.pop(table.id, None)
        if old is not None:
            old.cancel()
        now = self.settings.now()
        deadline = now + table.turn_seconds
        if is_long(table.turn_seconds):
            if table.turn_deadline is not None:
                deadline = table.turn_deadline
            table.turn_deadline = deadline
        self._deadlines[table.id] = (seat, index, deadline)
        wait = max(0.0, deadline - now)
        self._clocks[table.id] = asyncio.create_task(self._clock(table, seat, index, wait))
        return True

    async def _clock(self, table: LiveTable, seat: int, index: int, wait: float) -> None:
        undos = len(table.undone)
        await self.settings.turn_wait(wait)
        async with self._locks[table.id]:
            if len(table.steps) != index or table.status != PLAYING:
                return
            if len(table.undone) != undos:
                return  # moves were taken back meanwhile: the clock is armed again
            if table.seat(seat).is_bot:  # handed to a bot meanwhile: the bot plays
                return
            if is_long(table.turn_seconds):
                await self._run_out_long(table, seat)
            else:
                view = AgentView(table.state, seat)
                action = RandomBot().choose(view, table.bot_rng())
                label = table.game.presenter.label(table.state, action)
                step = table.apply(seat, action)
                table.note(f"{table.seat(seat).name}'s clock ran out: {label}.")
                await self._commit(table, [step, *table.chance_steps()])
            await self.hub.broadcast(table)
        self._wake_driver(table)

    async def _run_out_long(self, table: LiveTable, number: int) -> None:
        """A long clock ran out: a bot takes the seat as if its player had left (`turns`)."""
        seat = table.seat(number)
        seat.kind, seat.level, seat.was_human = BOT, RUN_OUT_LEVEL, True
        self._deadlines.pop(table.id, None)  # taken back before the bot moves: a new clock
        table.turn_deadline = None
        who = seat.player or seat.name
        table.note(
            f"{who}'s clock ran out: a bot ({RUN_OUT_LEVEL}) now plays {seat.name}; "
            f"{who} can take the seat back."
        )
        await self._save_seats(table)


THINKING_SHARE = 0.75
"""The part of the bot delay a searching bot may think for, counted from its turn's start;
the rest is margin, so that its move still lands at the delay on a busy server."""
OVERRULE_SHARE = 0.8
"""The part of the bot delay after which a bot still thinking is overruled by its fallback
(which then has until `COMMITTED_AHEAD` to decide, so that it too lands on time)."""
COMMITTED_AHEAD = 0.15
"""The part of the bot delay before its release time at which a bot's move is applied and
committed (at a time as fixed as the release's, so it tells nothing either): at the
release time only sending it is left. A commit waits for the database thread and the
disk, a median 20 ms and at p95 75 ms at load average 9 on two cores."""
ON_THE_LOOP = (RandomBot, HeuristicBot)
"""The quick bots (easy, medium) that choose on the event loop itself: a few hundredths
of a millisecond a move in the board game and Slam, a third of one in the card game
(3 ms at worst), less than handing the work to a thread and back costs."""
SWITCH_INTERVAL = 0.0005
"""How long, in seconds, a thread may keep the interpreter while another waits for it
(`sys.setswitchinterval`; Python's own is 0.005). Searches run on bot threads: with
Python's interval, each time the event loop waits for the interpreter (a bot's move
released, a commit answered) a search may keep it 5 ms, and a move that goes through a
few such waits went out tens of milliseconds late while searches ran."""


def quick_switching() -> float:
    """Set the interpreter's switch interval to `SWITCH_INTERVAL`; returns the one before."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    return before


def _fallback(view: AgentView, rng: Any) -> Action:
    """The quick move of a bot that cannot think in time: the game's `medium` (a few ms)."""
    return HeuristicBot().choose(view, rng)


async def _kept(
    thought: Coroutine[Any, Any, tuple[Action | None, Agent]], keep: Callable[[Agent], None]
) -> Action | None:
    """A worker process's choice, once `keep` has the bot as it came back."""
    action, bot = await thought
    keep(bot)
    return action


def _forget(future: asyncio.Future[Any]) -> None:
    """Collect the late result (or error) of a thought that was overruled."""
    if not future.cancelled():
        future.exception()


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
