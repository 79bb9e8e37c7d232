"""The exceptions every part of pickletable raises, one line of purpose each."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pickletable.core.actions import Action


class PickletableError(Exception):
    """Base class of every error pickletable raises on purpose."""


class InvalidActionError(PickletableError, ValueError):
    """Text that is not an action in any game's notation."""


class IllegalActionError(PickletableError, ValueError):
    """A well-formed action that the current position does not allow."""

    def __init__(self, action: Action | str, legal: Iterable[Action], reason: str = "") -> None:
        self.action = action
        self.legal = list(legal)
        shown = ", ".join(repr(str(a)) for a in self.legal[:30])
        if len(self.legal) > 30:
            shown += f", ... ({len(self.legal)} in all)"
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"illegal action {str(action)!r}{why}; legal now: {shown or 'nothing (game over)'}"
        )


class OptionError(PickletableError, ValueError):
    """An unknown game option or a value of the wrong type."""


class SeatError(PickletableError, ValueError):
    """A `--seats` list that does not fit the table."""


class ContentError(PickletableError, ValueError):
    """A content file that cannot be used; the message names the file, the entry and the problem."""

    def __init__(self, source: str, entry: str, problem: str) -> None:
        self.source = source
        self.entry = entry
        self.problem = problem
        super().__init__(f"{source}: {entry}: {problem}")

    def __reduce__(self) -> tuple[type[ContentError], tuple[str, str, str]]:
        # Raised in a `sim` worker process, it must cross back whole (else the pool hangs).
        return (type(self), (self.source, self.entry, self.problem))


class RecordError(PickletableError, ValueError):
    """A game record that is malformed or that does not replay."""


class ReplayStopError(RecordError):
    """A record (or stored table) whose step `index` the game now refuses or plays differently.

    `reason` is the engine's own account; `refused` tells the two apart.
    """

    def __init__(
        self, index: int, action: str, reason: str, message: str, *, refused: bool
    ) -> None:
        self.index = index
        self.action = action
        self.reason = reason
        self.refused = refused
        super().__init__(message)


class ReplayMismatchError(ReplayStopError):
    """Replaying a record produced different events from the recorded ones."""

    def __init__(
        self, index: int, action: str, expected: object, got: object, note: str = ""
    ) -> None:
        self.expected = expected
        self.got = got
        reason = f"produced {got!r} but the record says {expected!r}"
        super().__init__(
            index,
            action,
            reason,
            f"record does not replay{note}: action {index + 1} ({action!r}) {reason}",
            refused=False,
        )


class ReplayRefusedError(ReplayStopError):
    """Replaying a record reached an action the game refuses."""

    def __init__(self, index: int, action: str, reason: str, note: str = "") -> None:
        super().__init__(
            index,
            action,
            reason,
            f"record does not replay{note}: action {index + 1} ({action!r}) is refused: {reason}",
            refused=True,
        )


class UnknownGameError(PickletableError, ValueError):
    """A game id that pickletable does not know."""
