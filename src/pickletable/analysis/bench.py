"""`pickletable bench`: how fast the engines, the hand solver and the search run, and the peers.

Every figure is a rate per second of this process's CPU time
(``time.process_time``), which other work on the machine disturbs less than
the wall clock. A run is several *rounds*; each round measures every probe
once (the order reversed every other round, so a drift in the machine's load
falls on both sides of a comparison), and the figures printed are the medians
of the rounds. With peers (`pickletable.analysis.bench_peers`) their probes
sit in the same rounds, beside ours.

Measured:

- random play of every game and main variant, decisions/s (a seat's choice;
  chance steps are played but not counted) and games/s, through the checked
  `GameState.apply` and through the unchecked fast path `GameState.push`
  (legal actions listed at every decision either way);
- the card game's hand solver, hands judged per second, from scratch
  (``verdict_uncached``) and from its memo (``verdict_sorted``);
- ISMCTS (``ismcts:N``) iterations/s per game, over a few fixed positions
  reached by seeded random games;
- ``clone()`` of a mid-game position per game, clones/s (what a search pays
  per determinisation).

>>> report = run_bench(BenchSettings.quick_settings(), peers=False)
>>> report.figures["card 2 players, push"]["decisions/s"] > 0
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pickletable.analysis.bench_probes import CLOCK, Clock, Probe, Rates
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.kit import GameKit, Setup
from pickletable.core.match import StepCount, random_policy, run_match
from pickletable.core.registry import KITS, get_game
from pickletable.core.state import CHANCE, GameState


@dataclass(frozen=True)
class BenchTable:
    """A game and variant whose random play is timed."""

    label: str
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    def new_game(self) -> GameState:
        return get_game(self.game).new_game(self.players, self.options)


def _bench_table(kit: GameKit, setup: Setup) -> BenchTable:
    return BenchTable(setup.label, kit.id, setup.players, dict(setup.options))


TABLES: tuple[BenchTable, ...] = tuple(
    _bench_table(kit, setup) for kit in KITS for setup in kit.benchmarks.tables
)
"""Every game's main variants (from its kit), played at random."""
SEARCH_TABLES: tuple[BenchTable, ...] = tuple(
    _bench_table(kit, kit.benchmarks.search) for kit in KITS
)
"""The tables ISMCTS is timed on (one per game; the board game's beginner level has no choices)."""
CLONE_TABLES: tuple[tuple[BenchTable, int], ...] = tuple(
    (_bench_table(kit, kit.benchmarks.clone), kit.benchmarks.clone_steps) for kit in KITS
)
"""The positions cloned: a table and how many steps into a seeded game."""


@dataclass(frozen=True)
class BenchSettings:
    """How long to measure: rounds, CPU seconds per random-play figure, search budget."""

    rounds: int = 5
    seconds: float = 0.5
    iterations: int = 300
    positions: int = 4

    @classmethod
    def quick_settings(cls, rounds: int | None = None) -> BenchSettings:
        """A smoke test: every figure, measured briefly (a few seconds in all)."""
        return cls(rounds=rounds or 1, seconds=0.03, iterations=20, positions=1)


# --- our probes ------------------------------------------------------------------------


def random_play(
    new_game: Callable[[], GameState], mode: str, seconds: float, clock: Clock = CLOCK
) -> Rates:
    """Random games (whole ones) for at least `seconds`: decisions/s and games/s.

    `mode` is ``apply`` (checked) or ``push`` (the unchecked fast path).
    """
    rng = random.Random(1)
    decisions = games = 0
    started = clock()
    end = started + seconds
    while games == 0 or clock() < end:
        count = StepCount()
        run_match(new_game(), random_policy, rng, watcher=count, checked=mode == "apply")
        decisions += count.decisions
        games += 1
    spent = max(clock() - started, 1e-9)
    return {"decisions/s": decisions / spent, "games/s": games / spent}


def search_positions(table: BenchTable, count: int, seed: int = 1) -> list[GameState]:
    """Decisions (two legal actions or more), every seventh one of seeded random games."""
    positions = _EverySeventh(count)
    while not positions.enough():
        positions.decisions = 0
        run_match(
            table.new_game(), positions, random.Random(seed), until=positions.enough, checked=True
        )
        seed += 1
    return positions.found


class _EverySeventh:
    """A random policy that keeps a copy of every seventh real decision, up to `count`."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.found: list[GameState] = []
        self.decisions = 0

    def __call__(self, state: GameState, player: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) > 1:
            self.decisions += 1
            if self.decisions % 7 == 0:
                self.found.append(state.clone())
        return legal[rng.randrange(len(legal))]

    def enough(self, state: GameState | None = None) -> bool:
        return len(self.found) >= self.count


def search_speed(
    game: str, positions: Sequence[GameState], iterations: int, clock: Clock = CLOCK
) -> Rates:
    """ISMCTS (``ismcts:N``) iterations per second, summed over `positions`."""
    from pickletable.bots import bot_from_name

    done = 0
    spent = 0.0
    for index, position in enumerate(positions):
        state = position.clone()
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        bot: Any = bot_from_name(f"ismcts:{iterations}", game)
        started = clock()
        bot.choose(AgentView(state, seat), random.Random(index))
        spent += clock() - started
        done += bot.last_stats.iterations
    return {"iterations/s": done / max(spent, 1e-9)}


def advance(state: GameState, steps: int, seed: int = 2) -> GameState:
    """Play `steps` steps (chance at random, the first legal action otherwise) into a game."""
    return run_match(
        state, _first_legal, random.Random(seed), checked=True, max_steps=steps, must_end=False
    )


def _first_legal(state: GameState, player: int, rng: random.Random) -> Action:
    return state.legal_actions()[0]


def clone_speed(state: GameState, seconds: float, clock: Clock = CLOCK) -> Rates:
    """Clones of `state` per second."""
    count = 0
    started = clock()
    end = started + seconds
    while count == 0 or clock() < end:
        for _ in range(100):
            state.clone()
        count += 100
    return {"clones/s": count / max(clock() - started, 1e-9)}


def our_probes(settings: BenchSettings) -> list[Probe]:
    """Every probe of ours, in the order of a round."""
    seconds = settings.seconds
    probes: list[Probe] = []
    for table in TABLES:
        for mode in ("apply", "push"):
            probes.append(
                Probe(
                    f"{table.label}, {mode}",
                    "random play",
                    partial(random_play, table.new_game, mode, seconds),
                )
            )
    for kit in KITS:
        probes.extend(kit.benchmarks.probes(seconds))
    for table in SEARCH_TABLES:
        positions = search_positions(table, settings.positions)
        probes.append(
            Probe(
                f"{table.game} ismcts:{settings.iterations}",
                "search",
                partial(search_speed, table.game, positions, settings.iterations),
            )
        )
    for table, steps in CLONE_TABLES:
        state = advance(table.new_game(), steps)
        probes.append(
            Probe(f"{table.label} clone()", "clone", partial(clone_speed, state, seconds))
        )
    return probes


# --- running rounds and the report ---------------------------------------------------------


@dataclass(frozen=True)
class Ratio:
    """A speed target: ours over a peer's (or a bare figure of ours against a floor)."""

    label: str
    ours: tuple[str, str]
    theirs: tuple[str, str] | None
    target: float


RATIOS: tuple[Ratio, ...] = (
    Ratio(
        "card 2p / RLCard gin-rummy, push",
        ("card 2 players, push", "decisions/s"),
        ("RLCard gin-rummy", "decisions/s"),
        8.0,
    ),
    Ratio(
        "card 2p / OpenSpiel gin_rummy, push",
        ("card 2 players, push", "decisions/s"),
        ("OpenSpiel gin_rummy", "decisions/s"),
        3.5,
    ),
    Ratio(
        "card 2p / RLCard gin-rummy, apply",
        ("card 2 players, apply", "decisions/s"),
        ("RLCard gin-rummy", "decisions/s"),
        5.0,
    ),
    Ratio(
        "card 2p / OpenSpiel gin_rummy, apply",
        ("card 2 players, apply", "decisions/s"),
        ("OpenSpiel gin_rummy", "decisions/s"),
        2.2,
    ),
    Ratio(
        "slam 3p / RLCard UNO, push",
        ("slam 3 players, push", "decisions/s"),
        ("RLCard UNO", "decisions/s"),
        2.0,
    ),
    Ratio(
        "slam 3p / RLCard UNO, apply",
        ("slam 3 players, apply", "decisions/s"),
        ("RLCard UNO", "decisions/s"),
        1.8,
    ),
    Ratio("board beginner singles games/s, push", ("board beginner singles, push", "games/s"),
          None, 2000.0),
)  # fmt: skip


@dataclass
class BenchReport:
    """Every round's figures, their medians, the peers measured or skipped, the ratios."""

    settings: BenchSettings
    rounds: dict[str, list[Rates]]
    groups: dict[str, str]
    skipped: dict[str, str] = field(default_factory=dict)
    peer_versions: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def figures(self) -> dict[str, Rates]:
        """The median of the rounds, per probe and unit."""
        return {
            name: {unit: statistics.median(r[unit] for r in runs) for unit in runs[0]}
            for name, runs in self.rounds.items()
        }

    def ratios(self) -> list[dict[str, Any]]:
        """The targets whose figures were measured: value, target, met, paired median."""
        figures = self.figures
        found: list[dict[str, Any]] = []
        for ratio in RATIOS:
            ours_name, ours_unit = ratio.ours
            if ours_name not in figures:
                continue
            value = figures[ours_name][ours_unit]
            paired = None
            if ratio.theirs is not None:
                theirs_name, theirs_unit = ratio.theirs
                if theirs_name not in figures:
                    continue
                value /= figures[theirs_name][theirs_unit]
                pairs = zip(self.rounds[ours_name], self.rounds[theirs_name], strict=True)
                paired = statistics.median(a[ours_unit] / b[theirs_unit] for a, b in pairs)
            found.append(
                {
                    "label": ratio.label,
                    "value": value,
                    "paired": paired,
                    "target": ratio.target,
                    "met": value >= ratio.target,
                    "kind": "floor" if ratio.theirs is None else "ratio",
                }
            )
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "pickletable-bench",
            "settings": {
                "rounds": self.settings.rounds,
                "seconds_per_figure": self.settings.seconds,
                "search_iterations": self.settings.iterations,
                "search_positions": self.settings.positions,
                "clock": "process CPU time",
            },
            "figures": [
                {"name": name, "group": self.groups[name], "median": rates, "rounds": runs}
                for (name, rates), runs in zip(
                    self.figures.items(), self.rounds.values(), strict=True
                )
            ],
            "ratios": self.ratios(),
            "peers": {"versions": self.peer_versions, "skipped": self.skipped},
            "seconds": self.seconds,
        }


def run_bench(
    settings: BenchSettings,
    *,
    peers: bool,
    progress: Callable[[int, int], None] | None = None,
) -> BenchReport:
    """Measure every probe (and the peers' when asked) in `settings.rounds` interleaved rounds."""
    started = time.perf_counter()
    probes = our_probes(settings)
    skipped: dict[str, str] = {}
    versions: dict[str, str] = {}
    if peers:
        from pickletable.analysis.bench_peers import peer_probes

        found, skipped, versions = peer_probes(settings.seconds)
        probes = _interleave(probes, found)
    rounds: dict[str, list[Rates]] = {probe.name: [] for probe in probes}
    for number in range(settings.rounds):
        order = probes if number % 2 == 0 else probes[::-1]
        for probe in order:
            rounds[probe.name].append(probe.measure())
        if progress is not None:
            progress(number + 1, settings.rounds)
    groups = {probe.name: probe.group for probe in probes}
    return BenchReport(settings, rounds, groups, skipped, versions, time.perf_counter() - started)


def _interleave(ours: list[Probe], theirs: list[Probe]) -> list[Probe]:
    """Each peer's probe right after the last of our random-play probes of its kind of game."""
    placed = list(ours)
    for probe in theirs:
        kind = "slam " if "UNO" in probe.name else "card "
        last = max(
            (
                i
                for i, p in enumerate(placed)
                if p.name.startswith(kind) and p.group == "random play"
            ),
            default=len(placed) - 1,
        )
        placed.insert(last + 1, probe)
    return placed


def format_report(report: BenchReport) -> str:
    """The figures as Markdown tables (docs/performance.md's Engine speed is this output)."""
    settings = report.settings
    figures = report.figures
    lines = [
        f"{settings.rounds} round(s), medians; {settings.seconds:g} CPU s per random-play "
        f"figure; ISMCTS {settings.iterations} iterations on {settings.positions} position(s) "
        f"per game; {report.seconds:.0f} s in all",
        "",
        "| random play | decisions/s, apply | decisions/s, push | games/s, apply | games/s, push |",
        "|---|---:|---:|---:|---:|",
    ]
    labels = [name.rsplit(", ", 1)[0] for name in figures if report.groups[name] == "random play"]
    for label in dict.fromkeys(labels):
        apply_, push = figures.get(f"{label}, apply"), figures.get(f"{label}, push")
        if apply_ is None or push is None:
            continue
        lines.append(
            f"| {label} | {apply_['decisions/s']:,.0f} | {push['decisions/s']:,.0f} "
            f"| {apply_['games/s']:,.1f} | {push['games/s']:,.1f} |"
        )
    peers = [name for name in figures if report.groups[name] == "peer"]
    if peers:
        lines += ["", "| peer (random play, legal actions each step) | decisions/s | games/s |"]
        lines.append("|---|---:|---:|")
        for name in peers:
            version = report.peer_versions.get(name, "")
            lines.append(
                f"| {name} {version} | {figures[name]['decisions/s']:,.0f} "
                f"| {figures[name]['games/s']:,.1f} |"
            )
    lines += ["", "| solver, search and clones | rate |", "|---|---:|"]
    for name, rates in figures.items():
        if report.groups[name] in ("hand solver", "search", "clone"):
            unit, value = next(iter(rates.items()))
            lines.append(f"| {name} | {value:,.0f} {unit} |")
    ratios = report.ratios()
    if ratios:
        lines += ["", "| target | measured | paired | target | met |"]
        lines.append("|---|---:|---:|---:|---|")
        for item in ratios:
            if item["kind"] == "floor":
                measured, target, paired = f"{item['value']:,.0f}", f">= {item['target']:,.0f}", ""
            else:
                measured, target = f"{item['value']:.2f}x", f">= {item['target']:.1f}x"
                paired = f"{item['paired']:.2f}x"
            met = "yes" if item["met"] else "**no**"
            lines.append(f"| {item['label']} | {measured} | {paired} | {target} | {met} |")
    for name, reason in report.skipped.items():
        lines.append(f"\nskipped {name}: {reason}")
    return "\n".join(lines)
