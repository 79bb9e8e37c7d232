"""Train a card-game agent (singles, to 11) with PyTorch: imitation of `hard`'s own rules, then
MaskablePPO, then seat-rotated games against `hard`.

Needs PyTorch and sb3-contrib, which `make test` never installs; use a separate venv:

    python -m venv /tmp/trainvenv
    /tmp/trainvenv/bin/pip install torch==2.13.0 sb3-contrib -e '.[rl]'
    /tmp/trainvenv/bin/python examples/train_card_torch.py collect --workers 2
    /tmp/trainvenv/bin/python examples/train_card_torch.py imitate
    /tmp/trainvenv/bin/python examples/train_card_torch.py arena --model models/card_bc.zip \
        --opponent hard --games 1000 --workers 2 --seed 1
    # not run for docs/openspiel.md yet: PPO from the imitation, then the arena on its model
    /tmp/trainvenv/bin/python examples/train_card_torch.py ppo --model models/card_ppo.zip

The recipe and its results: docs/openspiel.md, "A learned agent against hard".

1. **collect**: games of `hard_rules` (the `hard` bot's prior: `medium`'s rules of thumb made
   better, and the rally's last turn played exactly, without the search) at every seat; every
   decision's observation vector, mask and chosen action index is kept.
2. **imitate**: a MaskablePPO `MultiInputPolicy` (two hidden layers of 256) is fitted to those
   choices by cross-entropy over the masked logits (behaviour cloning), and its value head to
   each decision's final result (+1 / -1); the model is saved after every epoch.
3. **ppo**: MaskablePPO from that start, against a pool of `medium` and `hard_rules` seats,
   the learner at either seat, with a small learning rate so the imitation is not forgotten.
4. **arena**: seat-rotated seeded games against a bot (game g: the learner at seat g mod 2),
   greedy (the most likely action), with the 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from pickletable.analysis.statistics import wilson_interval
from pickletable.bots import bot_from_name
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.envs.table import encoding_for
from pickletable.games.card.bots.hard import hard_rules

GAME = "card"
PLAYERS = 2
ENCODING = encoding_for(GAME, PLAYERS, {})


class HardRules:
    """`hard_rules` as an agent (the `hard` bot's prior, without its search)."""

    name = "hard_rules"

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        return hard_rules(view, rng)


class Recorder:
    """Plays an agent's choices and keeps each decision as (vector, mask, action index)."""

    def __init__(self, agent: Agent, rows: list[tuple[np.ndarray, np.ndarray, int, int]]) -> None:
        self.agent = agent
        self.rows = rows
        self.name = agent.name

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        action = self.agent.choose(view, rng)
        if len(view.legal_actions) > 1:  # formalities teach nothing
            mask = np.zeros(ENCODING.n_actions, np.int8)
            for legal in view.legal_actions:
                mask[ENCODING.encode_action(legal)] = 1
            vector = ENCODING.encode(view.observed, view.seat)
            self.rows.append((vector, mask, ENCODING.encode_action(action), view.seat))
        return action


def _collect_block(seed: int, games: int) -> dict[str, np.ndarray]:
    definition = get_game(GAME)
    vectors, masks, actions, results = [], [], [], []
    for index in range(games):
        state = definition.new_game(PLAYERS, {})
        rows: list[tuple[np.ndarray, np.ndarray, int, int]] = []
        agents: dict[int, Agent] = {seat: Recorder(HardRules(), rows) for seat in state.seats}
        run_match(state, agents, random.Random(seed * 1_000_003 + index))
        winners = state.outcome.winners if state.outcome else ()
        for vector, mask, action, seat in rows:
            vectors.append(vector)
            masks.append(mask)
            actions.append(action)
            results.append(1.0 if seat in winners else -1.0)
    return {
        "observation": np.asarray(vectors, np.float32),
        "action_mask": np.asarray(masks, np.int8),
        "action": np.asarray(actions, np.int64),
        "result": np.asarray(results, np.float32),
    }


def collect(arguments: argparse.Namespace) -> None:
    start = time.perf_counter()
    blocks = max(arguments.workers * 4, 1)
    per_block = -(-arguments.games // blocks)
    with ProcessPoolExecutor(arguments.workers) as pool:
        parts = list(
            pool.map(
                _collect_block,
                [arguments.seed * 1000 + b for b in range(blocks)],
                [per_block] * blocks,
            )
        )
    data = {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}
    arguments.data.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(arguments.data, **data)
    print(
        f"{blocks * per_block} games, {len(data['action'])} decisions in "
        f"{time.perf_counter() - start:.0f} s -> {arguments.data}",
        flush=True,
    )


def _model(env: Any, learning_rate: float, seed: int) -> Any:
    from sb3_contrib import MaskablePPO

    return MaskablePPO(
        "MultiInputPolicy",
        env,
        learning_rate=learning_rate,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        gamma=1.0,
        gae_lambda=0.95,
        clip_range=0.1,
        ent_coef=0.003,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        verbose=0,
        device="cpu",
    )


def _env(seat: int, opponents: Any) -> Any:
    from pickletable.envs import single_agent

    return single_agent(GAME, seat=seat, opponents=opponents, players=PLAYERS)


def imitate(arguments: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(1)  # a small network: more threads only wait on a busy machine
    data = np.load(arguments.data)
    observation = torch.as_tensor(data["observation"])
    mask = torch.as_tensor(data["action_mask"])
    action = torch.as_tensor(data["action"])
    result = torch.as_tensor(data["result"])
    count = len(action)
    generator = torch.Generator().manual_seed(arguments.seed)
    order = torch.randperm(count, generator=generator)
    held = order[: count // 10]
    train = order[count // 10 :]
    model = _model(_env(0, "medium"), 3e-4, arguments.seed)
    policy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-3)
    torch.manual_seed(arguments.seed)
    start = time.perf_counter()

    def batch(indices: torch.Tensor) -> tuple[Any, Any]:
        obs = {"observation": observation[indices], "action_mask": mask[indices].float()}
        values, log_prob, _ = policy.evaluate_actions(
            obs, action[indices], action_masks=mask[indices].numpy()
        )
        return log_prob, values.flatten()

    for epoch in range(arguments.epochs):
        policy.train()
        shuffled = train[torch.randperm(len(train), generator=generator)]
        total = 0.0
        for begin in range(0, len(shuffled), 512):
            indices = shuffled[begin : begin + 512]
            log_prob, values = batch(indices)
            loss = -log_prob.mean() + 0.5 * ((values - result[indices]) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss) * len(indices)
        policy.eval()
        with torch.no_grad():
            obs = {"observation": observation[held], "action_mask": mask[held].float()}
            distribution = policy.get_distribution(obs, action_masks=mask[held].numpy())
            chosen = distribution.distribution.probs.argmax(dim=1)
            agreement = float((chosen == action[held]).float().mean())
        print(
            f"  epoch {epoch + 1}: train loss {total / len(train):.3f}, held-out agreement "
            f"with the expert {agreement:.1%} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
        arguments.model.parent.mkdir(parents=True, exist_ok=True)
        model.save(arguments.model)  # after every epoch: a run cut short keeps its last one


def ppo(arguments: argparse.Namespace) -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from pickletable.envs.policies import OpponentPool

    def make(seat: int) -> Any:
        return lambda: _env(seat, OpponentPool(["medium", HardRules()], weights=[1.0, 1.0]))

    envs = DummyVecEnv([make(seat) for seat in (0, 2, 0, 2)])
    model = MaskablePPO.load(arguments.start, env=envs, device="cpu")
    model.learning_rate = arguments.learning_rate
    model.lr_schedule = lambda _: arguments.learning_rate
    start, done = time.perf_counter(), 0
    while done < arguments.steps:
        model.learn(arguments.chunk, reset_num_timesteps=False)
        done += arguments.chunk
        model.save(arguments.model)
        score = arena_rate(arguments.model, "medium", arguments.check_games, arguments.seed + 7)
        print(
            f"  {done:>7} steps  {time.process_time():6.0f} CPU-s  "
            f"{time.perf_counter() - start:6.0f} s  vs medium {score}",
            flush=True,
        )


class SB3Policy:
    """A MaskablePPO model as a `pickletable` policy (greedy)."""

    def __init__(self, path: Path) -> None:
        from sb3_contrib import MaskablePPO

        self.model = MaskablePPO.load(path, device="cpu")

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: Any) -> int:
        obs = {"observation": observation, "action_mask": mask.astype(np.float32)}
        action, _ = self.model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)


def _arena_block(path: str, opponent: str, seed: int, indices: list[int]) -> int:
    import torch

    torch.set_num_threads(1)
    from pickletable.envs.policies import PolicyAgent

    agent = PolicyAgent(SB3Policy(Path(path)), ENCODING)
    definition = get_game(GAME)
    wins = 0
    for index in indices:
        state = definition.new_game(PLAYERS, {})
        learner = state.seats[index % len(state.seats)]
        agents: dict[int, Agent] = {
            seat: agent if seat == learner else _opponent(opponent) for seat in state.seats
        }
        run_match(state, agents, random.Random(seed * 1_000_003 + index))
        wins += state.outcome is not None and learner in state.outcome.winners
    return wins


def _opponent(name: str) -> Agent:
    return HardRules() if name == "hard_rules" else bot_from_name(name, GAME)


def arena_rate(
    path: Path, opponent: str, games: int, seed: int, workers: int = 1, progress: bool = False
) -> str:
    """Seat-rotated games in blocks of 10 (5 at each seat); with `progress`, the running
    figure after each block, so a run cut short still says what it measured."""
    start = time.perf_counter()
    blocks = [list(range(b, min(b + 10, games))) for b in range(0, games, 10)]
    wins = played = 0

    def line() -> str:
        low, high = wilson_interval(wins, played)
        return (
            f"{wins}/{played} = {wins / played:.1%} [{low:.1%}, {high:.1%}] "
            f"({time.perf_counter() - start:.0f} s)"
        )

    with ProcessPoolExecutor(workers) as pool:
        results = pool.map(
            _arena_block,
            [str(path)] * len(blocks),
            [opponent] * len(blocks),
            [seed] * len(blocks),
            blocks,
        )
        for block, won in zip(blocks, results, strict=True):
            wins, played = wins + won, played + len(block)
            if progress:
                print(f"    after {played} games: {line()}", flush=True)
    return line()


def arena(arguments: argparse.Namespace) -> None:
    print(
        f"{arguments.model} vs {arguments.opponent}, {arguments.games} seat-rotated games, "
        f"seed {arguments.seed}: "
        + arena_rate(
            arguments.model,
            arguments.opponent,
            arguments.games,
            arguments.seed,
            arguments.workers,
            progress=True,
        ),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=["collect", "imitate", "ppo", "arena"])
    parser.add_argument("--games", type=int, default=2400)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", type=Path, default=Path("models/card_hard_rules.npz"))
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--model", type=Path, default=Path("models/card_bc.zip"))
    parser.add_argument("--start", type=Path, default=Path("models/card_bc.zip"))
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--chunk", type=int, default=20_480)
    parser.add_argument("--learning-rate", type=float, default=5e-5)
    parser.add_argument("--check-games", type=int, default=100)
    parser.add_argument("--opponent", default="hard")
    arguments = parser.parse_args()
    {"collect": collect, "imitate": imitate, "ppo": ppo, "arena": arena}[arguments.stage](arguments)


if __name__ == "__main__":
    sys.exit(main())
