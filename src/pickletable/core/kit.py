"""A game kit: everything the rest of pickletable needs of one game, in one typed object.

Each game package exports its `GameKit` as ``KIT`` (``games/<id>/kit.py``);
`pickletable.core.registry` lists the kits, and nothing outside ``games/``
names a game. A kit holds plain settings (the `hard` bot's budget, the words
the lab's findings use, the web client's module) and *factories*: callables
that import the game's parts only when called, so listing the kits costs
little and an error inside one part is raised where it is used.

Layers point one way. Core imports nothing of the outer layers (bots, the
lab, the RL environments, the command line, the server) at run time: the
factories' types that live in an outer layer (a lab collector, an RL
encoding) are named under ``if TYPE_CHECKING:`` only, so mypy checks every
kit and the import graph stays acyclic. The factories' bodies, in each
game's ``kit.py``, import the outer layer they build from; they are the one
place a deferred import from a game to an outer layer closes no cycle that
the code-shape test counts (see ``docs/adding-a-game.md``).

>>> from pickletable.core.registry import kit_for
>>> kit_for("slam").web_module
'slam.js'
>>> kit_for("board").bot_settings.hard
'rollout'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.game import GameDefinition
from pickletable.core.state import GameState

if TYPE_CHECKING:
    from rich.console import RenderableType

    from pickletable.analysis.bench_probes import Probe
    from pickletable.analysis.collectors import Collector, GameSummary
    from pickletable.analysis.recap_figures import Figures
    from pickletable.analysis.study import Breakdown
    from pickletable.bots.settings import Settings
    from pickletable.bots.win_odds import Evaluator, KnownChance, WinModel
    from pickletable.envs.encoding import Encoding

Policy = Callable[[AgentView, random.Random], Action]
"""A rule-based player: the choice for a view, drawing on an RNG."""
View = dict[str, Any]
"""A client view as the game's presenter builds it."""


@dataclass(frozen=True)
class OwnBot:
    """One of a game's own bots: the words its settings may hold besides ``N`` and ``Nms``,
    and how it is built from its settings as `pickletable.bots.settings` reads them."""

    build: Callable[[Settings], Agent]
    words: tuple[str, ...] = ()

    def usage(self, name: str) -> str:
        """How its name and settings are written (``rollout[:N][:Nms][:game]``)."""
        return f"{name}[:N][:Nms]" + "".join(f"[:{word}]" for word in self.words)


@dataclass(frozen=True)
class BotSettings:
    """How the `hard` level and the ISMCTS rollouts play one game."""

    hard: str
    """The bot name (as `pickletable.bots.bot_from_name` reads it) the `hard` level plays."""
    hard_iterations: int
    """ISMCTS iterations of `hard`: a decision under a second at p95 on two cores."""
    hard_rollout: str
    """`hard`'s rollout policy: ``random`` or ``heuristic``."""
    horizon: frozenset[str]
    """Event kinds after which a search rollout may stop (a point, a rally, a round)..."""
    horizon_count: int
    """...once this many of them have happened."""
    lead_scale: float
    """A change of `GameState.lead()` worth about three quarters of a win."""


@dataclass(frozen=True)
class Medium:
    """The game's `medium` bot: its rules of thumb, and a quicker variant for rollouts."""

    choose: Policy
    rollout_choose: Policy


@dataclass(frozen=True)
class TerminalRenderer:
    """The game's terminal views: the full table, and a few lines for a small window."""

    render: Callable[[View], RenderableType]
    status: Callable[[View], RenderableType]


@dataclass(frozen=True)
class Lab:
    """A game's part in the lab (`pickletable.analysis`): what it counts and reports."""

    collector: Callable[[GameState], Collector]
    """The collector of one game (`pickletable.analysis.collectors`)."""
    figures: Callable[[GameState], Figures]
    """The per-seat figures of the end-of-game recap (`pickletable.analysis.recap_figures`)."""
    breakdowns: Callable[[Sequence[GameSummary]], list[Breakdown]]
    """The study report's tables of the game's own figures (`pickletable.analysis.study`)."""


@dataclass(frozen=True)
class Setup:
    """One variant of a game, named for a report: a player count and options."""

    label: str
    players: int
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Benchmarks:
    """The variants the benchmark times (`pickletable.analysis.bench`)."""

    tables: tuple[Setup, ...]
    """Whole games played by every level."""
    search: Setup
    """The variant the search bots are timed on."""
    clone: Setup
    """The variant whose positions are cloned..."""
    clone_steps: int
    """...this many steps into a seeded game."""
    probes: Callable[[float], Sequence[Probe]] = lambda seconds: ()  # none of its own
    """The game's own probes, measuring for at least this many CPU seconds each (a solver)."""


@dataclass(frozen=True)
class LoadTable:
    """A table the server load test opens (`pickletable.loadkit`): seats and a short game."""

    seats: tuple[str, ...]
    """Who sits where: two ``human`` seats, the others bots."""
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Wording:
    """The words messages, the lab's findings and figures use for this game."""

    name: str
    """The game in a sentence ("the board game", "Slam")."""
    rallies: str = "rallies"
    """What the stretches of play are called (rallies, rounds)."""
    first: str = "first server"
    """Who `GameSummary.first` is (the first server, the first player)."""


@dataclass(frozen=True)
class RatingRun:
    """An arena run the bots' fixed ratings are fitted to
    (`pickletable.server.accounts.calibration`): ``pickletable arena GAME --bots ...``."""

    bots: tuple[str, ...]
    """The bots by seat; the first is the one whose wins count."""
    games: int
    seed: int
    wins: int
    """The first bot's wins (it sits once in every game)."""


@dataclass(frozen=True)
class ExactFigures:
    """A variant's figures worked out by its game's exact analysis, not played
    (`pickletable tune --exact` scores candidates by them)."""

    first_wins: float
    """The chance that the first server's or player's side wins."""
    fair_share: float
    """That side's fair share of wins (one over the sides)."""
    rallies: float
    """The expected number of rallies or rounds."""


@dataclass(frozen=True)
class GameKit:
    """One game: its definition and every part the outer layers build on."""

    id: str
    """The game's id (``board``, ``card``, ``slam``): records and URLs name it."""
    definition: Callable[[], GameDefinition]
    """The definition (rules, options, presenter, observer: ``GAME``)."""
    renderer: Callable[[], TerminalRenderer]
    """The terminal views the command line and the RL ``ansi`` mode print."""
    encoding: Callable[[GameState], Encoding]
    """The RL action table and observation layout of a new game's variant."""
    medium: Callable[[], Medium]
    """The `medium` bot's policies."""
    bot_settings: BotSettings
    bots: Mapping[str, OwnBot]
    """The game's own bots by name (the `hard` search of this game)."""
    lab: Callable[[], Lab]
    """The game's part in the lab: its collector, recap figures and study breakdowns."""
    benchmarks: Benchmarks
    load_table: LoadTable
    recap: Callable[[GameState, Sequence[Action | str]], dict[str, Any]]
    """The end-of-game recap of a game replayed from a start (`pickletable.analysis.recap`)."""
    web_module: str
    """Its web client, under ``/static/js/games/``."""
    wording: Wording
    doubles_options: Mapping[str, str] = field(default_factory=dict)
    """Options that ``--doubles`` sets besides four players (a game playing teams by option)."""
    evaluator: Callable[[], Evaluator] | None = None
    """Each seat's win chance from one seat's observation only (`pickletable.bots.win_odds`)."""
    known_chance: Callable[[], KnownChance] | None = None
    """Where the game works each seat's win chance out from a seat's view without rollouts
    (exact, or a model with no sampling noise): coaching's figure there
    (`pickletable.bots.win_odds.known_chance`)."""
    win_model: Callable[[GameState], WinModel | None] | None = None
    """A quick model of each seat's win chance in a variant, for the lab's drama figures
    (`pickletable.bots.win_odds.WinModel`); None where the variant has none."""
    move_help: Mapping[str, str] = field(default_factory=dict)
    """What each card or twist does, in one line, by its notation name (`core.move_help`)."""
    exact: Callable[[], Callable[..., None]] | None = None
    """The exact analysis's command (``pickletable analyze``), where the game has one."""
    exact_figures: Callable[[int, Mapping[str, object]], ExactFigures] | None = None
    """The exact figures of a variant (players, checked options, its content file among
    them), where the game has an exact analysis; `OptionError` for a variant it cannot solve."""
    bound_memos: Callable[[int], None] | None = None
    """Bound the game's memo tables to this many entries each (a long-running server)."""
    scorekeeper: bool = False
    """Whether ``pickletable score`` keeps score for this game at a real table."""
    scorekeeper_hint: str = ""
    """What to use instead, for a game without a scorekeeper."""
    bot_ratings: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """Each bot level's fixed (mu, sigma) at rated tables, fitted to `rating_runs`."""
    rating_runs: tuple[RatingRun, ...] = ()
    """The arena runs `bot_ratings` are fitted to (docs/accounts.md)."""

    @property
    def title(self) -> str:
        """The game's name, as its definition gives it."""
        return self.definition().title
