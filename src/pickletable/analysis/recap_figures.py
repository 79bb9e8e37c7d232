"""Each game's part of a game's recap: its sides and scores, who opens a rally, per-seat figures.

`pickletable.analysis.recap` replays a game with the designer's lab
collector watching; the `Figures` of the game watch the same steps for what
a player wants to see after a game: per side, the score after every rally or
round; per seat, counts such as points won on serve, cards played, Dink
Shots laid down or twist cards used. A `Figures` reads only the events as a
spectator sees them (`Event.for_seat(None)`) and the public scores, so a
recap says nothing a spectator did not see during the game.
"""

from __future__ import annotations

from typing import Any

from pickletable.core.events import Event
from pickletable.core.state import GameState


class Figures:
    """The generic part: every seat its own side, the lead as its score, no own figures."""

    rally_word = "Rally"
    """What one stretch of play is called (Rally, Round)."""
    rallies_word = "Rallies"
    """The same, for more than one."""
    opener_word = "Served by"
    """Who opens a rally or round (its server or dealer), as a column heading."""
    score_word = "Lead"
    """What the scores count (level, points, tokens)."""
    digits = 0
    """Decimal places a score is shown with (a skill level has one)."""
    labels: tuple[tuple[str, str], ...] = ()
    """Each per-seat figure: its key and its label, in the order shown."""

    def __init__(self, state: GameState) -> None:
        self.seats = state.seats
        self.opener: int | None = None
        self.values: dict[int, dict[str, float]] = {
            seat: {key: 0.0 for key, _ in self.labels} for seat in self.seats
        }

    def sides(self, state: GameState) -> list[tuple[int, ...]]:
        """The seats that share one score, side by side."""
        return [(seat,) for seat in self.seats]

    def scores(self, state: GameState) -> list[float]:
        """Each side's score now, in the order of `sides`."""
        lead = state.lead()
        return [lead[side[0]] for side in self.sides(state)]

    def watch(self, state: GameState, event: Event) -> None:
        """One event as a spectator saw it (after the step that caused it)."""

    def add(self, seat: Any, key: str, amount: float = 1.0) -> None:
        """Add to one seat's figure (a seat this table does not have is ignored)."""
        row = self.values.get(int(seat)) if isinstance(seat, int) else None
        if row is not None:
            row[key] = row.get(key, 0.0) + amount


def figures_for(state: GameState) -> Figures:
    """The figures of a state's game (the generic ones for a game without its own)."""
    from pickletable.core.registry import find_kit

    kit = find_kit(state.game_id)
    return kit.lab().figures(state) if kit is not None else Figures(state)


def score_line(state: GameState) -> str:
    """``score``: each side's score now, as the end-of-game summary counts it (public facts).

    >>> from pickletable.core.registry import get_game
    >>> score_line(get_game("card").new_game(2))
    'Points: North 0, South 0'
    """
    figures = figures_for(state)
    sides = figures.sides(state)
    scores = figures.scores(state)
    shown = ", ".join(
        f"{' & '.join(state.seat_name(seat) for seat in side)} {score:.{figures.digits}f}"
        for side, score in zip(sides, scores, strict=True)
    )
    return f"{figures.score_word}: {shown}"
