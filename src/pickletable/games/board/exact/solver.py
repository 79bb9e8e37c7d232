"""Solving the game chain: exact rationals level by level, or floats rally by rally.

**Beginner, exact.** Points only ever move a player up, so the level vectors
can be taken in order of their total. Within one level vector side outs pass
the serve round a cycle ``c_0, c_1, ..., c_{m-1}`` of the players still
serving; entered with ``c_0`` to serve, the next point goes to ``c_j`` with
probability ``a b^j / (1 - b^m)`` (``a`` a point, ``b = 1 - a`` a side out). One
forward pass with `fractions.Fraction` gives the probability of every final
position, so the win probability and each final score exactly. Every rally is
a point with probability ``a`` whatever the state, and the game stops at a
point, so by Wald's identity the expected number of rallies is the expected
number of points (the sum of the final levels) divided by ``a``, and the
expected number of shots is that times ``1 / (1 - p_in)``.

**Distribution of the number of rallies (and intermediate).** A float64
forward propagation, rally by rally, of the probability over every
``(levels, server, pile position)`` state, until less than `TAIL` of it is
left unabsorbed (that remainder is reported). At intermediate a Play Card can
move players back, so the chain has loops and this is the solver used for
everything; for a fixed Play pile order it has no sampling error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from pickletable.games.board.exact.chain import Chain, Levels, team_of

TAIL = 1e-12
"""Propagation stops once less than this much probability is still in play."""

MAX_RALLIES = 200_000
EXACT_LIMIT = 5_000
"""Beginner chains with more level vectors than this are solved in floats."""


@dataclass
class Solution:
    """What one chain gives for one first server."""

    first_server: int
    method: str
    win: Fraction | float
    """Probability that the first server's side wins."""
    finals: dict[Levels, Fraction | float]
    """Probability of each final position (levels by seat)."""
    mean_points: Fraction | float
    mean_rallies: Fraction | float
    rallies: list[float] = field(default_factory=list)
    """P(the game lasts exactly n rallies), index n (floats, propagated)."""
    unabsorbed: float = 0.0
    """Probability mass left when the propagation stopped."""
    states: int = 0


def level_vectors(chain: Chain) -> int:
    """How many level vectors the chain may visit (a bound)."""
    return int((chain.target + 1) ** len(chain.seats))


# --- beginner: exact forward pass ---------------------------------------------
def beginner_finals(
    chain: Chain, point: Fraction, first: int, exact: bool = True
) -> dict[Levels, Fraction | float]:
    """Probability of each final position of the dice-only game (see the module docstring)."""
    a: Fraction | float = point if exact else float(point)
    b: Fraction | float = 1 - a
    weights: dict[int, list[Fraction | float]] = {}
    for m in range(1, len(chain.seats) + 1):
        cycle_stop = 1 - b**m
        weights[m] = [a * b**j / cycle_stop for j in range(m)]
    zero: Fraction | float = Fraction(0) if exact else 0.0
    buckets: dict[int, dict[Levels, dict[int, Fraction | float]]] = {
        0: {chain.start(): {first: Fraction(1) if exact else 1.0}}
    }
    finals: dict[Levels, Fraction | float] = {}
    total = 0
    target = chain.target
    while total in buckets:
        for levels, entries in buckets.pop(total).items():
            serving = [s for s in chain.seats if levels[s] < target]  # clockwise
            m = len(serving)
            weight = weights[m]
            # Where a point by each server leads (computed once per level vector).
            leads = [chain.point(levels, scorer, 0) for scorer in serving]
            exits: list[Fraction | float] = [zero] * m
            for start, q in entries.items():
                p = serving.index(start)
                for j in range(m):
                    exits[(p + j) % m] += q * weight[j]
            for (after, server, _), p_exit in zip(leads, exits, strict=True):
                if server < 0:
                    finals[after] = finals.get(after, zero) + p_exit
                else:
                    bucket = buckets.setdefault(total + 1, {}).setdefault(after, {})
                    bucket[server] = bucket.get(server, zero) + p_exit
        total += 1
    return finals


# --- any level: float propagation rally by rally --------------------------------
@dataclass
class Graph:
    """The chain's states and where a side out or a point sends each."""

    keys: list[tuple[Levels, int, int]]
    side_out: npt.NDArray[np.int64]
    point: npt.NDArray[np.int64]
    """Index of the next state, or ``-1 - k`` for the k-th final position."""
    finals: list[Levels]


def build_graph(chain: Chain, firsts: Sequence[int]) -> Graph:
    """Every state reachable from the start with one of `firsts` to serve (states 0, 1, ...)."""
    keys = [(chain.start(), first, 0) for first in firsts]
    index = {key: i for i, key in enumerate(keys)}
    final_index: dict[Levels, int] = {}
    side_out: list[int] = []
    point: list[int] = []

    def slot(key: tuple[Levels, int, int]) -> int:
        found = index.get(key)
        if found is None:
            found = index[key] = len(keys)
            keys.append(key)
        return found

    i = 0
    while i < len(keys):
        levels, server, position = keys[i]
        side_out.append(slot((levels, chain.next_server(levels, server), position)))
        after, next_server, next_position = chain.point(levels, server, position)
        if next_server < 0:
            k = final_index.setdefault(after, len(final_index))
            point.append(-1 - k)
        else:
            point.append(slot((after, next_server, next_position)))
        i += 1
    return Graph(
        keys,
        np.array(side_out, dtype=np.int64),
        np.array(point, dtype=np.int64),
        list(final_index),
    )


def propagate(graph: Graph, point: float, start: int = 0) -> tuple[list[float], list[float], float]:
    """(P(final position k), P(the game lasts n rallies), mass left) from state `start`."""
    n = len(graph.keys)
    b = 1.0 - point
    ends = graph.point < 0
    inner = ~ends
    end_ids = -1 - graph.point[ends]
    inner_dest = graph.point[inner]
    finals = np.zeros(len(graph.finals))
    current = np.zeros(n)
    current[start] = 1.0
    rallies = [0.0]
    left = 1.0
    while left > TAIL and len(rallies) <= MAX_RALLIES:
        scored = point * current
        absorbed = np.bincount(end_ids, weights=scored[ends], minlength=len(graph.finals))
        finals += absorbed
        rallies.append(float(absorbed.sum()))
        moved = np.bincount(graph.side_out, weights=b * current, minlength=n)
        moved += np.bincount(inner_dest, weights=scored[inner], minlength=n)
        current = np.asarray(moved, dtype=np.float64)
        left = float(current.sum())
    return [float(x) for x in finals], rallies, left


# --- the two levels ---------------------------------------------------------------
def solve_beginner(
    chain: Chain, point: Fraction, firsts: Sequence[int], exact: bool | None = None
) -> list[Solution]:
    """Beginner, one solution per first server.

    Exact: the Fraction pass for the values, the propagation for the distribution.
    Otherwise (past `EXACT_LIMIT` level vectors, or asked): the propagation for all.
    """
    if exact is None:
        exact = level_vectors(chain) <= EXACT_LIMIT
    graph = build_graph(chain, firsts)
    solutions = []
    for k, first in enumerate(firsts):
        probabilities, rallies, left = propagate(graph, float(point), k)
        side = team_of(first)
        if exact:
            finals = beginner_finals(chain, point, first, exact=True)
            method = (
                "exact rationals (Fraction): forward pass over level vectors, side-out "
                "cycles in closed form"
            )
        else:
            finals = dict(zip(graph.finals, probabilities, strict=True))
            method = (
                f"float64 forward propagation rally by rally until under {TAIL:g} is left "
                "(too many states for exact rationals)"
            )
        zero: Fraction | float = Fraction(0) if exact else 0.0
        win = sum((p for lv, p in finals.items() if chain.winner(lv) == side), zero)
        mean_points = sum((p * sum(lv) for lv, p in finals.items()), zero)
        a: Fraction | float = point if exact else float(point)
        solutions.append(
            Solution(
                first,
                method,
                win,
                finals,
                mean_points,
                mean_points / a,
                rallies,
                left,
                len(graph.keys),
            )
        )
    return solutions


def solve_order(chain: Chain, point: float, firsts: Sequence[int]) -> list[Solution]:
    """Intermediate for the Play pile order in ``chain.deck``: float propagation."""
    graph = build_graph(chain, firsts)
    solutions = []
    for k, first in enumerate(firsts):
        probabilities, rallies, left = propagate(graph, point, k)
        finals: dict[Levels, Fraction | float] = dict(zip(graph.finals, probabilities, strict=True))
        side = team_of(first)
        win = sum(p for lv, p in finals.items() if chain.winner(lv) == side)
        # Play Cards move levels, so count rallies directly rather than through points.
        mean_rallies = sum(n * p for n, p in enumerate(rallies))
        solutions.append(
            Solution(
                first,
                f"float64 forward propagation rally by rally until under {TAIL:g} is left",
                win,
                finals,
                mean_rallies * point,
                mean_rallies,
                rallies,
                left,
                len(graph.keys),
            )
        )
    return solutions
