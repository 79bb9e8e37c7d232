"""What is fixed for one board game: its content, options and derived tables, and its seating.

>>> hitting_order(1, (0, 1, 2, 3))
(1, 3, 0, 2)
>>> team_of(2)
1
"""

from __future__ import annotations

from dataclasses import dataclass

from pickletable.core.actions import Action
from pickletable.core.options import OptionValue
from pickletable.games.board.content import BoardContent


@dataclass(frozen=True)
class BoardConfig:
    """Everything fixed for one game: content, options and derived tables (shared by clones)."""

    content: BoardContent
    options: dict[str, OptionValue]
    seats: tuple[int, ...]
    level: str
    advanced: bool
    keep_serve: bool
    stanchion_rule: bool
    skill_counts_as_roll: bool
    target_spaces: int
    step: float
    starting_cards: int
    colour_of: tuple[str, ...]
    seat_of_colour: dict[str, int]
    outcome_die: tuple[tuple[Action, float], ...]
    hit_die: tuple[tuple[Action, float], ...]
    colour_die: tuple[tuple[Action, float], ...]
    hitting_orders: dict[int, tuple[int, ...]]
    """`hitting_order` for each server."""
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    """The seats on each side of the net (`team_of` 0 and 1)."""

    @staticmethod
    def build(
        content: BoardContent, options: dict[str, OptionValue], seats: tuple[int, ...]
    ) -> BoardConfig:
        """Derive the rules tables from content and checked options."""
        level = str(options["level"])
        serve_after = str(options["serve_after_point"])
        keep = serve_after == "keep" or (serve_after == "auto" and level == "advanced")
        return BoardConfig(
            content=content,
            options=dict(options),
            seats=seats,
            level=level,
            advanced=level == "advanced",
            keep_serve=keep,
            stanchion_rule=bool(options["stanchion_rule"]),
            skill_counts_as_roll=bool(options["skill_counts_as_roll"]),
            target_spaces=round(float(options["target"]) / float(options["step"])),
            step=float(options["step"]),
            starting_cards=int(options["starting_cards"]),
            colour_of=content.colours,
            seat_of_colour={content.colours[s]: s for s in seats},
            outcome_die=_die(content.outcome_faces),
            hit_die=_die(content.hit_faces),
            colour_die=tuple(
                (Action("roll", (content.colours[s],)), 1 / len(seats)) for s in seats
            ),
            hitting_orders={server: hitting_order(server, seats) for server in seats},
            sides=(
                tuple(s for s in seats if team_of(s) == 0),
                tuple(s for s in seats if team_of(s) == 1),
            ),
        )

    @property
    def doubles(self) -> bool:
        """True with four players."""
        return len(self.seats) == 4


def team_of(seat: int) -> int:
    """Seats 0 and 1 share a side of the net, seats 2 and 3 the other (singles: 0 v 2)."""
    return seat // 2


def hitting_order(server: int, seats: tuple[int, ...]) -> tuple[int, ...]:
    """Who hits in turn: singles alternate; doubles go server, cross-court, partners.

    >>> hitting_order(2, (0, 2))
    (2, 0)
    """
    if len(seats) == 2:
        return (server, seats[1] if server == seats[0] else seats[0])
    cross = (server + 2) % 4
    return (server, cross, server ^ 1, cross ^ 1)


def _die(faces: tuple[str, ...]) -> tuple[tuple[Action, float], ...]:
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return tuple((Action("roll", (face,)), n / len(faces)) for face, n in counts.items())
