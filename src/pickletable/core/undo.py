"""Taking back a move at a casual table: which steps go, and when it is too late.

A seat may take back its own last move while nothing has been revealed
since: no die rolled, no card drawn or dealt (a chance step, in a record
``"by": "chance"``). What goes is that move and every step after it (other
seats' moves, which a bot always agrees to undo and a person is asked
about). The position before it is rebuilt exactly by replaying the record
up to there, so the record stays one that replays (`core.records.replay`).

>>> steps = [{"by": "chance", "action": "deal"}, {"by": 0, "action": "discard 9"},
...          {"by": 1, "action": "take"}]
>>> take_back_from(steps, 0)
1
>>> take_back_from(steps + [{"by": "chance", "action": "draw 4"}], 0)
Traceback (most recent call last):
...
pickletable.core.undo.UndoRefused: too late to take that back: a card or a die was revealed since

In a game with hidden information another seat's move shows something of
what it holds (a card discarded or played, a card it chose to take), so
there the web table takes back only the asker's own moves
(`hidden_information`):

>>> try:
...     take_back_from(steps, 0, hidden_information=True)
... except UndoRefused as refused:
...     print(refused)
too late to take that back: another player has moved since (a move shows what they hold)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pickletable.core.errors import PickletableError


class UndoRefused(PickletableError):
    """An undo that the table cannot grant: nothing to take back, too late, or a rated table."""


RATED = "no undo at a rated table: every move stands"
HIDDEN_SINCE = (
    "too late to take that back: another player has moved since (a move shows what they hold)"
)


def take_back_from(
    steps: Sequence[Mapping[str, Any]], seat: int, *, hidden_information: bool = False
) -> int:
    """The index of `seat`'s last move: every step from there on is taken back.

    Raises `UndoRefused` when `seat` has no move yet, or when chance (a die, a
    drawn or dealt card) came up since that move or as its result; with
    `hidden_information`, also when another seat has moved since.
    """
    for index in range(len(steps) - 1, -1, -1):
        by = steps[index]["by"]
        if by == "chance":
            raise UndoRefused("too late to take that back: a card or a die was revealed since")
        if by == seat:
            return index
        if hidden_information:
            raise UndoRefused(HIDDEN_SINCE)
    raise UndoRefused("nothing of yours to take back yet")


def others_asked(steps: Sequence[Mapping[str, Any]], start: int, seat: int) -> set[int]:
    """The other seats whose moves the undo takes back too (they are asked to agree)."""
    return {step["by"] for step in steps[start:] if step["by"] not in (seat, "chance")}


def undo_note(seat: int, start: int, steps: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What a record's ``meta.undone`` keeps of one undo: who, where, and the moves taken back."""
    return {"seat": seat, "at": start, "moves": [step["action"] for step in steps[start:]]}
