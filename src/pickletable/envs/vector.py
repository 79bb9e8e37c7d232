"""Many single-agent games stepped in one call, for training speed.

`make_vector("card", num_envs=8, opponents="random")` is a Gymnasium
`SyncVectorEnv` over `SingleAgentEnv`s: observations come stacked
(``obs["observation"]`` is ``(num_envs, size)``, ``obs["action_mask"]``
``(num_envs, n)``) and a finished game starts again on the next step
(Gymnasium's next-step autoreset). The games are pure Python, so one process
steps them in turn: the batch saves the learner's per-call overhead (one
forward pass of a policy for all games), not engine time.
"""

from __future__ import annotations

from typing import Any

from gymnasium.vector import SyncVectorEnv

from pickletable.envs.single import SingleAgentEnv


def make_vector(game: str, num_envs: int = 8, **kwargs: Any) -> SyncVectorEnv:
    """`num_envs` copies of `single_agent(game, **kwargs)` stepped together."""
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")

    def build() -> SingleAgentEnv:
        return SingleAgentEnv(game, **kwargs)

    return SyncVectorEnv([build for _ in range(num_envs)])
