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
  their probability (never chosen), so the tree sees dice and draws;
- below the tree a rollout plays on with the random policy or the game's
  heuristic, to the end of the game, to a *horizon* (a number of events of
  the kinds the game's `Evaluation` names, e.g. the end of a rally) or to a
  step limit, and the position reached is scored by `Evaluation.value`;
- the action played is the root child visited most.

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
from pickletable.core.state import CHANCE, GameState

RolloutPolicy = Callable[[GameState, int, random.Random], Action]
"""Picks a seat's action inside a rollout (on a determinised state)."""

DEFAULT_ITERATIONS = 400
"""Iterations per decision at the default budget (see the README for the timings)."""


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


class ISMCTSBot:
    """Game-agnostic ISMCTS with availability-count UCB and sampled chance nodes.

    `rollout` is ``"random"`` or ``"heuristic"`` (the game's medium bot plays
    every seat below the tree). `exploration` is the UCB constant for rewards
    scaled to [0, 1].
    """

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        milliseconds: float | None = None,
        *,
        rollout: str = "random",
        exploration: float = 0.7,
        max_rollout_steps: int = 400,
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
        self.name = f"ismcts({iterations}{'' if rollout == 'random' else ', heuristic'})"
        self.last_stats = SearchStats()

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The root action visited most after the search."""
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_stats = SearchStats()
            return legal[0]
        root = self.search(view, rng)
        seat = view.seat
        best: Action = legal[0]
        best_key = (-1, -math.inf)
        for action in legal:
            child = root.children.get((seat, action))
            if child is None:
                continue
            key = (child.visits, child.reward)
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, view: AgentView, rng: random.Random) -> Node:
        """Run the iterations and return the root of the tree."""
        started = time.perf_counter()
        deadline = None if self.milliseconds is None else started + self.milliseconds / 1000
        root = Node(None, None)
        policy = self._policy(view)
        evaluation: Evaluation | None = None
        done = 0
        for done in range(1, self.iterations + 1):
            state = view.sample(rng)
            if evaluation is None:
                evaluation = evaluation_for(state.game_id)
            self._iterate(root, state, rng, policy, evaluation)
            if deadline is not None and done % 8 == 0 and time.perf_counter() > deadline:
                break
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
    ) -> None:
        path = [root]
        node = root
        horizon = evaluation.horizon
        events_left = evaluation.horizon_count
        expanded = False
        # Selection and expansion: down the tree until a new decision node is made.
        while not expanded:
            player = state.current_player
            if player is None or events_left <= 0:
                break
            if player == CHANCE:
                action = sample_outcome(state, rng)
                key = (CHANCE, action)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(CHANCE, action)
            else:
                child, expanded = self._select(node, player, state.legal_actions(), rng)
                action = child.action  # type: ignore[assignment]
            for event in state._apply(action):
                if event.kind in horizon:
                    events_left -= 1
            node = child
            path.append(node)
        # Rollout below the tree.
        steps = 0
        while events_left > 0 and steps < self.max_rollout_steps:
            player = state.current_player
            if player is None:
                break
            if player == CHANCE:
                action = sample_outcome(state, rng)
            else:
                action = policy(state, player, rng)
                steps += 1
            for event in state._apply(action):
                if event.kind in horizon:
                    events_left -= 1
        outcome = state.outcome
        values = evaluation.value(state) if outcome is None else outcome.returns(state.seats)
        # Backpropagation: each node scores the result for the player who moved into it.
        for visited in path:
            visited.visits += 1
            mover = visited.player
            if mover is not None and mover != CHANCE:
                visited.reward += (values.get(mover, 0.0) + 1.0) / 2.0

    def _select(
        self, node: Node, player: int, legal: list[Action], rng: random.Random
    ) -> tuple[Node, bool]:
        """UCB1 over the available children, expanding an untried action first."""
        children = node.children
        untried = [action for action in legal if (player, action) not in children]
        for action in legal:
            child = children.get((player, action))
            if child is not None:
                child.availability += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = children[(player, action)] = Node(player, action)
            child.availability = 1
            return child, True
        best: Node | None = None
        best_score = -math.inf
        exploration = self.exploration
        for action in legal:
            child = children[(player, action)]
            score = child.reward / child.visits + exploration * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best, False

    def _policy(self, view: AgentView) -> RolloutPolicy:
        if self.rollout == "random":
            return _random_rollout
        from pickletable.bots.heuristic import HeuristicBot

        bot = HeuristicBot()

        def heuristic(state: GameState, player: int, rng: random.Random) -> Action:
            return bot.choose(AgentView(state, player), rng)

        del view
        return heuristic


def _random_rollout(state: GameState, player: int, rng: random.Random) -> Action:
    del player
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _count(root: Node) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children.values())
    return count
