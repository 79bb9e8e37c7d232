"""The arena: bots play seat-rotated matches; win rates with 95% intervals and decision times.

Entry *i* of the bot list sits at seat *(i + g) mod P* in game *g* (P seats,
one entry per seat), so every bot plays every seat equally often when the
number of games is a multiple of P. Game *g* is seeded from the arena seed
and *g* alone: the results do not depend on the number of worker processes.
The games run on the study runner (`pickletable.analysis.runner`), the one
way pickletable runs many games.

A bot's win rate is over the seat-games it played (a bot listed twice plays
twice per game); a win is being among the outcome's winners, so in team
games both partners win. Decision times count only decisions with a real
choice (two or more legal actions).

>>> result = run_arena("board", ["medium", "easy"], games=4, seed=1, options={"level": "beginner"})
>>> [(bot.name, bot.seat_games) for bot in result.bots]
[('medium', 4), ('easy', 4)]
>>> sum(bot.wins for bot in result.bots)
4
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pickletable.analysis.runner import (
    PROCESSES,
    Backend,
    GameTask,
    Progress,
    new_state,
    run_tasks,
)
from pickletable.analysis.statistics import percentile, wilson_interval
from pickletable.bots import study_bot
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.errors import OptionError
from pickletable.core.match import StepCount, run_match
from pickletable.core.registry import get_game


@dataclass
class BotResult:
    """One bot's figures over the whole arena."""

    name: str
    seat_games: int = 0
    wins: int = 0
    win_rate: float = 0.0
    interval: tuple[float, float] = (0.0, 1.0)
    decisions: int = 0
    mean_ms: float = 0.0
    p95_ms: float = 0.0
    max_ms: float = 0.0
    times: list[float] = field(default_factory=list, repr=False)


@dataclass
class ArenaResult:
    """The whole run: settings, per-bot figures, and game lengths."""

    game: str
    players: int
    options: dict[str, Any]
    games: int
    seed: int
    bots: list[BotResult]
    mean_actions: float
    seconds: float
    asked: int = 0
    """The games asked for; more than `games` (those played) when Ctrl-C stopped the run."""

    @property
    def interrupted(self) -> bool:
        """Whether the run stopped before every game asked for was played."""
        return self.games < self.asked

    def to_json(self) -> dict[str, Any]:
        """JSON-safe figures (without the raw decision times)."""
        bots = []
        for bot in self.bots:
            row = asdict(bot)
            del row["times"]
            row["interval"] = list(bot.interval)
            bots.append(row)
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "games": self.games,
            "seed": self.seed,
            "bots": bots,
            "mean_actions": self.mean_actions,
            "seconds": self.seconds,
            "asked": self.asked,
            "interrupted": self.interrupted,
        }


@dataclass
class _GameRecord:
    winners: list[int]
    """Entry indices among the winners."""
    times: list[list[float]]
    """Decision times (ms) per entry."""
    actions: int


def run_arena(
    game: str,
    bots: Sequence[str],
    games: int,
    *,
    workers: int = 1,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    backend: Backend = PROCESSES,
    progress: Progress | None = None,
) -> ArenaResult:
    """Play `games` seat-rotated games between `bots` (one name per seat) and sum them up.

    `progress` is told how many games are done; Ctrl-C stops the run, and the
    figures are those of the games played (`ArenaResult.interrupted`)."""
    definition = get_game(game)
    count = len(bots) if players is None else definition.check_players(players)
    definition.check_players(count)
    if len(bots) != count:
        raise OptionError(
            f"give one bot per seat: {count} players but {len(bots)} bots ({', '.join(bots)})"
        )
    resolved = definition.options.resolve(dict(options or {}))
    for name in bots:
        study_bot(name, game)  # fail early on a bad name
    tasks = [
        GameTask(game, count, dict(resolved), tuple(bots), index, seed, rotate=True)
        for index in range(games)
    ]
    run = run_tasks(tasks, _play, workers=workers, backend=backend, progress=progress)
    result = _summarise(
        game, count, resolved, len(run.results), seed, bots, run.results, run.seconds
    )
    result.asked = games
    return result


def _summarise(
    game: str,
    players: int,
    options: Mapping[str, Any],
    games: int,
    seed: int,
    entries: Sequence[str],
    records: list[_GameRecord],
    seconds: float,
) -> ArenaResult:
    by_name: dict[str, BotResult] = {}
    for name in entries:
        by_name.setdefault(name, BotResult(name))
    for record in records:
        for index, name in enumerate(entries):
            bot = by_name[name]
            bot.seat_games += 1
            bot.wins += index in record.winners
            bot.times.extend(record.times[index])
    for bot in by_name.values():
        bot.win_rate = bot.wins / bot.seat_games if bot.seat_games else 0.0
        bot.interval = wilson_interval(bot.wins, bot.seat_games)
        bot.decisions = len(bot.times)
        bot.mean_ms = sum(bot.times) / len(bot.times) if bot.times else 0.0
        bot.p95_ms = percentile(bot.times, 0.95)
        bot.max_ms = max(bot.times, default=0.0)
    actions = sum(record.actions for record in records)
    return ArenaResult(
        game=game,
        players=players,
        options={k: v for k, v in options.items()},
        games=games,
        seed=seed,
        bots=list(by_name.values()),
        mean_actions=actions / len(records) if records else 0.0,
        seconds=seconds,
    )


class TimedAgent:
    """Wraps a bot and records how long each real decision takes."""

    def __init__(self, agent: Agent, times: list[float]) -> None:
        self.agent = agent
        self.name = agent.name
        self.times = times

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        started = time.perf_counter()
        action = self.agent.choose(view, rng)
        self.times.append((time.perf_counter() - started) * 1000)
        return action


def _play(task: GameTask) -> _GameRecord:
    """One game of the arena, with the seats rotated by the game's index (the one game loop,
    with each bot timed)."""
    state = new_state(task)
    times: list[list[float]] = [[] for _ in task.entries]
    entry_at = task.seat_entries(state.seats)
    agents: dict[int, Agent] = {
        seat: TimedAgent(study_bot(task.entries[entry], task.game), times[entry])
        for seat, entry in entry_at.items()
    }
    counter = StepCount()
    run_match(state, agents, random.Random(task.game_seed), watcher=counter)
    actions = counter.steps
    winners = state.outcome.winners if state.outcome is not None else ()
    return _GameRecord([entry_at[seat] for seat in winners], times, actions)


def format_table(result: ArenaResult) -> list[list[str]]:
    """The rows of the arena's table: bot, seat-games, wins, win rate, interval, times."""
    rows = []
    for bot in result.bots:
        low, high = bot.interval
        rows.append(
            [
                bot.name,
                str(bot.seat_games),
                str(bot.wins),
                f"{100 * bot.win_rate:.1f}%",
                f"{100 * low:.1f}-{100 * high:.1f}%",
                f"{bot.mean_ms:.2f}",
                f"{bot.p95_ms:.2f}",
            ]
        )
    return rows


TABLE_COLUMNS = ("bot", "seat-games", "wins", "win rate", "95% CI", "mean ms", "p95 ms")
"""The column headings of `format_table`."""
