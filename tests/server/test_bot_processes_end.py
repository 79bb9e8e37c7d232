"""Bot worker processes end with their server, also one killed with ``kill -9``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

STARTS_A_POOL = """
import asyncio
from pickletable.server.bot_processes import BotProcesses

async def main():
    processes = BotProcesses(2)
    await processes.started()
    print(*(p.pid for p in processes._pool._processes.values()), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie waits only for its reaper
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_the_bot_processes_of_a_server_killed_with_kill_9_end_by_themselves() -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", STARTS_A_POOL], stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    workers = [int(pid) for pid in server.stdout.readline().split()]
    assert len(workers) == 2 and all(alive(pid) for pid in workers)
    server.send_signal(signal.SIGKILL)
    server.wait()
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:  # not to leave them to the machine when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"bot processes {left} outlived their server"
