"""The one way to run many games: tasks, per-game seeds, a process pool, progress, Ctrl-C.

A task names everything one game needs (game, players, options, one bot per
entry, the game's index and the study seed) and a top-level *play* function
turns it into a small picklable result. Game *i* is seeded from the study
seed and *i* alone (``seed * 1_000_003 + i``, as the arena always did), so
the results are the same for any number of worker processes, and on either
backend: local processes (`multiprocessing`) or Ray (`Backend("ray")`, see
`pickletable.analysis.ray_backend`); results come back in game order.

Each game is played by the one game loop, `pickletable.core.match.run_match`,
with the study's collector as its `StepWatcher`.

>>> table = ("board", 2, {"level": "beginner"}, ("random", "random"))
>>> tasks = [GameTask(*table, index, 7) for index in range(3)]
>>> run = run_tasks(tasks, play_winners)
>>> len(run.results), run.interrupted
(3, False)
"""

from __future__ import annotations

import functools
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from pickletable.core.agents import Agent
from pickletable.core.content import Content
from pickletable.core.errors import OptionError
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import GameState

R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class GameTask:
    """Everything one game of a study needs; entry *e* sits at seat ``(e + index) % P``
    when `rotate` is set, else at seat *e*.

    With `alternate` (another list of entries, as long), every other round of
    P games plays it instead: a pairing at a table of odd size (A B A) gives
    each bot the two seats in turn (B A B), so over 2P games each bot sits
    equally often in each seat and in each count."""

    game: str
    players: int
    options: dict[str, Any]
    entries: tuple[str, ...]
    index: int
    seed: int
    rotate: bool = False
    alternate: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The entries this game plays (`alternate` in every other round of P games)."""
        if self.alternate and (self.index // self.players) % 2:
            return self.alternate
        return self.entries

    @property
    def game_seed(self) -> int:
        """The seed of this game's random number generator."""
        return self.seed * 1_000_003 + self.index

    def seat_entries(self, seats: Sequence[int]) -> dict[int, int]:
        """Which entry sits at each seat."""
        count = len(seats)
        shift = self.index if self.rotate else 0
        return {seats[(entry + shift) % count]: entry for entry in range(len(self.entries))}


def new_state(task: GameTask) -> GameState:
    """The task's game at its first step (its content read once per process, not per game)."""
    path = task.options.get("content")
    content = _content(task.game, str(path) if path else None)
    return get_game(task.game).new_game(task.players, task.options, content)


@functools.lru_cache(maxsize=16)
def _content(game: str, path: str | None) -> Content:
    definition = get_game(game)
    return definition.load_content(path) if path else definition.default_content()


@dataclass(frozen=True)
class Backend:
    """Where the games run: local processes, or Ray (a local one, or the cluster at `address`)."""

    kind: Literal["process", "ray"] = "process"
    address: str | None = None

    @classmethod
    def named(cls, kind: str, address: str | None = None) -> Backend:
        """The backend for a command line's ``--backend`` and ``--address``."""
        if kind == "process":
            if address:
                raise OptionError("--address is for --backend ray")
            return cls("process")
        if kind == "ray":
            from pickletable.analysis.ray_backend import import_ray

            import_ray()  # a clear message now if Ray is missing, not after the first game
            return cls("ray", address or None)
        raise OptionError(f"--backend must be process or ray, not {kind!r}")


PROCESSES = Backend()


@dataclass
class RunResult(Generic[R]):
    """The results of the games that were played, in game order, and whether Ctrl-C cut it short."""

    results: list[R]
    interrupted: bool
    seconds: float
    workers: int = 1
    extra: dict[str, Any] = field(default_factory=dict)


Progress = Callable[[int], None]
"""Called with the number of games finished so far, after each game."""


def run_tasks(
    tasks: Sequence[T],
    play: Callable[[T], R],
    *,
    workers: int = 1,
    progress: Progress | None = None,
    backend: Backend = PROCESSES,
) -> RunResult[R]:
    """Play every task (on `workers` processes when more than one, or on Ray) and collect them.

    `play` must be a module-level function (it is sent to the worker
    processes, or by name to the Ray workers, which ignore `workers`: the
    cluster's CPUs decide). Ctrl-C (a `KeyboardInterrupt`, in `play` or
    `progress` too) stops the run cleanly: the pool is shut down (the Ray
    tasks cancelled) and the games finished before it, in game order, are
    returned with ``interrupted`` set.
    """
    started = time.perf_counter()
    results: list[R] = []
    interrupted = False
    used = max(1, min(workers, len(tasks)))
    try:
        if backend.kind == "ray":
            from pickletable.analysis.ray_backend import ray_results

            source, used = ray_results(tasks, play, backend.address)
            _gather(source, results, progress)
        elif used > 1:
            with multiprocessing.get_context().Pool(used, initializer=_ignore_interrupts) as pool:
                try:
                    chunk = max(1, min(8, len(tasks) // (used * 16)))
                    _gather(pool.imap(play, tasks, chunksize=chunk), results, progress)
                except KeyboardInterrupt:
                    pool.terminate()
                    raise
        else:
            _gather((play(task) for task in tasks), results, progress)
    except KeyboardInterrupt:
        interrupted = True
    return RunResult(results, interrupted, time.perf_counter() - started, used)


def _gather(source: Iterator[R], results: list[R], progress: Progress | None) -> None:
    for result in source:
        results.append(result)
        if progress is not None:
            progress(len(results))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_winners(task: GameTask) -> list[int]:
    """The simplest play function: the winning entries of one game (used by doctests)."""
    from pickletable.bots import study_bot

    state = new_state(task)
    entry_at = task.seat_entries(state.seats)
    agents: dict[int, Agent] = {
        seat: study_bot(task.names[entry], task.game) for seat, entry in entry_at.items()
    }
    run_match(state, agents, random.Random(task.game_seed))
    winners = state.outcome.winners if state.outcome is not None else ()
    return sorted(entry_at[seat] for seat in winners)
