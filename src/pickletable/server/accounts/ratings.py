"""Ratings with OpenSkill (Plackett-Luce): one per account, game and mode.

A finished rated table becomes an ordering of teams: in a doubles mode the
winners' team and the other, otherwise each seat alone, ranked by the
outcome (winners first, then by final score; equal scores share a place).
A seat whose person left (a bot played it to the end) counts as a loss: it
is placed last (its team, in doubles). Bots take part at fixed ratings per
level and game (`BOT_RATINGS`), fitted to arena results, and never move.

>>> model = PlackettLuce()
>>> [[after], _] = update(model, [[model.rating()], [model.rating()]], [1, 2])
>>> round(after.mu, 3)
27.635
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from pickletable.core.kit import GameKit
from pickletable.core.registry import KITS
from pickletable.core.state import Outcome

PROVISIONAL_GAMES = 10
"""A rating is provisional (shown with a "?") until this many rated games."""
FIRST_ESTIMATE: Mapping[str, tuple[float, float]] = {
    "easy": (15.0, 1.0),
    "medium": (25.0, 1.0),
    "hard": (32.0, 1.0),
}
"""The bots' (mu, sigma) in a game whose kit has no arena calibration of its own."""
BOT_RATINGS: Mapping[str, Mapping[str, tuple[float, float]]] = {
    kit.id: kit.bot_ratings or FIRST_ESTIMATE for kit in KITS
}
"""Each game's bot levels at fixed (mu, sigma), fitted to arena results: the kits'
`GameKit.bot_ratings` (`pickletable.server.accounts.calibration`; docs/accounts.md)."""


def bot_rating(game: str, level: str) -> tuple[float, float]:
    """A bot's fixed (mu, sigma) in `game` (a level not listed plays as `medium`).

    >>> bot_rating("slam", "medium")
    (25.0, 1.0)
    """
    levels = BOT_RATINGS.get(game, FIRST_ESTIMATE)
    return levels.get(level, levels["medium"])


DOUBLES = "doubles"
SINGLES = "singles"


def mode_of(kit: GameKit, players: int, options: Mapping[str, Any]) -> str:
    """The rating pool of a table: ``singles``, ``doubles`` or ``N players``.

    Doubles is four players in two teams: any four-player table of a game that
    plays teams by player count, or one with the game's `GameKit.doubles_options`.
    """
    if players == 2:
        return SINGLES
    if players == 4 and all(
        _same(options.get(name), value) for name, value in kit.doubles_options.items()
    ):
        return DOUBLES
    return f"{players} players"


def _same(value: Any, wanted: str) -> bool:
    if isinstance(value, bool):
        return value == (wanted.lower() in {"on", "true", "yes", "1"})
    return str(value).lower() == wanted.lower()


@dataclass(frozen=True)
class Placing:
    """A finished table as OpenSkill takes it: teams of seats and each team's place."""

    teams: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    """1 for first; teams that tie share a place."""


def placing(outcome: Outcome, seats: Sequence[int], left: set[int], doubles: bool) -> Placing:
    """Teams and places from an outcome (see the module docstring).

    >>> from pickletable.core.state import Termination
    >>> placing(Outcome((2,), {0: 1, 1: 3, 2: 5}, Termination.TOKENS), [0, 1, 2], set(), False)
    Placing(teams=((2,), (1,), (0,)), places=(1, 2, 3))
    """
    if doubles:
        winners = tuple(seat for seat in seats if seat in outcome.winners)
        others = tuple(seat for seat in seats if seat not in outcome.winners)
        teams = [team for team in (winners, others) if team]
    else:
        teams = [(seat,) for seat in seats]

    def key(team: tuple[int, ...]) -> tuple[int, int, float]:
        gone = any(seat in left for seat in team)
        won = bool(outcome.winners) and team[0] in outcome.winners
        return (int(gone), int(not won), -float(outcome.scores.get(team[0], 0.0)))

    teams.sort(key=key)
    places: list[int] = []
    for number, team in enumerate(teams):
        tied = number and key(team) == key(teams[number - 1])
        places.append(places[-1] if tied else number + 1)
    return Placing(tuple(teams), tuple(places))


def update(
    model: PlackettLuce, teams: list[list[PlackettLuceRating]], places: Sequence[int]
) -> list[list[PlackettLuceRating]]:
    """Every rating after one game (OpenSkill's own update, ranks as places)."""
    return model.rate(teams, ranks=[float(place) for place in places])


def shown(mu: float, sigma: float, games: int) -> dict[str, Any]:
    """A rating as pages show it: the ordinal (mu - 3 sigma), and whether provisional."""
    return {
        "rating": round(mu - 3 * sigma, 1),
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "games": games,
        "provisional": games < PROVISIONAL_GAMES,
    }
