"""Game options: one name, one type and one documented default each.

>>> from pickletable.core.options import OptionSpec, OptionSet
>>> opts = OptionSet([
...     OptionSpec("level", str, "beginner", "how much", ("beginner", "advanced")),
...     OptionSpec("stanchion_rule", bool, False, "serve needs the stanchion"),
... ])
>>> opts.parse(["stanchion_rule=on"])
{'level': 'beginner', 'stanchion_rule': True}
>>> opts.parse(["level=expert"])
Traceback (most recent call last):
...
pickletable.core.errors.OptionError: option level: 'expert' is not one of beginner, advanced
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pickletable.core.errors import OptionError

OptionValue = bool | int | float | str

_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, type, default, help text and allowed values."""

    name: str
    kind: type
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    only_with: tuple[tuple[str, OptionValue], ...] = ()
    """What the option needs to mean anything, as (option, value) pairs, ``players`` for
    the number of players: a lobby offers it only then (the board game's Skill Card
    rule needs ``level`` advanced). The engine takes it either way."""

    def applies(self, options: dict[str, OptionValue], players: int) -> bool:
        """Whether the option means anything with these other options and players.

        >>> spec = OptionSpec("x", bool, False, "", only_with=(("players", 4),))
        >>> spec.applies({}, 4), spec.applies({}, 3)
        (True, False)
        """
        known = {**options, "players": players}
        return all(known.get(name) == value for name, value in self.only_with)

    @property
    def type_name(self) -> str:
        """The option's type in words, for the rules page."""
        if self.choices:
            return "one of " + ", ".join(str(c) for c in self.choices)
        names = {bool: "on/off", int: "whole number", float: "number", str: "text"}
        text = names[self.kind]
        if self.minimum is not None or self.maximum is not None:
            text += f" {_fmt(self.minimum)}..{_fmt(self.maximum)}"
        return text

    def convert(self, value: object) -> OptionValue:
        """Turn text (from a command line) or a JSON value into this option's type."""
        converted = self._convert(value)
        if self.choices is not None and converted not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name}: {value!r} is not one of {allowed}")
        if isinstance(converted, int | float) and not isinstance(converted, bool):
            if self.minimum is not None and converted < self.minimum:
                raise OptionError(f"option {self.name}: {value!r} is below {_fmt(self.minimum)}")
            if self.maximum is not None and converted > self.maximum:
                raise OptionError(f"option {self.name}: {value!r} is above {_fmt(self.maximum)}")
        return converted

    def _convert(self, value: object) -> OptionValue:
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise OptionError(f"option {self.name}: expected on or off, got {value!r}")
        if self.kind is int:
            try:
                if isinstance(value, float) and not value.is_integer():
                    raise ValueError
                if isinstance(value, int | float):
                    return int(value)
                return int(str(value).strip())
            except (TypeError, ValueError):
                raise OptionError(
                    f"option {self.name}: expected a whole number, got {value!r}"
                ) from None
        if self.kind is float:
            try:
                number = float(value) if isinstance(value, int | float) else float(str(value))
            except (TypeError, ValueError):
                raise OptionError(f"option {self.name}: expected a number, got {value!r}") from None
            if not math.isfinite(number):
                raise OptionError(f"option {self.name}: expected a finite number, got {value!r}")
            return number
        return str(value).strip()


def _fmt(number: float | None) -> str:
    if number is None:
        return ""
    return str(int(number)) if float(number).is_integer() else str(number)


class OptionSet:
    """The options of one game, parsed and checked together."""

    def __init__(self, specs: Sequence[OptionSpec]) -> None:
        self.specs = {spec.name: spec for spec in specs}

    def __iter__(self) -> Iterator[OptionSpec]:
        return iter(self.specs.values())

    def defaults(self) -> dict[str, OptionValue]:
        """Every option at its default."""
        return {name: spec.default for name, spec in self.specs.items()}

    def parse(self, pairs: Iterable[str]) -> dict[str, OptionValue]:
        """Read ``NAME=VALUE`` strings (as given to ``--option``) over the defaults."""
        given: dict[str, str] = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep or not name.strip():
                raise OptionError(f"option {pair!r}: write it as NAME=VALUE, e.g. level=advanced")
            given[name.strip()] = value
        return self.resolve(given)

    def resolve(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Check a mapping of option values (text or JSON) and fill in the defaults."""
        values = self.defaults()
        for name, value in given.items():
            spec = self.specs.get(name)
            if spec is None:
                known = ", ".join(self.specs) or "none"
                raise OptionError(f"unknown option {name!r}; this game's options are: {known}")
            values[name] = spec.convert(value)
        return values

    def describe(self) -> list[dict[str, Any]]:
        """One row per option (name, type, default, help) for rules pages."""
        return [
            {"name": s.name, "type": s.type_name, "default": s.default, "help": s.help}
            for s in self.specs.values()
        ]
