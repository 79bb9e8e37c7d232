"""The end-of-game summary of a table: its recap, with who sat where.

Open once the game is over (or the table is read-only), like the record and
the replay, and the same for everyone who asks: it is computed by
`pickletable.analysis.recap` from what a spectator saw, with the lab's
metrics code.
"""

from __future__ import annotations

from typing import Any

from pickletable.analysis.recap import recap
from pickletable.server.live import LiveTable


def table_summary(table: LiveTable) -> dict[str, Any]:
    """The recap of the table's steps (those that replay), each seat with its player."""
    start = table.game.new_game(table.players, table.options, table.content)
    summary = recap(start, [step.action for step in table.steps])
    players = {seat.seat: seat.player or seat.label() for seat in table.seats}
    for row in summary["players"]:
        row["player"] = players.get(row["seat"], "")
    for side in summary["sides"]:
        side["players"] = [players.get(seat, "") for seat in side["seats"]]
    return {"table": table.id, **summary}
