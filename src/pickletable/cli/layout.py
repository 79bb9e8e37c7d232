"""How much of the table the terminal shows at each prompt: the full board or a short status.

A full board is 15 to 40 lines; in an 80x24 window it pushes what just
happened off the screen. ``auto`` (the default) shows the full board when
the window holds it together with what happened since the last prompt and
the menu, and the short status otherwise; output that is not a terminal (a
pipe, a log) has no window and always gets the full board. Room is kept
for a few lines of events and a long menu even when this prompt has fewer,
so that a window of a given size keeps one layout rather than switching
from one prompt to the next.

>>> import io
>>> from rich.console import Console
>>> from rich.text import Text
>>> small = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
>>> board = Text("\\n".join(["a line"] * 30))
>>> shows_full_board(Layout.AUTO, small, board, below=8, above=3)
False
>>> shows_full_board(Layout.FULL, small, board, below=8, above=3)
True
>>> tall = Console(file=io.StringIO(), width=80, height=50, force_terminal=True)
>>> shows_full_board(Layout.AUTO, tall, board, below=8, above=3)
True
>>> shows_full_board(Layout.AUTO, tall, board, below=8, above=20)
False
"""

from __future__ import annotations

from enum import StrEnum

from rich.console import Console, RenderableType

EVENT_ROOM = 6
"""Lines kept for what happened since the last prompt (more if more was printed)."""
MENU_ROOM = 10
"""Lines kept for the menu and the question under it (more for a longer menu)."""


class Layout(StrEnum):
    """What a person's prompt shows: ``compact``, ``full`` or ``auto``."""

    COMPACT = "compact"
    FULL = "full"
    AUTO = "auto"


def shows_full_board(
    layout: Layout, console: Console, board: RenderableType, *, below: int, above: int
) -> bool:
    """Whether to draw `board` in full: always, never, or (auto) when the window holds it
    with the `above` lines printed since the last prompt and the `below` lines of menu."""
    if layout is not Layout.AUTO:
        return layout is Layout.FULL
    if not console.is_terminal:
        return True
    height = len(console.render_lines(board, console.options, pad=False))
    return max(above, EVENT_ROOM) + height + max(below, MENU_ROOM) <= console.size.height
