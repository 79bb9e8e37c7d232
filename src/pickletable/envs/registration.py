"""Registered ids: PettingZoo's (``pickletable/card-v0``), Gymnasium's (``.../CardSingle-v0``).

Importing `pickletable.envs` registers them; `make_env(id, **kwargs)` builds
either kind by id without caring which registry holds it.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import pettingzoo

from pickletable.core.registry import available_games
from pickletable.envs.aec import make_aec

GAMES = tuple(available_games())
AEC_IDS = {f"pickletable/{game}-v0": game for game in GAMES}
"""PettingZoo AEC ids and their games."""
SINGLE_IDS = {f"pickletable/{game.capitalize()}Single-v0": game for game in GAMES}
"""Gymnasium single-agent ids and their games."""


def register_all() -> None:
    """Put every pickletable environment in the PettingZoo and Gymnasium registries."""
    for env_id, game in AEC_IDS.items():
        if env_id not in pettingzoo.aec_registry:
            pettingzoo.register("aec", env_id, entry_point=make_aec, kwargs={"game_id": game})
    for env_id, game in SINGLE_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="pickletable.envs.single:SingleAgentEnv", kwargs={"game": game}
            )


def make_env(env_id: str, **kwargs: Any) -> Any:
    """An environment by registered id: a PettingZoo AEC env or a Gymnasium env.

    >>> make_env("pickletable/card-v0").metadata["name"]
    'card_v0'
    >>> make_env("pickletable/SlamSingle-v0", players=3).unwrapped.table.players
    3
    """
    register_all()
    if env_id in AEC_IDS:
        return pettingzoo.make("aec", env_id, **kwargs)
    if env_id in SINGLE_IDS:
        return gymnasium.make(env_id, **kwargs)
    known = ", ".join([*AEC_IDS, *SINGLE_IDS])
    raise ValueError(f"unknown environment {env_id!r}: use one of {known}")
