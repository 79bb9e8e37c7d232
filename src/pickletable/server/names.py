"""Display names: one check for every way a name reaches a table.

A name is trimmed and its runs of spaces (tabs and line breaks too) made
one; it may not be longer than `NAME_LIMIT` characters, nor hold control,
format (bidi overrides, zero-width characters), unassigned or lone surrogate
characters, nor letters that show as nothing (the Hangul fillers, the
Braille blank), which would let one player's name disguise itself or
another's on everyone's screen.

>>> clean_name("  Ann \\t  Lee\\n")
'Ann Lee'
>>> clean_name("\\u3164")
Traceback (most recent call last):
...
ValueError: a name may not hold characters that show as nothing (U+3164)
>>> clean_name("Ann\\u202e")
Traceback (most recent call last):
...
ValueError: a name may not hold control or invisible characters (U+202E)
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 24
"""The longest display name, in characters."""
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_SPACES = "\t\n\r"
"""Controls a name may hold: they collapse into one space with the spaces around them."""
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters that are letters or symbols but show as nothing: Hangul fillers, Braille blank."""


def clean_name(name: str) -> str:
    """The name as shown (trimmed, spaces collapsed), or ValueError saying what is wrong."""
    if len(name) > 4 * NAME_LIMIT:  # say so before reading a huge name character by character
        raise ValueError(f"a name is at most {NAME_LIMIT} characters (this one has {len(name)})")
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES and char not in _SPACES:
            raise ValueError(
                f"a name may not hold control or invisible characters (U+{ord(char):04X})"
            )
        if char in _BLANK:
            raise ValueError(
                f"a name may not hold characters that show as nothing (U+{ord(char):04X})"
            )
    cleaned = " ".join(name.split())
    if len(cleaned) > NAME_LIMIT:
        raise ValueError(f"a name is at most {NAME_LIMIT} characters (this one has {len(cleaned)})")
    return cleaned


def same_name(first: str, second: str) -> bool:
    """True when two cleaned names would read as one at a table (case and accents aside).

    >>> same_name("Ann", "ANN"), same_name("Zoë", "zoe"), same_name("Ann", "Anna")
    (True, True, False)
    """
    return _folded(first) == _folded(second)


def _folded(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))
