"""The Pickleball Card Game: sets and straights, Smash and Pickler wilds, Kitchen and Dink Shot."""

from pickletable.games.card.definition import CardGame

GAME = CardGame()

__all__ = ["GAME", "CardGame"]
