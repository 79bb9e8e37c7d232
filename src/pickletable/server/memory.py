"""The server process's memory, set up for long runs with many tables.

A full collection walks every object the process holds and stops the event
loop while it does: at a hundred tables that was the longest pause a move
could meet. So everything loaded at start (modules, games, bots, the app)
is moved out of the collector's sight (`gc.freeze`): it lives as long as
the process. Young collections run a little less often than Python's
default, so fewer short-lived objects (a bot's copy of the state, a view
being sent) are promoted to the old generation, whose growth triggers the
full collections. Almost everything the server makes is freed by reference
counting the moment it is dropped; the collector only finds the rare cycles.

What Python frees goes back to the C allocator, which keeps it for later
(per thread: the database writer and the bots run on threads of their own);
after tables leave memory the server asks it to give its free pages back to
the system (`give_back`, glibc's ``malloc_trim``), so the resident size
follows what the tables use.

A game may memoise for every process that uses it (the card game's hand
solver keeps verdicts the bots ask for); a server that plays thousands of
games bounds those memos (`GameKit.bound_memos`), so that its memory stays flat.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable

from pickletable.bots.thinking import warm_up

GC_THRESHOLDS = (5000, 10, 10)
"""Young collections after this many new tracked objects (Python: 700); older as Python's."""
SOLVER_MEMO = 20_000
"""Entries each memo table of a game (the card solver's, its discard menus') holds in the
server before it is cleared (250,000 elsewhere, where a study wants speed and ends)."""


def settle() -> None:
    """Load what every table will need, bound the solver's memo, freeze, space out collections."""
    warm_up(("easy", "medium", "hard"), SOLVER_MEMO, GC_THRESHOLDS)


def give_back() -> None:
    """Return the C allocator's free pages to the system (glibc; elsewhere it does nothing).

    The call releases the interpreter lock: run on a worker thread, it does
    not hold up the event loop.
    """
    if _TRIM is not None:
        _TRIM(0)


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        trim: Callable[[int], int] = ctypes.CDLL(ctypes.util.find_library("c")).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return trim


_TRIM = _malloc_trim()
