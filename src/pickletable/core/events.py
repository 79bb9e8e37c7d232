"""Events: what an action caused, as small JSON-safe values.

Events are cheap to create; their human text is built only when a front end
asks a game to describe one.

>>> from pickletable.core.events import Event
>>> e = Event("point", {"seat": 0, "to": 0.5})
>>> e.to_json()
{'kind': 'point', 'seat': 0, 'to': 0.5}
>>> Event.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with a kind and JSON-safe data."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_json(self) -> dict[str, Any]:
        """The event as the dict stored in game records."""
        return {"kind": self.kind, **self.data}

    @staticmethod
    def from_json(value: dict[str, Any]) -> Event:
        """Read an event back from its record form."""
        data = dict(value)
        kind = data.pop("kind")
        return Event(str(kind), data)
