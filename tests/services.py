"""Real PostgreSQL and Redis servers for the tests that need them (no mocks).

Each service is found in this order:

1. the server named by ``PICKLETABLE_TEST_POSTGRES_URL`` /
   ``PICKLETABLE_TEST_REDIS_URL`` (``.ci/run`` sets them to the machine's
   services when they answer), used as given: a server that does not answer
   is an error, never a skip;
2. a throwaway instance started for this test run from the machine's
   ``initdb``/``pg_ctl`` or ``redis-server`` (``make test`` installs
   Debian's ``postgresql`` and ``redis-server`` when they are missing),
   stopped at the end of the run;
3. neither: the tests that need the service skip, saying how to run them.

A test gets a database of its own (`fresh_postgres` creates one and drops
it afterwards) or a Redis database number of its own, so tests and parallel
test workers never see each other's data.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

POSTGRES_ENV = "PICKLETABLE_TEST_POSTGRES_URL"
REDIS_ENV = "PICKLETABLE_TEST_REDIS_URL"
HOW_TO_POSTGRES = (
    f"set {POSTGRES_ENV}=postgresql+psycopg://USER@HOST:PORT/DATABASE, or install "
    "PostgreSQL's server (apt-get install -y postgresql) so that a throwaway one can start"
)
HOW_TO_REDIS = (
    f"set {REDIS_ENV}=redis://HOST:PORT/0, or install redis-server "
    "(apt-get install -y redis-server) so that a throwaway one can start"
)


class ServiceMissing(Exception):
    """No server of this kind was named, and none could be started here."""


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_for_port(port: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise ServiceMissing(f"nothing answered on port {port} within {seconds:g} s")


def _postgres_binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL server of its own, for as long as the block runs; its admin URL.

    Its files go in a new folder of the system's temporary folder (as root,
    owned by the ``postgres`` user: PostgreSQL refuses to run as root, and
    pytest's own temporary folders are closed to other users).
    """
    initdb, pg_ctl = _postgres_binary("initdb"), _postgres_binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise ServiceMissing(HOW_TO_POSTGRES)
    run_as: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="pickletable-postgres-"))
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(folder)
            raise ServiceMissing(
                f"running as root with no 'postgres' user: {HOW_TO_POSTGRES}"
            ) from None
        run_as = ["runuser", "-u", "postgres", "--"]
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    try:
        yield from _run_postgres(initdb, pg_ctl, run_as, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run_postgres(initdb: str, pg_ctl: str, run_as: list[str], folder: Path) -> Iterator[str]:
    data = folder / "data"
    port = free_port()
    subprocess.run(
        [*run_as, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [*run_as, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*run_as, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )


@contextmanager
def throwaway_redis(folder: Path) -> Iterator[str]:
    """A Redis server of its own (nothing kept on disk), for as long as the block runs."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise ServiceMissing(HOW_TO_REDIS)
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, 10)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def fresh_postgres_database(admin_url: str) -> Iterator[str]:
    """A new, empty database on the server of `admin_url`, dropped afterwards; its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"pickletable_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
