"""Each game's PettingZoo module (``board_v0``, ``card_v0``, ``slam_v0``), made from the kits.

PettingZoo names an environment's module ``<name>_v0`` and gives it `env()`
(wrapped) and `raw_env`, the environment's class (its class-level
`metadata` has ``name``, ``render_modes``, ``render_fps`` and
``is_parallelizable``); every game's is the same but for the game, so
they are made here, one per game the registry lists, put where imports
look (``import pickletable.envs.card_v0`` works), and `pickletable.envs`
hands them out by name:

>>> from pickletable.envs import card_v0
>>> env = card_v0.env()
>>> env.reset(seed=1)
>>> env.agent_selection in env.possible_agents
True
>>> card_v0.raw_env.metadata["name"], card_v0.raw_env.metadata["render_fps"]
('card_v0', 4)
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

from pettingzoo import AECEnv

from pickletable.core.registry import available_games
from pickletable.envs.aec import PickletableAEC, make_aec, raw_env_class

VERSION = "v0"


class GameModule(ModuleType):
    """One game's PettingZoo module, ``pickletable.envs.<id>_v0``: `env()` and `raw_env`."""

    raw_env: type[PickletableAEC]
    """The environment's class, without PettingZoo's wrappers (``raw_env(players=3)``)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            f"{__package__}.{game_id}_{VERSION}",
            f"`{game_id}_{VERSION}`: {game_id} as a PettingZoo AEC environment "
            "(see `pickletable.envs.aec`).",
        )
        self.game_id = game_id
        self.raw_env = raw_env_class(game_id)

    def env(self, **kwargs: Any) -> AECEnv:
        """The environment, wrapped (keyword arguments: players, the game's options,
        render_mode, zero_sum, shaping, max_cycles)."""
        return make_aec(self.game_id, **kwargs)


MODULES = {
    module.__name__.rpartition(".")[2]: module for module in map(GameModule, available_games())
}
"""Every game's module, by its short name (``card_v0``)."""
sys.modules.update({module.__name__: module for module in MODULES.values()})
