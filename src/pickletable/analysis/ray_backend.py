"""The runner's second executor: the same tasks and play functions, on Ray (the cluster extra).

`ray_results` sends the tasks to Ray in chunks (one Ray task per chunk, the
play function called on each game of it) and yields the results in game
order, so the runner gathers them, reports progress and handles Ctrl-C as it
does with its process pool. Each game is seeded from its task alone, so the
results are those of the process backend, game for game.

Without an address a small local Ray is started in this process (two CPUs,
no dashboard, a 100 MB object store, quiet logs) and kept for the rest of
it; with one (``auto``, or ``HOST:6379``) the driver joins that cluster.
The workers import the play function by name: every machine of the cluster
needs pickletable (same version) installed, with Ray.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from pickletable.core.errors import PickletableError

T = TypeVar("T")
R = TypeVar("R")

LOCAL_CPUS = 2
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
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise RayUnavailableError(f"cannot start or reach {where}: {error}") from None
    return ray


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
