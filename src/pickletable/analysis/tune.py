"""`pickletable tune`: search options and content numbers for a designer's objective.

The search space is a list of parameters, each a name and the values it may
take (``NAME=v1,v2,...``): an option of the game (``target_score=7,9,11``),
a number in the content file by its path (``play_cards.clinic-weekend.amount=1,2,3``,
``cards.4.count=0,1,2``: a table's key, an entry of a list by its ``id`` or
its index, a field), or how many faces of a die show one face
(``dice.outcome[in]=1,2,3,4,5``: the other faces keep their order, the
die's first face not searched takes up the rest, the others keep their counts).

The objective is a weighted sum of terms, each a distance to minimise:
``fair`` (the first server's or player's side's win rate from its fair
share, in points of probability), ``length=N`` (the mean rallies or rounds
from N, as a share of N), ``skill=N`` (the skill index from N Elo, as a
share of N: the index of `SKILL_LEVELS`, `medium` over `random`, fitted on
seat-rotated games of the pair played beside each evaluation's study,
`pickletable.analysis.skill`); ``fair*2,length=30`` weighs them.

The optimiser is NTBEA, the N-tuple bandit evolutionary algorithm that
TAG uses (Lucas, Liu and Perez-Liebana, 2018): every evaluation plays
`games_per_step` games of one candidate; a model keeps the mean score of
each parameter's value (the 1-tuples) and of each whole candidate (the
N-tuple); the next candidate is the best, by the model's upper confidence
bound, of `neighbours` mutations of the current one. After `budget` games
the `confirm_top` candidates the model rates best are played again on
**fresh seeds, held out from the search** (so the winner's luck in the
search does not carry over), `confirm` games each; the best confirmed one
is the answer, each with its objective's 95% interval, and written out as a
ready content file.
"""

from __future__ import annotations

import contextlib
import copy
import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pickletable.analysis.collectors import GameSummary
from pickletable.analysis.metrics import Estimate, clustered_rate, mean
from pickletable.analysis.skill import SkillResult, run_skill
from pickletable.analysis.study import StudySpec, run_study
from pickletable.core.content import Content
from pickletable.core.errors import ContentError, OptionError
from pickletable.core.registry import get_game

CONFIRM_SEED = 1_000_000
"""Confirmation games are seeded from the study seed plus this and the candidate's rank:
seeds the search never played."""
SKILL_LEVELS = ("random", "medium")
"""The levels a ``skill=N`` objective rates: its index is `medium`'s Elo over `random`."""
KINDS = ("fair", "length", "skill")
FACES = re.compile(r"^(?P<path>[\w.-]+)\[(?P<face>[\w-]+)\]$")


class TooManyFaces(ValueError):
    """A candidate die whose searched faces outnumber its faces (skipped by the search)."""


@dataclass(frozen=True)
class Parameter:
    """One searched number: where it goes and the values it may take."""

    name: str
    values: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Parameter:
        """``NAME=v1,v2,...``."""
        name, sep, listed = text.partition("=")
        values = tuple(value.strip() for value in listed.split(",") if value.strip())
        if not sep or not name.strip() or len(values) < 2:
            raise OptionError(
                f"--param {text!r}: write NAME=v1,v2,... with two or more values, e.g. "
                "dice.outcome[in]=1,2,3 or target_score=7,9,11"
            )
        return cls(name.strip(), values)


@dataclass(frozen=True)
class Objective:
    """A weighted sum of distances to minimise: ``fair``, ``length=N`` and ``skill=N``."""

    terms: tuple[tuple[str, float, float], ...]
    """(kind, target, weight)."""

    @classmethod
    def parse(cls, text: str) -> Objective:
        """``fair``, ``length=30``, ``skill=150``, ``fair*2,length=30``."""
        terms = []
        for part in (piece.strip() for piece in text.split(",") if piece.strip()):
            body, _, weight_text = part.partition("*")
            kind, _, target_text = body.partition("=")
            try:
                weight = float(weight_text) if weight_text else 1.0
                target = float(target_text) if target_text else 0.0
            except ValueError:
                raise OptionError(f"--objective {text!r}: {part!r} is not a term") from None
            if kind not in KINDS or (kind != "fair" and target <= 0):
                raise OptionError(
                    f"--objective {text!r}: the terms are fair, length=N and skill=N (N > 0), "
                    "optionally weighted (fair*2,length=30)"
                )
            terms.append((kind, target, weight))
        if not terms:
            raise OptionError("--objective: give fair, length=N, skill=N or a mix")
        return cls(tuple(terms))

    @property
    def needs_skill(self) -> bool:
        """Whether a candidate's skill index must be measured (a ``skill=N`` term)."""
        return any(kind == "skill" for kind, _, _ in self.terms)

    def score(self, games: Sequence[GameSummary], skill: SkillResult | None = None) -> Score:
        """The objective on these games (lower is better), with a conservative 95% interval
        (each term's distance over its metric's interval, summed); `skill` is the
        candidate's skill index, for a ``skill=N`` term."""

        def measured(kind: str, target: float) -> tuple[Estimate, float, float]:
            if kind == "fair":
                pairs = [tuple(g.tallies.get("first_wins", [0, 0])) for g in games]
                return clustered_rate([(p[0], p[1]) for p in pairs]), _fair_share(games), 1.0
            if kind == "skill":
                if skill is None:
                    raise ValueError("a skill=N objective needs the candidate's skill index")
                return skill.index, target, target
            return mean([g.counts["rallies"] for g in games]), target, target

        return scored(self.terms, measured, len(games))


Measured = Callable[[str, float], tuple[Estimate, float, float]]
"""What a term (its kind and target) measures: the estimate, the value it aims at, its scale."""


def scored(terms: Sequence[tuple[str, float, float]], measured: Measured, games: int) -> Score:
    """The objective of `terms` (kind, target, weight) as `measured`: each term's distance
    from its aim over its scale, weighted and summed, with the interval's nearest and
    farthest distances as the score's interval (`games`: how many it stands on)."""
    value = low = high = 0.0
    for kind, target, weight in terms:
        estimate, share, scale = measured(kind, target)
        distances = [abs(estimate.value - share), abs(estimate.low - share)]
        distances.append(abs(estimate.high - share))
        nearest = 0.0 if estimate.low <= share <= estimate.high else min(distances[1:])
        value += weight * distances[0] / scale
        low += weight * nearest / scale
        high += weight * max(distances[1:]) / scale
    return Score(value, low, high, games)


def _fair_share(games: Sequence[GameSummary]) -> float:
    share = sum(len(g.winners) for g in games) / max(1, len(games) * len(games[0].seats))
    sides = round(1 / share) if share else 0
    return 1 / sides if sides else 0.5


@dataclass(frozen=True)
class Score:
    """An objective's value (lower is better) with its 95% interval, over `games` games."""

    value: float
    low: float
    high: float
    games: int

    def to_json(self) -> dict[str, float | int]:
        """The score as JSON."""
        return {"value": self.value, "low": self.low, "high": self.high, "games": self.games}


Played = tuple[list[GameSummary], SkillResult | None]
"""A candidate's study games, and its skill index where the objective has a skill term."""


@dataclass
class Candidate:
    """One point of the search space and what the search and the confirmation saw of it."""

    values: tuple[int, ...]
    """An index into each parameter's values."""
    scores: list[float] = field(default_factory=list)
    confirmed: Score | None = None


@dataclass
class TuneResult:
    """The search, the confirmed candidates (best first) and the content of the best."""

    game: str
    parameters: list[Parameter]
    objective: str
    budget: int
    games_per_step: int
    trace: list[tuple[tuple[int, ...], float]]
    """Each evaluation of the search: the candidate and its score."""
    confirmed: list[Candidate]
    content: dict[str, Any]
    options: dict[str, str]
    baseline: Score
    method: str = "ntbea"
    """How candidates were scored: ``ntbea`` (played, searched) or ``exact`` (every one solved,
    `pickletable.analysis.tune_exact`)."""

    def described(self, candidate: Candidate) -> dict[str, str]:
        """The candidate's value of each parameter."""
        return {
            p.name: p.values[index]
            for p, index in zip(self.parameters, candidate.values, strict=True)
        }

    def to_json(self) -> dict[str, Any]:
        """The search, the confirmed candidates (best first) and the answer, as JSON."""
        return {
            "game": self.game,
            "method": self.method,
            "objective": self.objective,
            "budget": self.budget,
            "games_per_step": self.games_per_step,
            "parameters": [{"name": p.name, "values": list(p.values)} for p in self.parameters],
            "trace": [
                {"values": self.described(Candidate(point)), "score": score}
                for point, score in self.trace
            ],
            "confirmed": [
                {
                    "values": self.described(candidate),
                    "search": -sum(candidate.scores) / len(candidate.scores),
                    "confirmed": candidate.confirmed.to_json() if candidate.confirmed else None,
                }
                for candidate in self.confirmed
            ],
            "best": self.described(self.confirmed[0]),
            "options": self.options,
            "baseline": self.baseline.to_json(),
            "content": self.content,
        }


def apply_values(
    data: Mapping[str, Any], parameters: Sequence[Parameter], values: Sequence[str], options: Any
) -> tuple[dict[str, Any], dict[str, str]]:
    """The content data and option values of one candidate (options by name, the rest by
    their content path)."""
    content = copy.deepcopy(dict(data))
    chosen: dict[str, str] = {}
    faces: dict[str, dict[str, int]] = {}
    for parameter, value in zip(parameters, values, strict=True):
        if parameter.name in options.specs:
            chosen[parameter.name] = value
            continue
        match = FACES.match(parameter.name)
        if match:
            faces.setdefault(match["path"], {})[match["face"]] = _integer(parameter, value)
            continue
        *steps, last = parameter.name.split(".")
        holder = _walk(content, steps, parameter.name)
        if not isinstance(holder, dict) or last not in holder:
            raise OptionError(f"--param {parameter.name}: the content has no {last!r} there")
        holder[last] = _like(holder[last], value, parameter)
    for die, counts in faces.items():
        *where, last = die.split(".")
        holder = _walk(content, where, die)
        old = holder.get(last) if isinstance(holder, dict) else None
        if not isinstance(old, list) or not old:
            raise OptionError(f"--param {die}[...]: the content has no list of faces there")
        order = list(dict.fromkeys(old))
        rest = [face for face in order if face not in counts]
        if not rest:
            raise OptionError(f"--param {die}[...]: leave one face unsearched to fill the die")
        final = {face: old.count(face) for face in order} | counts
        final[rest[0]] = len(old) - sum(n for face, n in final.items() if face != rest[0])
        if final[rest[0]] < 0:
            raise TooManyFaces(f"{die}: more faces than the die has")
        holder[last] = [face for face in order for _ in range(final[face])]
    return content, chosen


def _integer(parameter: Parameter, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise OptionError(f"--param {parameter.name}: {value!r} is not a whole number") from None


def _like(old: object, value: str, parameter: Parameter) -> object:
    if isinstance(old, bool) or not isinstance(old, int | float):
        return value
    return _integer(parameter, value) if isinstance(old, int) else float(value)


def _walk(content: Any, path: Sequence[str], name: str) -> Any:
    node = content
    for step in path:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list):
            by_id = [entry for entry in node if isinstance(entry, dict) and entry.get("id") == step]
            if by_id:
                node = by_id[0]
            elif step.isdigit() and int(step) < len(node):
                node = node[int(step)]
            else:
                raise OptionError(f"--param {name}: no entry {step!r} (an id or an index)")
        else:
            raise OptionError(f"--param {name}: the content has no {step!r}")
    return node


Evaluate = Callable[[tuple[int, ...], int, int], list[GameSummary] | None]
"""Play a candidate: (value indices, games, seed) -> its games, or None if it is not valid."""


def ntbea(
    sizes: Sequence[int],
    evaluate: Callable[[tuple[int, ...]], float | None],
    steps: int,
    rng: random.Random,
    *,
    neighbours: int = 20,
    exploration: float = 0.3,
) -> tuple[dict[tuple[int, ...], Candidate], list[tuple[tuple[int, ...], float]]]:
    """N-tuple bandit evolution over a grid of `sizes`, maximising the model's value of
    ``-score`` over `steps` evaluations (a None score marks an invalid candidate, never
    proposed again; it plays no games, so it does not count as one of the steps)."""
    ones: list[dict[int, list[float]]] = [{} for _ in sizes]
    seen: dict[tuple[int, ...], Candidate] = {}
    invalid: set[tuple[int, ...]] = set()
    trace: list[tuple[tuple[int, ...], float]] = []
    current = tuple(rng.randrange(size) for size in sizes)
    total = 0

    def value(point: tuple[int, ...]) -> float:
        parts = []
        for dim, index in enumerate(point):
            stats = ones[dim].get(index)
            count = len(stats) if stats else 0
            centre = sum(stats) / count if stats else 0.0
            parts.append(centre + exploration * math.sqrt(math.log(total + 1) / (count + 0.1)))
        whole = seen.get(point)
        count = len(whole.scores) if whole else 0
        centre = sum(whole.scores) / count if whole and count else 0.0
        parts.append(centre + exploration * math.sqrt(math.log(total + 1) / (count + 0.1)))
        return sum(parts) / len(parts)

    tries = steps + math.prod(sizes)  # each invalid candidate is tried at most once
    while total < steps and tries > 0:
        tries -= 1
        score = evaluate(current)
        if score is None:
            invalid.add(current)
        else:
            total += 1
            reward = -score
            trace.append((current, score))
            seen.setdefault(current, Candidate(current)).scores.append(reward)
            for dim, index in enumerate(current):
                ones[dim].setdefault(index, []).append(reward)
        proposals = set()
        for _ in range(neighbours):
            point = list(current)
            dims = [dim for dim in range(len(sizes)) if sizes[dim] > 1]
            for dim in dims:
                if rng.random() < 1 / len(dims):
                    point[dim] = rng.randrange(sizes[dim])
            if tuple(point) == current and dims:
                dim = rng.choice(dims)
                point[dim] = (point[dim] + rng.randrange(1, sizes[dim])) % sizes[dim]
            if tuple(point) not in invalid:
                proposals.add(tuple(point))
        if proposals:
            current = max(sorted(proposals), key=value)
    return seen, trace


def tune(
    game: str,
    players: int,
    base_options: Mapping[str, object],
    bots: tuple[str, ...],
    parameters: Sequence[Parameter],
    objective: Objective,
    *,
    budget: int,
    games_per_step: int,
    confirm: int,
    confirm_top: int = 3,
    seed: int = 0,
    workers: int = 1,
    objective_text: str = "",
) -> TuneResult:
    """Search `parameters` for `objective` within `budget` games, then confirm the best few
    on held-out seeds (see the module's text)."""
    definition = get_game(game)
    base = checked_base(game, base_options, parameters)
    sizes = [len(parameter.values) for parameter in parameters]
    folder = CandidateFolder(game)
    needs_skill = objective.needs_skill

    def play(point: tuple[int, ...], games: int, at: int) -> Played | None:
        try:
            options = folder.options(base, base_options, parameters, point)
            spec = StudySpec(game, players, options, bots)
            study = run_study(spec, games, seed=at, workers=workers)
            skill = _skill(game, players, options, games, at, workers) if needs_skill else None
        except (TooManyFaces, ContentError, OptionError):
            return None  # a die of negative faces, content or options the game refuses
        if study.interrupted or (skill is not None and skill.interrupted):
            raise KeyboardInterrupt  # Ctrl-C stops the whole search, not one evaluation
        return study.summaries, skill

    steps = max(1, budget // games_per_step)
    counter = iter(range(steps + math.prod(sizes)))

    def evaluate(point: tuple[int, ...]) -> float | None:
        played = play(point, games_per_step, seed + next(counter))
        return None if played is None else objective.score(*played).value

    seen, trace = ntbea(sizes, evaluate, steps, random.Random(seed))
    ranked = sorted(seen.values(), key=lambda c: -sum(c.scores) / len(c.scores))
    confirmed = []
    for rank, candidate in enumerate(ranked[:confirm_top]):
        played = play(candidate.values, confirm, seed + CONFIRM_SEED + rank)
        if played is not None:
            candidate.confirmed = objective.score(*played)
            confirmed.append(candidate)
    confirmed.sort(key=lambda c: c.confirmed.value if c.confirmed else math.inf)
    if not confirmed:
        raise OptionError(
            "no candidate the search tried is content or options the game accepts: check "
            "the --param values against the content file's rules"
        )
    best_values = [p.values[i] for p, i in zip(parameters, confirmed[0].values, strict=True)]
    content, chosen = apply_values(base.data, parameters, best_values, definition.options)
    as_now = dict(
        definition.options.parse([f"{k}={v}" for k, v in base_options.items() if v is not None])
    )
    at = seed + CONFIRM_SEED + confirm_top
    baseline_games = run_study(
        StudySpec(game, players, as_now, bots), confirm, seed=at, workers=workers
    ).summaries
    baseline_skill = _skill(game, players, as_now, confirm, at, workers) if needs_skill else None
    folder.close()
    return TuneResult(
        game,
        list(parameters),
        objective_text,
        budget,
        games_per_step,
        trace,
        confirmed,
        content,
        chosen,
        objective.score(baseline_games, baseline_skill),
    )


def checked_base(
    game: str, base_options: Mapping[str, object], parameters: Sequence[Parameter]
) -> Content:
    """The content the search starts from, once every parameter's path and values are
    checked (a wrong path or a word for a number fails now, clearly)."""
    definition = get_game(game)
    content_path = base_options.get("content")
    base = (
        definition.load_content(str(content_path)) if content_path else definition.default_content()
    )
    for parameter in parameters:
        for value in parameter.values:
            with contextlib.suppress(TooManyFaces):  # a candidate to skip, not a mistake
                apply_values(base.data, [parameter], [value], definition.options)
            if parameter.name in definition.options.specs:
                definition.options.parse([f"{parameter.name}={value}"])
    return base


def _skill(
    game: str, players: int, options: Mapping[str, object], games: int, seed: int, workers: int
) -> SkillResult:
    """The skill index of `SKILL_LEVELS` in these options: `games` seat-rotated games of the
    pair (a multiple of twice the seats, so that each bot sits in each seat equally often)."""
    rounds = 2 * players
    games = max(rounds, games // rounds * rounds)
    return run_skill(game, players, options, games, seed=seed, workers=workers, levels=SKILL_LEVELS)


class CandidateFolder:
    """A temporary folder of candidate content files, one per distinct content."""

    def __init__(self, game: str) -> None:
        import tempfile

        self.game = game
        self._folder = tempfile.TemporaryDirectory(prefix=f"pickletable-tune-{game}-")
        self._paths: dict[str, str] = {}

    def options(
        self,
        base: Content,
        base_options: Mapping[str, object],
        parameters: Sequence[Parameter],
        point: tuple[int, ...],
    ) -> dict[str, Any]:
        """The checked options of one candidate, its content written to a file of the folder
        (`TooManyFaces`, `ContentError` or `OptionError` for one the game refuses)."""
        definition = get_game(self.game)
        values = [p.values[i] for p, i in zip(parameters, point, strict=True)]
        data, chosen = apply_values(base.data, parameters, values, definition.options)
        path = self.write(data)
        return dict(
            definition.options.parse(
                [f"{k}={v}" for k, v in base_options.items() if k != "content" and v is not None]
                + [f"{k}={v}" for k, v in chosen.items()]
                + [f"content={path}"]
            )
        )

    def write(self, data: Mapping[str, Any]) -> str:
        from pathlib import Path

        from pickletable.analysis.counterfactual import toml_text

        text = toml_text(data)
        path = self._paths.get(text)
        if path is None:
            path = str(Path(self._folder.name) / f"candidate-{len(self._paths)}.toml")
            Path(path).write_text(text, encoding="utf-8")
            self._paths[text] = path
        return path

    def close(self) -> None:
        self._folder.cleanup()
