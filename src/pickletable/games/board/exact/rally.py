"""One rally, walked through the engine from its serve and solved exactly.

From a position at the serve, every chance outcome (the dice) and every
choice (the medium bot's) is played on a clone until the engine announces
the end of the rally (a ``rally_over`` event). Positions inside the rally
are merged by `position_key`, so the ball going round gives a small chain
with loops; one exact linear solve (in whole numbers, read back as
fractions) gives the probability of each way the rally can end and the
expected number of shots.

Each way it ends is kept with one sequence of actions that leads there from
the serve (`Exit.actions`): `Planner` replays it from any position that
serves the same rally (see `rally_context`).

>>> from pickletable.games.board import GAME
>>> from pickletable.games.board.exact.walk import settle
>>> from fractions import Fraction
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> (_, serving), *_ = settle(state, Fraction(1))
>>> rally = solve_rally(serving)
>>> rally.point, rally.side_out, rally.mean_shots
(Fraction(4, 9), Fraction(5, 9), Fraction(2, 1))
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pickletable.core.actions import Action
from pickletable.core.errors import PickletableError
from pickletable.games.board.codes import EventKind
from pickletable.games.board.exact.walk import next_moves
from pickletable.games.board.key import PositionKey, position_key
from pickletable.games.board.state import BoardState

_SHOT: Final = EventKind.SHOT  # read at every move (a `EventKind.X` lookup costs on 3.11)
_RALLY_OVER: Final = EventKind.RALLY_OVER


@dataclass(frozen=True)
class Exit:
    """One way a rally ends: its probability, how, and actions from the serve that get there."""

    probability: Fraction
    end: str
    """The ``end`` of the engine's ``rally_over`` event: point, side_out (or strategy)."""
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Rally:
    """What one rally gives: its ways to end and the expected number of shots."""

    exits: tuple[Exit, ...]
    mean_shots: Fraction
    states: int
    """Positions inside the rally, merged by key."""

    @property
    def point(self) -> Fraction:
        """The chance the rally ends in a point for the server."""
        return sum((e.probability for e in self.exits if e.end == "point"), Fraction(0))

    @property
    def side_out(self) -> Fraction:
        """The chance the serve passes."""
        return 1 - self.point

    @property
    def point_float(self) -> float:
        """The point probability as a float."""
        return float(self.point)


def rally_context(key: PositionKey) -> RallyContext:
    """What a rally may read of a position at the serve: its key without the levels and piles.

    Below the advanced level no rule of a rally reads the skill track or the
    piles (points and Play Cards come after its end); the tests check that
    the same rally served from other levels and piles ends alike.
    """
    return (key[0], key[3:])


def solve_rally(serving: BoardState) -> Rally:
    """Walk the rally served from `serving` and solve it (see the module docstring)."""
    index: dict[PositionKey, int] = {position_key(serving): 0}
    states = [serving]
    paths: list[tuple[Action, ...]] = [()]
    inner: list[list[tuple[int, Fraction]]] = []
    outer: list[list[tuple[int, Fraction]]] = []
    shots: list[Fraction] = []
    exits: dict[tuple[str, PositionKey], int] = {}
    exit_info: list[tuple[str, tuple[Action, ...]]] = []
    i = 0
    while i < len(states):
        state = states[i]
        inner.append([])
        outer.append([])
        expected_shots = Fraction(0)
        moves = next_moves(state)
        last = len(moves) - 1
        for n, (p, action) in enumerate(moves):
            # The last move takes the position (not the caller's `serving`, position 0).
            after = state if n == last and i else state.clone()
            events = after.push(action)
            shots_played = 0
            ended = None
            for event in events:
                kind = event.kind
                if kind is _SHOT:
                    shots_played += 1
                elif kind is _RALLY_OVER:
                    ended = event
            if shots_played:
                expected_shots += p * shots_played
            key = position_key(after)
            if ended is not None:
                how = (str(ended["end"]), key)
                if how not in exits:
                    exits[how] = len(exit_info)
                    exit_info.append((how[0], (*paths[i], action)))
                outer[i].append((exits[how], p))
                continue
            j = index.get(key)
            if j is None:
                j = index[key] = len(states)
                states.append(after)
                paths.append((*paths[i], action))
            inner[i].append((j, p))
        shots.append(expected_shots)
        i += 1
    if not exit_info:
        raise PickletableError(
            "a rally never ends: every face of the IN/OUT/ACE die is IN, or the like"
        )
    solved = _solve(inner, outer, shots, len(exit_info))
    found = tuple(
        Exit(probability, end, actions)
        for probability, (end, actions) in zip(solved[:-1], exit_info, strict=True)
    )
    return Rally(found, solved[-1], len(states))


def _solve(
    inner: Sequence[Sequence[tuple[int, Fraction]]],
    outer: Sequence[Sequence[tuple[int, Fraction]]],
    shots: Sequence[Fraction],
    exits: int,
) -> list[Fraction]:
    """From position 0: P(each exit), then the expected shots; Gauss-Jordan on (I - Q).

    In whole numbers: each row is scaled to integers, then eliminated without
    fractions (Bareiss: every division is exact), the answer read as one
    fraction per column at the end; the same fractions as with `Fraction`
    arithmetic throughout, a few times quicker.
    """
    n = len(inner)
    width = n + exits + 1
    rows: list[list[int]] = []
    for i in range(n):
        row = [Fraction(0)] * width
        row[i] += 1
        for j, p in inner[i]:
            row[j] -= p
        for k, p in outer[i]:
            row[n + k] += p
        row[-1] = shots[i]
        scale = math.lcm(*(x.denominator for x in row))
        rows.append([x.numerator * (scale // x.denominator) for x in row])
    previous = 1
    for column in range(n):
        pivot = next((r for r in range(column, n) if rows[r][column]), None)
        if pivot is None:
            raise PickletableError("a rally never ends from some position: no exact value")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        top = rows[column]
        lead = top[column]
        for r in range(n):
            factor = rows[r][column]
            if r != column:
                rows[r] = [
                    (lead * x - factor * y) // previous for x, y in zip(rows[r], top, strict=True)
                ]
        previous = lead
    return [Fraction(x, rows[0][0]) for x in rows[0][n:]]


RallyContext = tuple[Hashable, tuple[Hashable, ...]]
"""A key's step and its entries after the piles (`rally_context`)."""


class Planner:
    """Rallies solved once per `rally_context` and replayed from each position at the serve."""

    def __init__(self) -> None:
        self.rallies: dict[Hashable, Rally] = {}
        self.trees: dict[Hashable, tuple[Branch, ...]] = {}
        self.ordered: dict[Hashable, tuple[Exit, ...]] = {}

    def rally(self, serving: BoardState, key: PositionKey) -> Rally:
        """The rally `serving` serves (solved the first time its context is met)."""
        context = rally_context(key)
        found = self.rallies.get(context)
        if found is None:
            found = self.rallies[context] = solve_rally(serving)
        return found

    def ends(self, serving: BoardState, key: PositionKey) -> list[tuple[Fraction, BoardState]]:
        """Each way the rally from `serving` ends: (probability, position just after it).

        `serving` itself is played on (it becomes one of the positions returned):
        exits that share their first actions share the positions on the way.
        """
        context = rally_context(key)
        tree = self.trees.get(context)
        if tree is None:
            tree = self.trees[context] = _tree(list(self.rally(serving, key).exits), 0)
        out: list[tuple[Fraction, BoardState]] = []
        _replay(serving, tree, out)
        return out

    def exits(self, serving: BoardState, key: PositionKey) -> tuple[Exit, ...]:
        """The rally's exits in the order `ends` plays them (each with its actions)."""
        context = rally_context(key)
        found = self.ordered.get(context)
        if found is None:
            found = self.ordered[context] = tuple(_in_tree_order(self.rally(serving, key).exits, 0))
        return found


Branch = tuple[Action, Fraction | None, tuple["Branch", ...]]
"""An action, then the exit's probability where a rally ends there, else the branches on."""


def _tree(exits: list[Exit], depth: int) -> tuple[Branch, ...]:
    """The exits' actions from `depth` on as a tree (exits part where their actions differ)."""
    groups: dict[Action, list[Exit]] = {}
    for exit_ in exits:
        groups.setdefault(exit_.actions[depth], []).append(exit_)
    branches: list[Branch] = []
    for action, group in groups.items():
        if len(group) == 1 and len(group[0].actions) == depth + 1:
            branches.append((action, group[0].probability, ()))
        else:
            branches.append((action, None, _tree(group, depth + 1)))
    return tuple(branches)


def _in_tree_order(exits: Sequence[Exit], depth: int) -> list[Exit]:
    """The exits in the order their tree (`_tree`) holds them."""
    groups: dict[Action, list[Exit]] = {}
    for exit_ in exits:
        groups.setdefault(exit_.actions[depth], []).append(exit_)
    ordered: list[Exit] = []
    for group in groups.values():
        if len(group) == 1 and len(group[0].actions) == depth + 1:
            ordered.append(group[0])
        else:
            ordered.extend(_in_tree_order(group, depth + 1))
    return ordered


def _replay(
    state: BoardState, tree: tuple[Branch, ...], out: list[tuple[Fraction, BoardState]]
) -> None:
    """Play the tree from `state`, cloning only where it forks (the last branch takes `state`)."""
    last = len(tree) - 1
    for n, (action, probability, following) in enumerate(tree):
        branch = state if n == last else state.clone()
        branch.push(action)
        if probability is not None:
            out.append((probability, branch))
        else:
            _replay(branch, following, out)
