"""The games pickletable knows: one table naming each game's parts.

Adding a game means adding one `GameEntry`: its package (which exports
`GAME`), its `medium` bot, its terminal renderer, its web client module, and
the settings the `hard` search uses for it. Packages are imported only when
asked for; an error inside one is raised as it is, never reported as an
unknown game.

>>> from pickletable.core.registry import get_game, entry
>>> get_game("board").title
'The Pickleball Board Game'
>>> entry("slam").web_module
'slam.js'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from pickletable.core.errors import UnknownGameError
from pickletable.core.game import GameDefinition


@dataclass(frozen=True)
class GameEntry:
    """Where each part of one game lives, and how the `hard` bot plays it."""

    id: str
    package: str
    """The game's package; it exports the definition as ``GAME``."""
    heuristic: str
    """The module of its `medium` bot (``choose``, optionally ``rollout_choose``)."""
    renderer: str
    """The module of its terminal renderer (``render(view)``)."""
    web_module: str
    """Its web client, under ``/static/js/games/``."""
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
    hard: str = "ismcts"
    """The bot name (as `pickletable.bots.bot_from_name` reads it) the `hard` level plays."""


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="board",
        package="pickletable.games.board",
        heuristic="pickletable.games.board.bots.heuristic",
        renderer="pickletable.games.board.terminal",
        web_module="board.js",
        hard_iterations=300,
        hard_rollout="random",
        horizon=frozenset({"point"}),
        horizon_count=4,
        lead_scale=2.0,
        hard="rollout",
    ),
    GameEntry(
        id="card",
        package="pickletable.games.card",
        heuristic="pickletable.games.card.bots.heuristic",
        renderer="pickletable.games.card.terminal",
        web_module="card.js",
        hard_iterations=150,
        hard_rollout="heuristic",
        horizon=frozenset({"rally_scored"}),
        horizon_count=1,
        lead_scale=1.5,
        hard="cardsearch",
    ),
    GameEntry(
        id="slam",
        package="pickletable.games.slam",
        heuristic="pickletable.games.slam.bots.heuristic",
        renderer="pickletable.games.slam.terminal",
        web_module="slam.js",
        hard_iterations=1500,
        hard_rollout="random",
        horizon=frozenset({"round-won"}),
        horizon_count=1,
        lead_scale=1.0,
        hard="slamsearch",
    ),
)
_BY_ID = {game.id: game for game in GAMES}


def available_games() -> list[str]:
    """The ids of the games pickletable knows."""
    return list(_BY_ID)


def entry(game_id: str) -> GameEntry:
    """A game's registry entry; `UnknownGameError` for an id nobody registered."""
    found = _BY_ID.get(game_id)
    if found is None:
        known = ", ".join(_BY_ID)
        raise UnknownGameError(f"unknown game {game_id!r}; choose one of: {known}")
    return found


def get_game(game_id: str) -> GameDefinition:
    """The definition of a game by id (``board``, ``card``, ``slam``)."""
    game: GameDefinition = import_module(entry(game_id).package).GAME
    return game
