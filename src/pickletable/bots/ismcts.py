"""The `hard` bot: Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Single-observer ISMCTS over the state API, knowing no rule of any game:

- each iteration draws a determinisation from the agent view
  (`AgentView.sample`, i.e. `GameState.resample`), a full state consistent
  with what the seat knows;
- one tree is shared by every determinisation; a node's children are keyed
  by (player, action), so an action legal in one determinisation and not in
  another simply is not offered there. Selection is UCB1 with *availability
  counts*: a child's exploration term counts the iterations in which it could
  have been chosen, not the visits of its parent;
- chance steps are tree nodes too, keyed by their outcome and sampled by
  their probability (never chosen), so the tree sees dice and draws; a new
  outcome ends the descent (the rollout goes on from it);
- iterations come in batches: one determinisation, every root action on a
  copy of it, each followed by an RNG seeded alike (common random numbers,
  so two root actions are compared on the same luck); below the root a node
  widens progressively (about the square root of its visits), trying the
  rollout policy's choice first;
- below the tree a rollout plays on with the random policy or the game's
  heuristic, to the end of the game, to a *horizon* (a number of events of
  the kinds the game's `Evaluation` names, e.g. the end of a rally) or to a
  step limit; a finished game scores 1 for a winner and -1 for the others, a
  position short of the end scores the change in each seat's `lead` (points,
  tokens, skill) since the root, squashed by tanh;
- the action played is the game's heuristic choice unless another root
  action clearly beats it on the paired results (see `choose`), or with
  `prior` off the root action with the best mean.

The budget is a number of iterations (deterministic for a seed) and
optionally milliseconds (a wall-clock cap, so no longer reproducible when it
bites).

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.core.registry import get_game
>>> state = get_game("board").new_game(2, {"level": "beginner"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou", "roll blue"]:
...     _ = state.apply_text(text)
>>> bot = ISMCTSBot(iterations=50)
>>> str(bot.choose(AgentView(state, 0), random.Random(3)))
'serve'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pickletable.bots.evaluation import Evaluation, evaluation_for
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.match import random_policy, roll_out
from pickletable.core.state import CHANCE, GameState

RolloutPolicy = Callable[[GameState, int, random.Random], Action]
"""Picks a seat's action inside a rollout (on a determinised state)."""
Sampler = Callable[[random.Random], GameState]
"""Draws one determinisation."""
Belief = Callable[[AgentView, random.Random], Sampler]
"""Given the seat's view at a decision, the sampler of determinisations to search."""
LeafValue = Callable[[GameState, int], dict[int, float]]
"""Each seat's value (-1 to 1) of a position where a rollout stopped short of the end."""
Prior = Callable[[AgentView, random.Random], Action]
"""The rule of thumb whose choice stands unless the search clearly beats it."""

DEFAULT_ITERATIONS = 400
"""Iterations per decision at the default budget (docs/performance.md has the timings)."""


@dataclass
class SearchStats:
    """What the last search did (for benchmarks and tests)."""

    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0


class Node:
    """One node of the shared tree: reached by `player` playing `action` from its parent."""

    __slots__ = ("action", "availability", "children", "player", "reward", "visits")

    def __init__(self, player: int | None, action: Action | None) -> None:
        self.player = player
        self.action = action
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.availability = 0

    @property
    def mean(self) -> float:
        """The mean reward (0 to 1) of the iterations through this node."""
        return self.reward / self.visits if self.visits else 0.0


class ISMCTSBot:
    """Game-agnostic ISMCTS with availability-count UCB and sampled chance nodes.

    `rollout` is ``"random"`` or ``"heuristic"`` (the game's medium bot plays
    every seat below the tree). `exploration` is the UCB constant for rewards
    scaled to [0, 1].

    Optional hooks, for a game's own `hard` bot: `belief` gives the sampler
    of determinisations for a decision (default: `AgentView.sample`, uniform
    over the hidden cards); `leaf_value` scores a rollout stopped at the
    horizon (default: the change in each seat's `lead`, squashed);
    `rollout_policy` plays below the tree instead of `rollout`;
    `prior_policy` is the choice that stands unless clearly beaten (default:
    the game's `medium`).
    """

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        milliseconds: float | None = None,
        *,
        rollout: str = "random",
        exploration: float = 0.7,
        max_rollout_steps: int = 400,
        prior: bool = True,
        margin: float = 1.0,
        belief: Belief | None = None,
        leaf_value: LeafValue | None = None,
        rollout_policy: RolloutPolicy | None = None,
        prior_policy: Prior | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"ISMCTS needs at least one iteration, not {iterations}")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout policy must be 'random' or 'heuristic', not {rollout!r}")
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.rollout = rollout
        self.exploration = exploration
        self.max_rollout_steps = max_rollout_steps
        self.prior = prior
        self.margin = margin
        self.belief = belief
        self.leaf_value = leaf_value
        self.rollout_policy = rollout_policy
        self.prior_policy = prior_policy
        self._root_results: dict[Action, list[float]] = {}
        self.name = f"ismcts({iterations}{'' if rollout == 'random' else ', heuristic'})"
        self.last_stats = SearchStats()

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The best root action after the search, the heuristic's unless clearly beaten.

        Root actions are compared on the same determinisations and rollout
        seeds (see `search`), so their difference is measured pair by pair.
        With `prior` on, the game's heuristic choice stands unless another
        action beats it by more than `margin` standard errors of that paired
        difference: a few hundred noisy rollouts should overrule a sound rule
        of thumb only when they clearly disagree. Without it, the action with
        the best mean reward is played.
        """
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_stats = SearchStats()
            return legal[0]
        results = self.root_results(view, rng)
        scored = [action for action in legal if results.get(action)]
        if not scored:
            return legal[0]
        best = max(scored, key=lambda action: _mean(results[action]))
        if not self.prior:
            return best
        if self.prior_policy is not None:
            suggested = self.prior_policy(view, random.Random(0))
        else:
            from pickletable.bots.heuristic import HeuristicBot

            suggested = HeuristicBot().choose(view, random.Random(0))
        if suggested == best or suggested not in results:
            return best
        differences = [
            mine - theirs for mine, theirs in zip(results[best], results[suggested], strict=False)
        ]
        if len(differences) < 2:
            return suggested
        mean = _mean(differences)
        spread = math.sqrt(
            sum((d - mean) ** 2 for d in differences) / (len(differences) - 1) / len(differences)
        )
        return best if mean > self.margin * spread and mean > 0 else suggested

    def search(self, view: AgentView, rng: random.Random) -> Node:
        """Run the iterations and return the root of the tree."""
        self._root_results = {}
        return self._search(view, rng)

    def root_results(self, view: AgentView, rng: random.Random) -> dict[Action, list[float]]:
        """Search, then give each root action's rewards (0 to 1), one per complete batch."""
        self._search(view, rng)
        return self._root_results

    def _search(self, view: AgentView, rng: random.Random) -> Node:
        """Batches of iterations: one determinisation, every root action, one rollout seed each.

        Every root action legal in the determinisation is tried on its own copy
        of it, each with an RNG seeded alike, so that the chance steps and the
        rollouts that follow differ only where the actions make them differ
        (common random numbers). Below the root, ISMCTS goes on as usual.
        """
        started = time.perf_counter()
        deadline = None if self.milliseconds is None else started + self.milliseconds / 1000
        root = Node(None, None)
        policy = self._policy(view)
        sampler = view.sample if self.belief is None else self.belief(view, rng)
        evaluation: Evaluation | None = None
        baseline: dict[int, float] = {}
        results: dict[Action, list[float]] = {}
        done = 0
        while done < self.iterations:
            sample = sampler(rng)
            if evaluation is None:
                evaluation = evaluation_for(sample.game_id)
                baseline = evaluation.lead(sample)
            seed = rng.getrandbits(64)
            actions = sample.legal_actions()
            if done + len(actions) > self.iterations and done:
                break
            batch = []
            for action in actions:
                state = sample.clone()
                batch.append(
                    self._iterate(
                        root, state, random.Random(seed), policy, evaluation, baseline, action
                    )
                )
                done += 1
            for action, reward in zip(actions, batch, strict=True):
                results.setdefault(action, []).append(reward)
            if deadline is not None and time.perf_counter() > deadline:
                break
        self._root_results = results
        self.last_stats = SearchStats(done, time.perf_counter() - started, _count(root))
        return root

    # --- one iteration ----------------------------------------------------------
    def _iterate(
        self,
        root: Node,
        state: GameState,
        rng: random.Random,
        policy: RolloutPolicy,
        evaluation: Evaluation,
        baseline: dict[int, float],
        first: Action,
    ) -> float:
        """One iteration that starts with the root action `first`; its reward for the root seat."""
        horizon = evaluation.horizon
        events_left = evaluation.horizon_count
        root_seat = state.current_player
        assert root_seat is not None
        for action in state.legal_actions():
            sibling = root.children.get((root_seat, action))
            if sibling is not None:
                sibling.availability += 1
        node = root.children.get((root_seat, first))
        expanded = node is None
        if node is None:
            node = root.children[(root_seat, first)] = Node(root_seat, first)
            node.availability = 1
        for event in state.push(first):
            if event.kind in horizon:
                events_left -= 1
        path = [root, node]
        # Selection and expansion: down the tree until a new node is made.
        while events_left > 0 and not expanded:
            player = state.current_player
            if player is None:
                break
            if player == CHANCE:
                action = sample_outcome(state, rng)
                child = node.children.get((CHANCE, action))
                expanded = child is None
                if child is None:
                    child = node.children[(CHANCE, action)] = Node(CHANCE, action)
            else:
                child, expanded = self._select(node, player, state, rng, policy)
                action = child.action  # type: ignore[assignment]
            for event in state.push(action):
                if event.kind in horizon:
                    events_left -= 1
            node = child
            path.append(node)
        # Rollout below the tree, to the horizon or the step limit.
        roll_out(state, policy, rng, horizon, events_left, self.max_rollout_steps)
        outcome = state.outcome
        if outcome is not None:
            values = outcome.returns(state.seats)
        elif self.leaf_value is not None:
            values = self.leaf_value(state, root_seat)
        else:
            scale = evaluation.scale
            values = {
                seat: math.tanh((lead - baseline.get(seat, 0.0)) / scale)
                for seat, lead in evaluation.lead(state).items()
            }
        # Backpropagation: each node scores the result for the player who moved into it.
        for visited in path:
            visited.visits += 1
            mover = visited.player
            if mover is not None and mover != CHANCE:
                visited.reward += (values.get(mover, 0.0) + 1.0) / 2.0
        return (values.get(root_seat, 0.0) + 1.0) / 2.0

    def _select(
        self,
        node: Node,
        player: int,
        state: GameState,
        rng: random.Random,
        policy: RolloutPolicy,
    ) -> tuple[Node, bool]:
        """UCB1 over the available children, after widening the node if it is due.

        A node tries about the square root of its visits, the rollout policy's
        choice first, so that a rarely reached node is valued by sensible play
        rather than by every action. (The root tries every action: see `_search`.)
        """
        children = node.children
        legal = state.legal_actions()
        tried = []
        untried = []
        for action in legal:
            child = children.get((player, action))
            if child is None:
                untried.append(action)
            else:
                child.availability += 1
                tried.append(child)
        if untried and (not tried or len(tried) ** 2 <= node.visits):
            # A fresh node first tries what the rollout policy would play.
            action = untried[rng.randrange(len(untried))] if tried else policy(state, player, rng)
            child = children[(player, action)] = Node(player, action)
            child.availability = 1
            return child, True
        best = tried[0]
        best_score = -math.inf
        exploration = self.exploration
        for child in tried:
            score = child.reward / child.visits + exploration * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        return best, False

    def _policy(self, view: AgentView) -> RolloutPolicy:
        if self.rollout_policy is not None:
            return self.rollout_policy
        if self.rollout == "random":
            return random_policy
        from pickletable.bots.heuristic import HeuristicBot

        bot = HeuristicBot(rollout=True)

        def heuristic(state: GameState, player: int, rng: random.Random) -> Action:
            return bot.choose(AgentView(state, player), rng)

        del view
        return heuristic


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _count(root: Node) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children.values())
    return count
