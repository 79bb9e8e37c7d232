"""A small masked linear softmax policy, trained by policy gradient in NumPy, and its evaluation.

No deep-learning framework: the policy is one weight matrix over the
encoded observation (plus a bias), its illegal actions masked out before
the softmax. `train` runs REINFORCE with returns-to-go, normalised
advantages and Adam against the project's bots through `SingleAgentEnv`;
`evaluate` seats the policy (`PolicyAgent`, an `Agent` like any bot) in
seat-rotated seeded games on the one game loop (`pickletable.core.match.run_match`) and reports win
rates with 95% Wilson intervals. The examples (`examples/train_card.py`,
`examples/train_slam.py`) are thin scripts over these.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pickletable.analysis.statistics import wilson_interval
from pickletable.bots import bot_from_name
from pickletable.core.agents import Agent
from pickletable.core.errors import SeatError
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.envs.encoding import Encoding
from pickletable.envs.policies import PolicyAgent, load_policy, register_policy_format
from pickletable.envs.single import SingleAgentEnv
from pickletable.envs.table import encoding_for

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Action logits ``W @ [x, 1]``; masked-out actions get probability 0."""

    def __init__(self, n_actions: int, size: int, weights: Array | None = None) -> None:
        self.weights: Array = (
            np.zeros((n_actions, size + 1)) if weights is None else np.asarray(weights, float)
        )
        if self.weights.shape != (n_actions, size + 1):
            raise ValueError(f"weights of shape {self.weights.shape}, not {(n_actions, size + 1)}")

    def probabilities(self, features: npt.ArrayLike, mask: npt.ArrayLike) -> Array:
        """The policy's distribution over actions (0 wherever `mask` is 0)."""
        x = np.append(np.asarray(features, float), 1.0)
        allowed = np.asarray(mask) > 0
        logits = np.where(allowed, self.weights @ x, -np.inf)
        logits -= logits[allowed].max()
        weights = np.exp(logits)
        result: Array = weights / weights.sum()
        return result

    def act(
        self,
        features: npt.ArrayLike,
        mask: npt.ArrayLike,
        rng: np.random.Generator,
        greedy: bool = False,
    ) -> int:
        """An action index drawn from the policy (its most likely one if `greedy`)."""
        p = self.probabilities(features, mask)
        return int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))

    def snapshot(self) -> LinearPolicy:
        """A frozen copy (for an `OpponentPool`: training goes on with this policy)."""
        return LinearPolicy(self.weights.shape[0], self.weights.shape[1] - 1, self.weights.copy())

    def save(self, path: str | Path, **about: Any) -> None:
        """Write the weights and `about` (game, players, options...) to an ``.npz`` file."""
        np.savez(path, weights=self.weights, about=json.dumps(about))

    @staticmethod
    def load(path: str | Path) -> tuple[LinearPolicy, dict[str, Any]]:
        """A policy saved by `save`, and what was saved about it."""
        with np.load(path) as data:
            weights = data["weights"]
            about: dict[str, Any] = json.loads(str(data["about"]))
        return LinearPolicy(weights.shape[0], weights.shape[1] - 1, weights), about


def load_agent(spec: str | Path, game_id: str, *, greedy: bool = False) -> PolicyAgent:
    """The policy a ``learned:SPEC`` seat names, as a bot of `game_id`.

    ``SPEC`` is a `LinearPolicy` file (``.npz``) or any form of
    `pickletable.envs.policies.load_policy` (a registered file format, or
    ``package.module:factory``). A policy file is refused, with the reason,
    when it is missing or broken, or was trained for another game.
    """
    if Path(spec).suffix.lower() != ".npz":
        return PolicyAgent(load_policy(str(spec), game_id), greedy=greedy)
    policy, encoding = _load_linear(Path(spec), game_id)
    return PolicyAgent(policy, encoding, greedy=greedy)


def _load_linear(path: Path, game_id: str) -> tuple[LinearPolicy, Encoding]:
    try:
        policy, about = LinearPolicy.load(path)
    except (OSError, ValueError, KeyError) as error:
        raise SeatError(
            f"learned:{path}: not a policy saved by pickletable.envs ({error})"
        ) from None
    if about.get("game") != game_id:
        raise SeatError(f"learned:{path} was trained for {about.get('game')!r}, not {game_id!r}")
    encoding = encoding_for(game_id, about.get("players"), about.get("options") or {})
    if policy.weights.shape != (encoding.n_actions, encoding.size + 1):
        raise SeatError(f"learned:{path} does not fit this version's {game_id} encoding")
    return policy, encoding


register_policy_format(".npz", lambda path, game_id: _load_linear(path, game_id)[0])


@dataclass
class TrainingLog:
    """What training did: episodes, decisions, seconds, and the mean final reward per batch."""

    episodes: int = 0
    decisions: int = 0
    seconds: float = 0.0
    batch_rewards: list[float] = field(default_factory=list)


def train(
    game: str,
    *,
    episodes: int,
    opponents: Sequence[str] = ("random",),
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    batch: int = 16,
    learning_rate: float = 0.01,
    discount: float = 0.99,
    shaping: float = 0.0,
    seed: int = 0,
    policy: LinearPolicy | None = None,
    report: Callable[[TrainingLog], None] | None = None,
) -> tuple[LinearPolicy, TrainingLog]:
    """REINFORCE with Adam: the learner at a random seat, opponents cycled through `opponents`
    (one bot name for all other seats per episode)."""
    probe = encoding_for(game, players, options)
    policy = policy or LinearPolicy(probe.n_actions, probe.size)
    seats = get_game(game).new_game(players, options).seats
    game_options: dict[str, Any] = dict(options or {})
    envs = {
        (seat, name): SingleAgentEnv(game, seat, name, players, shaping=shaping, **game_options)
        for seat in seats
        for name in opponents
    }
    adam = _Adam(policy.weights.shape, learning_rate)
    rng = np.random.default_rng(seed)
    log = TrainingLog()
    start = time.perf_counter()
    gradient = np.zeros_like(policy.weights)
    while log.episodes < episodes:
        steps: list[tuple[Array, npt.NDArray[np.int8], int, float]] = []
        finals = []
        for _ in range(batch):
            env = envs[
                (seats[int(rng.integers(len(seats)))], opponents[log.episodes % len(opponents)])
            ]
            episode, final = _episode(env, policy, rng, int(rng.integers(2**62)), discount)
            steps += episode
            finals.append(final)
            log.episodes += 1
        returns = np.array([step[3] for step in steps])
        advantages = (returns - returns.mean()) / (returns.std() + 1e-8)
        gradient[:] = 0.0
        for (features, mask, action, _), advantage in zip(steps, advantages, strict=True):
            x = np.append(features, 1.0)
            p = policy.probabilities(features, mask)
            p[action] -= 1.0
            gradient -= np.outer(-p, x) * advantage  # d(-log pi * A)/dW, ascent below
        adam.step(policy.weights, -gradient / max(len(steps), 1))
        log.decisions += len(steps)
        log.batch_rewards.append(float(np.mean(finals)))
        log.seconds = time.perf_counter() - start
        if report is not None:
            report(log)
    return policy, log


def _episode(
    env: SingleAgentEnv,
    policy: LinearPolicy,
    rng: np.random.Generator,
    seed: int,
    discount: float,
) -> tuple[list[tuple[Array, npt.NDArray[np.int8], int, float]], float]:
    """One game: (features, mask, action, return-to-go) per decision, and the final reward."""
    observation, _ = env.reset(seed=seed)
    records: list[tuple[Array, npt.NDArray[np.int8], int]] = []
    rewards: list[float] = []
    terminated = False
    while not terminated:
        features, mask = observation["observation"], observation["action_mask"]
        action = policy.act(features, mask, rng)
        observation, reward, terminated, truncated, _ = env.step(action)
        records.append((features.astype(float), mask, action))
        rewards.append(float(reward))
        terminated = terminated or truncated
    returns, running = [], 0.0
    for reward in reversed(rewards):
        running = reward + discount * running
        returns.append(running)
    returns.reverse()
    final = float(env.table.final_rewards()[env.seat])
    return [(*record, ret) for record, ret in zip(records, returns, strict=True)], final


class _Adam:
    """Adam steps for one weight matrix (gradient ascent: pass the gradient to climb)."""

    def __init__(self, shape: tuple[int, ...], rate: float) -> None:
        self.rate, self.t = rate, 0
        self.m, self.v = np.zeros(shape), np.zeros(shape)

    def step(self, weights: Array, gradient: Array) -> None:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        m_hat = self.m / (1 - 0.9**self.t)
        v_hat = self.v / (1 - 0.999**self.t)
        weights += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


@dataclass(frozen=True)
class Evaluation:
    """The policy's results against one opponent: wins over games, and the 95% interval."""

    opponent: str
    games: int
    wins: int
    interval: tuple[float, float]
    seconds: float

    @property
    def win_rate(self) -> float:
        """Wins over games."""
        return self.wins / self.games if self.games else 0.0

    def line(self) -> str:
        """One line for a report."""
        low, high = self.interval
        return (
            f"vs {self.opponent:<7} {self.wins:>4}/{self.games:<4} = {self.win_rate:6.1%}"
            f"  95% CI [{low:.1%}, {high:.1%}]  ({self.seconds:.0f} s)"
        )


def evaluate(
    policy: LinearPolicy,
    game: str,
    opponent: str,
    games: int,
    *,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    greedy: bool = False,
) -> Evaluation:
    """Seat-rotated seeded games (game g: the policy at seat g mod P, `opponent` elsewhere),
    played by the one game loop; a win is being among the winners."""
    definition = get_game(game)
    encoding = encoding_for(game, players, options)
    agent = PolicyAgent(policy, encoding, greedy=greedy)
    start, wins = time.perf_counter(), 0
    for index in range(games):
        state = definition.new_game(players, options)
        seats = state.seats
        learner = seats[index % len(seats)]
        agents: dict[int, Agent] = {
            seat: agent if seat == learner else bot_from_name(opponent, game) for seat in seats
        }
        run_match(state, agents, random.Random(seed * 1_000_003 + index))
        outcome = state.outcome
        wins += outcome is not None and learner in outcome.winners
    return Evaluation(
        opponent, games, wins, wilson_interval(wins, games), time.perf_counter() - start
    )
