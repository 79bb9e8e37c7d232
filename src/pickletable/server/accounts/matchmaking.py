"""Quick-match pairing: waiting players of close rating, the window widening with time.

Two players may share a table when their ratings (the shown ordinal) differ
by no more than both their windows: `WINDOW_START` points at first, growing
by `WINDOW_GROWTH` a second of waiting, to at most `WINDOW_MOST`. The player
who waited longest is seated first, with the closest players that fit. One
who asked for bots and has waited `BOT_FILL_SECONDS` with nobody close gets
bots of the nearest strength in the empty seats.

>>> now = 100.0
>>> ann, bob = Waiting(1, 10.0, now), Waiting(2, 30.0, now)
>>> pair([ann, bob], 2, now, "card")
[]
>>> [match.players for match in pair([ann, bob], 2, now + 60, "card")]
[(1, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pickletable.server.accounts.ratings import BOT_RATINGS, FIRST_ESTIMATE

WINDOW_START = 5.0
"""Rating points two players may differ by as soon as they wait."""
WINDOW_GROWTH = 0.5
"""Points the window widens by each second of waiting."""
WINDOW_MOST = 100.0
BOT_FILL_SECONDS = 20.0
"""Seconds a player who asked for bots waits for people before bots fill the table."""


@dataclass(frozen=True)
class Waiting:
    """One player in the queue of one game and mode."""

    user: int
    rating: float
    since: float
    bots: bool = False


@dataclass(frozen=True)
class Match:
    """A table to open: its people (longest waiting first) and bot levels for the rest."""

    players: tuple[int, ...]
    bots: tuple[str, ...] = ()


def window(entry: Waiting, now: float) -> float:
    """How far from its rating a player may be matched, now."""
    return min(WINDOW_MOST, WINDOW_START + WINDOW_GROWTH * max(0.0, now - entry.since))


def pair(waiting: Sequence[Waiting], size: int, now: float, game: str) -> list[Match]:
    """The tables to open now from the queue of one game and mode (`size` seats each);
    bots that fill seats are of `game`'s level nearest the player's rating."""
    left = sorted(waiting, key=lambda entry: (entry.since, entry.user))
    matches: list[Match] = []
    while left:
        anchor, rest = left[0], left[1:]
        close = [
            other
            for other in rest
            if abs(other.rating - anchor.rating) <= min(window(anchor, now), window(other, now))
        ]
        close.sort(key=lambda other: (abs(other.rating - anchor.rating), other.since))
        if len(close) >= size - 1:
            group = [anchor, *close[: size - 1]]
            matches.append(Match(tuple(entry.user for entry in group)))
        elif anchor.bots and now - anchor.since >= BOT_FILL_SECONDS:
            group = [anchor, *close]
            level = bot_level(anchor.rating, game)
            matches.append(Match(tuple(e.user for e in group), (level,) * (size - len(group))))
        else:
            left = rest  # nobody close yet: the anchor waits, the next one is tried
            continue
        taken = {entry.user for entry in group}
        left = [entry for entry in left if entry.user not in taken]
    return matches


def bot_level(rating: float, game: str) -> str:
    """The bot level whose fixed rating in `game` (its ordinal) is nearest `rating`.

    >>> bot_level(-10.0, "card"), bot_level(22.0, "card"), bot_level(40.0, "slam")
    ('easy', 'medium', 'hard')
    """
    levels = BOT_RATINGS.get(game, FIRST_ESTIMATE)
    return min(levels, key=lambda level: abs(_ordinal(*levels[level]) - rating))


def _ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma
