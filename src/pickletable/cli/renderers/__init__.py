"""Terminal renderers: each game's kit gives ``render(observation)`` (the full board) and
``status(observation)`` (a few lines for a small window)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.text import Text

from pickletable.core.registry import find_kit

Renderer = Callable[[dict[str, Any]], RenderableType]


def get_renderer(game_id: str) -> Renderer:
    """The Rich renderer of a game, or a plain pretty-printer if it has none."""
    kit = find_kit(game_id)
    if kit is None:
        return lambda observation: Pretty(json.loads(json.dumps(observation)))
    return kit.renderer().render


def get_status_renderer(game_id: str) -> Renderer:
    """The short status of a game for a small window, or its prompt if it has none."""
    kit = find_kit(game_id)
    if kit is None:
        return lambda observation: Text(str(observation.get("prompt", "")), style="bold")
    return kit.renderer().status
