"""What a card or twist does, in one line: the words both front ends show.

Each game's kit holds its lines (`GameKit.move_help`, in the game's
``move_help.py``, our own words): a mapping from a card's name, as the
notation spells it, to one sentence. The terminal prints one for
``help CARD``; the web table shows the line of each offered move that plays
a card (`explain_action`).

>>> lines = {"poach": "Ends a duel.", "switch": "Swaps hands.", "draw-two": "Draws two.",
...          "play": "Starts the phase.", "number": "A number."}
>>> explain(lines, "POACH-2"), explain(lines, "nothing"), explain(lines, "drawtwo-3")
('Ends a duel.', None, 'Draws two.')
>>> explain_action(lines, "play switch-4")
'Swaps hands.'

A move is explained by its verb only when nothing after it is a number or a
seat: ``play 2`` lays a number card and ``target p4`` picks a player, whatever
a card called PLAY or TARGET does. A number card on its own is ``number``:

>>> explain(lines, "7"), explain_action(lines, "play 7"), explain_action(lines, "play play")
('A number.', None, 'Starts the phase.')
>>> explain_action(lines, "target p4") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping

MoveHelp = Mapping[str, str]
"""A card's or twist's name (lower case, as in the notation) to what it does in one line."""

_CARRIED_NUMBER = re.compile(r"-\d+$")
_NUMBER_OR_SEAT = re.compile(r"p?\d+")


def _bare(name: str) -> str:
    """A name without spaces and hyphens: "DRAW TWO", "draw-two" and "drawtwo" are one card."""
    return re.sub(r"[\s-]+", "", name.lower())


def explain(move_help: MoveHelp, name: str) -> str | None:
    """The line for the card `name` ("target-5", "Dink", "7"), or None if the game has none.

    A name is matched whatever its case, with or without its carried number
    ("target-5") and with or without hyphens ("drawtwo" is "draw-two").
    """
    key = " ".join(name.lower().split())
    if key.isdigit():
        return move_help.get("number")
    bare = {_bare(known): line for known, line in move_help.items()}
    for candidate in (key, _CARRIED_NUMBER.sub("", key)):
        if _bare(candidate) in bare:
            return bare[_bare(candidate)]
    return None


def explain_action(move_help: MoveHelp, action: str) -> str | None:
    """The line for the card a move plays ("play target-5", "skill in-lob"), or None.

    The words after the verb are tried from the last; the verb itself is tried last
    (the board game's ``roll``, ``strategy``), and not when a number or a seat
    follows it.
    """
    words = action.split()
    if not words:
        return None
    whole = explain(move_help, action) if len(words) > 1 else None
    if whole is not None:
        return whole
    verb, *rest = words
    for word in reversed(rest):
        line = None if _NUMBER_OR_SEAT.fullmatch(word) else explain(move_help, word)
        if line is not None:
            return line
    if _NUMBER_OR_SEAT.fullmatch(verb) or any(_NUMBER_OR_SEAT.fullmatch(w) for w in rest):
        return None
    return explain(move_help, verb)


def names(move_help: MoveHelp) -> str:
    """The names `help` accepts, for the message when a name is unknown."""
    return ", ".join(sorted(move_help))
