"""Solving the game chain: exact rationals, or floats rally by rally.

The chain's states are the engine's positions at a serve, merged by
`position_key`; `build_graph` walks them from the first serves
(`Transitions` gives where each rally leads, from the engine's own play).

**Exact.** Where the chain is small enough (`EXACT_LIMIT` level vectors) it
is solved with `fractions.Fraction`: its strongly connected parts (at the
beginner level, the serve going round a level vector by side outs) are taken
in the order the points lead through them, each solved as a small linear
system, carrying the probability forward to the final positions. Every rally
is a point with the same probability ``a``, so by Wald's identity the expected
number of rallies is the expected number of points (the sum of the final
levels) divided by ``a``, and the expected number of shots is that times the
shots per rally.

**Distribution of the number of rallies (and where Play Cards loop).** A
float64 forward propagation, rally by rally, of the probability over every
state, until less than `TAIL` of it is left unabsorbed (that remainder is
reported). At intermediate a Play Card can move players back, so the chain
has long loops and this is the solver used for everything; for a fixed Play
pile order it has no sampling error.

>>> from pickletable.games.board.exact.analysis import make_variant
>>> variant = make_variant("short track", 2, ["target=1.0"], "beginner")
>>> graph = build_graph(variant.starts((0,)))
>>> len(graph.keys), graph.finals
(8, [(2, 0, 0, 0), (2, 0, 1, 0), (0, 0, 2, 0), (1, 0, 2, 0)])
>>> (blue,) = solve_beginner(graph, (0,), exact=True)
>>> blue.win  # the same as before the analysis walked the engine
Fraction(198, 343)
"""

from __future__ import annotations

import gc
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from pickletable.games.board.config import team_of
from pickletable.games.board.exact.rally import Rally
from pickletable.games.board.exact.transitions import ChainState, Final, Transitions
from pickletable.games.board.key import position_key
from pickletable.games.board.state import BoardState

Levels = tuple[int, ...]
"""The skill levels of the four seats, in spaces (seats not in play stay 0)."""

TAIL = 1e-12
"""Propagation stops once less than this much probability is still in play."""

MAX_RALLIES = 200_000
EXACT_LIMIT = 5_000
"""Chains with more level vectors than this are solved in floats."""


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


@dataclass
class Graph:
    """The positions at a serve, and where each rally leads from each."""

    keys: list[ChainState]
    """Each state's position, as `Transitions` holds it."""
    edges: list[list[tuple[int, Fraction]]]
    """Per state: (index of the next state, or ``-1 - k`` for final position k; probability)."""
    finals: list[Levels]
    winners: list[tuple[int, ...]]
    """The winning seats of each final position."""
    rally: Rally
    """The rally served from the first start (below the advanced level, every rally alike)."""

    @property
    def point(self) -> Fraction:
        """The chance of a point in a rally."""
        return self.rally.point


def build_graph(starts: Sequence[BoardState], transitions: Transitions | None = None) -> Graph:
    """Every position at a serve reachable from `starts` (states 0, 1, ... in that order).

    The starts are left unchanged; `transitions` may be shared between graphs
    of one variant (its rallies, and what follows them, are played alike).
    """
    with _collector_paused():
        return _build_graph(starts, transitions or Transitions())


def _build_graph(starts: Sequence[BoardState], transitions: Transitions) -> Graph:
    keys: list[ChainState] = []
    index: dict[ChainState, int] = {}
    final_index: dict[Levels, int] = {}
    winners: list[tuple[int, ...]] = []
    edges: list[list[tuple[int, Fraction]]] = []

    def slot(key: ChainState) -> int:
        found = index.get(key)
        if found is None:
            found = index[key] = len(keys)
            keys.append(key)
        return found

    for start in starts:
        slot(transitions.state(start))
    rally = transitions.planner.rally(starts[0], position_key(starts[0]))
    i = 0
    while i < len(keys):
        out: list[tuple[int, Fraction]] = []
        for q, after in transitions.successors(keys[i]):
            if type(after) is not Final:
                out.append((slot(after), q))  # type: ignore[arg-type]
                continue
            k = final_index.get(after.levels)
            if k is None:
                k = final_index[after.levels] = len(winners)
                winners.append(after.winners)
            out.append((-1 - k, q))
        edges.append(out)
        i += 1
    return Graph(keys, edges, list(final_index), winners, rally)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (restarted after, if it ran before).

    A graph is hundreds of thousands of tuples that live as long as it does:
    the collector's passes over them while they are built find nothing to free
    (a quarter of the building time of a beginner doubles graph).
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def level_vectors(starts: Sequence[BoardState]) -> int:
    """How many level vectors the chain may visit (a bound)."""
    rules = starts[0].rules
    return int((rules.target_spaces + 1) ** len(rules.seats))


# --- exact: strongly connected parts in order ------------------------------------
def exact_finals(graph: Graph, start: int) -> dict[Levels, Fraction | float]:
    """Probability of each final position from state `start` (see the module docstring)."""
    mass: dict[int, Fraction] = {start: Fraction(1)}
    finals: dict[Levels, Fraction | float] = {}
    inverses: dict[Hashable, list[list[Fraction]]] = {}
    for part in _parts_in_order(graph, start):
        inside = {node: n for n, node in enumerate(part)}
        entering = [mass.pop(node, Fraction(0)) for node in part]
        visits = _visits(graph, part, inside, entering, inverses)
        for node, seen in zip(part, visits, strict=True):
            for target, p in graph.edges[node]:
                if target in inside:
                    continue
                flow = seen * p
                if target < 0:
                    levels = graph.finals[-1 - target]
                    finals[levels] = finals.get(levels, Fraction(0)) + flow
                else:
                    mass[target] = mass.get(target, Fraction(0)) + flow
    return finals


def _visits(
    graph: Graph,
    part: list[int],
    inside: dict[int, int],
    entering: list[Fraction],
    inverses: dict[Hashable, list[list[Fraction]]],
) -> list[Fraction]:
    """Expected visits of each state of one part: x = entering + x Q, so entering (I - Q)^-1.

    The inverse holds only the part's own small fractions: it is worked out
    once per shape of part (the same edges inside with the same probability
    objects, which the graph's edges share) and applied to the entering mass.
    """
    shape = tuple(
        tuple((inside[target], id(p)) for target, p in graph.edges[node] if target in inside)
        for node in part
    )
    inverse = inverses.get(shape)
    if inverse is None:
        inverse = inverses[shape] = _inverse(graph, part, inside)
    visits = [Fraction(0)] * len(part)
    for i, amount in enumerate(entering):
        if amount:
            for j, x in enumerate(inverse[i]):
                if x:
                    visits[j] += amount * x
    return visits


def _inverse(graph: Graph, part: list[int], inside: dict[int, int]) -> list[list[Fraction]]:
    """(I - Q)^-1 for the edges inside one part (Gauss-Jordan)."""
    m = len(part)
    rows = [[Fraction(int(i == j)) for j in range(2 * m)] for i in range(m)]
    for i, node in enumerate(part):
        rows[i][m + i] = Fraction(1)
        for target, p in graph.edges[node]:
            into = inside.get(target)
            if into is not None:
                rows[i][into] -= p
    for column in range(m):
        pivot = next(r for r in range(column, m) if rows[r][column] != 0)
        rows[column], rows[pivot] = rows[pivot], rows[column]
        top = [x / rows[column][column] for x in rows[column]]
        rows[column] = top
        for r in range(m):
            factor = rows[r][column]
            if r != column and factor != 0:
                rows[r] = [x - factor * y for x, y in zip(rows[r], top, strict=True)]
    return [row[m:] for row in rows]


def _parts_in_order(graph: Graph, start: int) -> list[list[int]]:
    """The strongly connected parts reachable from `start`, each before those it leads to."""
    order: list[list[int]] = []
    number: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    work: list[tuple[int, int]] = [(start, 0)]
    while work:
        node, edge = work.pop()
        if edge == 0:
            number[node] = low[node] = len(number)
            stack.append(node)
            on_stack.add(node)
        targets = graph.edges[node]
        while edge < len(targets):
            target = targets[edge][0]
            edge += 1
            if target < 0:
                continue
            if target not in number:
                work.append((node, edge))
                work.append((target, 0))
                break
            if target in on_stack:
                low[node] = min(low[node], number[target])
        else:
            if low[node] == number[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                order.append(part)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    order.reverse()  # Tarjan finds the parts last first
    return order


# --- any level: float propagation rally by rally --------------------------------
def propagate(graph: Graph, start: int = 0) -> tuple[list[float], list[float], float]:
    """(P(final position k), P(the game lasts n rallies), mass left) from state `start`."""
    return propagate_all(graph, [start])[0]


@dataclass
class _Edges:
    """Every edge of the graph as arrays, in the order of their states (`propagate_all`)."""

    sources: npt.NDArray[np.int64]
    targets: npt.NDArray[np.int64]
    weights: npt.NDArray[np.float64]
    """Edges to a state: where from, where to, the probability."""
    end_sources: npt.NDArray[np.int64]
    finals: npt.NDArray[np.int64]
    end_weights: npt.NDArray[np.float64]
    """Edges to a final position: where from, which final position, the probability."""


def _edges(graph: Graph) -> _Edges:
    floats: dict[int, tuple[Fraction, float]] = {}
    count = sum(len(out) for out in graph.edges)
    sources = np.repeat(np.arange(len(graph.edges)), [len(out) for out in graph.edges])
    targets = np.fromiter((t for out in graph.edges for t, _ in out), np.int64, count)
    weights = np.fromiter(
        (_float(floats, p) for out in graph.edges for _, p in out), np.float64, count
    )
    ends = targets < 0
    inner = ~ends
    return _Edges(
        sources[inner],
        targets[inner],
        weights[inner],
        sources[ends],
        -1 - targets[ends],
        weights[ends],
    )


def _float(floats: dict[int, tuple[Fraction, float]], probability: Fraction) -> float:
    """`float(probability)`, converted once per probability object (edges share them)."""
    found = floats.get(id(probability))  # by identity: hashing a Fraction costs a pow()
    if found is None:
        found = floats[id(probability)] = (probability, float(probability))  # kept alive
    return found[1]


def propagate_all(
    graph: Graph, starts: Sequence[int]
) -> list[tuple[list[float], list[float], float]]:
    """`propagate` from each of `starts` (the edges laid out once for all)."""
    n = len(graph.keys)
    width = len(graph.finals)
    edges = _edges(graph)
    results = []
    for start in starts:
        finals = np.zeros(width)
        current = np.zeros(n)
        current[start] = 1.0
        rallies = [0.0]
        left = 1.0
        while left > TAIL and len(rallies) <= MAX_RALLIES:
            flow = current[edges.end_sources] * edges.end_weights
            absorbed = np.bincount(edges.finals, weights=flow, minlength=width)
            finals += absorbed
            rallies.append(float(absorbed.sum()))
            flow = current[edges.sources] * edges.weights
            moved = np.bincount(edges.targets, weights=flow, minlength=n)
            current = np.asarray(moved, dtype=np.float64)  # weighted: floats already, no copy
            left = float(current.sum())
        results.append(([float(x) for x in finals], rallies, left))
    return results


# --- the two levels ---------------------------------------------------------------
def solve_beginner(
    graph: Graph, firsts: Sequence[int], exact: bool | None = None, vectors: int = 0
) -> list[Solution]:
    """Beginner, one solution per first server (state k of `graph` for ``firsts[k]``).

    Exact: the Fraction pass for the values, the propagation for the distribution.
    Otherwise (past `EXACT_LIMIT` level vectors, or asked): the propagation for all.
    """
    if exact is None:
        exact = vectors <= EXACT_LIMIT
    point = graph.point
    solutions = []
    propagated = propagate_all(graph, range(len(firsts)))
    for k, first in enumerate(firsts):
        probabilities, rallies, left = propagated[k]
        if exact:
            finals = exact_finals(graph, k)
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
        win = sum((p for lv, p in finals.items() if _won(graph, lv, first)), zero)
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


def solve_order(graph: Graph, firsts: Sequence[int]) -> list[Solution]:
    """Intermediate for one Play pile order: float propagation."""
    point = float(graph.point)
    solutions = []
    propagated = propagate_all(graph, range(len(firsts)))
    for k, first in enumerate(firsts):
        probabilities, rallies, left = propagated[k]
        finals: dict[Levels, Fraction | float] = dict(zip(graph.finals, probabilities, strict=True))
        win = sum(p for lv, p in finals.items() if _won(graph, lv, first))
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


def winner_side(graph: Graph, levels: Levels) -> int:
    """The side (0 or 1) that won with these final levels."""
    return team_of(graph.winners[graph.finals.index(levels)][0])


def _won(graph: Graph, levels: Levels, first: int) -> bool:
    return winner_side(graph, levels) == team_of(first)
