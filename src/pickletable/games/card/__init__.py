"""The Pickleball Card Game: sets and straights, Smash and Pickler wilds, Kitchen and Dink Shot."""

from pickletable.games.card.definition import CardGame
from pickletable.games.card.kit import KIT

GAME = CardGame()

__all__ = ["GAME", "KIT", "CardGame"]
