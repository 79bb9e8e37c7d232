"""A real ``pickletable serve`` in a child process, on 127.0.0.1 and a free port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """One server process; `start` waits until it answers, `kill` is ``kill -9``."""

    def __init__(
        self,
        database: Path,
        *,
        limits: Mapping[str, float] | None = None,
        bot_delay: float = 0.0,
        log: Path | None = None,
    ) -> None:
        self.database = database
        self.limits = limits or {}
        self.bot_delay = bot_delay
        self.log = log or database.with_suffix(".log")
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's http:// address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The server's ws:// address."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0, port: int | None = None) -> ServerProcess:
        """Start the server (on `port`, else a free one) and wait until it answers."""
        self.port = port or free_port()
        command = [
            sys.executable,
            "-m",
            "pickletable.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            f"sqlite:///{self.database}",
        ]
        for name, value in self.limits.items():
            command += ["--limit", f"{name}={value}"]
        env = {**os.environ, "PICKLETABLE_BOT_DELAY": str(self.bot_delay)}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start: {self.log.read_text()[-2000:]}")
            try:
                self.get("/api/games")
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout} s")

    def kill(self) -> None:
        """Stop it at once, as ``kill -9`` does (nothing is flushed or closed)."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop it as Ctrl-C does."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def rss_mb(self) -> float:
        """The server's resident memory now, in MB (0 if it is not running)."""
        if self.process is None:
            return 0.0
        return rss_mb(self.process.pid)

    def cpu_seconds(self) -> float:
        """The processor time the server has used so far, user and system (0 without /proc)."""
        if self.process is None:
            return 0.0
        return cpu_seconds(self.process.pid)

    def get(self, path: str) -> Any:
        """GET a JSON answer."""
        return request(self.url, "GET", path)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        """POST JSON and return the JSON answer (None for 204)."""
        return request(self.url, "POST", path, body, token)


class Refusal(Exception):
    """An HTTP error answer: its status and body."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body


def request(
    base: str, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> Any:
    """One REST call with the standard library (the kit needs no HTTP client package)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    call = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(call, timeout=30) as answer:
            text = answer.read()
    except urllib.error.HTTPError as error:
        raise Refusal(error.code, error.read().decode(errors="replace")) from None
    return json.loads(text) if text else None


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB, from /proc (0 where there is no /proc)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User and system processor time of a process in seconds, from /proc (0 without it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks
