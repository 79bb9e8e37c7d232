"""A whole game position as text, and back: one line per stored field.

The text starts with a header naming the game, the table size and the
options, then gives every field the state stores, one ``name: value`` line
each, the value in JSON. JSON has no tuples, enums or the engine's small
records, so those are tagged with a one-key object whose key starts with
``$``: ``{"$tuple": [0, 2]}``, ``{"$Step": "serve"}``, ``{"$Pile": {...}}``.
A state is rebuilt by starting a new game with the header's table and
options and setting each field, so the text is exact: the rebuilt state
has the same observations, legal actions and chance outcomes (and the
same fields) as the one written. Caches (private fields such as
``_legal``) are left out and rebuilt on demand.

Each game lists the enum and record types its fields may hold
(`GameState.position_types`); reading refuses any other tag, so a position
file can only name the game's own values.

>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2, {"target_score": 5})
>>> text = position_text(state, GAME.setup_of(state))
>>> print(text.splitlines()[0])
pickletable position: card
>>> again = read_position(GAME, text)
>>> again.legal_actions() == state.legal_actions(), again.observe(0) == state.observe(0)
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from pickletable.core.errors import PickletableError
from pickletable.core.piles import Pile
from pickletable.core.state import GameState, Outcome

if TYPE_CHECKING:
    from pickletable.core.game import GameDefinition

HEADER = "pickletable position: "
"""The first line of a position text, followed by the game id."""
LEFT_OUT = frozenset({"history", "rules"})
"""Fields not written: the actions played (a rebuilt position starts without them) and the
fixed rules tables (rebuilt from the header's options)."""


class PositionTextError(PickletableError, ValueError):
    """A position text that cannot be read: its line and what is wrong with it."""


@dataclass(frozen=True)
class Setup:
    """The table a position is played at: its size and its options (content included)."""

    players: int
    options: Mapping[str, object]


def position_text(state: GameState, setup: Setup) -> str:
    """The whole position as text (see the module docstring); `setup` is its table."""
    lines = [
        f"{HEADER}{state.game_id}",
        f"players: {setup.players}",
        f"options: {json.dumps(dict(setup.options), sort_keys=True)}",
    ]
    for name in stored_fields(state):
        value = _encode(getattr(state, name), f"field {name!r}")
        lines.append(f"{name}: {json.dumps(value, separators=(', ', ': '))}")
    return "\n".join(lines) + "\n"


def read_position(game: GameDefinition, text: str) -> GameState:
    """The position a text gives, for `game`; raises `PositionTextError` naming the bad line."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not lines or not lines[0].startswith(HEADER):
        raise PositionTextError(f"a position text starts with {HEADER.strip()!r} and a game id")
    game_id = lines[0][len(HEADER) :].strip()
    if game_id != game.id:
        raise PositionTextError(f"this position is of game {game_id!r}, not {game.id!r}")
    fields = dict(_fields(lines[1:]))
    try:
        players = int(fields.pop("players"))
        options = fields.pop("options")
    except KeyError as error:
        raise PositionTextError(f"the header has no {error} line") from None
    if not isinstance(options, dict):
        raise PositionTextError("options: give them as a JSON object")
    state = game.new_game(players, options)
    types = {_tag(kind): kind for kind in state.position_types}
    names = set(stored_fields(state))
    unknown = sorted(set(fields) - names)
    if unknown:
        raise PositionTextError(f"{game.title} positions have no field {unknown[0]!r}")
    missing = sorted(names - set(fields))
    if missing:
        raise PositionTextError(f"the position gives no {missing[0]!r} line")
    for name, value in fields.items():
        setattr(state, name, _decode(value, types, f"field {name!r}"))
    for name in cache_fields(state):
        setattr(state, name, None)
    return state


def stored_fields(state: GameState) -> list[str]:
    """The fields a position text holds: every slot of the state but caches and `LEFT_OUT`."""
    return [
        name for name in _slots(state) if name not in LEFT_OUT and name not in cache_fields(state)
    ]


def cache_fields(state: GameState) -> list[str]:
    """Private slots that only cache what the rest gives (``_legal``): reset on reading."""
    return [name for name in _slots(state) if name.startswith("_") and "legal" in name]


# --- values ---------------------------------------------------------------------------------
def _encode(value: Any, where: str) -> Any:
    if isinstance(value, Enum):
        return {_tag(type(value)): value.value}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Pile):
        return {"$Pile": {"unseen": dict(value.unseen), "known": list(value.known)}}
    if isinstance(value, Outcome):
        return {"$Outcome": _encode(value.to_json(), where)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        fields = {
            name: _encode(item, where) for name, item in zip(value._fields, value, strict=True)
        }
        return {_tag(type(value)): fields}
    if isinstance(value, list):
        return [_encode(item, where) for item in value]
    if isinstance(value, tuple):
        return {"$tuple": [_encode(item, where) for item in value]}
    if isinstance(value, dict):
        if all(isinstance(key, str) and not key.startswith("$") for key in value):
            return {key: _encode(item, where) for key, item in value.items()}
        return {
            "$dict": [[_encode(key, where), _encode(item, where)] for key, item in value.items()]
        }
    raise PositionTextError(f"{where}: no text form for a {type(value).__name__}")


def _decode(value: Any, types: Mapping[str, type], where: str) -> Any:
    if isinstance(value, list):
        return [_decode(item, types, where) for item in value]
    if not isinstance(value, dict):
        return value
    tagged = [key for key in value if key.startswith("$")]
    if not tagged:
        return {key: _decode(item, types, where) for key, item in value.items()}
    if len(value) != 1:
        raise PositionTextError(f"{where}: a tagged value ({tagged[0]}) stands alone")
    tag, inner = next(iter(value.items()))
    if tag == "$tuple":
        return tuple(_decode(item, types, where) for item in inner)
    if tag == "$dict":
        return {_decode(k, types, where): _decode(item, types, where) for k, item in inner}
    if tag == "$Pile":
        return Pile(dict(inner["unseen"]), list(inner["known"]))
    if tag == "$Outcome":
        return Outcome.from_json(inner)
    kind = types.get(tag)
    if kind is None:
        raise PositionTextError(f"{where}: no value of type {tag[1:]!r} in this game")
    if issubclass(kind, Enum):
        try:
            return kind(inner)
        except ValueError:
            raise PositionTextError(f"{where}: {inner!r} is no {tag[1:]}") from None
    return kind(**{name: _decode(item, types, where) for name, item in inner.items()})


def _tag(kind: type) -> str:
    return "$" + kind.__name__


def _fields(lines: list[str]) -> Iterator[tuple[str, Any]]:
    for number, line in enumerate(lines, 2):
        name, colon, value = line.partition(":")
        if not colon:
            raise PositionTextError(f"line {number}: write 'name: value', not {line!r}")
        try:
            yield name.strip(), json.loads(value)
        except json.JSONDecodeError as error:
            raise PositionTextError(f"line {number} ({name.strip()}): {error.msg}") from None


def _slots(state: GameState) -> list[str]:
    names: list[str] = []
    for cls in reversed(type(state).__mro__):
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return names
