"""A Gymnasium environment in which one learner plays one seat against the project's bots.

`single_agent("card", seat=0, opponents="medium")` seats the learner at
engine seat `seat`; every other seat is a bot (a level, a bot name, an
`Agent` or a `pickletable.envs.policies.Policy`, one for all or one per
other seat in seat order; `set_opponents` swaps them between games, and an
`OpponentPool` draws new ones at every reset). `step` plays the learner's
action, then chance and the bots, until the learner is asked again or the
game ends. Observations are the same `Dict(observation, action_mask)` as
the PettingZoo environments'; `action_masks()` serves sb3-contrib's
MaskablePPO.

- **The end of an episode** (the game over, or truncated): the observation
  is the final position's vector and the mask holds a single 1 at index 0,
  a no-op marked by ``info["episode_over"] = True``: a mask is never all
  zero, so masked sampling works on every row of a vector env, whose next
  step ignores the action and starts a new game (Gymnasium's next-step
  autoreset). Stepping a single env after the end, without `reset`, is
  refused like an illegal action.
- **Time limit**: `max_steps` (1,000 by default, None for none) truncates an
  episode after that many `step` calls, refused ones included.
- **An action the mask forbids**: with ``illegal_action="refuse"`` (the
  default) the game is unchanged and the step returns the same observation,
  reward `illegal_penalty` (-1), not terminated, and
  ``info["illegal_action"] = True``; with ``illegal_action="lose"`` the
  episode terminates at once with reward `illegal_penalty` (the learner
  forfeits; the engine's game is left where it was). It never raises.
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
from pickletable.envs.policies import OpponentPool, Policy, PolicyAgent
from pickletable.envs.rendering import RENDER_FPS, RENDER_MODES, text_image
from pickletable.envs.table import LearningTable

Opponent = str | Agent | Policy
Opponents = Opponent | Sequence[Opponent] | OpponentPool
Observation = dict[str, Any]
"""``{"observation": float32 vector, "action_mask": int8 vector}``."""
ILLEGAL_ACTIONS = ("refuse", "lose")
DEFAULT_MAX_STEPS = 1000


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    """One learner against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponents = "medium",
        players: int | None = None,
        *,
        render_mode: str | None = None,
        zero_sum: bool = True,
        shaping: float = 0.0,
        illegal_penalty: float = -1.0,
        illegal_action: str = "refuse",
        max_steps: int | None = DEFAULT_MAX_STEPS,
        **options: object,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(map(repr, self.metadata["render_modes"]))
            raise ValueError(f"render_mode must be one of {modes} or None, not {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be 'refuse' or 'lose', not {illegal_action!r}")
        self.table = LearningTable(game, players, options, zero_sum=zero_sum, shaping=shaping)
        if seat not in self.table.seats:
            raise ValueError(f"seat {seat} is not in play; the seats are {self.table.seats}")
        self.game = game
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_penalty = illegal_penalty
        self.illegal_action = illegal_action
        self.max_steps = max_steps
        self.others = [s for s in self.table.seats if s != seat]
        self.pool: OpponentPool | None = None
        self.bots: dict[int, Agent] = {}
        self.set_opponents(opponents)
        encoding = self.table.encoding
        self.action_space = spaces.Discrete(encoding.n_actions)
        self.observation_space = observation_space(encoding.size, encoding.n_actions)
        self.bot_rng = random.Random()
        self.steps = 0
        self.episode_over = False
        self._seeded = False

    def set_opponents(self, opponents: Opponents) -> None:
        """New bots for the other seats, from the next `reset` on (a pool draws at every reset).

        The same forms as the constructor's `opponents`: a name, an `Agent` or
        a `Policy` for every other seat, a list with one per other seat in
        seat order, or an `OpponentPool`.
        """
        if isinstance(opponents, OpponentPool):
            self.pool = opponents
            self._seat_bots(opponents.draw(len(self.others), random.Random()))
        else:
            self.pool = None
            self._seat_bots(opponents)

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
        if self.pool is not None:
            self._seat_bots(self.pool.draw(len(self.others), self.bot_rng))
        self.steps, self.episode_over = 0, False
        self._play_others()
        while self.table.state.is_over:  # a game over before the learner acts: play another
            self.table.reset()
            self._play_others()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the others', up to its next decision or the end."""
        reward, terminated, truncated, illegal = self.advance(int(action))
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        elif self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, info

    def advance(self, index: int) -> tuple[float, bool, bool, bool]:
        """`step` without building the observation and the info (the batched env's core):
        the reward, terminated, truncated, and whether the action was refused."""
        self.steps += 1
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        if self.episode_over or not self.table.allows(self.seat, index):
            lose = self.illegal_action == "lose" or self.episode_over
            self.episode_over |= lose or truncated
            return self.illegal_penalty, lose, truncated and not lose, True
        reward = self.table.play(index)[self.seat]
        reward += self._play_others()
        terminated = self.table.state.is_over
        truncated &= not terminated
        self.episode_over = terminated or truncated
        return reward, terminated, truncated, False

    def action_masks(self) -> Mask:
        """The learner's legal actions in int8 (for MaskablePPO); the no-op once it is over."""
        if self.episode_over:
            return self._no_op()
        return self.table.mask(self.seat)

    def render(self) -> Any:
        """The learner's terminal view: text (``ansi``), printed (``human``) or an image."""
        if self.render_mode is None:
            return None
        text = self.table.render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return text_image(text)
        return text

    def _seat_bots(self, opponents: Opponent | Sequence[Opponent]) -> None:
        chosen = _listed(opponents, len(self.others))
        self.bots = {seat: _agent(bot, self) for seat, bot in zip(self.others, chosen, strict=True)}
        self.drawn: list[Opponent] = chosen
        """What sits at each other seat, in seat order, as given or drawn from a pool (a
        `League` rates a game from it)."""

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

    def _no_op(self) -> Mask:
        mask = np.zeros(self.table.encoding.n_actions, dtype=np.int8)
        mask[0] = 1
        return mask

    def _observation(self) -> Observation:
        return {
            "observation": self.table.observation(self.seat),
            "action_mask": self.action_masks(),
        }

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.action_masks(),
            "episode_over": self.episode_over,
            "seat": self.seat,
        }


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


def _listed(opponents: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """One opponent per other seat: the one given for all, or the list given."""
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        return [opponents] * count
    chosen = list(opponents)
    if len(chosen) != count:
        raise ValueError(f"{count} opponents are needed, {len(chosen)} were given")
    return chosen


def _agent(opponent: Opponent, env: SingleAgentEnv) -> Agent:
    if isinstance(opponent, str):
        return bot_from_name(opponent, env.game)
    if isinstance(opponent, Policy):
        return PolicyAgent(opponent, env.table.encoding)
    return opponent
