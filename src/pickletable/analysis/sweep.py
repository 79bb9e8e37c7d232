"""Sweeps: the same study for every combination of swept option values, side by side.

``--sweep NAME=v1,v2`` is repeatable; the combinations are their cartesian
product, in the order given (``content=a.toml,b.toml`` compares decks or dice,
as ``content`` is an option of every game).

>>> combinations(["level=beginner,advanced", "step=0.5,1"])
[{'level': 'beginner', 'step': '0.5'}, {'level': 'beginner', 'step': '1'}, \
{'level': 'advanced', 'step': '0.5'}, {'level': 'advanced', 'step': '1'}]
>>> combinations([])
[{}]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pickletable.core.errors import OptionError


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``NAME=v1,v2,...`` as the name and its values."""
    name, sep, values = text.partition("=")
    listed = [value.strip() for value in values.split(",") if value.strip()]
    if not sep or not name.strip() or not listed:
        raise OptionError(
            f"sweep {text!r}: write it as NAME=v1,v2,... e.g. level=beginner,advanced"
        )
    return name.strip(), listed


def combinations(sweeps: Sequence[str]) -> list[dict[str, str]]:
    """Every combination of the swept values (one empty combination without sweeps)."""
    parsed = [parse_sweep(text) for text in sweeps]
    names = [name for name, _ in parsed]
    if len(set(names)) != len(names):
        raise OptionError(f"each option may be swept once: {', '.join(names)}")
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(values for _, values in parsed))
    ]
