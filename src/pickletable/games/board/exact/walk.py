"""Walking the engine: every chance outcome, the medium bot's choices, positions merged by key.

The exact analysis holds no rules of its own. From a position it asks the
engine what may happen next (`BoardState.chance_outcomes`, or the medium
bot's choice where a player decides: `fast_medium`), plays each on a clone
(`push`) and merges the positions reached by `position_key`.

Chance probabilities are the engine's floats; a die of n faces gives k/n, read
back here as that fraction (`exact`), so sums over outcomes stay exact.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> [(str(action), p) for p, action in next_moves(state)][:1]
[('draw dinkin-dana', Fraction(1, 14))]
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from pickletable.core.actions import Action
from pickletable.core.errors import PickletableError
from pickletable.core.state import CHANCE
from pickletable.games.board.bots.fast_medium import fast_medium
from pickletable.games.board.codes import Step
from pickletable.games.board.key import position_key
from pickletable.games.board.state import BoardState

DENOMINATOR_LIMIT = 10**6
"""The largest denominator a chance probability is read back with."""

POLICY = "move_opponent picks the opponent furthest ahead (the lower seat on a tie)"
"""How the medium bot (`fast_medium`), which decides for the players, picks a Play Card's
target (the one choice left below the advanced level, in doubles)."""


ONE = Fraction(1)
"""The probability of a move nobody draws for (the same object every time: cheap to skip)."""


@cache
def exact(probability: float) -> Fraction:
    """The fraction an engine probability stands for (k/n for a die or pile of n).

    >>> exact(1 / 3), exact(0.5)
    (Fraction(1, 3), Fraction(1, 2))
    """
    if probability == 1.0:
        return ONE  # a known card: the one outcome (kept as ONE, which `settle` skips)
    found = Fraction(probability).limit_denominator(DENOMINATOR_LIMIT)
    if abs(float(found) - probability) > 1e-15:
        raise PickletableError(f"chance probability {probability!r} is not a short fraction")
    return found


def next_moves(state: BoardState) -> list[tuple[Fraction, Action]]:
    """What may be played next, with its probability: chance's outcomes, or the bot's move."""
    if state.current_player == CHANCE:
        return [(exact(p), action) for action, p in state.chance_outcomes()]
    legal = state.legal_actions()
    if len(legal) == 1:
        return [(ONE, legal[0])]
    seat = state.current_player
    assert seat is not None
    return [(ONE, fast_medium(state, seat))]


def is_rest(state: BoardState) -> bool:
    """A position the analysis stops at: a rally about to be served, or the end."""
    return state.step == Step.SERVE or state.outcome is not None


def settle(state: BoardState, probability: Fraction) -> list[tuple[Fraction, BoardState]]:
    """Play on from `state` (which it may change) to the next rests, with their probabilities."""
    reached: list[tuple[Fraction, BoardState]] = []
    pending = [(probability, state)]
    while pending:
        p, current = pending.pop()
        while not is_rest(current):
            moves = next_moves(current)
            if len(moves) > 1:
                for q, action in moves:
                    branch = current.clone()
                    branch.push(action)
                    pending.append((p * q, branch))
                break
            q, action = moves[0]
            current.push(action)
            if q is not ONE:
                p *= q
        else:
            reached.append((p, current))
    return reached


def rests_from(state: BoardState) -> list[tuple[Fraction, BoardState]]:
    """`settle`, merging positions by key on the way (for the deal: many orders, one table)."""
    reached: dict[object, tuple[Fraction, BoardState]] = {}
    frontier: dict[object, tuple[Fraction, BoardState]] = {
        position_key(state): (Fraction(1), state)
    }
    while frontier:
        following: dict[object, tuple[Fraction, BoardState]] = {}
        for key, (p, current) in frontier.items():
            if is_rest(current):
                q, kept = reached.get(key, (Fraction(0), current))
                reached[key] = (q + p, kept)
                continue
            for q, action in next_moves(current):
                branch = current.clone()
                branch.push(action)
                after = position_key(branch)
                r, kept = following.get(after, (Fraction(0), branch))
                following[after] = (r + p * q, kept)
        frontier = following
    return list(reached.values())
