"""The end-of-game summary of a table: its recap, with who sat where.

Open once the game is over (or the table is read-only), like the record and
the replay, and the same for everyone who asks: it is the game kit's recap
(`GameKit.recap`, the lab's `pickletable.analysis.recap` for every game so
far), computed from what a spectator saw.
"""

from __future__ import annotations

from typing import Any

from pickletable.core.registry import kit_for
from pickletable.server.live import LiveTable


def table_summary(table: LiveTable) -> dict[str, Any]:
    """The recap of the table's steps (those that replay), each seat with its player."""
    start = table.game.new_game(table.players, table.options, table.content)
    summary = kit_for(table.game.id).recap(start, [step.action for step in table.steps])
    players = {seat.seat: seat.player or seat.label() for seat in table.seats}
    for row in summary["players"]:
        row["player"] = players.get(row["seat"], "")
    for side in summary["sides"]:
        side["players"] = [players.get(seat, "") for seat in side["seats"]]
    return {"table": table.id, **summary}
