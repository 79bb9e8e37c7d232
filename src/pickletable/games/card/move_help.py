"""What each card of the card game does, in one line (``help CARD``, the web table's notes)."""

from __future__ import annotations

MOVE_HELP: dict[str, str] = {
    "smash": "Wild: stands for any number a meld needs.",
    "pickler": "Wild: stands for any number; in the serving team's complete hand, a point.",
    "kitchen": "Free card: never melds; a complete hand may keep one.",
    "dink": "Free card: never melds, always a point, and lets its holder lay down any hand.",
    "number": "A number card (1 to 10): three of a kind or a run of three or more makes a meld.",
}
"""Keyed by the notation's card name (``smash``, ``pickler``, ``kitchen``, ``dink``)."""
