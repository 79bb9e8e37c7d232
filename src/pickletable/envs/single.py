"""A Gymnasium environment in which one learner plays one seat against the project's bots.

`single_agent("card", seat=0, opponents="medium")` seats the learner at
engine seat `seat`; every other seat is a bot (a level or a bot name, one
for all or one per other seat in seat order). `step` plays the learner's
action, then chance and the bots, until the learner is asked again or the
game ends. Observations are the same `Dict(observation, action_mask)` as the
PettingZoo environments'; `action_masks()` serves sb3-contrib's MaskablePPO.

An action the mask forbids leaves the game unchanged: the step returns the
same observation, reward `illegal_penalty` (-1 by default), not terminated,
and ``info["illegal_action"] = True``; it never raises.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from pickletable.bots import bot_from_name
from pickletable.core.agents import Agent, AgentView
from pickletable.envs.aec import observation_space
from pickletable.envs.encoding import Mask
from pickletable.envs.table import Table

Opponents = str | Agent | Sequence[str | Agent]
Observation = dict[str, Any]
"""``{"observation": float32 vector, "action_mask": int8 vector}``."""


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    """One learner against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str = "card",
        seat: int = 0,
        opponents: Opponents = "medium",
        players: int | None = None,
        *,
        render_mode: str | None = None,
        zero_sum: bool = False,
        shaping: float = 0.0,
        illegal_penalty: float = -1.0,
        **options: object,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.table = Table(game, players, options, zero_sum=zero_sum, shaping=shaping)
        if seat not in self.table.seats:
            raise ValueError(f"seat {seat} is not in play; the seats are {self.table.seats}")
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_penalty = illegal_penalty
        others = [s for s in self.table.seats if s != seat]
        self.bots = dict(zip(others, _bots(opponents, len(others), game), strict=True))
        encoding = self.table.encoding
        self.action_space = spaces.Discrete(encoding.n_actions)
        self.observation_space = observation_space(encoding.size, encoding.n_actions)
        self.bot_rng = random.Random()
        self._seeded = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, played by chance and the bots up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(self.np_random.integers(2**63))  # Gymnasium's own random seed
        self._seeded = True
        self.table.reset(seed)
        self.bot_rng = random.Random(self.table.rng.getrandbits(64))
        self._play_others()
        while self.table.state.is_over:  # a game over before the learner acts: play another
            self.table.reset()
            self._play_others()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the others', up to its next decision or the end."""
        index = int(action)
        mask = self.table.mask(self.seat)
        if self.table.state.is_over or not 0 <= index < len(mask) or not mask[index]:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_penalty, False, False, info
        reward = self.table.play(index)[self.seat]
        reward += self._play_others()
        return self._observation(), reward, self.table.state.is_over, False, self._info()

    def action_masks(self) -> Mask:
        """The learner's legal actions as booleans-in-int8 (for MaskablePPO)."""
        return self.table.mask(self.seat)

    def render(self) -> str | None:
        """The learner's terminal view, as text."""
        return None if self.render_mode is None else self.table.render(self.seat)

    def _play_others(self) -> float:
        """Let the bots act until the learner is asked or the game ends; the learner's reward."""
        table, reward = self.table, 0.0
        while True:
            player = table.state.current_player
            if player is None or player == self.seat:
                return reward
            bot = self.bots[player]
            action = bot.choose(AgentView(table.state, player), self.bot_rng)
            reward += table.play_action(action)[self.seat]

    def _observation(self) -> Observation:
        return {
            "observation": self.table.observation(self.seat),
            "action_mask": self.table.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat)}


def single_agent(
    game: str, seat: int = 0, opponents: Opponents = "medium", **options: Any
) -> SingleAgentEnv:
    """The learner at `seat` of `game`, the bots at the other seats (see the module docstring).

    >>> env = single_agent("card", seat=0, opponents="random")
    >>> observation, info = env.reset(seed=3)
    >>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
    ((204,), True)
    """
    return SingleAgentEnv(game, seat, opponents, **options)


def _bots(opponents: Opponents, count: int, game: str) -> list[Agent]:
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        chosen: list[str | Agent] = [opponents] * count
    else:
        chosen = list(opponents)
        if len(chosen) != count:
            raise ValueError(f"{count} opponents are needed, {len(chosen)} were given")
    return [bot_from_name(bot, game) if isinstance(bot, str) else bot for bot in chosen]
