"""The runner's second executor: the same tasks and play functions, on Ray (the cluster extra).

`ray_results` sends the tasks to Ray in chunks (one Ray task per chunk, the
play function called on each game of it) and yields the results in game
order, so the runner gathers them, reports progress and handles Ctrl-C as it
does with its process pool. Each game is seeded from its task alone, so the
results are those of the process backend, game for game.

Without an address a small local Ray is started in this process (two CPUs,
no dashboard, a 100 MB object store, quiet logs) and kept for the rest of
it, unless ``RAY_ADDRESS`` is set: then, as with Ray's own tools, the driver
joins the cluster it names. With an address (``auto``, or ``HOST:6379``)
the driver joins that cluster; a ``HOST:PORT`` that nothing answers on
within `CONNECT_SECONDS` fails at once with a clear message (Ray itself
would keep retrying for minutes).
The workers import the play function by name: every machine of the cluster
needs pickletable (same version) installed, with Ray.
"""

from __future__ import annotations

import importlib
import logging
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from pickletable.core.errors import PickletableError

T = TypeVar("T")
R = TypeVar("R")

LOCAL_CPUS = 2
CONNECT_SECONDS = 10.0
"""How long a cluster's head may take to answer before the address is called wrong."""
LOCAL_OBJECT_STORE = 100 * 1024 * 1024
INSTALL = "the Ray backend needs Ray: pip install 'pickletable[cluster]'"


class RayUnavailableError(PickletableError):
    """Ray is not installed, or the cluster cannot be reached."""


def import_ray() -> Any:
    """The ``ray`` module, or a clear error saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise RayUnavailableError(f"{INSTALL} ({error})") from None


def start_ray(address: str | None = None) -> Any:
    """Connect to Ray once per process: a small local one, or the cluster at `address`."""
    ray = import_ray()
    if ray.is_initialized():
        return ray
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    named_by = "--address"
    if not address and os.environ.get("RAY_ADDRESS"):
        address, named_by = os.environ["RAY_ADDRESS"], "RAY_ADDRESS"
    if address:
        check_reachable(address, named_by)
    try:
        if address:
            ray.init(address=address, **quiet)
        else:
            ray.init(
                num_cpus=LOCAL_CPUS,
                include_dashboard=False,
                object_store_memory=LOCAL_OBJECT_STORE,
                **quiet,
            )
    except (ConnectionError, RuntimeError, ValueError) as error:
        where = f"the Ray cluster at {address} (from {named_by})" if address else "a local Ray"
        raise RayUnavailableError(f"cannot start or reach {where}: {error}") from None
    return ray


def check_reachable(address: str, named_by: str = "--address") -> None:
    """Fail within `CONNECT_SECONDS` when nothing answers at a ``HOST:PORT`` address."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if address == "auto" or not sep or not port.isdigit():
        return
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), CONNECT_SECONDS):
            pass
    except OSError as error:
        raise RayUnavailableError(
            f"no Ray cluster answers at {address} (from {named_by}) within "
            f"{CONNECT_SECONDS:g} s: {error}. Start one with `ray start --head --port={port}`, "
            "or leave out --address (and RAY_ADDRESS) for a local Ray"
        ) from None


def cluster_cpus(ray: Any) -> int:
    """How many CPUs the Ray cluster offers (at least one)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _play_chunk(play: Callable[[T], R], tasks: Sequence[T]) -> list[R]:
    return [play(task) for task in tasks]


def ray_results(
    tasks: Sequence[T], play: Callable[[T], R], address: str | None = None
) -> tuple[Iterator[R], int]:
    """Start (or join) Ray; return the results as an iterator in task order, and the CPUs used."""
    ray = start_ray(address)
    cpus = cluster_cpus(ray)
    return _ordered(ray, tasks, play, cpus), cpus


def _ordered(ray: Any, tasks: Sequence[T], play: Callable[[T], R], cpus: int) -> Iterator[R]:
    chunk = max(1, min(64, len(tasks) // (cpus * 16)))
    remote = ray.remote(num_cpus=1, max_retries=0)(_play_chunk)
    refs = [
        remote.remote(play, list(tasks[start : start + chunk]))
        for start in range(0, len(tasks), chunk)
    ]
    finished = False
    try:
        for ref in refs:
            yield from ray.get(ref)
        finished = True
    finally:  # Ctrl-C, an error, or the consumer stopped: leave nothing running
        if not finished:
            for ref in refs:
                ray.cancel(ref, force=True)
