"""The one grammar of a bot's settings: what follows its name, ``:``-separated.

Every bot that takes a budget reads it the same way: ``N`` (a positive
whole number: iterations, or rounds of rollouts) and ``Nms`` (a positive
time cap in milliseconds), in any order, each at most once, plus the words
that bot takes (``heuristic``, ``game``). Zero is refused everywhere: a
search with no iterations or no time plays nothing.

>>> parse_settings("ismcts:300", ["300"])
Settings(count=300, milliseconds=None, words=frozenset())
>>> parse_settings("ismcts:200ms:heuristic", ["200ms", "heuristic"], words=("heuristic",))
Settings(count=None, milliseconds=200.0, words=frozenset({'heuristic'}))
>>> parse_settings("slamsearch:0ms", ["0ms"])
Traceback (most recent call last):
...
pickletable.core.errors.SeatError: bot 'slamsearch:0ms': '0ms' is not N or Nms (N above 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pickletable.core.errors import SeatError


@dataclass(frozen=True)
class Settings:
    """A bot's settings as read: the count and the time cap given (`None`: not given), words."""

    count: int | None
    milliseconds: float | None
    words: frozenset[str]

    @property
    def budget_given(self) -> bool:
        """Whether a count or a time cap was given."""
        return self.count is not None or self.milliseconds is not None

    @property
    def empty(self) -> bool:
        """Whether nothing was given (the bot plays as its game's `hard` level)."""
        return not self.budget_given and not self.words


def parse_settings(name: str, settings: Sequence[str], words: Iterable[str] = ()) -> Settings:
    """Read `settings` (the parts of `name` after the bot's kind); `SeatError` names the bad one."""
    allowed = tuple(words)
    count: int | None = None
    milliseconds: float | None = None
    given: set[str] = set()
    for setting in settings:
        if setting in allowed and setting not in given:
            given.add(setting)
        elif _positive(setting.removesuffix("ms")) and setting.endswith("ms"):
            if milliseconds is not None:
                raise SeatError(f"bot {name!r}: the time cap is given twice")
            milliseconds = float(setting[:-2])
        elif _positive(setting):
            if count is not None:
                raise SeatError(f"bot {name!r}: the number is given twice")
            count = int(setting)
        else:
            raise SeatError(f"bot {name!r}: {setting!r} is not {_choices(allowed)} (N above 0)")
    return Settings(count, milliseconds, frozenset(given))


def _positive(text: str) -> bool:
    return text.isdigit() and int(text) > 0


def _choices(words: Sequence[str]) -> str:
    return ", ".join(["N", "Nms", *words][:-1]) + " or " + (words[-1] if words else "Nms")
