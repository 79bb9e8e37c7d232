"""The board game's live win chance where the exact analysis gives it: coaching's figure.

Below the advanced level (and without the stanchion rule) dice and cards
decide everything, and a position's chance is worked out, not sampled:

- **At a serve**, the value of the position in the exact analysis's chain
  (`win_model.ExactValues`: the chain of `exact.solver.build_graph`, each
  position's chance of ending where the seat's side wins, solved backwards).
- **Between serves** (inside a rally, a Play Card being drawn, before the
  first serve), the chance of each next serve or end reached from the
  position (`next_rests`: the engine walked move by move, positions merged by
  key, the ball going round solved as a small linear system), each valued as
  above and added up.
- **Beginner** (singles and doubles): one chain per variant, built once
  (cached per options and content), every value exact to 1e-12.
- **Intermediate singles**: the Play pile is face down, so the seat knows
  its unseen cards but not their order, and the exact chain is one per
  order (`docs/exact-analysis.md`). The figure is the mean over `ORDERS`
  orders of the unseen cards drawn from `ORDER_SEED` (the known cards put
  under the pile stay where they are), each order's chain exact: for the
  first serve, the same orders as ``pickletable analyze --orders N --seed 0``
  and the same figure. Its error is that of the mean over sampled orders
  (`Estimate.spread`): a standard error of 0.002 at the first serve, of 0.004
  (median) to 0.007 at the serves of a seeded game.
- **Intermediate doubles**: a chain of 680,000 positions per order (some
  13 s each): too slow for a live table, so `chance` gives None there and
  the rollouts answer (`pickletable.bots.win_odds`).

**Cost** (CPU, docs/coaching.md). A chain is built once and kept: per
variant at beginner (0.02 s singles, 0.65 s doubles), per Play pile view at
intermediate (the `ORDERS` chains of the orders, 0.4 to 0.5 s; a side out
leaves the view as it was, a point draws a card and makes a new one). A live table must not wait
for one (``wait=False``): a figure whose chain is not kept yet gives None
while one background thread builds it, and the table shows the rollouts'
figure meanwhile; once built, a figure costs milliseconds.

Nothing is hidden below the advanced level (the Play pile has no hidden
order: `core/piles.py`), and the figure is worked out from
``state.resample(seat)``: a state drawn from the seat's observation alone.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})  # before the deal: either may serve
>>> chances = chance(state, 0)
>>> round(chances[0], 4), round(chances[0] + chances[2], 9)
(0.5, 1.0)
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from pickletable.bots.win_odds import WinChance
from pickletable.core.piles import Pile
from pickletable.core.state import GameState
from pickletable.games.board.bots.win_model import (
    ExactValues,
    exact_values,
    kept_variants,
    variant_key,
)
from pickletable.games.board.exact.transitions import Transitions
from pickletable.games.board.exact.walk import is_rest, next_moves
from pickletable.games.board.key import PositionKey, position_key
from pickletable.games.board.state import BoardState

ORDERS = 32
"""Sampled Play pile orders per figure at intermediate (each order's chain solved exactly)."""
ORDER_SEED = 0
"""The orders' seed (the exact analysis's default): one position always gets one figure."""
WALK_LIMIT = 2_000
"""Positions walked between serves at most (a rally has a few dozen): past it, no figure."""
BUSY_WAIT = 0.05
"""Seconds a live table waits for the chains while the background builds one (then rolls out)."""
VIEWS_KEPT = 16
"""Play pile views whose orders' chains are kept (the latest used)."""
PILE = "play"
log = logging.getLogger(__name__)


def covers(state: GameState) -> bool:
    """Whether `chance` gives a figure for tables of this variant (see the module docstring)."""
    if not isinstance(state, BoardState):
        return False
    rules = state.rules
    if rules.advanced or rules.stanchion_rule:
        return False
    return not _has_play_cards(state) or len(rules.seats) == 2


def chance(state: GameState, seat: int | None, *, wait: bool = True) -> WinChance | None:
    """Each seat's chance of its side winning, as `seat` sees it (None: the public view, the
    same below the advanced level), exact or order-averaged; None where not covered, or
    (``wait=False``) while its chain is built in the background."""
    found = estimate(state, seat, wait=wait)
    return None if found is None else found.chances


def estimate(state: GameState, seat: int | None, *, wait: bool = True) -> Estimate | None:
    """`chance` with its error (`Estimate.spread`)."""
    if not covers(state):
        return None
    assert isinstance(state, BoardState)
    view = state.resample(seat, random.Random(ORDER_SEED))
    outcome = view.outcome
    if outcome is not None:
        return Estimate({each: float(each in outcome.winners) for each in view.seats})
    if wait:
        _lock.acquire()
    elif not _lock.acquire(timeout=BUSY_WAIT):
        return None  # the background thread is building another chain: ask again later
    try:
        if not wait and not _kept(view):
            _background.ask(view)
            return None
        return orders_estimate(view) if _has_play_cards(view) else _exact(view)
    finally:
        _lock.release()


@dataclass(frozen=True)
class Estimate:
    """A figure and its error: exact (no spread), or a mean over Play pile orders."""

    chances: WinChance
    spread: float = 0.0
    """The standard error of the mean over orders (0: exact)."""
    orders: int = 0


def next_rests(position: BoardState) -> list[tuple[float, BoardState]] | None:
    """Each next serve (or end) from `position`, with its chance; None past `WALK_LIMIT`.

    The engine is walked (chance's outcomes, the medium bot's choices as in
    the exact analysis), positions merged by key; the loops of a rally are
    solved as one linear system: the expected visits ``x = e0 (I - Q)^-1``.
    """
    if is_rest(position):
        return [(1.0, position)]
    index = {position_key(position): 0}
    states = [position]
    inner: list[tuple[int, int, float]] = []
    ends: list[tuple[int, int, float]] = []
    rests: list[BoardState] = []
    rest_index: dict[object, int] = {}
    i = 0
    while i < len(states):
        for p, action in next_moves(states[i]):
            after = states[i].clone()
            after.push(action)
            key = position_key(after)
            if is_rest(after):
                k = rest_index.setdefault(key, len(rests))
                if k == len(rests):
                    rests.append(after)
                ends.append((i, k, float(p)))
                continue
            j = index.setdefault(key, len(states))
            if j == len(states):
                if j >= WALK_LIMIT:
                    return None
                states.append(after)
            inner.append((i, j, float(p)))
        i += 1
    n = len(states)
    moving = np.eye(n)
    for source, target, weight in inner:
        moving[source, target] -= weight
    start = np.zeros(n)
    start[0] = 1.0
    visits = np.linalg.solve(moving.T, start)
    reached = np.zeros(len(rests))
    for source, k, weight in ends:
        reached[k] += visits[source] * weight
    return [(float(reached[k]), rest) for k, rest in enumerate(rests)]


def _exact(view: BoardState) -> Estimate | None:
    rests = next_rests(view)
    if rests is None:
        return None
    starts = [rest for _, rest in rests if rest.outcome is None]
    return _valued(rests, exact_values(view, starts), view.seats)


def orders_estimate(view: BoardState) -> Estimate | None:
    """The mean over `ORDERS` sampled Play pile orders of each order's exact chance."""
    chains = _order_chains(view)
    found = None if chains is None else _mean(chains, view)
    if found is None and chains is not None:  # a position the chains have not met
        chains = _order_chains(view, rebuild=True)
        found = None if chains is None else _mean(chains, view)
    return found


def _mean(chains: _OrderChains, view: BoardState) -> Estimate | None:
    key = position_key(view)
    if key in chains.figures:
        return chains.figures[key]
    figures = []
    for order, values in chains.values:
        rests = next_rests(_laid(view, order))
        found = None if rests is None else _valued(rests, values, view.seats)
        if found is None:
            return None
        figures.append(found.chances)
    summed = chains.figures[key] = _summed(figures, view.seats)
    return summed


def _summed(figures: list[WinChance], seats: Sequence[int]) -> Estimate:
    count = len(figures)
    chances = {seat: sum(figure[seat] for figure in figures) / count for seat in seats}
    first = seats[0]
    deviation = float(np.std([figure[first] for figure in figures], ddof=1)) if count > 1 else 0.0
    return Estimate(chances, deviation / count**0.5, count)


def _valued(
    rests: list[tuple[float, BoardState]], values: ExactValues, seats: Sequence[int]
) -> Estimate | None:
    total = dict.fromkeys(seats, 0.0)
    for p, rest in rests:
        found = values.chance(rest)
        if found is None:
            return None
        for seat in seats:
            total[seat] += p * found[seat]
    return Estimate(total)


def _kept(view: BoardState) -> bool:
    """Whether the chains `view`'s figure reads are built (a look-up, no building; the
    caller holds `_lock`)."""
    if _has_play_cards(view):
        return _view_key(view) in _views
    return variant_key(view) in kept_variants()


class _Background:
    """One daemon thread that builds the chains asked for, the latest ask first."""

    def __init__(self) -> None:
        self.asked: dict[tuple[object, ...], BoardState] = {}
        self.wake = threading.Condition()
        self.thread: threading.Thread | None = None

    def ask(self, view: BoardState) -> None:
        key = _view_key(view) if _has_play_cards(view) else variant_key(view)
        with self.wake:
            self.asked.pop(key, None)
            self.asked[key] = view
            while len(self.asked) > VIEWS_KEPT:
                del self.asked[next(iter(self.asked))]
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, name="board exact chance")
                self.thread.daemon = True
                self.thread.start()
            self.wake.notify()

    def run(self) -> None:
        while True:
            with self.wake:
                while not self.asked:
                    self.wake.wait()
                key = next(reversed(self.asked))
                view = self.asked.pop(key)
            try:
                with _lock:
                    if _has_play_cards(view):
                        _order_chains(view)
                    else:
                        _exact(view)
            except Exception:  # this thread must live on: every later ask waits for it
                log.exception("building the board game's exact chain failed")

    def idle(self, timeout: float) -> bool:
        """Wait until nothing is asked or being built (for tests); False on the timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.wake:
                asked = bool(self.asked)
            if not asked and _lock.acquire(timeout=0.05):
                _lock.release()
                with self.wake:
                    if not self.asked:
                        return True
            time.sleep(0.01)
        return False


_lock = threading.RLock()
"""Held while a chain is built or read (the chains and `Transitions` are shared)."""
_background = _Background()


def _has_play_cards(state: BoardState) -> bool:
    pile = state.piles.get(PILE)
    return pile is not None and len(pile) > 0


# --- the chains, cached --------------------------------------------------------------
@dataclass
class _OrderChains:
    """The sampled orders of one Play pile view and each order's values."""

    values: list[tuple[tuple[str, ...], ExactValues]]
    figures: dict[PositionKey, Estimate] = field(default_factory=dict)
    """The figure of each position asked about, by its key (a game comes back to them)."""


_views: dict[tuple[object, ...], _OrderChains] = {}
_transitions: dict[tuple[object, ...], Transitions] = {}


def _order_chains(view: BoardState, rebuild: bool = False) -> _OrderChains | None:
    """The orders of the view's Play pile and their chains, built from the view's next
    serves (kept per variant and pile view: a side out leaves the pile as it was)."""
    pile = view.piles[PILE]
    variant = variant_key(view)
    key = _view_key(view)
    found = None if rebuild else _views.pop(key, None)
    if found is None:
        transitions = _transitions.setdefault(variant, Transitions())
        while len(_transitions) > VIEWS_KEPT:
            del _transitions[next(iter(_transitions))]
        values = []
        for order in sampled_orders(pile):
            rests = next_rests(_laid(view, order))
            if rests is None:
                return None
            starts = [rest for _, rest in rests if rest.outcome is None]
            values.append((order, ExactValues(starts or [view], transitions, view.seats)))
        found = _OrderChains(values)
    _views[key] = found
    while len(_views) > VIEWS_KEPT:
        del _views[next(iter(_views))]
    return found


def _view_key(view: BoardState) -> tuple[object, ...]:
    """A Play pile view of a variant: its unseen cards and its known ones, in order."""
    pile = view.piles[PILE]
    return (variant_key(view), tuple(pile.unseen.items()), tuple(pile.known))


def sampled_orders(
    pile: Pile, orders: int = ORDERS, seed: int = ORDER_SEED
) -> list[tuple[str, ...]]:
    """`orders` orders of the pile: its unseen cards shuffled (as the exact analysis shuffles
    its deck, `exact.analysis.analyse`), then its known cards as they lie."""
    rng = random.Random(seed)
    cards = [card for card, copies in pile.unseen.items() for _ in range(copies)]
    found = []
    for _ in range(orders):
        rng.shuffle(cards)
        found.append((*cards, *pile.known))
    return found


def _laid(view: BoardState, order: Sequence[str]) -> BoardState:
    """A copy of `view` whose Play pile is `order`, top first, every card known."""
    laid = view.clone()
    laid.piles[PILE] = Pile({}, list(order))
    return laid
