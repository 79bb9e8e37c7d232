"""``learned:PATH.zip``: a MaskablePPO model saved by sb3-contrib, as a `Policy`.

The loader is registered for ``.zip`` when `pickletable.envs` is imported,
but sb3-contrib (and PyTorch under it) is imported only when a ``.zip`` is
loaded, so nothing here needs the ``train`` extra until then
(``pip install 'pickletable[train]'``; without it the seat is refused with
that advice).

The model is one trained on our environments (`single_agent`, `make_vector`):
its observation space is their ``Dict(observation, action_mask)`` (a
``MultiInputPolicy``) or the observation vector alone (a ``MlpPolicy`` over a
wrapper that drops the mask). It plays deterministically (the most likely
legal action, `predict(..., deterministic=True)`), so an arena run with a
seed gives the same games every time.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces

from pickletable.core.errors import SeatError
from pickletable.envs.encoding import Mask, Vector
from pickletable.envs.policies import register_policy_format

EXTRA = "pip install 'pickletable[train]'"


class MaskablePPOPolicy:
    """A loaded MaskablePPO model behind the `Policy` protocol."""

    def __init__(self, model: Any, name: str = "maskable-ppo") -> None:
        self.model = model
        self.name = name
        self.wants_dict = isinstance(getattr(model, "observation_space", None), spaces.Dict)

    def act(self, observation: Vector, mask: Mask, rng: np.random.Generator) -> int:
        """The model's most likely action among those `mask` allows (`rng` is unused)."""
        del rng
        given: Any = (
            {"observation": observation, "action_mask": mask} if self.wants_dict else observation
        )
        action, _ = self.model.predict(given, action_masks=mask.astype(bool), deterministic=True)
        return int(np.asarray(action).reshape(-1)[0])


def load_maskable_ppo(path: Path, game_id: str) -> MaskablePPOPolicy:
    """A MaskablePPO ``.zip`` as a policy for `game_id` (refused, with the reason, when
    sb3-contrib is missing, the file is, or it is no model)."""
    del game_id  # the model's spaces say what it was trained on; the seat checks each action
    try:
        contrib = importlib.import_module("sb3_contrib")
    except ImportError:
        raise SeatError(f"learned:{path}: a .zip model needs sb3-contrib ({EXTRA})") from None
    if not path.is_file():
        raise SeatError(f"learned:{path}: no such file")
    try:
        model = contrib.MaskablePPO.load(str(path), device="cpu")
    except Exception as error:  # sb3 raises many kinds on a file that is no model
        raise SeatError(f"learned:{path}: not a MaskablePPO model ({error})") from None
    return MaskablePPOPolicy(model)


def register() -> None:
    """Let ``learned:PATH.zip`` load MaskablePPO models."""
    register_policy_format(".zip", load_maskable_ppo)
