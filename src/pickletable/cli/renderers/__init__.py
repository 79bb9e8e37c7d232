"""Terminal renderers, one module per game, each with ``render(observation)`` (the full
board) and ``status(observation)`` (a few lines for a small window)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import import_module
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.text import Text

from pickletable.core.errors import UnknownGameError
from pickletable.core.registry import entry

Renderer = Callable[[dict[str, Any]], RenderableType]


def get_renderer(game_id: str) -> Renderer:
    """The Rich renderer of a game, or a plain pretty-printer if it has none."""
    try:
        module = import_module(entry(game_id).renderer)
    except UnknownGameError:
        return lambda observation: Pretty(json.loads(json.dumps(observation)))
    renderer: Renderer = module.render
    return renderer


def get_status_renderer(game_id: str) -> Renderer:
    """The short status of a game for a small window, or its prompt if it has none."""
    try:
        module = import_module(entry(game_id).renderer)
    except UnknownGameError:
        return lambda observation: Text(str(observation.get("prompt", "")), style="bold")
    renderer: Renderer = module.status
    return renderer
