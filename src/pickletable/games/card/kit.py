"""The card game's kit: what the rest of pickletable needs of it (see `pickletable.core.kit`).

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
from pickletable.games.card.move_help import MOVE_HELP

if TYPE_CHECKING:
    from pickletable.analysis.bench_probes import Probe
    from pickletable.bots.settings import Settings
    from pickletable.bots.win_odds import Evaluator, KnownChance, WinChance, WinModel
    from pickletable.envs.encoding import Encoding


def _definition() -> GameDefinition:
    from pickletable.games.card import GAME

    return GAME


def _renderer() -> TerminalRenderer:
    from pickletable.games.card import terminal

    return TerminalRenderer(terminal.render, terminal.status)


def _encoding(state: GameState) -> Encoding:
    from pickletable.games.card.encoding import CardEncoding

    return CardEncoding(state)


def _medium() -> Medium:
    from pickletable.games.card.bots import heuristic

    return Medium(heuristic.choose, heuristic.rollout_choose)


def _card_search(read: Settings) -> Agent:
    """``cardsearch[:N][:Nms]``: search with inferred hands (see
    `pickletable.games.card.bots.hard`); plain, the `hard` level's iterations."""
    from pickletable.games.card.bots.hard import make_hard

    unbounded = 1_000_000 if read.milliseconds is not None else HARD_ITERATIONS
    return make_hard(read.count or unbounded, read.milliseconds)


def _lab() -> Lab:
    from pickletable.games.card.lab import LAB

    return LAB


def _bound_memos(entries: int) -> None:
    from pickletable.games.card import GAME
    from pickletable.games.card.content import CardDeck
    from pickletable.games.card.rules import bound_menu_memo
    from pickletable.games.card.solver import solver_for

    deck = CardDeck.from_data(GAME.default_content().data)
    solver_for(deck.lowest, deck.highest).cache_limit = entries
    bound_menu_memo(entries)


def _probes(seconds: float) -> list[Probe]:
    from pickletable.games.card.bench import probes

    return probes(seconds)


HARD_ITERATIONS = 150
TWO_PLAYERS = Setup("card 2 players", 2)
FOUR_PLAYERS = Setup("card 4 players", 4)


def _evaluator() -> Evaluator:
    """The win-chance table between rallies and the exact last turn (`bots.known_chance`),
    seeded rollouts from the seat's view elsewhere (`pickletable.bots.win_odds`)."""
    from pickletable.bots.win_odds import known_or_rollouts

    return known_or_rollouts()


def _known_chance() -> KnownChance:
    from pickletable.games.card.bots.known_chance import chance

    def known(state: GameState, seat: int | None, wait: bool) -> WinChance | None:
        return chance(state, seat, wait=wait)

    return known


CARD_MODEL = (
    "win-chance table: the hard bot's chance of winning from the score and the serve, "
    "rallies drawn from medium self-play's results (value iteration)"
)


def _win_model(state: GameState) -> WinModel | None:
    """The card game's drama model: the score table `hard` values a rally's end by."""
    from pickletable.bots.win_odds import WinModel
    from pickletable.games.card.bots.hard import game_chances

    def chance(state: GameState) -> dict[int, float] | None:
        outcome = state.outcome
        if outcome is not None:
            return {seat: float(seat in outcome.winners) for seat in state.seats}
        serving = getattr(state, "serving_team", None)
        if serving is None:
            return None
        rules = state.rules  # type: ignore[attr-defined]
        key = (rules.seats, rules.target, rules.win_by, tuple(state.scores), serving)  # type: ignore[attr-defined]
        found = _CHANCES.get(key)
        if found is None:
            found = {seat: (value + 1) / 2 for seat, value in game_chances(state, 0).items()}
            if len(_CHANCES) > CHANCES_KEPT:
                _CHANCES.clear()
            _CHANCES[key] = found
        return found

    return WinModel(CARD_MODEL, frozenset({"rally_scored"}), chance)


_CHANCES: dict[tuple[object, ...], dict[int, float]] = {}
"""The drama model's chances by table and score: a study comes back to the same scores."""
CHANCES_KEPT = 100_000


KIT = GameKit(
    id="card",
    definition=_definition,
    renderer=_renderer,
    encoding=_encoding,
    medium=_medium,
    bot_settings=BotSettings(
        hard="cardsearch",
        hard_iterations=HARD_ITERATIONS,
        hard_rollout="heuristic",
        horizon=frozenset({"rally_scored"}),
        horizon_count=1,
        lead_scale=1.5,
    ),
    bots={"cardsearch": OwnBot(_card_search)},
    lab=_lab,
    benchmarks=Benchmarks(
        tables=(TWO_PLAYERS, Setup("card 3 players", 3), FOUR_PLAYERS),
        search=TWO_PLAYERS,
        clone=FOUR_PLAYERS,
        clone_steps=60,
        probes=_probes,
    ),
    load_table=LoadTable(("human", "human", "bot:medium"), {"target_score": 3, "win_by": 1}),
    recap=shared.recap,
    evaluator=_evaluator,
    known_chance=_known_chance,
    win_model=_win_model,
    move_help=MOVE_HELP,
    web_module="card.js",
    wording=Wording("the card game"),
    bound_memos=_bound_memos,
    scorekeeper=True,
    bot_ratings={"easy": (11.4, 1.0), "medium": (25.0, 1.0), "hard": (25.5, 1.0)},
    rating_runs=(
        RatingRun(("medium", "easy"), 400, 1, 395),
        RatingRun(("hard", "medium"), 300, 1, 159),
    ),
)
