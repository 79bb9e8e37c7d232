"""The games pickletable knows: one kit per game, listed here.

Adding a game is adding its package (which exports `GAME` and `KIT`, see
`pickletable.core.kit`) and one line in `KITS`. Listing the kits imports the
game packages' definitions only; everything else a kit holds is imported
when asked for, and an error inside it is raised as it is, never reported as
an unknown game.

>>> from pickletable.core.registry import get_game, kit_for
>>> get_game("board").title
'The Pickleball Board Game'
>>> kit_for("slam").web_module
'slam.js'
"""

from __future__ import annotations

from pickletable.core.errors import UnknownGameError
from pickletable.core.game import GameDefinition
from pickletable.core.kit import GameKit
from pickletable.games.board.kit import KIT as BOARD
from pickletable.games.card.kit import KIT as CARD
from pickletable.games.slam.kit import KIT as SLAM

KITS: tuple[GameKit, ...] = (BOARD, CARD, SLAM)
"""Every game, in the order menus list them (the first is the default game)."""
_BY_ID = {kit.id: kit for kit in KITS}
DEFAULT_GAME = KITS[0].id
"""The game a command plays when none is named."""


def available_games() -> list[str]:
    """The ids of the games pickletable knows."""
    return list(_BY_ID)


def kit_for(game_id: str) -> GameKit:
    """A game's kit; `UnknownGameError` for an id nobody registered."""
    found = _BY_ID.get(game_id)
    if found is None:
        known = ", ".join(_BY_ID)
        raise UnknownGameError(f"unknown game {game_id!r}; choose one of: {known}")
    return found


def get_game(game_id: str) -> GameDefinition:
    """The definition of a game by id (``board``, ``card``, ``slam``)."""
    return kit_for(game_id).definition()


def find_kit(game_id: str) -> GameKit | None:
    """A game's kit, or `None` for an id nobody registered."""
    return _BY_ID.get(game_id)
