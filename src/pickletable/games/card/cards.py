"""Card names as people type them, and hands read from text.

>>> from pickletable.games.card import GAME
>>> from pickletable.games.card.content import CardDeck
>>> deck = CardDeck.from_data(GAME.default_content().data)
>>> parse_hand("3 3 3 5 6 7 Smash", deck)
('3', '3', '3', '5', '6', '7', 'smash')
>>> parse_hand("1 2 3 4 5 6 dink shot", deck)
('1', '2', '3', '4', '5', '6', 'dink')
>>> parse_hand("1 2 3 4 5 6 joker", deck)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pickletable.games.card.cards.CardNameError: 'joker' is not a card ...; the cards are 1, 2, ... dink
"""

from __future__ import annotations

from pickletable.core.errors import PickletableError
from pickletable.games.card.content import DINK, HAND_SIZE, CardDeck

ALIASES = {"dinkshot": DINK, "dink-shot": DINK, "dink_shot": DINK}


class HandError(PickletableError, ValueError):
    """A hand typed as text that cannot be a hand of this deck."""


class CardNameError(HandError):
    """A word that names no card of the deck."""


def parse_card(word: str, deck: CardDeck) -> str:
    """One card name, case-insensitive, with a few aliases ("dinkshot")."""
    name = word.strip().lower()
    name = ALIASES.get(name, name)
    if deck.count(name) == 0 and name not in deck.counts:
        allowed = ", ".join(deck.names)
        raise CardNameError(f"{word!r} is not a card of this deck; the cards are {allowed}")
    return name


def parse_hand(text: str, deck: CardDeck, size: int = HAND_SIZE) -> tuple[str, ...]:
    """Read `size` cards separated by spaces or commas ("dink shot" may be two words).

    Raises `CardNameError` for an unknown name and `HandError` for the wrong
    number of cards or more copies of a card than the deck holds.
    """
    words = text.replace(",", " ").split()
    merged: list[str] = []
    for word in words:
        if word.lower() == "shot" and merged and merged[-1].lower() == "dink":
            continue
        merged.append(word)
    cards = tuple(parse_card(word, deck) for word in merged)
    if len(cards) != size:
        raise HandError(f"a hand has {size} cards; {text.strip()!r} has {len(cards)}")
    for card in dict.fromkeys(cards):
        if cards.count(card) > deck.count(card):
            have = deck.count(card)
            copies = "copy" if have == 1 else "copies"
            raise HandError(
                f"the deck has only {have} {copies} of {deck.title(card)}; "
                f"the hand has {cards.count(card)}"
            )
    return cards
