"""The policy protocol (observation + mask -> action), policies as bots, and opponent pools.

A `Policy` is anything with ``act(observation, mask, rng) -> int``: the
encoded observation vector, the int8 action mask and a NumPy generator in,
an action index the mask allows out (`LinearPolicy` is one). `PolicyAgent`
seats a policy wherever a bot sits (the arena, the terminal, the
environments' opponents). `OpponentPool` is a league's pool: frozen
policies and bot names, one drawn per opponent seat at every reset of a
`SingleAgentEnv` (``env.set_opponents(pool)``).

``learned:SPEC`` seats (arena, terminal) load a policy by `load_policy`:

- ``learned:PATH.npz``: a `LinearPolicy` saved by `pickletable.envs.learning`;
- ``learned:PATH.EXT`` for any suffix a loader was registered for
  (`register_policy_format(".zip", loader)`, the loader taking the path and
  the game id and returning a `Policy`);
- ``learned:package.module:factory``: ``factory(game_id)`` returns a
  `Policy` (the way to bring any other format: a few lines that load it).

>>> pool = OpponentPool(["random", "medium"], weights=[3, 1])
>>> len(pool.draw(2, random.Random(0)))
2
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.errors import SeatError
from pickletable.core.registry import kit_for
from pickletable.envs.encoding import Encoding, Mask, Vector


@runtime_checkable
class Policy(Protocol):
    """Picks an action index from an encoded observation and its action mask."""

    def act(self, observation: Vector, mask: Mask, rng: np.random.Generator) -> int:
        """An index whose mask entry is 1."""
        ...


PolicyLoader = Callable[[Path, str], Policy]
"""Loads a policy file for a game: ``loader(path, game_id)``."""
_formats: dict[str, PolicyLoader] = {}
FACTORY = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
"""``package.module:factory``."""


class PolicyAgent:
    """A policy at a seat, as an `Agent` (it sees only the seat's observation).

    `encoding` is the variant's (built from the game on the first decision
    when not given); `greedy` asks a policy whose `act` takes ``greedy=``
    (a `LinearPolicy`) for its most likely action.
    """

    def __init__(
        self,
        policy: Policy,
        encoding: Encoding | None = None,
        *,
        greedy: bool = False,
        name: str = "learned",
    ) -> None:
        self.policy = policy
        self.encoding = encoding
        self.greedy = greedy
        self.name = name

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The policy's action for the seat (drawn with a generator seeded from `rng`)."""
        encoding = self.encoding
        if encoding is None:  # the variant's rules and content are in any state of it
            encoding = self.encoding = kit_for(view.game_id).encoding(view.sample(random.Random(0)))
        mask = np.zeros(encoding.n_actions, dtype=np.int8)
        for action in view.legal_actions:
            mask[encoding.encode_action(action)] = 1
        features = encoding.encode(view.observed, view.seat)
        generator = np.random.default_rng(rng.getrandbits(32))
        extra: dict[str, Any] = {"greedy": True} if self.greedy else {}
        index = self.policy.act(features, mask, generator, **extra)
        if not 0 <= index < len(mask) or not mask[index]:
            raise SeatError(f"policy {self.name} chose action {index}, which the mask forbids")
        return encoding.decode_action(index)


class OpponentPool:
    """Opponents to draw from: each seat's opponent is drawn independently, with probability
    proportional to its weight (uniform by default), at every reset.

    Entries are what `SingleAgentEnv` takes for one seat: a bot name, an
    `Agent` or a `Policy`. `add` puts a new one in (a frozen snapshot of the
    learner, say), so a league grows while training runs.
    """

    def __init__(
        self, opponents: Sequence[Any] = (), weights: Sequence[float] | None = None
    ) -> None:
        self.opponents: list[Any] = []
        self.weights: list[float] = []
        given = list(weights) if weights is not None else [1.0] * len(opponents)
        if len(given) != len(opponents):
            raise ValueError(f"{len(opponents)} opponents but {len(given)} weights")
        for opponent, weight in zip(opponents, given, strict=True):
            self.add(opponent, weight)

    def add(self, opponent: Any, weight: float = 1.0) -> None:
        """One more opponent, drawn with probability proportional to `weight`."""
        if weight <= 0:
            raise ValueError(f"a weight must be positive, not {weight}")
        self.opponents.append(opponent)
        self.weights.append(float(weight))

    def draw(self, count: int, rng: random.Random) -> list[Any]:
        """`count` opponents, drawn independently by weight."""
        if not self.opponents:
            raise ValueError("the opponent pool is empty")
        return rng.choices(self.opponents, weights=self.weights, k=count)

    def __len__(self) -> int:
        return len(self.opponents)


def register_policy_format(suffix: str, loader: PolicyLoader) -> None:
    """Let ``learned:PATH`` load files ending in `suffix` (``".zip"``) with `loader`."""
    _formats[suffix.lower()] = loader


def load_policy(spec: str, game_id: str) -> Policy:
    """The policy a ``learned:SPEC`` seat names (see the module docstring for the forms)."""
    path = Path(spec)
    loader = _formats.get(path.suffix.lower())
    if loader is not None:
        return loader(path, game_id)
    if FACTORY.match(spec) and not path.exists():
        module_name, _, attribute = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise SeatError(f"learned:{spec}: no policy factory there ({error})") from None
        policy = factory(game_id)
        if not isinstance(policy, Policy):
            raise SeatError(f"learned:{spec}: {attribute}() returned no policy (it needs act())")
        return policy
    formats = ", ".join(sorted(_formats)) or "none"
    raise SeatError(
        f"learned:{spec}: not a known policy format (files: {formats}; "
        "or package.module:factory, see pickletable.envs.policies)"
    )
