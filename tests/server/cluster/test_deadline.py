"""A stopping worker exits by its deadline even when a thread never returns."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

from pickletable.server.cluster.deadline import ABANDONED

# A process whose exit would join a thread blocked for good (as `asyncio.run` joins the
# default executor's threads, and Python the non-daemon ones, on the way out).
BLOCKED = textwrap.dedent(
    """
    import asyncio, logging, threading
    from pickletable.server.cluster.deadline import exit_by

    logging.basicConfig(level=logging.INFO)

    def blocked_for_good():
        threading.Event().wait()

    async def main():
        exit_by(1.0)
        await asyncio.to_thread(blocked_for_good)

    asyncio.run(main())
    """
)


def test_a_drain_with_a_blocked_thread_still_exits_by_its_deadline_and_says_what_it_left() -> None:
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == ABANDONED
    assert time.monotonic() - began < 20
    assert "the drain did not end within 1 s: abandoning what still runs" in done.stderr
    assert "in blocked_for_good" in done.stderr
