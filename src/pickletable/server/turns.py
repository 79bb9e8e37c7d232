"""Turn clocks: short ones for play at one sitting, long ones for turn-based play.

A table's clock (`LiveTable.turn_seconds`, 0 for none) runs for each decision of
a person. A **short** clock (under `LONG_CLOCK_SECONDS`) is for a game played
at one sitting: when it runs out, a random legal move is played for the seat.
A **long** clock (an hour to `MAX_TURN_SECONDS`, two weeks) is for turn-based
play: the table waits for each player's move, however long they are away;
nobody else may hand an away player's seat to a bot, and the lobby's "My
tables" says where it is your turn and how long is left. Its deadline is
stored on the table's row, so a restart, another worker taking the table over,
or the table leaving memory meanwhile does not restart the clock. When a long
clock runs out, a bot (`DEFAULT_BOT_LEVEL`) takes the seat as if its player had
left: the game goes on, the player may take the seat back at any time, and a
rated game still played by the bot at its end counts as a loss for them.
"""

from __future__ import annotations

from pickletable.core.seats import DEFAULT_BOT_LEVEL

LONG_CLOCK_SECONDS = 3600
"""A turn clock of this many seconds or more is a long one (turn-based play)."""
MAX_TURN_SECONDS = 14 * 24 * 3600
"""The longest turn clock a table may have: two weeks a move."""
RUN_OUT_LEVEL = DEFAULT_BOT_LEVEL
"""The bot that takes a seat whose long clock ran out."""


def is_long(turn_seconds: float) -> bool:
    """Whether a table with this clock is turn-based (see the module docstring).

    >>> is_long(0), is_long(180), is_long(3600), is_long(86400)
    (False, False, True, True)
    """
    return turn_seconds >= LONG_CLOCK_SECONDS


def duration(seconds: float) -> str:
    """A clock's time in words: "45 s", "20 min", "5 h", "2 days".

    >>> duration(45), duration(1200), duration(5 * 3600), duration(2 * 86400)
    ('45 s', '20 min', '5 h', '2 days')
    """
    value = max(0, round(seconds))
    if value < 60:
        return f"{value} s"
    if value < 3600:
        return f"{value // 60} min"
    if value < 2 * 86400:
        return f"{value // 3600} h"
    return f"{value // 86400} days"
