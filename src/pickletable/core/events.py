"""Events: what an action caused, as small JSON-safe values.

Events are cheap to create (engines make them at every step); their human
text is built only when a front end asks a game to describe one. An event
may carry `secret` fields that only the seats in `visible_to` may see (the
card a player drew, say); `for_seat` gives the event as one seat may see it,
and front ends describe that.

`Event` is generic in its kind: each game's engine makes `Event[EventKind]`
values from its own `StrEnum` of kinds, so a misspelt kind fails mypy, while
the record form stays the plain string (a `StrEnum` is one). An event read
back from a record (`from_json`) has a plain `str` kind.

>>> from pickletable.core.events import Event
>>> e = Event("point", {"seat": 0, "to": 0.5})
>>> e.to_json()
{'kind': 'point', 'seat': 0, 'to': 0.5}
>>> Event.from_json(e.to_json()) == e
True
>>> drawn = Event("draw", {"seat": 1}, secret={"card": "7"}, visible_to=(1,))
>>> drawn.for_seat(1).data, drawn.for_seat(0).data, drawn.for_seat(None).data
({'seat': 1, 'card': '7'}, {'seat': 1}, {'seat': 1})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic

from typing_extensions import TypeVar

KindT = TypeVar("KindT", bound=str, default=Any)
"""The kind type of an event: a game's `EventKind`, or `str` once read back from JSON."""


@dataclass(slots=True)
class Event(Generic[KindT]):
    """Something that happened, with a kind, public data and optional secret data.

    Read-only by convention: nothing changes an event once made. (It is not a
    frozen dataclass because engines make one or two per step, and a frozen
    one costs three times as much to make.)
    """

    kind: KindT
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    visible_to: tuple[int, ...] | None = None

    def __getitem__(self, key: str) -> Any:
        if key in self.data:
            return self.data[key]
        if self.secret is not None and key in self.secret:
            return self.secret[key]
        raise KeyError(key)

    def for_seat(self, seat: int | None) -> Event[KindT]:
        """The event as `seat` may see it (`None`: a spectator); secret fields only if allowed."""
        if self.secret is None:
            return self
        if seat is not None and self.visible_to is not None and seat in self.visible_to:
            return Event(self.kind, {**self.data, **self.secret})
        return Event(self.kind, self.data)

    def to_json(self) -> dict[str, Any]:
        """The event as the dict stored in game records (secrets included)."""
        value = {"kind": self.kind, **self.data}
        if self.secret is not None:
            value["secret"] = self.secret
            value["visible_to"] = list(self.visible_to or ())
        return value

    @staticmethod
    def from_json(value: dict[str, Any]) -> Event[str]:
        """Read an event back from its record form."""
        data = dict(value)
        kind = data.pop("kind")
        secret = data.pop("secret", None)
        visible = data.pop("visible_to", None)
        return Event(str(kind), data, secret, None if visible is None else tuple(visible))
