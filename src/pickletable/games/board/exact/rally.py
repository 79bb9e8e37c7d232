"""One rally of the dice-only game as a tiny Markov chain, solved in closed form.

Below the advanced level only the IN/OUT/ACE die matters: the HIT die is
rolled and shown but changes nothing. The sides hit in turn (server, receiver,
server, ... in singles; server, cross-court opponent, server's partner, that
opponent's partner in doubles), so the side of the k-th shot is the serving
side when k is odd. Each shot is IN with probability ``p_in`` (the ball goes on)
or ends the rally with ACE or OUT, read through the rules' table:

- serving side ACE, receiving side OUT: the server earns a point;
- serving side OUT, receiving side ACE: side out.

With S the chance of a point when the serving side is about to hit and R the
same when the receiving side is, ``S = p_ace + p_in R`` and ``R = p_out + p_in S``,
so ``S = (p_ace + p_in p_out) / (1 - p_in^2)``. The number of shots is
geometric: ``1 / (1 - p_in)`` on average.

>>> rally = solve_rally(Die.of(["in", "in", "in", "out", "out", "ace"]))
>>> rally.point, rally.side_out, rally.mean_shots
(Fraction(4, 9), Fraction(5, 9), Fraction(2, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pickletable.core.errors import PickletableError


@dataclass(frozen=True)
class Die:
    """The IN/OUT/ACE die as exact probabilities."""

    p_in: Fraction
    p_out: Fraction
    p_ace: Fraction

    @staticmethod
    def of(faces: Sequence[str]) -> Die:
        """From the faces listed in the content (one entry per face)."""
        n = len(faces)
        if n == 0:
            raise PickletableError("the IN/OUT/ACE die has no faces")
        count = {face: sum(1 for f in faces if f == face) for face in ("in", "out", "ace")}
        if count["in"] == n:
            raise PickletableError(
                "every face of the IN/OUT/ACE die is IN: a rally would never end"
            )
        return Die(Fraction(count["in"], n), Fraction(count["out"], n), Fraction(count["ace"], n))


@dataclass(frozen=True)
class Rally:
    """What one rally gives, whoever serves: a point for the server, or a side out."""

    point: Fraction
    side_out: Fraction
    mean_shots: Fraction

    @property
    def point_float(self) -> float:
        """The point probability as a float."""
        return float(self.point)


def solve_rally(die: Die) -> Rally:
    """The closed form of the rally chain (see the module docstring)."""
    stop = 1 - die.p_in * die.p_in
    point = (die.p_ace + die.p_in * die.p_out) / stop
    return Rally(point=point, side_out=1 - point, mean_shots=1 / (1 - die.p_in))
