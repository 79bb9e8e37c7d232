"""A league for self-play: bots and frozen snapshots of the learner, drawn by a stated rule,
with Elo ratings kept from the games played.

>>> league = League(["random", "medium"], rule="uniform")
>>> league.names()
['random', 'medium']
>>> league.record("random", 1.0)  # the learner beat `random`
>>> league.rating("learner") > league.rating("random")
True

How it is used with a `SingleAgentEnv` (or a `BatchedEnv`): ``env.set_opponents(
league.pool())`` draws an opponent per seat at every reset; after the game,
``league.record_game(env.drawn, reward)`` rates it; every so often
``league.add_snapshot(policy)`` freezes the learner into the league and
``env.set_opponents(league.pool())`` again gives the new weights.

The rules (`RULES`), each member's weight before normalising:

- ``uniform``: 1 for every member;
- ``prioritised`` (prioritised fictitious self-play, as AlphaStar's league):
  ``(1 - p) ** 2 + 0.05``, where p is the learner's expected score against
  the member from the two Elo ratings, so a member the learner already beats
  is drawn rarely but never never;
- ``latest``: the newest snapshot half the time, the other half spread evenly
  over every other member (the bots stay in the mix, so the learner does not
  forget them).

Elo: both start at 1,000; a game moves the learner and its opponent by
``k * (score - expected)`` in opposite directions (score 1 a win, 0 a loss,
0.5 a draw), so the ratings' sum stays the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pickletable.envs.policies import OpponentPool

RULES = ("uniform", "prioritised", "latest")
LEARNER = "learner"
START_RATING = 1000.0
FLOOR = 0.05
"""The smallest prioritised weight, before normalising."""


class League:
    """Members (bot names, agents, frozen policies) by name, their Elo ratings and the
    learner's; `pool()` is the `OpponentPool` that draws them by `rule`."""

    def __init__(
        self,
        members: Iterable[Any] = (),
        *,
        rule: str = "prioritised",
        max_snapshots: int = 10,
        k: float = 16.0,
    ) -> None:
        if rule not in RULES:
            raise ValueError(f"rule must be one of {', '.join(RULES)}, not {rule!r}")
        if max_snapshots < 1:
            raise ValueError(f"max_snapshots must be at least 1, not {max_snapshots}")
        self.rule = rule
        self.max_snapshots = max_snapshots
        self.k = k
        self.members: dict[str, Any] = {}
        self.snapshots: list[str] = []
        """The snapshots' names, oldest first."""
        self.ratings: dict[str, float] = {LEARNER: START_RATING}
        self.games: dict[str, int] = {}
        self._made = 0
        for member in members:
            self.add(member)

    def add(self, member: Any, name: str | None = None) -> str:
        """Put a member in (a bot name is its own name); its name."""
        name = name or (member if isinstance(member, str) else f"member{len(self.members)}")
        if name in self.members or name == LEARNER:
            raise ValueError(f"the league already has a member named {name!r}")
        self.members[name] = member
        self.ratings.setdefault(name, self.ratings[LEARNER] if self.snapshots else START_RATING)
        self.games.setdefault(name, 0)
        return name

    def add_snapshot(self, policy: Any, name: str | None = None) -> str:
        """A frozen copy of the learner (``policy.snapshot()`` where it has one), rated as
        the learner is now; past `max_snapshots`, the oldest snapshot leaves."""
        frozen = policy.snapshot() if hasattr(policy, "snapshot") else policy
        name = name or f"snapshot{self._made}"
        if name in self.members or name == LEARNER:
            raise ValueError(f"the league already has a member named {name!r}")
        self._made += 1
        self.members[name] = frozen
        self.ratings[name] = self.ratings[LEARNER]
        self.games[name] = 0
        self.snapshots.append(name)
        while len(self.snapshots) > self.max_snapshots:
            del self.members[self.snapshots.pop(0)]
        return name

    def names(self) -> list[str]:
        """The members' names, in the order they joined."""
        return list(self.members)

    def rating(self, name: str) -> float:
        """A member's Elo rating (``"learner"``: the learner's)."""
        return self.ratings[name]

    def expected(self, name: str) -> float:
        """The learner's expected score against member `name` from the two ratings."""
        gap = (self.ratings[name] - self.ratings[LEARNER]) / 400.0
        return float(1.0 / (1.0 + 10.0**gap))

    def weights(self) -> dict[str, float]:
        """Each member's chance of being drawn for a seat, by the league's rule."""
        if not self.members:
            raise ValueError("the league has no members")
        names = list(self.members)
        if self.rule == "uniform":
            raw = dict.fromkeys(names, 1.0)
        elif self.rule == "prioritised":
            raw = {name: (1.0 - self.expected(name)) ** 2 + FLOOR for name in names}
        else:
            newest = self.snapshots[-1] if self.snapshots else None
            others = [name for name in names if name != newest]
            raw = {name: 0.5 / len(others) if newest else 1.0 / len(others) for name in others}
            if newest is not None:
                raw[newest] = 0.5 if others else 1.0
        total = sum(raw.values())
        return {name: weight / total for name, weight in raw.items()}

    def pool(self) -> OpponentPool:
        """An `OpponentPool` of the members with the rule's weights (make a new one after
        the league changes: a pool keeps the weights it was made with)."""
        weights = self.weights()
        return OpponentPool([self.members[name] for name in weights], list(weights.values()))

    def record(self, name: str, score: float) -> None:
        """The learner scored `score` (1 win, 0.5 draw, 0 loss) against member `name`."""
        if name not in self.ratings:
            raise ValueError(f"no member named {name!r} in the league")
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, not {score}")
        change = self.k * (score - self.expected(name))
        self.ratings[LEARNER] += change
        self.ratings[name] -= change
        self.games[name] = self.games.get(name, 0) + 1

    def record_game(self, opponents: Sequence[Any], reward: float) -> None:
        """Rate one game from the entries drawn for it (`SingleAgentEnv.drawn`) and the
        learner's final reward (above 0 a win, below 0 a loss, 0 a draw): against each
        opponent seat's member."""
        score = 1.0 if reward > 0 else 0.0 if reward < 0 else 0.5
        for entry in opponents:
            name = self.name_of(entry)
            if name is not None:
                self.record(name, score)

    def name_of(self, entry: Any) -> str | None:
        """The name of the member `entry` is (by identity; a bot name by its text)."""
        for name, member in self.members.items():
            if member is entry or (isinstance(entry, str) and member == entry):
                return name
        return None

    def table(self) -> list[tuple[str, float, int]]:
        """(name, rating, games against the learner), best rated first, the learner included."""
        rows = [(name, self.ratings[name], self.games.get(name, 0)) for name in self.ratings]
        rows = [row for row in rows if row[0] in self.members or row[0] == LEARNER]
        return sorted(rows, key=lambda row: -row[1])
