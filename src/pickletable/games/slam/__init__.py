"""Pickleball Slam: a DRAW phase to build a hand, a PLAY phase to win the round.

>>> from pickletable.games.slam import GAME
>>> GAME.title, GAME.player_counts
('Pickleball Slam', (3, 4, 5, 6))
"""

from pickletable.games.slam.definition import SlamGame
from pickletable.games.slam.kit import KIT

GAME = SlamGame()

__all__ = ["GAME", "KIT", "SlamGame"]
