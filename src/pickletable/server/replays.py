"""The replay of a finished table: one frame per step, as one seat (or a spectator) saw it."""

from __future__ import annotations

from typing import Any

from pickletable.core.actions import Action
from pickletable.core.state import CHANCE
from pickletable.server.live import LiveTable


def replay_frames(table: LiveTable, audience: int | None) -> list[dict[str, Any]]:
    """Frame 0 is the table before the first step; frame N is the table after step N."""
    state = table.game.new_game(table.players, table.options, table.content)
    presenter = table.game.presenter
    frames = [_frame(0, None, "", "", presenter.view(state, audience), [])]
    for step in table.steps:
        action = Action.from_text(step.action)
        label = "" if step.by == CHANCE else presenter.label(state, action)
        lines = []
        for event in state.apply(action):
            line = presenter.describe(state, event.for_seat(audience))
            if line:
                lines.append(line)
        by = None if step.by == CHANCE else state.seat_name(step.by)
        frames.append(
            _frame(step.index + 1, by, step.action, label, presenter.view(state, audience), lines)
        )
    return frames


def _frame(
    index: int,
    by: str | None,
    action: str,
    label: str,
    observation: dict[str, Any],
    log: list[str],
) -> dict[str, Any]:
    return {
        "index": index,
        "by": by,
        "action": action,
        "label": label,
        "prompt": str(observation.get("prompt", "")),
        "observation": observation,
        "log": log,
    }
