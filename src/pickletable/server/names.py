"""Display names: one check for every way a name reaches a table.

A name is trimmed and its runs of spaces made one; it may not be longer
than `NAME_LIMIT` characters, nor hold control, format (bidi overrides,
zero-width characters) or unassigned characters, which would let one
player's name disguise itself or another's on everyone's screen.

>>> clean_name("  Ann   Lee ")
'Ann Lee'
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


def clean_name(name: str) -> str:
    """The name as shown (trimmed, spaces collapsed), or ValueError saying what is wrong."""
    if len(name) > 4 * NAME_LIMIT:  # say so before reading a huge name character by character
        raise ValueError(f"a name is at most {NAME_LIMIT} characters (this one has {len(name)})")
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES and char not in "\\t\\n\\r":
            raise ValueError(
                f"a name may not hold control or invisible characters (U+{ord(char):04X})"
            )
    cleaned = " ".join(name.split())
    if len(cleaned) > NAME_LIMIT:
        raise ValueError(f"a name is at most {NAME_LIMIT} characters (this one has {len(cleaned)})")
    return cleaned
