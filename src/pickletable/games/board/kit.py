"""The board game's kit: what the rest of pickletable needs of it (see `pickletable.core.kit`).

The factories import the game's parts when called, not when the kit is listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from pickletable.core.agents import Agent
from pickletable.core.game import GameDefinition
from pickletable.core.kit import (
    Benchmarks,
    BotSettings,
    ExactFigures,
    GameKit,
    Lab,
    LoadTable,
    Medium,
    OwnBot,
    RatingRun,
    Setup,
    TerminalRenderer,
    Wording,
)
from pickletable.core.state import GameState
from pickletable.games import kit as shared
from pickletable.games.board.move_help import MOVE_HELP

if TYPE_CHECKING:
    from pickletable.bots.settings import Settings
    from pickletable.bots.win_odds import Evaluator, KnownChance, WinChance, WinModel
    from pickletable.envs.encoding import Encoding


def _definition() -> GameDefinition:
    from pickletable.games.board import GAME

    return GAME


def _renderer() -> TerminalRenderer:
    from pickletable.games.board import terminal

    return TerminalRenderer(terminal.render, terminal.status)


def _encoding(state: GameState) -> Encoding:
    from pickletable.games.board.encoding import BoardEncoding

    return BoardEncoding(state)


def _medium() -> Medium:
    from pickletable.games.board.bots import heuristic

    return Medium(heuristic.choose, heuristic.choose)


def _rollout(read: Settings) -> Agent:
    """``rollout[:N][:Nms][:game]``: plain, the `hard` level (its rounds and time cap); ``N``
    alone the rounds with no cap (the same decision for the same seed); ``Nms`` a cap;
    ``game`` whole-game rollouts everywhere (see `pickletable.games.board.bots.hard`)."""
    from pickletable.games.board.bots.hard import (
        DEFAULT_MILLISECONDS,
        DEFAULT_ROLLOUTS,
        BoardRolloutBot,
    )

    milliseconds = DEFAULT_MILLISECONDS if read.empty else read.milliseconds
    rollouts = read.count or DEFAULT_ROLLOUTS
    return BoardRolloutBot(rollouts, milliseconds, whole_games="game" in read.words)


def _lab() -> Lab:
    from pickletable.games.board.lab import LAB

    return LAB


def _exact() -> Callable[..., None]:
    from pickletable.games.board.exact.cli import run_analyze

    return run_analyze


def _exact_figures(players: int, options: Mapping[str, object]) -> ExactFigures:
    """The exact analysis's figures of a beginner variant, for ``tune --exact``."""
    from pickletable.games.board.exact.figures import exact_figures

    return exact_figures(players, options)


ADVANCED_SINGLES = Setup("board advanced singles", 2, {"level": "advanced"})
ADVANCED_DOUBLES = Setup("board advanced doubles", 4, {"level": "advanced"})


def _evaluator() -> Evaluator:
    """Exact below the advanced level (`bots.exact_chance`), seeded rollouts elsewhere."""
    from pickletable.bots.win_odds import known_or_rollouts

    return known_or_rollouts()


def _known_chance() -> KnownChance:
    """Beginner and intermediate singles: exact, or exact per Play pile order and averaged."""
    from pickletable.games.board.bots.exact_chance import chance

    def known(state: GameState, seat: int | None, wait: bool) -> WinChance | None:
        return chance(state, seat, wait=wait)

    return known


def _win_model(state: GameState) -> WinModel | None:
    """Exact values at beginner, the value model in advanced singles (`bots.win_model`)."""
    from pickletable.games.board.bots.win_model import win_model

    return win_model(state)


KIT = GameKit(
    id="board",
    definition=_definition,
    renderer=_renderer,
    encoding=_encoding,
    medium=_medium,
    bot_settings=BotSettings(
        hard="rollout",
        hard_iterations=300,
        hard_rollout="random",
        horizon=frozenset({"point"}),
        horizon_count=4,
        lead_scale=2.0,
    ),
    bots={"rollout": OwnBot(_rollout, words=("game",))},
    lab=_lab,
    benchmarks=Benchmarks(
        tables=(
            Setup("board beginner singles", 2, {"level": "beginner"}),
            Setup("board intermediate singles", 2, {"level": "intermediate"}),
            ADVANCED_SINGLES,
            ADVANCED_DOUBLES,
        ),
        search=ADVANCED_SINGLES,
        clone=ADVANCED_DOUBLES,
        clone_steps=200,
    ),
    load_table=LoadTable(("human", "human", "bot:medium", "bot:medium"), {"target": 2.0}),
    recap=shared.recap,
    evaluator=_evaluator,
    known_chance=_known_chance,
    win_model=_win_model,
    move_help=MOVE_HELP,
    web_module="board.js",
    wording=Wording("the board game"),
    exact=_exact,
    exact_figures=_exact_figures,
    scorekeeper_hint="the board game has companion mode: pickletable play board --companion",
    bot_ratings={"easy": (24.0, 1.0), "medium": (25.0, 1.0), "hard": (25.3, 1.0)},
    rating_runs=(
        RatingRun(("medium", "easy"), 1000, 1, 567),
        RatingRun(("hard", "medium"), 400, 1, 208),
    ),
)
