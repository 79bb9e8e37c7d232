"""Reinforcement-learning environments for the three games (install ``pickletable[rl]``).

- PettingZoo AEC: `board_v0`, `card_v0`, `slam_v0` (``card_v0.env(players=3)``, made
  from the game kits by `pickletable.envs.game_modules`),
  registered as ``pickletable/board-v0``, ``pickletable/card-v0``, ``pickletable/slam-v0``;
- Gymnasium, one learner against bots: `single_agent(game, seat, opponents, **options)`,
  registered as ``pickletable/BoardSingle-v0``, ``CardSingle-v0``, ``SlamSingle-v0``;
- `make_vector(game, num_envs, ...)`: a `BatchedEnv`, N single-agent games stepped
  together into arrays, with Gymnasium's next-step autoreset;
- `Policy` (``act(observation, mask, rng) -> int``), `PolicyAgent`, `OpponentPool` and
  `set_opponents` for self-play (`pickletable.envs.policies`); `League`: bots and frozen
  snapshots drawn by a stated rule, with Elo ratings (`pickletable.envs.league`);
- ``learned:`` seats load our ``.npz`` policies, sb3-contrib MaskablePPO ``.zip`` models
  (with the ``train`` extra: `pickletable.envs.sb3`) and ``package.module:factory``;
- `pickletable.envs.openspiel.OpenSpielGame`: a game with OpenSpiel's Game/State API;
- `make_env(id, **kwargs)`: either kind by id; `encoding_for(game, players, options)`:
  a variant's action table and observation layout (documented in docs/rl.md).
"""

from __future__ import annotations

from pickletable.bots import register_learned
from pickletable.envs.aec import IllegalEnvActionError, PickletableAEC
from pickletable.envs.encoding import Encoding, UnencodedActionError
from pickletable.envs.game_modules import MODULES, GameModule
from pickletable.envs.league import League
from pickletable.envs.learning import load_agent
from pickletable.envs.policies import (
    OpponentPool,
    Policy,
    PolicyAgent,
    load_policy,
    register_policy_format,
)
from pickletable.envs.registration import AEC_IDS, SINGLE_IDS, make_env, register_all
from pickletable.envs.sb3 import register as register_sb3
from pickletable.envs.single import SingleAgentEnv, single_agent
from pickletable.envs.table import LearningTable, encoding_for
from pickletable.envs.vector import BatchedEnv, make_vector

# ``learned:PATH`` seats load their policy through this package: the bots never import it.
register_learned(load_agent)
register_sb3()
register_all()

__all__ = [
    "AEC_IDS",
    "SINGLE_IDS",
    "BatchedEnv",
    "Encoding",
    "IllegalEnvActionError",
    "League",
    "LearningTable",
    "OpponentPool",
    "PickletableAEC",
    "Policy",
    "PolicyAgent",
    "SingleAgentEnv",
    "UnencodedActionError",
    "encoding_for",
    "make_env",
    "load_policy",
    "make_vector",
    "register_all",
    "register_policy_format",
    "single_agent",
    *MODULES,
]


def __getattr__(name: str) -> GameModule:
    """A game's PettingZoo module by name (``card_v0``: see `pickletable.envs.game_modules`)."""
    try:
        return MODULES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
