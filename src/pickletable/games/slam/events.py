"""Slam events whose card only one seat may see: a draw, a face-down discard.

The event kinds and the codes their data carry are in `codes`. A card only
one seat may see travels as a secret (`secret_card`); the public data says
who, never what.

>>> import json
>>> from pickletable.games.slam.codes import DrawReason, EventKind
>>> event = secret_card(EventKind.DREW, {"seat": 1, "why": DrawReason.DRAW}, 1, "switch-4")
>>> json.dumps(event.to_json())
'{"kind": "drew", "seat": 1, "why": "draw", "secret": {"card": "switch-4"}, "visible_to": [1]}'
>>> event.for_seat(0).data == {"seat": 1, "why": "draw"}
True
"""

from __future__ import annotations

from pickletable.core.events import Event
from pickletable.games.slam.codes import EventKind


def secret_card(kind: EventKind, data: dict[str, object], seat: int, code: str) -> Event[EventKind]:
    """An event whose card only `seat` may see (a draw, a face-down discard)."""
    return Event(kind, data, secret={"card": code}, visible_to=(seat,))
