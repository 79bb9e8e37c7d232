"""A study: many games of one table with fixed bots, and every metric with its interval.

`run_study` plays the games through the runner (`pickletable.analysis.runner`)
with each game's collector watching, and `StudyResult` holds the summaries
and turns them into JSON (`to_json`, valid against
``schema/study.schema.json``), CSV rows (`csv_rows`, one per game) and
plain-words findings.

>>> spec = StudySpec("board", 2, {"level": "beginner"}, ("random", "random"))
>>> result = run_study(spec, 6, seed=1)
>>> result.games_played, len(result.summaries)
(6, 6)
>>> sorted(result.to_json()["metrics"][0])
['definition', 'high', 'low', 'n', 'name', 'range', 'value']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pickletable.analysis import metrics
from pickletable.analysis.collectors import GameSummary, collector_for
from pickletable.analysis.metrics import METRICS, Estimate
from pickletable.analysis.runner import (
    PROCESSES,
    Backend,
    GameTask,
    Progress,
    new_state,
    run_tasks,
)
from pickletable.bots import bot_from_name
from pickletable.core.agents import Agent
from pickletable.core.errors import OptionError
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import Termination

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class StudySpec:
    """The table of a study: game, players, options (resolved or not) and one bot per seat."""

    game: str
    players: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    rotate: bool = False
    """Rotate the bots round the seats game by game (the arena and the skill index do)."""

    def checked(self) -> StudySpec:
        """The spec with its options resolved and its bots checked."""
        definition = get_game(self.game)
        players = definition.check_players(self.players)
        if len(self.bots) != players:
            raise OptionError(
                f"give one bot per seat: {players} players but {len(self.bots)} bots "
                f"({', '.join(self.bots)})"
            )
        for name in self.bots:
            bot_from_name(name, self.game)  # fail early on a bad name
        options = definition.options.resolve(dict(self.options))
        return StudySpec(self.game, players, dict(options), self.bots, self.rotate)


def play_study_game(task: GameTask) -> GameSummary:
    """One game of a study, watched by its game's collector."""
    state = new_state(task)
    entry_at = task.seat_entries(state.seats)
    agents: dict[int, Agent] = {
        seat: bot_from_name(task.entries[entry], task.game) for seat, entry in entry_at.items()
    }
    collector = collector_for(state)
    run_match(state, agents, random.Random(task.game_seed), watcher=collector)
    bots = tuple(task.entries[entry_at[seat]] for seat in state.seats)
    return collector.finish(state, task.index, task.game_seed, bots)


def run_study(
    spec: StudySpec,
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    sweep_values: Mapping[str, str] | None = None,
    backend: Backend = PROCESSES,
) -> StudyResult:
    """Play `games` games of `spec` and keep their summaries (Ctrl-C keeps the games done)."""
    checked = spec.checked()
    tasks = [
        GameTask(
            checked.game,
            checked.players,
            dict(checked.options),
            checked.bots,
            index,
            seed,
            checked.rotate,
        )
        for index in range(games)
    ]
    run = run_tasks(tasks, play_study_game, workers=workers, progress=progress, backend=backend)
    return StudyResult(
        spec=checked,
        games=games,
        seed=seed,
        workers=run.workers,
        seconds=run.seconds,
        interrupted=run.interrupted,
        summaries=run.results,
        sweep_values=dict(sweep_values or {}),
    )


@dataclass
class Table:
    """A per-game breakdown: rows of keyed estimates."""

    name: str
    title: str
    definition: str
    rows: dict[str, Estimate]
    extra: dict[str, dict[str, float]] = field(default_factory=dict)
    """More columns by row key (e.g. a card's draws per game)."""

    def to_json(self) -> dict[str, Any]:
        """The table as JSON."""
        return {
            "name": self.name,
            "title": self.title,
            "definition": self.definition,
            "rows": [
                {"key": key, **estimate.to_json(), **self.extra.get(key, {})}
                for key, estimate in self.rows.items()
            ],
        }


@dataclass
class StudyResult:
    """The games of one study and everything measured from them."""

    spec: StudySpec
    games: int
    seed: int
    workers: int
    seconds: float
    interrupted: bool
    summaries: list[GameSummary]
    sweep_values: dict[str, str] = field(default_factory=dict)

    @property
    def games_played(self) -> int:
        """Games finished (fewer than asked if Ctrl-C stopped the study)."""
        return len(self.summaries)

    def metric(self, name: str) -> Estimate:
        """One generic metric by name."""
        for metric in METRICS:
            if metric.name == name:
                return metric.compute(self.summaries)
        raise KeyError(name)

    def terminations(self) -> dict[str, int]:
        """How many games ended each way the game can end (`Termination`), zeros included;
        games cut short count as ``unfinished``."""
        counts = {str(code): 0 for code in sorted(get_game(self.spec.game).terminations)}
        for game in self.summaries:
            counts[game.termination] = counts.get(game.termination, 0) + 1
        return counts

    def tables(self) -> list[Table]:
        """How games end, then the game's own breakdowns (see `game_tables`)."""
        ends = Table(
            "terminations",
            "How games end",
            "share of the games that ended this way (a termination code; unfinished: cut short)",
            _shares(self.terminations()),
        )
        return [ends, *game_tables(self.spec.game, self.summaries)]

    def findings(self) -> list[str]:
        """Plain-words sentences about what stands out, each with its 95% interval."""
        return findings(self)

    def to_json(self) -> dict[str, Any]:
        """Every figure of the study as JSON."""
        games = self.summaries
        return {
            "game": self.spec.game,
            "players": self.spec.players,
            "options": {key: _json_value(value) for key, value in self.spec.options.items()},
            "bots": list(self.spec.bots),
            "sweep_values": self.sweep_values,
            "games": self.games,
            "games_played": self.games_played,
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "terminations": self.terminations(),
            "findings": self.findings(),
            "metrics": [
                {
                    "name": metric.name,
                    "definition": metric.definition,
                    "range": metric.range,
                    **metric.compute(games).to_json(),
                }
                for metric in METRICS
            ],
            "durations": {key: metrics.duration(games, key) for key in metrics.DURATIONS},
            "seats": [
                {"seat": seat, **estimate.to_json()}
                for seat, estimate in metrics.seat_win_rates(games).items()
            ],
            "sides": [
                {"side": side, **estimate.to_json()}
                for side, estimate in metrics.side_win_rates(games).items()
            ],
            "by_bot": [
                {"bot": bot, **{key: value.to_json() for key, value in figures.items()}}
                for bot, figures in metrics.by_bot(games).items()
            ],
            "tables": [table.to_json() for table in self.tables()],
        }

    def csv_rows(self) -> list[dict[str, Any]]:
        """One row per game: seed, seats, winners, lengths and per-seat counts."""
        rows = []
        for game in self.summaries:
            row: dict[str, Any] = {
                "game": game.index,
                "seed": game.seed,
                **{f"sweep_{key}": value for key, value in self.sweep_values.items()},
                "bots": " ".join(game.bots),
                "winners": " ".join(str(seat) for seat in game.winners),
                "termination": game.termination,
                "first": "" if game.first is None else game.first,
            }
            for key, value in game.counts.items():
                row[key] = value
            for position, seat in enumerate(game.seats):
                row[f"score_{seat}"] = game.scores.get(seat, "")
                for key, values in game.seat_counts.items():
                    row[f"{key}_{seat}"] = values[position]
            rows.append(row)
        return rows


def _json_value(value: object) -> object:
    return value if isinstance(value, bool | int | float | str) or value is None else str(value)


# --- each game's breakdowns -----------------------------------------------------------------
def game_tables(game: str, games: Sequence[GameSummary]) -> list[Table]:
    """The breakdowns the issue lists for each game."""
    if game == "board":
        return _board_tables(games)
    if game == "card":
        return _card_tables(games)
    if game == "slam":
        return _slam_tables(games)
    return []


def _shares(counts: Mapping[str, int]) -> dict[str, Estimate]:
    total = sum(counts.values())
    return {key: metrics.rate(value, total) for key, value in counts.items()}


def _board_tables(games: Sequence[GameSummary]) -> list[Table]:
    played = max(1, len(games))
    drawn = metrics.counters(games, "drawn")
    used = metrics.counters(games, "used")
    effect = metrics.samples(games, "lead_change")
    cards = sorted(set(drawn) | set(used) | set(effect))
    extra = {
        card: {
            "drawn_per_game": drawn.get(card, 0) / played,
            "used_per_game": used.get(card, 0) / played,
        }
        for card in cards
    }
    effects = {card: effect.get(card, Estimate(0.0, 0.0, 0.0, 0)) for card in cards}
    ends = metrics.counters(games, "rally_end")
    return [
        Table(
            "characters",
            "Win rate by character",
            "share of the games a seat with this character won",
            metrics.tallies(games, "character"),
        ),
        Table(
            "shot_pairs",
            "Win rate by Nice/Bad Shot pair",
            "share of the games won by a seat whose character has this Nice Shot/Bad Shot",
            metrics.tallies(games, "shot_pair"),
        ),
        Table(
            "cards",
            "Cards: draws, uses and mean change in lead",
            "change in the holder's side's lead (spaces) from the card's play to the end of "
            "its effect: a Play Card's moves; a Skill or Strategy Card's rally (its point "
            "included, any Play Card after it not); draws and uses per game in extra columns",
            effects,
            extra,
        ),
        Table(
            "rally_ends",
            "How rallies end, by hit number",
            "share of all rallies ending this way (ace, out, bad shot, strategy card, fault) "
            "at this hit (1 = the serve; 12 = 12 or later)",
            _shares({key.replace(":", " @ hit "): value for key, value in ends.items()}),
        ),
        Table(
            "serve",
            "Rallies won on serve",
            "share of rallies that end in a point (only the serving side scores)",
            {"point on serve": metrics._tally("serve_won")(games)},
        ),
    ]


def _card_tables(games: Sequence[GameSummary]) -> list[Table]:
    ends = metrics.counters(games, "rally_end")
    points = metrics.samples(games, "points_by_end")
    completed = metrics.counters(games, "complete_on_turn")
    return [
        Table(
            "rally_ends",
            "How rallies end",
            "share of rallies: dink (a Dink Shot lay-down took the serve), complete (a complete "
            "lay-down), none (lay-downs, none complete), exhausted (pile or turn limit)",
            _shares(ends),
        ),
        Table(
            "points_by_end",
            "Points per rally, by how it ended",
            "points scored by both teams in a rally",
            points,
        ),
        Table(
            "serve",
            "Serve held",
            "share of rallies after which the serving team keeps the serve",
            {"serve held": metrics._tally("serve_held")(games)},
        ),
        Table(
            "completed_by_turn",
            "Complete hands laid down, by turn of the rally",
            "share of complete lay-downs made on this turn (turns counted from 1 per rally)",
            _shares(
                dict(sorted((f"turn {int(key):02d}", value) for key, value in completed.items()))
            ),
        ),
        Table(
            "points_from",
            "Value of Picklers, Dink Shots and complete hands",
            "points per rally each earned in the teams' scoring hands",
            metrics.samples(games, "points_from"),
        ),
    ]


def _slam_tables(games: Sequence[GameSummary]) -> list[Table]:
    return [
        Table(
            "round_ends",
            "How rounds end",
            "share of rounds: follow (nobody could follow), duel (nobody could follow during "
            "a TARGET & RESET duel), POACH (the last card was a POACH), SHAKE & BAKE, "
            "nobody can play",
            _shares(metrics.counters(games, "round_end")),
        ),
        Table(
            "twists",
            "Round win rate by twist card held at the start of the PLAY phase",
            "share of rounds won by a seat holding this twist card (true hands at the first "
            "PLAY phase of the round; 'no twist' for seats holding none)",
            metrics.tallies(games, "twist"),
        ),
        Table(
            "positions",
            "Round win rate by seat position from the dealer",
            "share of rounds won by the seat this many places left of the dealer (0 = dealer)",
            metrics.tallies(games, "position"),
        ),
    ]


# --- findings ----------------------------------------------------------------------------------
def findings(result: StudyResult) -> list[str]:
    """At least three plain sentences, each with a 95% interval."""
    games = result.summaries
    if not games:
        return ["No game finished."]
    game = result.spec.game
    first = result.metric("first_wins")
    who = "first player" if game == "slam" else "first server"
    said = [
        f"The {who}'s side wins {first.percent()} of games"
        + (" (a fair share would be about " + _fair(games) + ")." if first.n else ".")
    ]
    units = "rounds" if game == "slam" else "rallies"
    said.append(
        f"A game lasts {result.metric('rallies').plain(1)} {units} and "
        f"{result.metric('decisions').plain(0)} decisions on average."
    )
    said.append(
        f"{result.metric('comeback').percent()} of games are comebacks, and the lead changes "
        f"{result.metric('lead_changes').plain(2)} times per game."
    )
    ends = {code: count for code, count in result.terminations().items() if count}
    said.append(
        "Games end by "
        + ", ".join(
            f"{_ending(code)} ({metrics.rate(count, len(games)).percent()})"
            for code, count in ends.items()
        )
        + "."
    )
    seats = metrics.seat_win_rates(games)
    best = max(seats, key=lambda seat: seats[seat].value)
    said.append(f"Seat {best} wins most often: {seats[best].percent()}.")
    for table in result.tables():
        rows = {key: value for key, value in table.rows.items() if value.n >= 30}
        if table.name in ("characters", "twists", "positions") and len(rows) > 1:
            top = max(rows, key=lambda key: rows[key].value)
            low = min(rows, key=lambda key: rows[key].value)
            said.append(
                f"{table.title}: highest {top} {rows[top].percent()}, "
                f"lowest {low} {rows[low].percent()}."
            )
        elif table.name == "serve" and rows:
            value = next(iter(rows.values()))
            said.append(f"{table.title}: {value.percent()} of rallies.")
    return said


def _ending(code: str) -> str:
    """A termination code in words (``unfinished`` and unknown codes as they are)."""
    try:
        return Termination(code).describe()
    except ValueError:
        return code


def _fair(games: Sequence[GameSummary]) -> str:
    share = sum(len(game.winners) for game in games) / (len(games) * len(games[0].seats))
    sides = round(1 / share) if share else 0
    return f"{100 / sides:.0f}%" if sides else "0%"
