"""N single-agent games of one variant stepped together: a Gymnasium vector environment.

`make_vector("card", num_envs=8, opponents="random")` is a `BatchedEnv`: a
`gymnasium.vector.VectorEnv` whose observations come as arrays
(``obs["observation"]`` is ``(num_envs, size)`` float32, ``obs["action_mask"]``
``(num_envs, n)`` int8), written in place row by row into arrays made once,
with rewards, terminations and truncations as ``(num_envs,)`` arrays.

- **Seeds**: ``reset(seed=s)`` seeds game i with ``s + i`` (a list gives one
  seed per game), as Gymnasium's own vector envs do, so game i plays exactly
  what ``SingleAgentEnv(...).reset(seed=s + i)`` plays, step for step, for
  the same actions (a test holds them equal).
- **Auto-reset** (Gymnasium's next-step mode, ``metadata["autoreset_mode"]``):
  when game i ends, its row shows the final position with the no-op mask (a
  single 1 at index 0: a mask row is never all zero, so masked sampling
  works on every row) and ``infos["episode_over"][i]`` is True; the next
  `step` ignores its action, starts a new game (the game's RNG goes on) and
  returns its first observation, reward 0, not terminated, not truncated.
- `set_opponents(opponents)` swaps the bots of every game from its next new
  game on (`SingleAgentEnv.set_opponents`); ``call(name, *args)`` calls a
  method of every game, as `SyncVectorEnv.call` does; `action_masks()` is
  the ``(num_envs, n)`` masks (sb3-contrib reads it).

The games are pure Python, so one process steps them in turn: the batch
saves the learner's per-call overhead (one forward pass of a policy for all
games) and the per-game copying of `SyncVectorEnv`, not engine time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from pickletable.envs.single import Opponents, SingleAgentEnv

Array = npt.NDArray[Any]


class BatchedEnv(VectorEnv):
    """`num_envs` copies of `SingleAgentEnv(game, **kwargs)` stepped together (see the
    module docstring)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, game: str, num_envs: int = 8, **kwargs: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.envs = [SingleAgentEnv(game, **kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        encoding = first.table.encoding
        self.observations = np.zeros((num_envs, encoding.size), dtype=np.float32)
        self.masks = np.zeros((num_envs, encoding.n_actions), dtype=np.int8)
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.terminations = np.zeros(num_envs, dtype=np.bool_)
        self.truncations = np.zeros(num_envs, dtype=np.bool_)
        self.illegal = np.zeros(num_envs, dtype=np.bool_)
        self.over = np.zeros(num_envs, dtype=np.bool_)
        """Each game's episode is over: its next step starts a new one."""

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Array], dict[str, Array]]:
        """A new game in every row: game i seeded with ``seed + i`` (or ``seed[i]``)."""
        del options
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{self.num_envs} seeds are needed, {len(seeds)} were given")
        for row, env in enumerate(self.envs):
            env.reset(seed=seeds[row])
            self._write(row, env)
        self.rewards[:] = 0.0
        self.terminations[:] = self.truncations[:] = self.illegal[:] = self.over[:] = False
        return self._observation(), self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[dict[str, Array], Array, Array, Array, dict[str, Array]]:
        """One action per game; a game over at the last step starts again instead."""
        chosen = np.asarray(actions).reshape(self.num_envs)
        for row, env in enumerate(self.envs):
            if self.over[row]:
                env.reset()
                reward, terminated, truncated, illegal = 0.0, False, False, False
            else:
                reward, terminated, truncated, illegal = env.advance(int(chosen[row]))
            self.rewards[row] = reward
            self.terminations[row] = terminated
            self.truncations[row] = truncated
            self.illegal[row] = illegal
            self.over[row] = env.episode_over
            self._write(row, env)
        infos = self._infos()
        return (
            self._observation(),
            self.rewards.copy(),
            self.terminations.copy(),
            self.truncations.copy(),
            infos,
        )

    def action_masks(self) -> Array:
        """Every game's mask, ``(num_envs, n)`` int8 (the no-op where a game is over)."""
        masks: Array = self.masks.copy()
        return masks

    def set_opponents(self, opponents: Opponents) -> None:
        """New bots for every game, from its next new game on (an `OpponentPool` is shared)."""
        for env in self.envs:
            env.set_opponents(opponents)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call method `name` of every game (or read the attribute): one result per game."""
        results = []
        for env in self.envs:
            attribute = getattr(env, name)
            results.append(attribute(*args, **kwargs) if callable(attribute) else attribute)
        return tuple(results)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

    def _write(self, row: int, env: SingleAgentEnv) -> None:
        self.observations[row] = env.table.observation(env.seat)
        self.masks[row] = env.action_masks()

    def _observation(self) -> dict[str, Array]:
        return {"observation": self.observations.copy(), "action_mask": self.masks.copy()}

    def _infos(self) -> dict[str, Array]:
        return {
            "episode_over": self.over.copy(),
            "illegal_action": self.illegal.copy(),
            "action_mask": self.masks.copy(),
        }


def make_vector(game: str, num_envs: int = 8, **kwargs: Any) -> BatchedEnv:
    """`num_envs` games of `single_agent(game, **kwargs)` stepped together (`BatchedEnv`).

    >>> envs = make_vector("card", num_envs=4, opponents="random")
    >>> observations, infos = envs.reset(seed=0)
    >>> observations["observation"].shape, bool(observations["action_mask"].any(axis=1).all())
    ((4, 204), True)
    """
    return BatchedEnv(game, num_envs, **kwargs)
