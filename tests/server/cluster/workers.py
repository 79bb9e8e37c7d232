"""Real worker processes for the cluster tests: each on a port of its own, one database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.services import free_port


class WorkerProcess:
    """``python -m pickletable.server.cluster.worker`` on 127.0.0.1 and a free port."""

    def __init__(
        self,
        worker_id: str,
        database_url: str,
        redis_url: str,
        prefix: str,
        folder: Path,
        *,
        lease_seconds: float = 1.5,
        limits: tuple[str, ...] = (),
        arguments: tuple[str, ...] = (),
    ) -> None:
        self.worker_id = worker_id
        self.database_url = database_url
        self.redis_url = redis_url
        self.prefix = prefix
        self.log = folder / f"{worker_id}.log"
        self.lease_seconds = lease_seconds
        self.limits = limits
        self.arguments = arguments
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> WorkerProcess:
        """Start the worker (again, on the same port if it ran before) without waiting."""
        self.port = self.port or free_port()
        command = [
            sys.executable,
            "-m",
            "pickletable.server.cluster.worker",
            f"--worker-id={self.worker_id}",
            f"--database-url={self.database_url}",
            f"--redis-url={self.redis_url}",
            f"--prefix={self.prefix}",
            f"--port={self.port}",
            f"--lease-seconds={self.lease_seconds}",
            *(f"--limit={pair}" for pair in self.limits),
            *self.arguments,
        ]
        env = {**os.environ, "PICKLETABLE_BOT_DELAY": "0", "PICKLETABLE_FORMALITY_PAUSE": "0"}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        return self

    def wait_ready(self, timeout: float = 90.0) -> WorkerProcess:
        """Wait until the worker answers and sees itself among the live ones."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"worker {self.worker_id} exited: {self.log.read_text()[-2000:]}"
                )
            try:
                if self.worker_id in self.cluster()["workers"]:
                    return self
            except (OSError, urllib.error.URLError, ValueError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"worker {self.worker_id} did not start: {self.log.read_text()[-2000:]}")

    def cluster(self) -> dict[str, Any]:
        """What this worker knows of the workers (``GET /api/cluster``)."""
        with urllib.request.urlopen(self.url + "/api/cluster", timeout=5) as answer:
            value: dict[str, Any] = json.loads(answer.read())
            return value

    def kill(self) -> None:
        """``kill -9``."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self, timeout: float = 30.0) -> int:
        """SIGTERM (a drain), then wait for the exit; its return code."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        return self.process.returncode


@contextmanager
def workers(
    count: int, database_url: str, redis_url: str, folder: Path, **options: Any
) -> Iterator[list[WorkerProcess]]:
    """`count` workers (w1, w2...) sharing one database and a Redis prefix of their own."""
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    started = [
        WorkerProcess(f"w{n}", database_url, redis_url, prefix, folder, **options).start()
        for n in range(1, count + 1)
    ]
    try:
        for worker in started:
            worker.wait_ready()
        for worker in started:  # each has heard of every other
            wait_for(lambda w=worker: len(w.cluster()["workers"]) == count, 10)
        yield started
    finally:
        for worker in started:
            if worker.process is not None and worker.process.poll() is None:
                worker.process.kill()
                worker.process.wait(10)


def wait_for(condition: Any, seconds: float, every: float = 0.05) -> float:
    """Wait until `condition()` is true; how long it took (AssertionError after `seconds`)."""
    began = time.monotonic()
    while not condition():
        if time.monotonic() - began > seconds:
            raise AssertionError(f"not true within {seconds:g} s")
        time.sleep(every)
    return time.monotonic() - began


def request(url: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One JSON request; the answer's JSON (None for 204). Raises HTTPError on a refusal."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    ask = urllib.request.Request(url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(ask, timeout=15) as answer:
        raw = answer.read()
        return json.loads(raw) if raw else None
