"""A whole position as plain, copied values, so two states (or one, before and after) compare.

Every slot of the state is taken (all classes' ``__slots__``), recursively:
lists, tuples, dicts (in their order), sets, dataclasses and slotted
objects become plain values tagged with their type, so two equal snapshots
mean two equal positions, and a snapshot is a deep copy that later moves
cannot change. Three slots are left out:

- ``history``: the actions played, which a clone starts without;
- private caches, such as ``_legal`` (the legal list, rebuilt on demand);
- ``rules``: the game's fixed setup (options, content), a frozen value
  shared by a state and its clones (search caches hang on it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any

from pickletable.core.state import GameState

LEFT_OUT = frozenset({"history", "rules"})


def is_cache(name: str) -> bool:
    """Whether a private slot is a cache (its value can be rebuilt from the rest)."""
    return name.startswith("_") and ("legal" in name or "cache" in name)


def state_slots(state: GameState) -> list[str]:
    """The names of every slot a state has, from all its classes."""
    return sorted({name for cls in type(state).__mro__ for name in _slots_of(cls)})


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything a position holds, as plain copied values (see the module docstring)."""
    names = _TAKEN.get(type(state))
    if names is None:
        names = _TAKEN[type(state)] = tuple(
            name for name in state_slots(state) if name not in LEFT_OUT and not is_cache(name)
        )
    return {name: plain(getattr(state, name, _UNSET)) for name in names}


_TAKEN: dict[type, tuple[str, ...]] = {}
"""The slots `snapshot` takes, by the state's type."""


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The slots whose values differ between two snapshots, with both values."""
    return [
        f"{name}: {before.get(name)!r} -> {after.get(name)!r}"
        for name in sorted(set(before) | set(after))
        if before.get(name, _UNSET) != after.get(name, _UNSET)
    ]


def plain(value: Any) -> Any:
    """A value as nested tuples of plain data, tagged with the types that hold it."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    how = _HOW.get(kind)
    if how is None:
        how = _HOW[kind] = _how(kind)
    return how(value)


def _how(kind: type) -> Callable[[Any], Any]:
    """How `plain` takes a value of type `kind` (worked out once a type: the contract
    suite snapshots every position several times)."""
    name = kind.__name__
    if issubclass(kind, Enum):
        return lambda value: (type(value).__name__, value.value)
    if kind is type(None) or issubclass(kind, bool | int | float | str):
        return lambda value: value
    if issubclass(kind, list | tuple):
        return lambda value: (name, *map(plain, value))
    if issubclass(kind, dict):
        return lambda value: ("dict", *((plain(key), plain(item)) for key, item in value.items()))
    if issubclass(kind, set | frozenset):
        return lambda value: (name, *sorted(repr(plain(item)) for item in value))
    if issubclass(kind, type):  # a class held as a value: as it is
        return lambda value: value
    if dataclasses.is_dataclass(kind):
        fields = tuple(field.name for field in dataclasses.fields(kind))
        return lambda value: (name, *((f, plain(getattr(value, f))) for f in fields))
    names = tuple(sorted({slot for cls in kind.__mro__ for slot in _slots_of(cls)}))
    if names:
        return lambda value: (name, *((n, plain(getattr(value, n, _UNSET))) for n in names))
    if hasattr(kind, "__dict__") and kind.__dictoffset__:
        return lambda value: (name, *((k, plain(v)) for k, v in sorted(vars(value).items())))
    return lambda value: value


_HOW: dict[type, Callable[[Any], Any]] = {}
_ATOMS = frozenset({int, float, str, bool, type(None)})


class _Unset:
    def __repr__(self) -> str:
        return "<unset>"


_UNSET = _Unset()


def _slots_of(cls: type) -> Iterator[str]:
    slots = cls.__dict__.get("__slots__", ())
    if isinstance(slots, str):
        slots = (slots,)
    for name in slots:
        if name not in ("__dict__", "__weakref__"):
            yield name
