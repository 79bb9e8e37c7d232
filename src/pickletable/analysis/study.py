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
from typing import TYPE_CHECKING, Any

from pickletable.analysis import metrics
from pickletable.analysis.card_effects import CardEffect, card_effects, summary_sentence
from pickletable.analysis.collectors import GameSummary, collector_for
from pickletable.analysis.drama import DRAMA
from pickletable.analysis.drama import PREFIX as DRAMA_PREFIX
from pickletable.analysis.findings import Family, Finding, compare, p_text
from pickletable.analysis.metrics import METRICS, Estimate
from pickletable.analysis.runner import (
    PROCESSES,
    Backend,
    GameTask,
    Progress,
    new_state,
    run_tasks,
)
from pickletable.bots import study_bot
from pickletable.bots.win_odds import win_model
from pickletable.core.agents import Agent
from pickletable.core.errors import OptionError
from pickletable.core.match import run_counted
from pickletable.core.registry import get_game, kit_for
from pickletable.core.state import Termination

if TYPE_CHECKING:
    from pickletable.analysis.sweep import Difference

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
    alternate: tuple[str, ...] = ()
    """Bots played instead in every other round of rotations (`GameTask.alternate`)."""

    def checked(self) -> StudySpec:
        """The spec with its options resolved and its bots checked."""
        definition = get_game(self.game)
        players = definition.check_players(self.players)
        if len(self.bots) != players:
            raise OptionError(
                f"give one bot per seat: {players} players but {len(self.bots)} bots "
                f"({', '.join(self.bots)})"
            )
        if self.alternate and len(self.alternate) != players:
            raise OptionError(f"the alternate bots need one per seat: {players} players")
        for name in (*self.bots, *self.alternate):
            study_bot(name, self.game)  # fail early on a bad name
        options = definition.options.resolve(dict(self.options))
        return StudySpec(self.game, players, dict(options), self.bots, self.rotate, self.alternate)


def play_study_game(task: GameTask) -> GameSummary:
    """One game of a study, watched by its game's collector."""
    state = new_state(task)
    entry_at = task.seat_entries(state.seats)
    agents: dict[int, Agent] = {
        seat: study_bot(task.names[entry], task.game) for seat, entry in entry_at.items()
    }
    collector = collector_for(state)
    run_counted(state, agents, random.Random(task.game_seed), collector)
    bots = tuple(task.names[entry_at[seat]] for seat in state.seats)
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
            checked.alternate,
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
class Breakdown:
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
    baseline: bool = False
    """Whether this study is the baseline its sweep's other values are compared with."""
    against_baseline: list[Difference] = field(default_factory=list)
    """Paired differences from the baseline, metric by metric (`pickletable.analysis.sweep`)."""

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

    def tables(self) -> list[Breakdown]:
        """How games end, then the game's own breakdowns (from its kit)."""
        ends = Breakdown(
            "terminations",
            "How games end",
            "share of the games that ended this way (a termination code; unfinished: cut short)",
            shares(self.terminations()),
        )
        own = kit_for(self.spec.game).lab().breakdowns(self.summaries)
        effects = self.card_effects()
        return [ends, *own, *([effects_table(effects)] if effects else [])]

    def card_effects(self) -> list[CardEffect]:
        """What each card does to its holder's chance to win (`analysis.card_effects`)."""
        return card_effects(self.summaries)

    def drama(self) -> dict[str, Estimate]:
        """Each value-based drama figure (`pickletable.analysis.drama`): its mean over the
        games with its 95% interval; empty where the variant has no win-chance model."""
        found = metrics.samples(self.summaries, DRAMA_PREFIX)
        return {metric.name: found[metric.name] for metric in DRAMA if metric.name in found}

    def drama_method(self) -> str | None:
        """How the drama figures' win chances are worked out (None: no model)."""
        model = win_model(get_game(self.spec.game).new_game(self.spec.players, self.spec.options))
        return model.method if model is not None else None

    def families(self) -> list[Family]:
        """Every family of comparisons with its global test and Holm-corrected findings."""
        return families(self)

    def findings(self) -> list[Finding]:
        """The claims that survive their family's control (`pickletable.analysis.findings`)."""
        return [finding for family in self.families() for finding in family.findings]

    def summary(self) -> list[str]:
        """Plain-words sentences, each figure with its 95% interval."""
        return summary(self)

    def to_json(self) -> dict[str, Any]:
        """Every figure of the study as JSON."""
        games = self.summaries
        return {
            "game": self.spec.game,
            "players": self.spec.players,
            "options": {key: _json_value(value) for key, value in self.spec.options.items()},
            "bots": list(self.spec.bots),
            "sweep_values": self.sweep_values,
            "baseline": self.baseline,
            "against_baseline": [difference.to_json() for difference in self.against_baseline],
            "games": self.games,
            "games_played": self.games_played,
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "terminations": self.terminations(),
            "summary": self.summary(),
            "findings": [finding.to_json() for finding in self.findings()],
            "families": [family.to_json() for family in self.families()],
            "card_effects": [effect.to_json() for effect in self.card_effects()],
            "drama": drama_json(self),
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


def drama_json(result: StudyResult) -> dict[str, Any]:
    """The drama figures with their definitions, and the model they come from."""
    found = result.drama()
    return {
        "method": result.drama_method() if found else None,
        "metrics": [
            {
                "name": metric.name,
                "definition": metric.definition,
                "range": metric.range,
                **found[metric.name].to_json(),
            }
            for metric in DRAMA
            if metric.name in found
        ],
    }


def _json_value(value: object) -> object:
    return value if isinstance(value, bool | int | float | str) or value is None else str(value)


def effects_table(effects: Sequence[CardEffect]) -> Breakdown:
    """The card effects as a table: the effect with its interval, the win rates compared, the
    deck share, the Holm-adjusted p-value and the share of rallies or rounds it ends."""
    rows: dict[str, Estimate] = {}
    extra: dict[str, dict[str, float]] = {}
    for effect in effects:
        key = f"{effect.key} (per {effect.unit})"
        rows[key] = effect.effect
        extra[key] = {
            "holders win": effect.held,
            "others win": effect.others,
            "deck share": effect.share,
            "adjusted p": effect.adjusted_p,
            **({"ends share": effect.ended} if effect.ended is not None else {}),
        }
    return Breakdown(
        "card_effects",
        "What each card does to winning",
        "P(win | held) - P(win | not held): the holder's side's chance to win the round, rally "
        "or game with the card against without it (a drawn card: against the pile's other "
        "cards), 95% interval clustered by game, p-values adjusted by Holm over the cards of "
        "each unit",
        rows,
        extra,
    )


def shares(counts: Mapping[str, int]) -> dict[str, Estimate]:
    """Each count as a share of their total, with its interval."""
    total = sum(counts.values())
    return {key: metrics.rate(value, total) for key, value in counts.items()}


# --- findings ----------------------------------------------------------------------------------
FAMILY_TABLES = {
    "characters": ("character", "character"),
    "shot_pairs": ("shot_pair", "Nice/Bad Shot pair"),
    "twists": ("twist", "twist card"),
    "positions": ("position", "seat position"),
}
"""The breakdowns whose rows are compared as a family: their tally prefix and what a row is."""


def families(result: StudyResult) -> list[Family]:
    """Seats (or sides), the first server, and each family table of the game's breakdowns."""
    games = result.summaries
    if not games:
        return []
    said = [_seat_family(result)]
    first = [(int(game.first in game.winners), 1) for game in games if game.first is not None]
    if first:
        said.append(
            compare(
                "first",
                kit_for(result.spec.game).wording.first,
                {"first": first},
                games=len(games),
                null=_fair_share(games),
                label={"first": f"the {kit_for(result.spec.game).wording.first}'s side"},
            )
        )
    for table in result.tables():
        if table.name in FAMILY_TABLES:
            prefix, noun = FAMILY_TABLES[table.name]
            rows = _clusters(games, prefix)
            if len(rows) > 1:
                said.append(compare(table.name, noun, rows, games=len(games)))
    return said


def _seat_family(result: StudyResult) -> Family:
    """Is any seat favoured? Over the sides when seats win together (partners)."""
    games = result.summaries
    definition = get_game(result.spec.game)
    names = dict(zip(games[0].seats, definition.seat_names(result.spec.players), strict=True))
    if all(len(game.winners) <= 1 for game in games):
        rows = {str(seat): (sum(seat in g.winners for g in games), len(games)) for seat in names}
        label = {str(seat): name for seat, name in names.items()}
        single = all(len(game.winners) == 1 for game in games)
        share = 1 / len(names)
        return compare(
            "seats", "seat", rows, games=len(games), null=share, multinomial=single, label=label
        )
    sides = sorted({tuple(sorted(game.winners)) for game in games if game.winners})
    rows = {
        "+".join(map(str, side)): (sum(tuple(sorted(g.winners)) == side for g in games), len(games))
        for side in sides
    }
    label = {"+".join(map(str, side)): " and ".join(names[seat] for seat in side) for side in sides}
    return compare(
        "seats",
        "side",
        rows,
        games=len(games),
        null=1 / len(sides),
        multinomial=all(g.winners for g in games),
        label=label,
    )


def _clusters(games: Sequence[GameSummary], prefix: str) -> dict[str, list[tuple[int, int]]]:
    """Each row's (successes, trials) in every game where it was seen."""
    rows: dict[str, list[tuple[int, int]]] = {}
    for game in games:
        for key, (won, trials) in game.tallies.items():
            if key.startswith(prefix + ":"):
                rows.setdefault(key[len(prefix) + 1 :], []).append((won, trials))
    return dict(sorted(rows.items()))


def summary(result: StudyResult) -> list[str]:
    """Plain sentences, each figure with a 95% interval, led by the three that matter most
    to a designer: is the game fair, what (if anything) stands out, how long and how full
    of choices it is."""
    games = result.summaries
    if not games:
        return ["No game finished."]
    wording = kit_for(result.spec.game).wording
    found = result.families()
    by_name = {family.name: family for family in found}
    first = result.metric("first_wins")
    edge = by_name.get("first")
    verdict = (
        f"an edge that survives the test ({p_text(edge.adjusted['first'])})"
        if edge is not None and edge.findings
        else "no edge detectable at this size"
    )
    said = [
        f"Fairness: the {wording.first}'s side wins {first.percent()} of games against a fair "
        f"share of {_fair(games)}: {verdict}."
    ]
    standing_out = sorted(
        (finding for family in found for finding in family.findings if family.name != "first"),
        key=lambda finding: (finding.adjusted_p, -abs(finding.estimate.value - finding.fair)),
    )
    if standing_out:
        said.append(f"Stands out: {standing_out[0].claim}")
    else:
        nouns = ["seat"] + [family.noun for family in found if family.name not in FIRST_TWO]
        listed = ", ".join(nouns[:-1]) + " or " + nouns[-1] if len(nouns) > 1 else nouns[0]
        said.append(f"Nothing stands out: no {listed} differs detectably from a fair share.")
    cards = summary_sentence(result.card_effects(), wording.rallies)
    if cards is not None:
        said.append(cards)
    said.append(
        f"Length: a game lasts {result.metric('rallies').plain(1)} {wording.rallies} and "
        f"{result.metric('decisions').plain(0)} decisions (real choices, two or more legal "
        f"moves) of {result.metric('seat_steps').plain(0)} steps the seats take."
    )
    said.append(
        f"{result.metric('comeback').percent()} of games are comebacks, and the lead changes "
        f"{result.metric('lead_changes').plain(2)} times per game."
    )
    drama = result.drama()
    if drama:
        said.append(
            f"Drama (from the win-chance model): uncertainty {drama['uncertainty'].plain(2)}, "
            f"lead stability {drama['lead_stability'].plain(2)}; the winner's chance passes "
            f"90% for good after {drama['decisiveness'].percent()} of the game; the biggest "
            f"swing of a chance is {drama['biggest_swing'].plain(2)} per game."
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
    said.extend(family.sentence() for family in found if family.name != "first")
    for table in result.tables():
        rows = {key: value for key, value in table.rows.items() if value.n >= 30}
        if table.name == "serve" and rows:
            value = next(iter(rows.values()))
            said.append(f"{table.title}: {value.percent()} of rallies.")
    return said


FIRST_TWO = frozenset({"first", "seats"})


def _ending(code: str) -> str:
    """A termination code in words (``unfinished`` and unknown codes as they are)."""
    try:
        return Termination(code).describe()
    except ValueError:
        return code


def _fair_share(games: Sequence[GameSummary]) -> float:
    """The first server's side's fair share: one over the number of sides."""
    share = sum(len(game.winners) for game in games) / (len(games) * len(games[0].seats))
    sides = round(1 / share) if share else 0
    return 1 / sides if sides else 0.0


def _fair(games: Sequence[GameSummary]) -> str:
    share = sum(len(game.winners) for game in games) / (len(games) * len(games[0].seats))
    sides = round(1 / share) if share else 0
    return f"{100 / sides:.0f}%" if sides else "0%"
