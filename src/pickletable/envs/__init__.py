"""Reinforcement-learning environments for the three games (install ``pickletable[rl]``).

- PettingZoo AEC: `board_v0`, `card_v0`, `slam_v0` (``card_v0.env(players=3)``),
  registered as ``pickletable/board-v0``, ``pickletable/card-v0``, ``pickletable/slam-v0``;
- Gymnasium, one learner against bots: `single_agent(game, seat, opponents, **options)`,
  registered as ``pickletable/BoardSingle-v0``, ``CardSingle-v0``, ``SlamSingle-v0``;
- `make_vector(game, num_envs, ...)`: many single-agent games stepped in one call;
- `make_env(id, **kwargs)`: either kind by id; `encoding_for(game, players, options)`:
  a variant's action table and observation layout (documented in docs/rl.md).
"""

from __future__ import annotations

from pickletable.envs import board_v0, card_v0, slam_v0
from pickletable.envs.aec import IllegalEnvActionError, PickletableAEC
from pickletable.envs.encoding import Encoding, UnencodedActionError
from pickletable.envs.registration import AEC_IDS, SINGLE_IDS, make_env, register_all
from pickletable.envs.single import SingleAgentEnv, single_agent
from pickletable.envs.table import Table, encoding_for
from pickletable.envs.vector import make_vector

register_all()

__all__ = [
    "AEC_IDS",
    "SINGLE_IDS",
    "Encoding",
    "IllegalEnvActionError",
    "PickletableAEC",
    "SingleAgentEnv",
    "Table",
    "UnencodedActionError",
    "board_v0",
    "card_v0",
    "encoding_for",
    "make_env",
    "make_vector",
    "register_all",
    "single_agent",
    "slam_v0",
]
