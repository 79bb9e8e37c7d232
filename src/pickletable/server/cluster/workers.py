"""``pickletable serve --workers N``: N worker processes on one address, and their supervisor.

The supervisor listens on the address itself and hands the socket to each
worker (``--fd``), so the kernel spreads new connections over them; each
worker has an id (``w1``, ``w2``...) that it keeps when it is restarted. A
worker that dies is started again, with the same id, after
`RESTART_SECONDS` (by then the others have taken its tables: it takes
tables back only as they come free). SIGTERM or Ctrl-C drains every worker
(each hands its tables over) and then stops.

Several workers need PostgreSQL (the tables, their leases) and Redis (the
messages between workers, the shared limits): SQLite serves one process.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from types import FrameType

from rich.console import Console
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from pickletable.server.run import ServeError

RESTART_SECONDS = 5.0
"""How long a dead worker stays down before it is started again."""
STOP_SECONDS = 30.0
"""How long stopping workers may take to hand their tables over before they are killed."""


def check_cluster(workers: int, database_url: str | None, redis_url: str | None) -> None:
    """Refuse, in one clear line, a cluster that cannot work."""
    if workers < 1:
        raise ServeError(f"--workers {workers}: use 1 or more")
    if workers == 1 and redis_url is None:
        return
    backend = ""
    if database_url:
        try:
            backend = make_url(database_url).get_backend_name()
        except ArgumentError:
            backend = ""
    if backend != "postgresql":
        raise ServeError(
            f"--workers {workers} needs PostgreSQL, which every worker shares: add "
            "--database-url postgresql+psycopg://USER@HOST/DATABASE (SQLite serves one process)"
        )
    if not redis_url:
        raise ServeError(
            f"--workers {workers} needs Redis, which carries the messages between workers: "
            "add --redis-url redis://HOST:6379/0"
        )
    _check_redis(redis_url)


def _check_redis(url: str) -> None:
    try:
        from redis import Redis
        from redis.exceptions import RedisError
    except ModuleNotFoundError:
        raise ServeError(
            "several workers need the redis package: pip install 'pickletable[workers]'"
        ) from None

    try:
        client = Redis.from_url(url, socket_connect_timeout=3)
        client.ping()
        client.close()
    except (RedisError, ValueError, OSError) as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ServeError(f"cannot reach Redis at {url}: {first_line}") from None


@dataclass
class Supervisor:
    """Starts the workers on one listening socket and keeps them running."""

    host: str
    port: int
    workers: int
    database_url: str
    redis_url: str
    limits: list[str] = field(default_factory=list)
    console: Console = field(default_factory=Console)
    trusted_proxies: tuple[str, ...] = ()
    restart_seconds: float = RESTART_SECONDS
    _socket: socket.socket | None = None
    _children: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    _down_since: dict[str, float] = field(default_factory=dict)
    _stopping: bool = False

    def run(self) -> None:
        """Listen, start every worker, restart dead ones; drain all on SIGTERM or Ctrl-C."""
        self._socket = _listen(self.host, self.port)
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        for number in range(1, self.workers + 1):
            self._start(f"w{number}")
        try:
            while not self._stopping:
                self._keep_up()
                time.sleep(0.2)
        finally:
            self._stop_all()
            self._socket.close()

    def _start(self, worker_id: str) -> None:
        assert self._socket is not None
        descriptor = self._socket.fileno()
        child = subprocess.Popen(self.command(worker_id, descriptor), pass_fds=(descriptor,))
        self._children[worker_id] = child
        self._down_since.pop(worker_id, None)
        self.console.print(f"worker {worker_id}: pid {child.pid}")

    def command(self, worker_id: str, descriptor: int) -> list[str]:
        """The command line of one worker, on the inherited listening socket `descriptor`."""
        command = [
            sys.executable,
            "-m",
            "pickletable.server.cluster.worker",
            f"--worker-id={worker_id}",
            f"--fd={descriptor}",
            f"--database-url={self.database_url}",
            f"--redis-url={self.redis_url}",
            *(f"--limit={pair}" for pair in self.limits),
        ]
        if self.trusted_proxies:
            command.append(f"--trusted-proxies={','.join(self.trusted_proxies)}")
        return command

    def _keep_up(self) -> None:
        now = time.monotonic()
        for worker_id, child in list(self._children.items()):
            if child.poll() is None:
                continue
            down = self._down_since.setdefault(worker_id, now)
            if down == now:
                self.console.print(
                    f"worker {worker_id} (pid {child.pid}) exited with {child.returncode}: "
                    f"starting it again in {self.restart_seconds:g} s"
                )
            if now - down >= self.restart_seconds:
                self._start(worker_id)

    def _stop(self, _signal: int, _frame: FrameType | None) -> None:
        self._stopping = True

    def _stop_all(self) -> None:
        """SIGTERM every worker (each drains), then wait; kill what is still running."""
        running = [child for child in self._children.values() if child.poll() is None]
        for child in running:
            child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for child in running:
            try:
                child.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        self.console.print("every worker has stopped")


def _listen(host: str, port: int) -> socket.socket:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise ServeError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    listener.listen(2048)
    listener.set_inheritable(True)
    return listener


def serve_workers(
    *,
    host: str,
    port: int,
    workers: int,
    database_url: str | None,
    redis_url: str | None,
    limits: list[str],
    console: Console,
    trusted_proxies: tuple[str, ...] = (),
) -> None:
    """Check the set-up, say where to point a browser, then supervise until stopped."""
    check_cluster(workers, database_url, redis_url)
    assert database_url is not None and redis_url is not None
    from pickletable.server.run import _check_database, _hide_password, announce

    where = _hide_password(database_url)
    _check_database(database_url, where)
    stored = f"Tables are stored in {where}; workers talk over Redis"
    announce(console, stored, host, port, "every worker")
    Supervisor(
        host,
        port,
        workers,
        database_url,
        redis_url,
        limits,
        console,
        trusted_proxies=trusted_proxies,
    ).run()
