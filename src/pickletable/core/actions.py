"""Actions: small frozen values with a text notation that round-trips.

An action is a verb and its arguments, all lower-case words without spaces:

>>> from pickletable.core.actions import Action
>>> a = Action.from_text("skill  in-drop")
>>> a
Action('skill', ('in-drop',))
>>> str(a)
'skill in-drop'
>>> Action.from_text(str(a)) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pickletable.core.errors import InvalidActionError


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One move (or one chance outcome) in a game, e.g. ``roll`` or ``discard 7``."""

    verb: str
    args: tuple[str, ...] = ()

    # Written out rather than generated: engines compare actions at every step, and
    # most comparisons are settled by identity (tables of shared actions) or the verb.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.verb == other.verb and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.verb, self.args))

    def __str__(self) -> str:
        return self.verb if not self.args else self.verb + " " + " ".join(self.args)

    def __repr__(self) -> str:
        return f"Action({self.verb!r}, {self.args!r})"

    @staticmethod
    def from_text(text: str) -> Action:
        """Parse notation; words are split on whitespace and lower-cased.

        >>> Action.from_text("Roll")
        Action('roll', ())
        >>> Action.from_text("   ")
        Traceback (most recent call last):
        ...
        pickletable.core.errors.InvalidActionError: empty action: type a move such as 'roll'
        """
        words = text.lower().split()
        if not words:
            raise InvalidActionError("empty action: type a move such as 'roll'")
        return Action(words[0], tuple(words[1:]))


def act(verb: str, *args: object) -> Action:
    """Build an action from a verb and arguments turned to text.

    >>> act("discard", 7)
    Action('discard', ('7',))
    """
    return Action(verb, tuple(str(a) for a in args))
