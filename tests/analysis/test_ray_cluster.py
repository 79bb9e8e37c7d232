"""A real two-node Ray cluster on this machine plays a study exactly as local processes do.

The module starts the cluster once (``ray start --head``, then a second node
joining it, one CPU each, in a folder of their own), runs ``pickletable
sim --backend ray --address`` against it in a process of its own, and stops
both nodes at the end by their process groups (only the processes it
started: no ``ray stop``, which would stop every Ray on the machine).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pickletable.cli.main import app

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed: pip install 'pickletable[cluster]'",
)
START_SECONDS = 150
"""A node may take this long to start on a loaded machine (about 15 s when quiet)."""
STOP_SECONDS = 3
"""A node's grace after SIGTERM before its group is killed (it rarely stops sooner)."""
ENVIRONMENT = {
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "disabled",  # a loopback test cluster: no token to share between nodes
}
STUDY = ["sim", "card", "--bots", "random,medium", "--games", "12", "--seed", "3", "--json"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ray_command() -> str:
    return str(Path(sys.executable).with_name("ray"))


class Node:
    """One ``ray start --block`` process, in a process group of its own."""

    def __init__(self, arguments: list[str], log: Path) -> None:
        self.log = log
        self.process = subprocess.Popen(
            [_ray_command(), "start", "--block", "--num-cpus=1", *arguments],
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            env={**os.environ, **ENVIRONMENT},
            start_new_session=True,
        )

    def wait_started(self) -> None:
        """Until the node says it runs, or fail with its log."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if "Ray runtime started" in self.log.read_text(errors="replace"):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.5)
        pytest.fail(f"a Ray node did not start:\n{self.log.read_text(errors='replace')[-3000:]}")

    def stop(self) -> None:
        """SIGTERM its process group (the node's Ray processes), then SIGKILL what is left."""
        group = self.process.pid  # start_new_session: the group is the node's own
        for sent in (signal.SIGTERM, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, sent)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(STOP_SECONDS)


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A head and a second node on this machine; yields the head's address."""
    folder = Path(tempfile.mkdtemp(prefix="ptray-"))  # short: Ray's socket paths must be
    port = _free_port()
    nodes = [
        Node(
            [
                "--head",
                f"--port={port}",
                "--include-dashboard=false",
                f"--temp-dir={folder}",
                f"--object-store-memory={100 * 1024 * 1024}",
            ],
            folder / "head.log",
        )
    ]
    try:
        nodes[0].wait_started()
        address = f"127.0.0.1:{port}"
        nodes.append(
            Node(
                [f"--address={address}", f"--object-store-memory={100 * 1024 * 1024}"],
                folder / "node.log",
            )
        )
        nodes[1].wait_started()
        yield address
    finally:
        for node in reversed(nodes):
            node.stop()
        shutil.rmtree(folder, ignore_errors=True)


@needs_ray
def test_a_study_on_a_two_node_cluster_gives_the_numbers_of_local_processes(
    cluster: str,
) -> None:
    on_processes = CliRunner().invoke(app, [*STUDY, "--workers", "2"])
    assert on_processes.exit_code == 0, on_processes.output
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pickletable.cli.main",
            *STUDY,
            *["--backend", "ray"],
            "--address",
            cluster,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, **ENVIRONMENT},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    here, there = json.loads(on_processes.stdout), json.loads(done.stdout)
    (study_here,), (study_there,) = here["studies"], there["studies"]
    assert study_there["workers"] == 2  # one CPU on each node: the second node joined
    for study in (study_here, study_there):
        for volatile in ("seconds", "workers"):
            study.pop(volatile)
    assert there == here
