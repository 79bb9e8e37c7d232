"""`card_v0`: the card game as a PettingZoo AEC environment (see `pickletable.envs.aec`).

>>> from pickletable.envs import card_v0
>>> env = card_v0.env()
>>> env.reset(seed=1)
>>> env.agent_selection in env.possible_agents
True
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from pickletable.envs.aec import PickletableAEC, make_aec

GAME_ID = "card"


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped (keyword arguments: players, the game's options, render_mode,
    zero_sum, shaping, max_cycles)."""
    return make_aec(GAME_ID, **kwargs)


def raw_env(**kwargs: Any) -> PickletableAEC:
    """The environment without PettingZoo's wrappers."""
    return PickletableAEC(GAME_ID, **kwargs)
