"""What each Slam card and twist does, in one line (``help CARD``, the web table's notes)."""

from __future__ import annotations

MOVE_HELP: dict[str, str] = {
    "draw-two": "Twist: played as its number, then you draw two cards.",
    "switch": "Twist: played as its number, then you swap whole hands with a player holding cards.",
    "shake": (
        "Twist: played as its number; a player still in answers with any card, "
        "a 5 wins them the round, anything else wins it for you."
    ),
    "target": (
        "Twist: played as its number; only you and the target stay in, "
        "the target answering with any number."
    ),
    "poach": "Twist: ends a TARGET & RESET duel and brings everyone back in.",
    "play": "Phase card: laid face up, it starts the PLAY phase.",
    "draw": (
        "Phase card: played on any turn of the PLAY phase, whatever the last number; "
        "it ends the phase, everyone back in."
    ),
    "number": "A number card: after the first, match the last number or go one up.",
}
"""Keyed by the notation's card name without its number (``target-5`` is ``target``)."""
