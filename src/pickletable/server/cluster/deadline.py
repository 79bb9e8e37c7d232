"""A stopping worker's deadline: whatever still runs by then is abandoned, and it exits.

A graceful stop can wait on something that never ends: a thread blocked in a
call (the database, Redis, a bot's search), which `asyncio.run` joins when it
closes the default executor, and Python again when the interpreter exits. The
tables were handed over by then; the rest is not worth a hung process. So a
drain starts a watchdog: past the deadline it logs every thread's stack (what
was abandoned) and ends the process with `ABANDONED`.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import traceback

log = logging.getLogger("pickletable.server")
ABANDONED = 3
"""The exit code of a worker that reached its deadline with something still running."""


def exit_by(seconds: float) -> threading.Thread:
    """Start the watchdog: this process ends `seconds` from now at the latest."""
    watchdog = threading.Thread(
        target=_exit_after, args=(seconds,), name="drain deadline", daemon=True
    )
    watchdog.start()
    return watchdog


def _exit_after(seconds: float) -> None:
    threading.Event().wait(seconds)
    log.error(
        "the drain did not end within %g s: abandoning what still runs\n%s",
        seconds,
        running_threads(),
    )
    for handler in logging.getLogger().handlers:
        handler.flush()
    os._exit(ABANDONED)  # no joining threads on the way out: that is what hung


def running_threads() -> str:
    """Every thread but the caller's, by name, with the stack it is in."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    me = threading.get_ident()
    return "\n".join(
        f"thread {names.get(ident, ident)}:\n{''.join(traceback.format_stack(frame))}"
        for ident, frame in sys._current_frames().items()
        if ident != me
    )
