"""Value-based drama, after Ludii: how uncertain a game stays, read from a win-chance model.

A game's kit gives a quick model of each seat's chance of winning from the
true state (`pickletable.bots.win_odds.WinModel`: exact values, a fitted
model or a table), read after each rally or round. Along one game this gives
the chances ``p_t(s)`` of every side ``s`` at the checkpoints ``t = 0..T``,
the last being the end (the winner's chance 1). With ``k`` sides (the seats
whose chances agree all along: partners), ``w`` the winner and
``v_t = p_t(w)``:

- **uncertainty**: the mean over the checkpoints before the end of
  ``(1 - max_s p_t(s)) / (1 - 1/k)``: 1 while every side is as likely to win,
  0 once one is sure to;
- **lead stability**: over the checkpoints with a favourite (the side with
  the highest chance; ties skipped), end included, the share of consecutive
  ones whose favourite is the same (1 with fewer than two);
- **decisiveness**: the share of the game's steps played before the
  winner's chance rose above 0.9 for good (``v_t > 0.9`` from then to the
  end): small when a game is settled early;
- **biggest swing**: the largest change of any side's chance from one
  checkpoint to the next (end included).

Each figure is one value per game, kept in the game's summary as a sample
``drama:<name>``; the study reports the mean over games with a normal 95%
interval (the games are independent).

>>> trace = [(0, {0: 0.5, 1: 0.5}), (10, {0: 0.8, 1: 0.2}), (20, {0: 0.95, 1: 0.05})]
>>> figures = game_drama(trace, 30, (0,))
>>> figures["uncertainty"], figures["lead_stability"], figures["decisiveness"]
(0.5, 1.0, 0.6666666666666666)
>>> round(figures["biggest_swing"], 2)
0.3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Trace = Sequence[tuple[int, dict[int, float]]]
"""(steps played, each seat's chance) at each checkpoint of one game, in order."""
PREFIX = "drama"
DECIDED = 0.9
"""The winner's chance that, held to the end, counts as the game decided."""


@dataclass(frozen=True)
class DramaMetric:
    """One drama figure: its name, a one-line definition and its range."""

    name: str
    definition: str
    range: str


DRAMA: tuple[DramaMetric, ...] = (
    DramaMetric(
        "uncertainty",
        "mean over the game's checkpoints of 1 - the favourite's chance, scaled so that "
        "even chances give 1",
        "0-1 (1: open to the end)",
    ),
    DramaMetric(
        "lead_stability",
        "share of consecutive checkpoints whose favourite (highest chance) stays the same, "
        "ties skipped",
        "0-1 (1: one favourite throughout)",
    ),
    DramaMetric(
        "decisiveness",
        f"share of the game's steps played before the winner's chance rose above "
        f"{DECIDED:.0%} for good",
        "0-1 (0: decided at once)",
    ),
    DramaMetric(
        "biggest_swing",
        "largest change of a side's chance from one checkpoint to the next",
        "0-1",
    ),
)
"""Every drama figure, in the order reports show them."""


def game_drama(trace: Trace, steps: int, winners: Sequence[int]) -> dict[str, float]:
    """The drama figures of one finished game from its model's checkpoints (see the module
    docstring); an empty dict for a game without a winner or a checkpoint."""
    if not winners or not trace or not steps:
        return {}
    seats = list(trace[0][1])
    winner = winners[0]
    points = [*trace, (steps, {seat: float(seat in winners) for seat in seats})]
    sides = _sides(points, seats)
    spread = 1 - 1 / len(sides)
    uncertainty = swing = 0.0
    stable = pairs = 0
    favourite: tuple[int, ...] | None = None
    earlier: dict[int, float] | None = None
    for number, (_, chances) in enumerate(points):  # one pass: a study reads every game
        best = max(chances.values())
        if number < len(trace):
            uncertainty += (1 - best) / spread
        leaders = [side for side in sides if chances[side[0]] == best]
        if len(leaders) == 1:  # else a tie between sides: skipped
            if favourite is not None:
                pairs += 1
                stable += leaders[0] == favourite
            favourite = leaders[0]
        if earlier is not None:
            for seat in seats:
                change = abs(chances[seat] - earlier[seat])
                if change > swing:
                    swing = change
        earlier = chances
    decided_at = steps
    for at, chances in reversed(points):
        if chances[winner] <= DECIDED:
            break
        decided_at = at
    return {
        "uncertainty": uncertainty / len(trace),
        "lead_stability": stable / pairs if pairs else 1.0,
        "decisiveness": decided_at / steps,
        "biggest_swing": swing,
    }


def _sides(points: Trace, seats: Sequence[int]) -> list[tuple[int, ...]]:
    """The sides, as the seats whose chances agree at every checkpoint (partners share
    theirs; the end sets the winners apart from the rest). Two losing sides whose chances
    agree all along count as one: a game that short has little drama to tell."""
    by_course: dict[tuple[float, ...], list[int]] = {}
    for seat in seats:
        by_course.setdefault(tuple(chances[seat] for _, chances in points), []).append(seat)
    return [tuple(side) for side in by_course.values()]
