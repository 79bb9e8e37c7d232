"""Long pages (``pickletable rules``) through a pager when they go to a terminal.

At a terminal the page opens in the system pager (``$PAGER``, else ``less``),
with its colours (``LESS=-FRX`` unless ``LESS`` is set: it quits at once when
the page fits the window, keeps colours, and leaves the page on the screen);
piped or redirected, the page is printed as it is.
"""

from __future__ import annotations

import os

from rich.console import Console, RenderableType
from rich.pager import Pager

LESS_DEFAULT = "-FRX"


def show_page(console: Console, *parts: RenderableType, pager: Pager | None = None) -> None:
    """Print `parts`, through a pager when `console` is a terminal."""
    if not console.is_terminal:
        for part in parts:
            console.print(part)
        return
    os.environ.setdefault("LESS", LESS_DEFAULT)
    with console.pager(pager, styles=True):
        for part in parts:
            console.print(part)
