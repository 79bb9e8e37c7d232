"""Slam's kit: what the rest of pickletable needs of it (see `pickletable.core.kit`).

The factories import the game's parts when called, not when the kit is listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.agents import Agent
from pickletable.core.game import GameDefinition
from pickletable.core.kit import (
    Benchmarks,
    BotSettings,
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
from pickletable.games.slam.codes import EventKind
from pickletable.games.slam.move_help import MOVE_HELP

if TYPE_CHECKING:
    from pickletable.bots.settings import Settings
    from pickletable.bots.win_odds import Evaluator, WinModel
    from pickletable.envs.encoding import Encoding


def _definition() -> GameDefinition:
    from pickletable.games.slam import GAME

    return GAME


def _renderer() -> TerminalRenderer:
    from pickletable.games.slam import terminal

    return TerminalRenderer(terminal.render, terminal.status)


def _encoding(state: GameState) -> Encoding:
    from pickletable.games.slam.encoding import SlamEncoding

    return SlamEncoding(state)


def _medium() -> Medium:
    from pickletable.games.slam.bots import heuristic

    return Medium(heuristic.choose, heuristic.choose)


def _slam_search(read: Settings) -> Agent:
    """``slamsearch[:N][:Nms]``: plain, the `hard` level (its iterations and time cap); ``N``
    alone the iterations with no cap (the same decision for the same seed), ``Nms`` a cap
    (see `pickletable.games.slam.bots.search`)."""
    from pickletable.games.slam.bots.search import (
        DEFAULT_ITERATIONS,
        DEFAULT_MILLISECONDS,
        SlamSearchBot,
    )

    milliseconds = DEFAULT_MILLISECONDS if read.empty else read.milliseconds
    return SlamSearchBot(read.count or DEFAULT_ITERATIONS, milliseconds)


def _lab() -> Lab:
    from pickletable.games.slam.lab import LAB

    return LAB


THREE_PLAYERS = Setup("slam 3 players", 3)
SIX_PLAYERS = Setup("slam 6 players", 6)


def _evaluator() -> Evaluator:
    """Seeded rollouts from the seat's view, a fixed budget (`pickletable.bots.win_odds`)."""
    from pickletable.bots.win_odds import rollout_evaluator

    return rollout_evaluator()


SLAM_MODEL = (
    "token model: each side's chance from the tokens held, every round going to each side "
    "alike (exact recursion; checked against simulated games, docs/lab.md)"
)


def _win_model(state: GameState) -> WinModel | None:
    """Slam's drama model: the token table the search values a round's end by."""
    from pickletable.bots.win_odds import WinModel
    from pickletable.games.slam.bots.search import game_values

    def chance(state: GameState) -> dict[int, float] | None:
        if state.outcome is not None:
            return {seat: (value + 1) / 2 for seat, value in game_values(state).items()}
        rules = state.rules  # type: ignore[attr-defined]
        key = (rules.players, rules.units, rules.tokens_to_win, tuple(state.tokens))  # type: ignore[attr-defined]
        found = _CHANCES.get(key)
        if found is None:
            found = {seat: (value + 1) / 2 for seat, value in game_values(state).items()}
            if len(_CHANCES) > CHANCES_KEPT:
                _CHANCES.clear()
            _CHANCES[key] = found
        return found

    return WinModel(SLAM_MODEL, frozenset({"round-won"}), chance)


_CHANCES: dict[tuple[object, ...], dict[int, float]] = {}
"""The drama model's chances by table and tokens: a study comes back to the same tokens."""
CHANCES_KEPT = 100_000


KIT = GameKit(
    id="slam",
    definition=_definition,
    renderer=_renderer,
    encoding=_encoding,
    medium=_medium,
    bot_settings=BotSettings(
        hard="slamsearch",
        hard_iterations=1500,
        hard_rollout="random",
        horizon=frozenset({EventKind.ROUND_WON}),
        horizon_count=1,
        lead_scale=1.0,
    ),
    bots={"slamsearch": OwnBot(_slam_search)},
    lab=_lab,
    benchmarks=Benchmarks(
        tables=(THREE_PLAYERS, SIX_PLAYERS, Setup("slam doubles", 4, {"doubles": True})),
        search=THREE_PLAYERS,
        clone=SIX_PLAYERS,
        clone_steps=60,
    ),
    load_table=LoadTable(("human", "human", "bot:medium"), {"tokens_to_win": 1}),
    recap=shared.recap,
    evaluator=_evaluator,
    win_model=_win_model,
    move_help=MOVE_HELP,
    web_module="slam.js",
    wording=Wording("Slam", rallies="rounds", first="first player"),
    doubles_options={"doubles": "on"},
    bot_ratings={"easy": (13.6, 1.0), "medium": (25.0, 1.0), "hard": (31.2, 1.0)},
    rating_runs=(
        RatingRun(("medium", "easy", "easy"), 300, 1, 194),
        RatingRun(("hard", "medium", "medium"), 300, 1900, 169),
    ),
)
