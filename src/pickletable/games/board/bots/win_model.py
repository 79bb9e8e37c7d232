"""The board game's win-chance model for the lab's drama figures: exact, or the value model.

- **Beginner** (every rally alike, no decision): the exact chance of winning
  from every position at a serve. The chain of the exact analysis
  (`pickletable.games.board.exact.solver.build_graph`, the engine's own
  rallies) is built once per variant, and each position's value is the
  chance that the chain ends in one of the seat's side's final positions,
  solved backwards by value iteration (to 1e-12) in floats: the chain of
  the serves that follow the first position it is asked about.
- **Advanced singles on a 10-space track**: the `hard` bot's fitted value
  model (`pickletable.games.board.bots.value`), read at every serve.
- Elsewhere (intermediate, whose chain is one per Play pile order: coaching
  averages sampled orders, `exact_chance`, too slow for every game a study
  plays; advanced doubles; the stanchion rule, a decision at each serve)
  there is no model, and the drama figures are left out.

`ExactValues` is also the chain coaching's live figure reads (`exact_chance`).

>>> from pickletable.games.board import GAME
>>> model = win_model(GAME.new_game(2, {"level": "beginner"}))
>>> model.method.split(":")[0]
'exact'
>>> win_model(GAME.new_game(2, {"level": "intermediate"})) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pickletable.bots.win_odds import WinChance, WinModel
from pickletable.core.state import GameState
from pickletable.games.board.bots import value
from pickletable.games.board.codes import Step
from pickletable.games.board.key import PositionKey, position_key
from pickletable.games.board.state import BoardState

if TYPE_CHECKING:
    from pickletable.games.board.exact.transitions import Transitions

READ_AFTER = frozenset({"to_serve"})
"""The model is read at each serve: after the event that hands the ball to the server."""
EXACT = (
    "exact: the chance of winning from each position at a serve, solved backwards over the "
    "exact analysis's chain of the variant"
)
VALUE = "value model: the hard bot's logistic fit of the chance from the track and the hands"
TOLERANCE = 1e-12
VARIANTS_KEPT = 8


def win_model(state: GameState) -> WinModel | None:
    """The model of `state`'s variant (see the module docstring), None where there is none."""
    assert isinstance(state, BoardState)
    rules = state.rules
    if rules.level == "beginner" and not rules.stanchion_rule:
        values = exact_values(state)
        return WinModel(EXACT, READ_AFTER, values.played_chance)
    if value.applies(state):
        return WinModel(VALUE, READ_AFTER, _value_chance)
    return None


class ExactValues:
    """Each seat's exact chance of winning from every position at a serve of one variant."""

    def __init__(
        self,
        starts: Sequence[BoardState],
        transitions: Transitions | None = None,
        seats: Sequence[int] = (),
    ) -> None:
        """The chain of the positions at a serve reachable from `starts` (at a serve)."""
        from pickletable.games.board.exact.solver import build_graph
        from pickletable.games.board.exact.transitions import Transitions

        self.transitions = transitions or Transitions()
        graph = build_graph(starts, self.transitions)
        self.index = {key: number for number, key in enumerate(graph.keys)}
        self.seats = tuple(seats or starts[0].seats)
        self.values: dict[int, np.ndarray] = {}
        first_wins: list[bool] = []
        for seat in self.seats:
            wins = [seat in won for won in graph.winners]
            if self.values and wins == [not w for w in first_wins]:
                self.values[seat] = 1.0 - self.values[self.seats[0]]  # the other side
            elif self.values and wins == first_wins:
                self.values[seat] = self.values[self.seats[0]]  # the first seat's partner
            else:
                self.values[seat] = _solve(graph.edges, wins)
                first_wins = wins
        self.known: dict[PositionKey, WinChance | None] = {}
        """Each position's chances by its key, once looked up (a key costs less than the
        chain's own look-up, and a game comes back to the same positions)."""
        self.at_serve: dict[tuple[object, ...], WinChance | None] = {}
        """The same by `serve_key` (`played_chance`), which a study reads about 40 times a game:
        at a beginner serve of a game played from its start the levels, the server, the order
        and the stanchion are all that can differ (nothing is dealt or drawn once play
        starts)."""

    def holds(self, state: BoardState) -> bool:
        """Whether the chain holds `state`'s position (at a serve; an end always)."""
        return (
            state.outcome is not None
            or state.step != Step.SERVE
            or self.transitions.state(state) in self.index
        )

    def chance(self, state: GameState) -> WinChance | None:
        """Each seat's chance at a serve (1 or 0 once the game is over; None elsewhere)."""
        assert isinstance(state, BoardState)
        outcome = state.outcome
        if outcome is not None:
            return {seat: float(seat in outcome.winners) for seat in self.seats}
        if state.step != _SERVE:
            return None
        key = position_key(state)
        if key in self.known:
            return self.known[key]
        number = self.index.get(self.transitions.state(state))
        found = (
            None
            if number is None
            else {seat: float(self.values[seat][number]) for seat in self.seats}
        )
        self.known[key] = found
        return found

    def played_chance(self, state: GameState) -> WinChance | None:
        """`chance` for a position played from a new game (a study's), found by its
        `serve_key`: the same figures, for a twentieth of the key's cost. Not for a position
        set up by hand (a scenario), which `serve_key` may not tell apart."""
        assert isinstance(state, BoardState)
        if state.outcome is not None or state.step != _SERVE:
            return self.chance(state)
        short = serve_key(state)
        found = self.at_serve.get(short, _UNKNOWN)
        if found is _UNKNOWN:
            found = self.at_serve[short] = self.chance(state)
        return found  # type: ignore[return-value]


def serve_key(state: BoardState) -> tuple[object, ...]:
    """What can tell two positions at a beginner serve of one variant's games apart: the
    levels, the server, the serving order and the stanchion (`tests/analysis/test_drama.py`
    checks that it decides `position_key` there)."""
    return (tuple(state.skill), state.server, state.order, state.stanchion)


_SERVE = Step.SERVE
_UNKNOWN = object()


def _solve(edges: list[list[tuple[int, Fraction]]], wins: list[bool]) -> np.ndarray:
    """Value iteration: each state's chance of reaching a final position where `wins`
    (to `TOLERANCE`; sparse sweeps: a dense solve would be BLAS's, threads and all)."""
    sources, targets, weights, reward = [], [], [], np.zeros(len(edges))
    for source, out in enumerate(edges):
        for target, probability in out:
            if target >= 0:
                sources.append(source)
                targets.append(target)
                weights.append(float(probability))
            elif wins[-1 - target]:
                reward[source] += float(probability)
    source_of = np.array(sources, dtype=np.int64)
    target_of = np.array(targets, dtype=np.int64)
    weight = np.array(weights)
    values = reward.copy()
    for _ in range(100_000):
        following = reward + np.bincount(
            source_of, weights=weight * values[target_of], minlength=len(edges)
        )
        if float(np.max(np.abs(following - values), initial=0.0)) < TOLERANCE:
            return following
        values = following
    return values


def variant_key(state: BoardState) -> tuple[object, ...]:
    """What tells a variant's chains apart: the seats, the options, the dice and the Play
    Cards' effects (content given as an object, not named by the options, differs there)."""
    rules = state.rules
    cards = _play_cards.get(id(rules.content))
    if cards is None or cards[0] is not rules.content:
        cards = _play_cards[id(rules.content)] = (
            rules.content,
            repr(sorted(rules.content.play_cards.items())),
        )
        while len(_play_cards) > VARIANTS_KEPT:
            del _play_cards[next(iter(_play_cards))]
    options = repr(sorted(rules.options.items()))
    return (rules.seats, options, rules.outcome_die, rules.hit_die, cards[1])


_play_cards: dict[int, tuple[object, str]] = {}
"""Each content's Play Cards as text, by the content's identity (kept with it)."""


_kept: dict[tuple[object, ...], ExactValues] = {}


def kept_variants() -> set[tuple[object, ...]]:
    """The variants whose chains are built (`variant_key`)."""
    return set(_kept)


def exact_values(state: BoardState, starts: Sequence[BoardState] = ()) -> ExactValues:
    """The chain of `state`'s variant from `starts` (positions at a serve; by default the
    first serves that follow `state`, before any rally), built once per process (the latest
    `VARIANTS_KEPT`), and again if it lacks one of `starts` (a table it has not met)."""
    from pickletable.games.board.exact.walk import rests_from

    key = variant_key(state)
    found = _kept.pop(key, None)
    if not starts and found is None:
        starts = [rest for _, rest in rests_from(state.clone()) if rest.outcome is None]
    if found is None or not all(found.holds(start) for start in starts):
        found = ExactValues(starts or [state])
    _kept[key] = found
    while len(_kept) > VARIANTS_KEPT:
        del _kept[next(iter(_kept))]
    return found


def _value_chance(state: GameState) -> WinChance | None:
    assert isinstance(state, BoardState)
    if state.outcome is None and state.step != Step.SERVE:
        return None
    return value.chances(state)
