"""What does not change during a Slam game: the table, the options and the deck.

>>> from pickletable.games.slam import GAME
>>> config = GAME.new_game(4, {"doubles": "on"}).rules
>>> config.units, config.members(1), config.unit_of(3)
(2, (2, 3), 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pickletable.games.slam.content import SlamContent
from pickletable.games.slam.moves import know_deck


@dataclass(frozen=True)
class SlamConfig:
    """What does not change during a game: table, options, deck."""

    players: int
    doubles: bool
    tokens_to_win: int
    must_play: bool
    lap_limit: int
    refill_short_hands: bool
    opponents_only: bool
    deck: SlamContent

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled (in a bot's worker process, say): its deck's action tables are built here
        too, as `SlamState.new` builds them where a game starts."""
        self.__dict__.update(state)
        know_deck(self.deck.cards)

    @property
    def units(self) -> int:
        """How many sides collect tokens: the players, or two teams."""
        return 2 if self.doubles else self.players

    def unit_of(self, seat: int) -> int:
        """The side a seat plays for (itself, or its team in doubles)."""
        return seat // 2 if self.doubles else seat

    def members(self, unit: int) -> tuple[int, ...]:
        """The seats of a side."""
        return (2 * unit, 2 * unit + 1) if self.doubles else (unit,)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """Doubles: the seats of each team; otherwise None."""
        return tuple(self.members(team) for team in range(2)) if self.doubles else None
