"""From a position at a serve to the next ones: the engine's rally and what follows it.

`engine_successors` is the direct way: the rally's ends replayed from the
position (`Planner.ends`), each played on by the engine (`settle`) to the
next serve or the end, and every position reached keyed. It costs a clone
and a dozen engine moves per position, for hundreds of thousands of positions.

`Transitions.successors` gives the same list from a position's key alone, and
plays the engine far less often. A position is played as a *tracked* copy
(`symbolic`): its levels and known pile cards are the questions the engine
asks of them. What it did depends only on the answers, so the result (each
next position's levels as the old ones shifted or set, its piles as the old
ones drawn from and added to, the rest of its key, its probability) is kept
under those answers, in a tree per context: the key without the levels and
the known cards. Another position walks the tree, answering each question
from its own levels and cards, and reads the result with them put in; the
engine is played again only where an answer leads somewhere new.

>>> from pickletable.games.board.exact.analysis import make_variant
>>> start = make_variant("t", 2, [], "beginner").starts((0,))[0]
>>> transitions = Transitions()
>>> state = transitions.state(start)
>>> [(p, transitions.position_key(after)) for p, after in transitions.successors(state)] == (
...     engine_successors(start.clone(), Planner()))
True
>>> runs = transitions.engine_runs  # once per way the rally ends (a point, a side out)
>>> _ = transitions.successors(state)  # answered from the trees: the engine is not played
>>> transitions.engine_runs == runs
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from pickletable.core.errors import PickletableError
from pickletable.core.piles import Pile
from pickletable.games.board.exact.rally import Planner, RallyContext, rally_context
from pickletable.games.board.exact.symbolic import (
    Condition,
    Level,
    Recorder,
    TrackedPile,
    shifts,
)
from pickletable.games.board.exact.walk import is_rest, settle
from pickletable.games.board.key import (
    PileKey,
    PositionKey,
    keyed_pile,
    position_key,
    table_key,
)
from pickletable.games.board.state import BoardState


class Final(NamedTuple):
    """A game over: the levels it ended at and the winning seats."""

    levels: tuple[int, ...]
    winners: tuple[int, ...]


Successor = tuple[Fraction, PositionKey | Final]
"""A position a rally leads to (its key) or the end of the game, with its probability."""
Cards = tuple[tuple[str, ...], ...]
"""The known cards of each pile of a key, top first (in the order of the key's piles)."""
PileShape = tuple[str, tuple[tuple[str, int], ...], int]
"""A pile of a key without its known cards: its name, its unseen cards, how many are known."""
Context = tuple[RallyContext, tuple[PileShape, ...]]
"""What a tree is kept by: a key without its levels and its piles' known cards."""
ChainState = tuple["Tree", tuple[int, ...], Cards]
"""A position at a serve as `Transitions` holds it: its context's tree, its levels, its
piles' known cards (`Transitions.position_key` gives its key back)."""


def engine_successors(serving: BoardState, planner: Planner) -> list[Successor]:
    """Where the rally from `serving` leads, played by the engine (`serving` is played on)."""
    return [
        (p, position_key(rest) if rest.outcome is None else _final(rest))
        for p, rest in engine_rests(serving, planner)
    ]


def engine_rests(
    serving: BoardState, planner: Planner, key: PositionKey | None = None
) -> list[tuple[Fraction, BoardState]]:
    """The positions `engine_successors` keys: at the next serve, or the game over.

    `key` is the key of `serving` (worked out if not given).
    """
    rests: list[tuple[Fraction, BoardState]] = []
    for p, after in planner.ends(serving, key or position_key(serving)):
        rests.extend([(p, after)] if is_rest(after) else settle(after, p))
    return rests


def _final(rest: BoardState) -> Final:
    assert rest.outcome is not None
    return Final(tuple(rest.skill), rest.outcome.winners)


class Transitions:
    """`engine_successors` by key, the engine played once per new set of answers."""

    def __init__(self, planner: Planner | None = None) -> None:
        self.planner = planner or Planner()
        self.engine_runs = 0
        """How many times the engine was played (for tests and benchmarks)."""
        self._templates: dict[RallyContext, BoardState] = {}
        self._trees: dict[Context, Tree] = {}

    def state(self, serving: BoardState) -> ChainState:
        """The chain state of a position at a serve (kept as a template for its context)."""
        key = position_key(serving)
        self._templates.setdefault(rally_context(key), serving)
        piles: Sequence[PileKey] = key[2]  # type: ignore[assignment]
        context: Context = (rally_context(key), tuple((n, u, len(c)) for n, u, c in piles))
        tree = self._trees.setdefault(context, Tree(context))
        return (tree, key[1], tuple(cards for _, _, cards in piles))  # type: ignore[return-value]

    def position_key(self, state: ChainState) -> PositionKey:
        """The key of the position a chain state stands for."""
        tree, levels, cards = state
        (step, table), piles = tree.context
        keyed = tuple((name, unseen, c) for (name, unseen, _), c in zip(piles, cards, strict=True))
        return (step, levels, keyed, *table)

    def successors(self, state: ChainState) -> list[tuple[Fraction, ChainState | Final]]:
        """`engine_successors` of the position `state` stands for, as chain states."""
        root, levels, cards = state
        ends = root.ends or self._ends(state)
        out = []
        for n, node in enumerate(ends):
            results = node.results
            while results is None:
                condition = node.condition
                child = (
                    None
                    if condition is None
                    else node.children.get(condition.answer(levels, cards))
                )
                if child is None:
                    self._play(state, n)
                    child = ends[n]  # walked again: the answers lead to results now
                node = child
                results = node.results
            out.extend([result.put_in(levels, cards) for result in results])
        return out

    def _ends(self, state: ChainState) -> list[Tree]:
        """A tree per way the rally of the state's context ends (the rally solved if new)."""
        key = self.position_key(state)
        if rally_context(key) not in self.planner.rallies:  # solved on plain positions only
            self.planner.rally(_laid(self._template(key), key), key)
        root = state[0]
        root.ends = [Tree() for _ in self.planner.exits(self._template(key), key)]
        return root.ends

    def _template(self, key: PositionKey) -> BoardState:
        template = self._templates.get(rally_context(key))
        if template is None:
            raise PickletableError("no position met yet with this state's context")
        return template

    def _play(self, state: ChainState, end: int) -> None:
        """Play the engine on a tracked copy of the position, one way its rally ends, and
        file the results under the answers it gave."""
        self.engine_runs += 1
        root, levels, cards = state
        key = self.position_key(state)
        template = self._template(key)
        recorder = Recorder(levels, cards)
        tracked = template.clone()
        tracked.skill = [Level(seat, 0, recorder) for seat in range(len(levels))]  # type: ignore[misc]
        shapes = {name: (slot, unseen, n) for slot, (name, unseen, n) in enumerate(root.context[1])}
        for name in tracked.piles:  # the key's piles; those it reads but lacks are empty
            if keyed_pile(tracked.rules, name):
                slot, unseen, length = shapes.get(name, (-1, (), 0))
                tracked.piles[name] = TrackedPile(name, slot, dict(unseen), length, recorder)
        exit_ = self.planner.exits(template, key)[end]
        for action in exit_.actions:
            tracked.push(action)
        p = exit_.probability
        rests = [(p, tracked)] if is_rest(tracked) else settle(tracked, p)
        results = [self._result(q, rest, state) for q, rest in rests]
        assert root.ends is not None
        root.ends[end].file(recorder.path, results)

    def _result(self, probability: Fraction, rest: BoardState, state: ChainState) -> _Result:
        moved = shifts(rest.skill)
        outcome = rest.outcome
        if outcome is not None:
            return _Result(probability, moved, winners=outcome.winners)
        piles = []
        lengths: list[PileShape] = []
        for name, pile in rest.piles.items():
            if isinstance(pile, TrackedPile) and len(pile):
                unseen = tuple(sorted(pile.unseen.items())) if pile.unseen else ()
                piles.append((pile.slot, pile.taken, tuple(pile.appended)))
                lengths.append((name, unseen, pile.length - pile.taken + len(pile.appended)))
        context: Context = ((rest.step, table_key(rest)), tuple(lengths))
        if context[0] not in self._templates:
            self._templates[context[0]] = _concrete(rest, state)
        tree = self._trees.get(context)
        if tree is None:
            tree = self._trees[context] = Tree(context)
        return _Result(probability, moved, tree, tuple(piles))


@dataclass(slots=True)
class _Result:
    """One successor as a function of the levels and known cards of the position played."""

    probability: Fraction
    moved: tuple[tuple[int, int], ...]
    """Each seat's next level: (seat, shift) from the old levels, or (-1, the level)."""
    tree: Tree | None = None
    """The tree of the successor's context (``None``: the game is over)."""
    piles: tuple[tuple[int, int, tuple[str, ...]], ...] = ()
    """Each pile of the successor's key: the pile it was in the old key (-1: none), the
    known cards drawn from its top, the cards put at its bottom."""
    winners: tuple[int, ...] = ()
    changes: tuple[tuple[int, int, int], ...] = field(init=False)
    """(seat, from seat, shift) for each level that is not the seat's own, unshifted."""

    def __post_init__(self) -> None:
        self.changes = tuple(
            (seat, source, shift)
            for seat, (source, shift) in enumerate(self.moved)
            if (source, shift) != (seat, 0)
        )

    def put_in(self, levels: tuple[int, ...], cards: Cards) -> tuple[Fraction, ChainState | Final]:
        """The successor of a position with these levels and known cards."""
        after = levels
        if self.changes:
            moved = list(levels)
            for seat, source, shift in self.changes:
                moved[seat] = levels[source] + shift if source >= 0 else shift
            after = tuple(moved)
        if self.tree is None:
            return (self.probability, Final(after, self.winners))
        piled = tuple(
            [
                (cards[slot][taken:] + put if taken or put else cards[slot]) if slot >= 0 else put
                for slot, taken, put in self.piles
            ]
        )
        return (self.probability, (self.tree, after, piled))


@dataclass(slots=True, eq=False)
class Tree:
    """What a context's positions answered: the next question and a node per answer, or the
    results (the root is a context's tree, each node the tree of the answers given)."""

    context: Context = ((None, ()), ())
    """At the root: (the key's rally context, each pile's name, unseen cards and length)."""
    condition: Condition | None = None
    children: dict[Hashable, Tree] = field(default_factory=dict)
    results: list[_Result] | None = None
    ends: list[Tree] | None = None
    """At the root: a tree per way the context's rally ends, in the order the engine plays them."""

    def file(self, path: list[tuple[Condition, Hashable]], results: list[_Result]) -> None:
        """Keep `results` under the answers of `path` (the engine asks alike: checked)."""
        node = self
        for condition, answer in path:
            if node.results is not None:
                raise PickletableError("the engine asked more of a position it settled before")
            if node.condition is None:
                node.condition = condition
            elif node.condition != condition:
                raise PickletableError(f"the engine asked {condition}, before {node.condition}")
            node = node.children.setdefault(answer, Tree())
        if node.condition is not None:
            raise PickletableError("the engine asked less of a position than before")
        node.results = results


def _laid(template: BoardState, key: PositionKey) -> BoardState:
    """A copy of `template` with the key's levels and piles (the rest of its key is alike)."""
    laid = template.clone()
    laid.skill = list(key[1])  # type: ignore[call-overload]
    piles = {name: (unseen, cards) for name, unseen, cards in key[2]}  # type: ignore[attr-defined]
    for name in laid.piles:
        if keyed_pile(laid.rules, name):
            unseen, cards = piles.get(name, ((), ()))
            laid.piles[name] = Pile(dict(unseen), list(cards))
    return laid


def _concrete(rest: BoardState, state: ChainState) -> BoardState:
    """A plain copy of a tracked position, as it is after the position `state` played."""
    _, levels, cards = state
    plain = rest.clone()
    plain.skill = [
        levels[seat] + shift if seat >= 0 else shift for seat, shift in shifts(rest.skill)
    ]
    for name, pile in rest.piles.items():
        if isinstance(pile, TrackedPile):
            known = cards[pile.slot][pile.taken :] if pile.slot >= 0 else ()
            plain.piles[name] = Pile(dict(pile.unseen), [*known, *pile.appended])
    return plain
