"""The PettingZoo AEC environment of a pickletable game (`board_v0`, `card_v0`, `slam_v0`).

Agents are named ``player_0`` .. ``player_{n-1}`` for the n seats in play,
in turn order (the order of `GameState.seats`, clockwise), whatever the
engine's seat numbers: the card game's singles table seats North 0 and
South 2, which are agents ``player_0`` and ``player_1``. `seat_of` and
`agent_of` map one to the other, and ``infos[agent]["seat"]`` holds the
engine seat (the seat of `GameState.observe` and of game records). The
agent selected is always the seat the engine asks, even when its only legal
action is a formality (the mask then has a single 1): the environment keeps
every step the game and its records keep. Chance (dice, draws) is resolved
inside `step` from the environment's RNG, seeded by `reset(seed=...)`.

Rewards: 0 until the end, then zero-sum for every table size: +1 for every
seat on the winning side, -(winners / losers) for every other seat (Slam, 3
players: +1, -0.5, -0.5); `zero_sum=False` gives the raw per-seat result
(+1 / -1, general-sum with three or more sides); `shaping=x` adds x times
each seat's change of lead after every step (off by default). An action the
mask forbids raises `IllegalEnvActionError` and changes nothing (the
Gymnasium wrapper refuses it with a penalty instead). Render modes: ``ansi``
(the terminal table as text), ``human`` (that text printed, after every
step), ``rgb_array`` (that text drawn as an image). See docs/rl.md.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pickletable.core.errors import PickletableError
from pickletable.envs.rendering import RENDER_FPS, RENDER_MODES, text_image
from pickletable.envs.table import LearningTable


class IllegalEnvActionError(PickletableError, ValueError):
    """An environment was given an action its mask forbids."""


def observation_space(size: int, n_actions: int) -> spaces.Dict:
    """The space of every environment's observations: the vector and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        }
    )


class PickletableAEC(AECEnv):  # type: ignore[misc]
    """A pickletable game as a PettingZoo AEC environment (see the module docstring).

    Each game's ``<game>_v0.raw_env`` is a subclass that fixes `game_id`
    (and `metadata["name"]`); this class takes the game as first argument.
    """

    game_id: ClassVar[str | None] = None
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "pickletable",
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }
    agent_selection: str
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]

    def __init__(
        self,
        game_id: str | None = None,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        zero_sum: bool = True,
        shaping: float = 0.0,
        max_cycles: int | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        game_id = game_id or type(self).game_id
        if game_id is None:
            raise ValueError("PickletableAEC needs a game id (or use a game's raw_env)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(map(repr, self.metadata["render_modes"]))
            raise ValueError(f"render_mode must be one of {modes} or None, not {render_mode!r}")
        self.table = LearningTable(game_id, players, options, zero_sum=zero_sum, shaping=shaping)
        if type(self).game_id is None:  # the generic class: name the instance's game
            self.metadata = {**self.metadata, "name": f"{game_id}_v0"}
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        encoding = self.table.encoding
        self.seat_of = {f"player_{i}": seat for i, seat in enumerate(self.table.seats)}
        """Each agent's engine seat (``player_i`` is the i-th seat in turn order)."""
        self.agent_of = {seat: agent for agent, seat in self.seat_of.items()}
        """Each engine seat's agent name."""
        self.possible_agents = list(self.seat_of)
        self.agents = list(self.possible_agents)
        self.action_spaces = {a: spaces.Discrete(encoding.n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: observation_space(encoding.size, encoding.n_actions) for a in self.possible_agents
        }
        self.decisions = 0
        self._start()

    def observation_space(self, agent: str) -> spaces.Dict:
        """`Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1, (n,), int8))`."""
        space: spaces.Dict = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Discrete:
        """`Discrete(n)`: the variant's action table (docs/rl.md)."""
        space: spaces.Discrete = self.action_spaces[agent]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (`options` is accepted for the API and unused: pass game options to env())."""
        del options
        self.table.reset(seed)
        self._start()

    def observe(self, agent: str) -> dict[str, Any]:
        """`agent`'s encoded observation and action mask (all zeros unless it is asked)."""
        seat = self.seat_of[agent]
        return {"observation": self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        """Play the selected agent's action, resolve chance, and select whoever is asked next."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        index = int(action)
        if not self.table.allows(seat, index):
            raise IllegalEnvActionError(
                f"{agent} may not play action {index} now; the mask allows "
                f"{np.flatnonzero(self.table.mask(seat)).tolist()}"
            )
        self._cumulative_rewards[agent] = 0.0
        rewards = self.table.play(index)
        self.decisions += 1
        self.rewards = {a: rewards[self.seat_of[a]] for a in self.agents}
        state = self.table.state
        if state.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.decisions >= self.max_cycles * len(self.agents):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._asked()
        cumulative = self._cumulative_rewards
        for other, reward in self.rewards.items():  # `_accumulate_rewards`, inlined
            cumulative[other] += reward
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The terminal view of the seat asked (a spectator's once the game is over): text
        (``ansi``), printed (``human``, returns None) or an RGB image (``rgb_array``)."""
        if self.render_mode is None:
            return None
        player = self.table.state.current_player
        text = self.table.render(player if player is not None and player >= 0 else None)
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return text_image(text)
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"seat": self.seat_of[a]} for a in self.agents}
        self.decisions = 0
        self.table.resolve_chance()  # a new table's first steps are chance's
        self.agent_selection = self._asked()

    def _asked(self) -> str:
        player = self.table.state.current_player
        if player is None or player < 0:
            return self.agents[0]
        return self.agent_of[player]


@cache
def raw_env_class(game_id: str) -> type[PickletableAEC]:
    """The ``raw_env`` class of one game: `PickletableAEC` with the game and its name fixed."""

    def __init__(self: PickletableAEC, players: int | None = None, **kwargs: Any) -> None:
        PickletableAEC.__init__(self, game_id, players, **kwargs)

    metadata = {**PickletableAEC.metadata, "name": f"{game_id}_v0"}
    namespace = {"game_id": game_id, "metadata": metadata, "__init__": __init__}
    namespace["__doc__"] = f"``{game_id}_v0``: {game_id} as a PettingZoo AEC environment."
    return type(f"{game_id.capitalize()}Env", (PickletableAEC,), namespace)


def make_aec(game_id: str, **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo recommends (order enforcing, bounds checked)."""
    env = raw_env_class(game_id)(**kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
