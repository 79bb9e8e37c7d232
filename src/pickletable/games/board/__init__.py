"""The Pickleball Board Game: dice, a court, a skill track to 5.0 and three decks."""

from pickletable.games.board.definition import BoardGame
from pickletable.games.board.kit import KIT

GAME = BoardGame()

__all__ = ["GAME", "KIT", "BoardGame"]
