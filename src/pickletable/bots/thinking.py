"""Thinking against a deadline: what searches in a bot, and a search that stops in time.

A bot that must move by a time of day (the web table's bots) searches until a
deadline on the machine's monotonic clock (`search_until`), on a thread or
in a worker process of its own (`pickletable.server.bot_processes`: the
worker side is here, so that a worker imports the bots and not the server).
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from pickletable.bots import make_bot
from pickletable.bots.ismcts import ISMCTSBot
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.registry import KITS

MINIMUM_SEARCH_MS = 20.0
"""A search with less time left than this is not started: the quick fallback plays."""
NICENESS = 10
"""How much lower a worker process's priority is than the server's (bots' searches, groundwork)."""
PARENT_CHECK_SECONDS = 1.0
"""How often a worker process looks whether the server that started it is still there."""
Thought = tuple[Action | None, Agent]
"""A search's choice (None: its time had passed before it began) and the bot after it."""


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


def search_until(
    bot: Agent,
    cap: float | None,
    stop: float,
    view: AgentView,
    rng: random.Random,
    clock: Callable[[], float] = time.monotonic,
) -> Thought:
    """Search until `stop` on `clock` (no longer than `cap` ms); no choice if that has passed."""
    if len(view.legal_actions) == 1:
        return view.legal_actions[0], bot
    left = (stop - clock()) * 1000
    searcher = thinking_part(bot)
    if left < MINIMUM_SEARCH_MS or searcher is None:
        return None, bot
    searcher.milliseconds = left if cap is None else min(cap, left)
    return bot.choose(view, rng), bot


def lower_priority(pid: int | None) -> None:
    """Give the process `pid` (a worker just started) a priority `NICENESS` below this one's.

    Done by the server as soon as the worker exists, so that even its start (some
    seconds of imports) never takes the processor from the server's event loop.
    """
    if pid is None:
        return  # not started
    with contextlib.suppress(OSError, AttributeError):  # not allowed, or no such call here
        os.setpriority(os.PRIO_PROCESS, pid, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)


def end_with_parent(parent: int, every: float = PARENT_CHECK_SECONDS) -> None:
    """In a worker process: end it once the process that started it, `parent`, is gone.

    A pool's worker waits on a queue whose writing end it holds itself, so the end of
    a server killed with ``kill -9`` never reaches it: without this it would live on.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="pickletable-parent-watch", daemon=True).start()


def start_worker(memo_entries: int, thresholds: tuple[int, int, int], server: int) -> None:
    """In a worker process: set up as the server's own process is (`server.memory.settle`).

    It ends by itself when the server, process `server`, does (`end_with_parent`; given
    by the server, as the worker may start after the server is gone).

    What a search of each game needs is loaded before the first one and moved out of
    the collector's sight, the games' memo tables are bounded to `memo_entries` each
    (a worker lives as long as the server), and young collections run at `thresholds`.
    """
    end_with_parent(server)
    warm_up(("hard",), memo_entries, thresholds)


def warm_up(levels: tuple[str, ...], memo_entries: int, thresholds: tuple[int, int, int]) -> None:
    """Load every game and its bots of `levels`, bound the memo tables to `memo_entries`,
    move what is loaded out of the collector's sight and space young collections out.

    A long-lived process does it once at its start: the server (`server.memory.settle`)
    and each bot worker (`start_worker`).
    """
    for kit in KITS:
        kit.definition()
        for level in levels:
            make_bot(level, kit.id)
        if kit.bound_memos is not None:
            kit.bound_memos(memo_entries)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def ready() -> bool:
    """True: sent once to each new worker, so that it starts with the server."""
    return True
