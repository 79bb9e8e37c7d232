"""A stored table that no longer replays to its end, served read-only: why, in words.

When the rules of a game change (or a database is damaged), a stored step may
be refused, or play out differently. The table is then rebuilt as far as its
steps replay and served read-only: everyone sees it up to there, its record
(every stored step) and its replay open, and nobody can move. `ReadOnly` holds
the one message every view and every refusal gives; the engine's own words
stay in the server log, since they may name cards a seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pickletable.core.errors import ReplayStopError
from pickletable.core.rules_change import Provenance


@dataclass(frozen=True)
class ReadOnly:
    """Why a table is read-only: the first step that no longer replays, and the message."""

    step: int
    """The number (from 1) of the first stored step that no longer replays."""
    steps: int
    """How many steps the table has stored (all of them are in its record)."""
    message: str
    """For every view and every refused request: who made the table, under which rules."""
    rules_changed: bool
    """Whether the table was made under another edition of the rules (else: damaged)."""
    detail: str = ""
    """The engine's own words, for the server log only (they may name hidden cards)."""

    @staticmethod
    def of(made: Provenance, stop: ReplayStopError, steps: int) -> ReadOnly:
        """The read-only state of a table made as `made` whose step `stop.index` stops it."""
        step = stop.index + 1
        why = made.stops_at(step, stop.action, refused=stop.refused)
        message = (
            f"This table was {why}. It is shown as far as it replays "
            f"({stop.index} of its {steps} steps), read-only."
        )
        return ReadOnly(step, steps, message, made.rules_changed, str(stop))

    def to_json(self) -> dict[str, Any]:
        """What the table's public facts say about it."""
        return {
            "step": self.step,
            "steps": self.steps,
            "message": self.message,
            "rules_changed": self.rules_changed,
        }
