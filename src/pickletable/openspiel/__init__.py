"""The three games for OpenSpiel: its algorithms and tools run on them unchanged.

Importing this package registers ``pickletable_board``, ``pickletable_card``
and ``pickletable_slam`` with OpenSpiel when OpenSpiel is installed (the
``peers`` extra), so ``pyspiel.load_game("pickletable_card", {"players": 3})``
works like any of OpenSpiel's own games (every table size and option is a
parameter, plus ``max_length``, a cut for exact solving).

- `OpenSpielGame` / `OpenSpielState` (`pickletable.openspiel.game`): the
  API in plain Python, for OpenSpiel's Python algorithms, without the wheel.
- `register`, `load`, `bridge_of` (`pickletable.openspiel.registration`):
  the games as real `pyspiel.Game` objects.
- `tiny_board` (`pickletable.openspiel.small`): a board game small enough
  for OpenSpiel's exact CFR and exploitability.

See docs/rl.md, "OpenSpiel".
"""

from __future__ import annotations

import importlib.util

from pickletable.core.registry import KITS
from pickletable.openspiel.game import (
    CHANCE_PLAYER,
    TERMINAL,
    OpenSpielGame,
    OpenSpielState,
    game_type,
    parameter_specification,
)
from pickletable.openspiel.registration import bridge_of, load, register
from pickletable.openspiel.small import TINY_BOARD, tiny_board

GAMES = tuple(kit.id for kit in KITS)
"""The games registered with OpenSpiel on import: every game's kit."""

__all__ = [
    "CHANCE_PLAYER",
    "GAMES",
    "TERMINAL",
    "TINY_BOARD",
    "OpenSpielGame",
    "OpenSpielState",
    "bridge_of",
    "game_type",
    "load",
    "parameter_specification",
    "register",
    "tiny_board",
]

if importlib.util.find_spec("pyspiel") is not None:
    for _game in GAMES:
        register(_game)
