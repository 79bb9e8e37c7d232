"""The replay of a finished table: one frame per step, as one seat (or a spectator) saw it.

A long game's replay is megabytes and takes a while to build: `ReplayCache`
keeps the latest few and builds at most `BUILDS_AT_ONCE` at a time, so eight
clients asking for replays at once cost one build each, not the server.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
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


REPLAYS_KEPT = 16
"""Replays kept (the latest asked for)."""
BUILDS_AT_ONCE = 2
"""Replays built at once; others wait their turn."""


class ReplayCache:
    """The frames of finished tables' replays, kept and built a few at a time."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, int | None, int], list[dict[str, Any]]] = OrderedDict()
        self._builds = asyncio.Semaphore(BUILDS_AT_ONCE)

    async def frames(self, table: LiveTable, audience: int | None) -> list[dict[str, Any]]:
        """`replay_frames(table, audience)`, built on a worker thread unless kept."""
        key = (table.id, audience, len(table.steps))
        async with self._builds:
            frames = self._kept.get(key)
            if frames is None:
                frames = await asyncio.to_thread(replay_frames, table, audience)
                self._kept[key] = frames
                while len(self._kept) > REPLAYS_KEPT:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
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
