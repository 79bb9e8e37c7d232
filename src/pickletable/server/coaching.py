"""Coaching at a web table: the win chance and the hint, off the event loop, cached.

Each figure is computed on a copy of the table's state in the coach's own
single thread (never on the event loop, never in the bots' pools, so a
player asking for odds cannot delay a bot's move), from the asking seat's
own observation (`pickletable.bots.coaching`); a spectator gets the public
figure, drawn with every hidden card dealt again. Answers are cached per
(table, step, seat) so a table of watchers costs one computation a move.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from pickletable.bots.coaching import hint, odds, odds_line
from pickletable.core.state import CHANCE, GameState
from pickletable.server.errors import Refused
from pickletable.server.live import PLAYING, LiveTable

CACHED = 256
"""Answers kept (a few per live table)."""
RATED = "no win chance, hints or undo at a rated table: every move there is the player's own"

Key = tuple[str, int, int, int | None, str]
"""(table, step, undos granted, seat, kind): after an undo a step count comes round again
in another position, and a figure still being weighed for the old one must not pass for it."""


class Coach:
    """Computes win chances and hints for web tables, one at a time, on its own thread."""

    def __init__(self, locks: dict[str, asyncio.Lock] | None = None) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="pickletable-coach")
        self._locks = locks if locks is not None else {}
        """The tables' locks (the manager's): a position is read only between moves, so a
        bot's move applied ahead of its release time is not shown before it."""
        self._cache: OrderedDict[Key, dict[str, Any]] = OrderedDict()

    def stop(self) -> None:
        """Drop queued work (the server is stopping)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def forget(self, table_id: str) -> None:
        """Drop a table's answers (its moves were taken back: a step may come round again)."""
        for key in [key for key in self._cache if key[0] == table_id]:
            del self._cache[key]

    async def odds(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """The win chance of each seat as `seat` sees the table (None: the public view)."""

        def work(state: GameState) -> dict[str, Any]:
            chances = odds(state, seat, wait=False)
            return {
                "line": odds_line(state, seat, chances),
                "chances": {str(each): round(share, 3) for each, share in chances.items()},
            }

        return await self._answer(table, seat, "odds", work)

    async def hint(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """What the hard bot would play for `seat`, which must be the seat to act."""
        presenter = table.game.presenter

        def work(state: GameState) -> dict[str, Any]:
            labels = {action: presenter.label(state, action) for action in state.legal_actions()}
            return {"hint": hint(state, seat, labels)}

        return await self._answer(table, seat, "hint", work, to_act=True)

    async def _answer(
        self,
        table: LiveTable,
        seat: int | None,
        kind: str,
        work: Callable[[GameState], dict[str, Any]],
        to_act: bool = False,
    ) -> dict[str, Any]:
        async with self._locks.get(table.id) or contextlib.nullcontext():
            if table.status != PLAYING or table.state.current_player in (None, CHANCE):
                raise Refused("the game is not in play: nothing to weigh")
            if to_act and table.state.current_player != seat:
                raise Refused("a hint is for your own move: it is not your turn")
            key = (table.id, len(table.steps), len(table.undone), seat, kind)
            cached = self._cache.get(key)
            state = table.state.clone() if cached is None else None  # the table moves on
        if cached is None:
            assert state is not None
            cached = await asyncio.get_running_loop().run_in_executor(self._pool, work, state)
            self._cache[key] = cached
            while len(self._cache) > CACHED:
                self._cache.popitem(last=False)
        return {**cached, "step": key[1], "you": seat}
