"""Which games pickletable knows, imported only when asked for.

>>> from pickletable.core.registry import get_game
>>> get_game("board").title
'The Pickleball Board Game'
"""

from __future__ import annotations

from importlib import import_module

from pickletable.core.errors import UnknownGameError
from pickletable.core.game import GameDefinition

GAME_MODULES = {
    "board": "pickletable.games.board",
    "card": "pickletable.games.card",
    "slam": "pickletable.games.slam",
}


def available_games() -> list[str]:
    """The ids of the games that are installed."""
    found = []
    for game_id, module in GAME_MODULES.items():
        try:
            import_module(module)
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return found


def get_game(game_id: str) -> GameDefinition:
    """The definition of a game by id (``board``, ``card``, ``slam``)."""
    module = GAME_MODULES.get(game_id)
    if module is None or game_id not in available_games():
        known = ", ".join(available_games())
        raise UnknownGameError(f"unknown game {game_id!r}; choose one of: {known}")
    game: GameDefinition = import_module(module).GAME
    return game
