"""The Ray backend plays the same games as the process backend (a small local Ray, started once)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from pickletable.analysis.arena import ArenaResult, run_arena
from pickletable.analysis.ray_backend import RayUnavailableError, import_ray, start_ray
from pickletable.analysis.runner import Backend, GameTask, play_winners, run_tasks
from pickletable.analysis.study import StudySpec, run_study
from pickletable.cli.main import app
from pickletable.core.errors import OptionError

HAVE_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(
    not HAVE_RAY, reason="Ray is not installed: pip install 'pickletable[cluster]'"
)
RAY = Backend("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One small local Ray for the whole module (two CPUs, no dashboard), shut down after."""
    ray = import_ray()
    already = ray.is_initialized()
    start_ray()
    yield
    if not already:
        ray.shutdown()


@needs_ray
def test_a_study_on_ray_is_the_study_on_processes(local_ray: None) -> None:
    spec = StudySpec("card", 2, {}, ("random", "medium"))
    on_processes = run_study(spec, 12, seed=3, workers=2)
    on_ray = run_study(spec, 12, seed=3, backend=RAY)
    assert on_ray.summaries == on_processes.summaries
    assert on_ray.to_json()["metrics"] == on_processes.to_json()["metrics"]
    assert on_ray.workers == 2  # the local Ray's two CPUs


@needs_ray
def test_the_arena_and_the_runner_give_the_same_results_in_game_order(local_ray: None) -> None:
    tasks = [GameTask("slam", 3, {}, ("random",) * 3, index, 5, rotate=True) for index in range(9)]
    assert run_tasks(tasks, play_winners, backend=RAY).results == [
        play_winners(task) for task in tasks
    ]
    bots = ["medium", "random"]
    here = run_arena("board", bots, 10, seed=4, options={"level": "advanced"})
    there = run_arena("board", bots, 10, seed=4, options={"level": "advanced"}, backend=RAY)

    def same(result: ArenaResult) -> list[tuple[object, ...]]:  # decision times differ
        return [(b.name, b.seat_games, b.wins, b.interval, b.decisions) for b in result.bots]

    assert same(there) == same(here) and there.mean_actions == here.mean_actions


@needs_ray
def test_sim_command_with_backend_ray_prints_the_same_figures(local_ray: None) -> None:
    runner = CliRunner()
    common = ["sim", "board", "--level", "beginner", "--bots", "random", "--games", "16"]
    common += ["--seed", "2", "--json", "--sweep", "step=0.5,1.0"]
    on_processes = runner.invoke(app, [*common, "--workers", "1"])
    on_ray = runner.invoke(app, [*common, "--backend", "ray"])
    assert on_processes.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    first, second = json.loads(on_processes.stdout), json.loads(on_ray.stdout)
    for study in (*first["studies"], *second["studies"]):
        for volatile in ("seconds", "workers"):
            study.pop(volatile, None)
    assert first == second


def test_a_missing_ray_is_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    with pytest.raises(RayUnavailableError, match=r"pip install 'pickletable\[cluster\]'"):
        Backend.named("ray")
    result = CliRunner().invoke(app, ["sim", "card", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2
    assert "pickletable[cluster]" in result.output and "Traceback" not in result.output


def test_backend_names_are_checked() -> None:
    assert Backend.named("process") == Backend()
    with pytest.raises(OptionError, match="process or ray"):
        Backend.named("dask")
    with pytest.raises(OptionError, match="--address is for --backend ray"):
        Backend.named("process", "auto")


def _sim_on_ray(*extra: str, environment: dict[str, str] | None = None) -> tuple[int, str, float]:
    """`pickletable sim` on Ray in a process of its own (no Ray of this one in the way)."""
    import os
    import subprocess
    import time

    command = [sys.executable, "-m", "pickletable.cli.main", "sim", "card", "--games", "2"]
    started = time.monotonic()
    done = subprocess.run(
        [*command, "--backend", "ray", *extra],
        capture_output=True,
        text=True,
        env={**os.environ, **(environment or {})},
        timeout=60,
    )
    return done.returncode, done.stdout + done.stderr, time.monotonic() - started


@needs_ray
def test_a_wrong_address_fails_within_30_seconds_with_a_clear_message() -> None:
    code, output, seconds = _sim_on_ray("--address", "127.0.0.1:1")
    assert code == 2 and seconds < 30, (seconds, output)
    assert "no Ray cluster answers at 127.0.0.1:1 (from --address)" in output
    assert "ray start --head" in output and "Traceback" not in output


@needs_ray
def test_an_exported_ray_address_is_the_cluster_joined() -> None:
    """Without --address, RAY_ADDRESS names the cluster (as for Ray's own tools)."""
    code, output, seconds = _sim_on_ray(environment={"RAY_ADDRESS": "127.0.0.1:1"})
    assert code == 2 and seconds < 30, (seconds, output)
    assert "(from RAY_ADDRESS)" in output


def test_the_help_names_the_cluster_extra_in_full() -> None:
    result = CliRunner().invoke(app, ["sim", "--help"], env={"COLUMNS": "200"})
    assert "pickletable[cluster]" in result.output
    assert "RAY_ADDRESS" in result.output
