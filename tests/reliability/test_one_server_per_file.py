"""One SQLite file, one server: a second server on the same file is refused, a killed one
leaves no stale lock."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from pickletable.loadkit.server import ServerProcess, free_port


def serve_again(database: Path) -> subprocess.CompletedProcess[str]:
    """`pickletable serve` on `database`, expected to stop at once."""
    command = [sys.executable, "-m", "pickletable.cli.main", "serve"]
    command += ["--port", str(free_port()), "--database-url", f"sqlite:///{database}"]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_a_second_server_on_the_same_file_is_refused_and_the_first_plays_on(
    real_server: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "tables.sqlite3"
    first = real_server(database)
    second = serve_again(database)
    assert second.returncode == 2
    said = " ".join((second.stdout + second.stderr).split())
    assert "another pickletable server is serving this database" in said
    assert "Traceback" not in said
    assert first.get("/api/games")  # the first one was not disturbed


def test_a_server_killed_with_kill_9_leaves_no_lock_behind(
    real_server: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "tables.sqlite3"
    real_server(database).kill()
    assert real_server(database).get("/api/games")  # started: the lock died with the process
