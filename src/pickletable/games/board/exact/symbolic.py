"""Skill levels and pile cards the engine reads as questions: what a step depended on.

A *tracked* position holds, instead of the skill levels, `Level` values
("seat 2's level plus 1") and, instead of the face-down piles' known cards,
`TrackedPile` objects. The engine plays it as any other position; whenever
one of its rules compares a level (``level >= target``, ``min(level + 1,
target)``, the medium bot ranking two opponents) or reads a pile's next
card, the question is answered from the concrete position being followed
and written down (`Recorder.path`). Whatever the engine did depends only on
those answers: another position with the same answers is played exactly
alike, so its result is this one's with its own levels and cards put in
(`pickletable.games.board.exact.transitions` keeps the results by answers).

A use the tracking cannot follow (a level hashed, turned into a number, two
levels added) asks for the level itself (`Exactly`): still exact, only
shared by fewer positions. A level scaled by the track's step (``level_of``,
read only for events and final scores) stays lazy (`Scaled`).

>>> recorder = Recorder((3, 0, 9, 0), [("sweet-spot",)])
>>> level = Level(2, 0, recorder)  # seat 2, at 9 spaces
>>> level + 1 >= 10
True
>>> min(level + 1, 10)  # the engine's point: one space up, at most to the target
Level(2, +1)
>>> TrackedPile("play", 0, {}, 1, recorder).draw_outcomes()
[('sweet-spot', 1.0)]
>>> [(str(condition), answer) for condition, answer in recorder.path]
[('level[2] >= 9', True), ('level[2] > 9', False), ('play[0]', 'sweet-spot')]
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Final, SupportsIndex

from pickletable.core.errors import PickletableError
from pickletable.core.piles import Pile

Known = Sequence[tuple[str, ...]]
"""The known cards of each pile the key holds, top first (the position followed)."""

_SYMBOLS: Final[dict[Callable[[Any, Any], bool], str]] = {
    operator.lt: "<",
    operator.le: "<=",
    operator.gt: ">",
    operator.ge: ">=",
    operator.eq: "==",
    operator.ne: "!=",
}


# --- the questions ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Compare:
    """``level[seat] OP bound``."""

    seat: int
    op: Callable[[Any, Any], bool]
    bound: int

    def answer(self, levels: Sequence[int], known: Known) -> Hashable:
        """The answer for a position with these levels and cards."""
        return self.op(levels[self.seat], self.bound)

    def __str__(self) -> str:
        return f"level[{self.seat}] {_SYMBOLS[self.op]} {self.bound}"


@dataclass(frozen=True, slots=True)
class CompareSeats:
    """``level[seat] OP level[other] + shift``."""

    seat: int
    op: Callable[[Any, Any], bool]
    other: int
    shift: int

    def answer(self, levels: Sequence[int], known: Known) -> Hashable:
        """The answer for a position with these levels and cards."""
        return self.op(levels[self.seat], levels[self.other] + self.shift)

    def __str__(self) -> str:
        return f"level[{self.seat}] {_SYMBOLS[self.op]} level[{self.other}] + {self.shift}"


@dataclass(frozen=True, slots=True)
class Exactly:
    """``level[seat]`` itself."""

    seat: int

    def answer(self, levels: Sequence[int], known: Known) -> Hashable:
        """The answer for a position with these levels and cards."""
        return levels[self.seat]

    def __str__(self) -> str:
        return f"level[{self.seat}]"


@dataclass(frozen=True, slots=True)
class KnownCard:
    """The `index`-th known card (top first) of pile `name`, the key's `slot`-th pile."""

    name: str
    slot: int
    index: int

    def answer(self, levels: Sequence[int], known: Known) -> Hashable:
        """The answer for a position with these levels and cards."""
        return known[self.slot][self.index]

    def __str__(self) -> str:
        return f"{self.name}[{self.index}]"


Condition = Compare | CompareSeats | Exactly | KnownCard


class Recorder:
    """Answers the questions from one concrete position and keeps them in order."""

    def __init__(self, levels: Sequence[int], known: Known) -> None:
        self.levels = levels
        self.known = known
        self.path: list[tuple[Condition, Hashable]] = []

    def ask(self, condition: Condition) -> Any:
        """The answer to `condition` (written down)."""
        answer = condition.answer(self.levels, self.known)
        self.path.append((condition, answer))
        return answer


# --- levels -----------------------------------------------------------------------
class Level:
    """A seat's skill level plus a shift, as the engine's rules see it (see the module doc)."""

    __slots__ = ("recorder", "seat", "shift")

    def __init__(self, seat: int, shift: int, recorder: Recorder) -> None:
        self.seat = seat
        self.shift = shift
        self.recorder = recorder

    def value(self) -> int:
        """The level itself (asked: the answer depends on it)."""
        return int(self.recorder.ask(Exactly(self.seat))) + self.shift

    def __add__(self, other: object) -> Any:
        if type(other) is int:
            return Level(self.seat, self.shift + other, self.recorder)
        return self.value() + _plain(other)

    __radd__ = __add__

    def __sub__(self, other: object) -> Any:
        if type(other) is int:
            return Level(self.seat, self.shift - other, self.recorder)
        return self.value() - _plain(other)

    def __rsub__(self, other: object) -> Any:
        return _plain(other) - self.value()

    def __mul__(self, other: object) -> Any:
        if type(other) is float:
            return Scaled(self, other)
        return self.value() * _plain(other)

    __rmul__ = __mul__

    def __neg__(self) -> int:
        return -self.value()

    def _compare(self, op: Callable[[Any, Any], bool], other: object) -> bool:
        if type(other) is int:
            return bool(self.recorder.ask(Compare(self.seat, op, other - self.shift)))
        if isinstance(other, Level):
            shift = other.shift - self.shift
            return bool(self.recorder.ask(CompareSeats(self.seat, op, other.seat, shift)))
        return op(self.value(), _plain(other))

    def __lt__(self, other: object) -> bool:
        return self._compare(operator.lt, other)

    def __le__(self, other: object) -> bool:
        return self._compare(operator.le, other)

    def __gt__(self, other: object) -> bool:
        return self._compare(operator.gt, other)

    def __ge__(self, other: object) -> bool:
        return self._compare(operator.ge, other)

    def __eq__(self, other: object) -> bool:
        return self._compare(operator.eq, other)

    def __ne__(self, other: object) -> bool:
        return self._compare(operator.ne, other)

    def __hash__(self) -> int:
        return hash(self.value())

    def __bool__(self) -> bool:
        return self.value() != 0

    def __int__(self) -> int:
        return self.value()

    def __index__(self) -> int:
        return self.value()

    def __float__(self) -> float:
        return float(self.value())

    def __round__(self, ndigits: SupportsIndex | None = None) -> int:
        return self.value()

    def __repr__(self) -> str:
        return f"Level({self.seat}, {self.shift:+d})"


class Scaled:
    """A level times the track's step, not yet read (events and final scores only)."""

    __slots__ = ("factor", "level")

    def __init__(self, level: Level, factor: float) -> None:
        self.level = level
        self.factor = factor

    def __round__(self, ndigits: SupportsIndex | None = None) -> Scaled:
        return self  # `level_of` rounds what it scales: left lazy too

    def __repr__(self) -> str:
        return f"Scaled({self.level!r}, {self.factor})"


def _plain(value: object) -> Any:
    """`value` as a plain number (a `Level` asked for its level)."""
    return value.value() if isinstance(value, Level) else value


def shifts(values: Sequence[object]) -> tuple[tuple[int, int], ...]:
    """Levels after a step as ``(seat, shift)`` (seat -1: the constant `shift`)."""
    out = []
    for value in values:
        if isinstance(value, Level):
            out.append((value.seat, value.shift))
        elif type(value) is int:
            out.append((-1, value))
        else:
            raise PickletableError(f"a skill level the analysis cannot follow: {value!r}")
    return tuple(out)


# --- piles ------------------------------------------------------------------------
class _Unread(list[str]):
    """The known cards of a tracked pile: never read directly (`TrackedPile` asks instead)."""

    def _refuse(self, *_: object) -> Any:
        raise PickletableError("a tracked pile's cards are read through its methods only")

    __getitem__ = __iter__ = __len__ = __bool__ = pop = append = __contains__ = _refuse


class TrackedPile(Pile):
    """A face-down pile whose known cards are asked for one by one, top first.

    The unseen block is plain (the position's own counts). The known cards
    are ``(the first `length` known cards of the position followed)[taken:]
    + appended``: drawing the next one asks which card it is (`KnownCard`);
    cards put at the bottom are `appended`.
    """

    __slots__ = ("appended", "length", "name", "recorder", "slot", "taken")

    def __init__(
        self, name: str, slot: int, unseen: dict[str, int], length: int, recorder: Recorder
    ) -> None:
        super().__init__(unseen, _Unread())
        self.name = name
        self.slot = slot
        """Which pile of the key it is (-1: none, the pile was empty)."""
        self.length = length
        self.recorder = recorder
        self.taken = 0
        self.appended: list[str] = []

    def copy(self) -> TrackedPile:
        other = TrackedPile(self.name, self.slot, dict(self.unseen), self.length, self.recorder)
        other.taken = self.taken
        other.appended = list(self.appended)
        return other

    def __len__(self) -> int:
        return self._unseen_total + self.length - self.taken + len(self.appended)

    def _top(self) -> str | None:
        if self.taken < self.length:
            return str(self.recorder.ask(KnownCard(self.name, self.slot, self.taken)))
        return self.appended[0] if self.appended else None

    def draw_outcomes(self) -> list[tuple[str, float]]:
        if self._unseen_total:
            return super().draw_outcomes()
        top = self._top()
        return [] if top is None else [(top, 1.0)]

    def can_draw(self, card: str) -> bool:
        if self._unseen_total:
            return super().can_draw(card)
        return self._top() == card

    def take(self, card: str) -> None:
        if self._unseen_total:
            super().take(card)
        elif self.taken < self.length:
            self.taken += 1
        else:
            self.appended.pop(0)

    def put_bottom(self, card: str) -> None:
        self.appended.append(card)

    def _untracked(self, *_: object) -> Any:
        raise PickletableError("the analysis does not follow a pile shuffled or listed whole")

    sample = reshuffle = cards = _untracked  # type: ignore[assignment]
