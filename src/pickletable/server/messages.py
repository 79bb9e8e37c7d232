"""Reading what a browser sends over the WebSocket: one JSON object per text frame.

Anything else (a binary frame, a message over the size limit, text that is
not JSON, JSON nested too deep, a value that is not an object) is a
`BadMessage` whose text the connection is told; the connection stays open.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

MAX_DEPTH = 8
"""How deeply a message's JSON may nest (the protocol needs 2)."""


class BadMessage(ValueError):
    """A WebSocket message the server cannot read; its text says why."""


def read_message(frame: Mapping[str, Any], limit: int) -> dict[str, Any]:
    """The JSON object in an ASGI ``websocket.receive`` frame, or `BadMessage`."""
    text = frame.get("text")
    if text is None:
        if frame.get("bytes") is not None:
            raise BadMessage("binary messages are not understood: send JSON text")
        raise BadMessage("an empty message: send a JSON object")
    if len(text) > limit:  # characters: at least as many bytes, so a cheap first check
        raise BadMessage(f"message too long: the limit is {limit} bytes")
    if len(text.encode()) > limit:
        raise BadMessage(f"message too long: the limit is {limit} bytes")
    if _depth(text) > MAX_DEPTH:
        raise BadMessage(f"message nested too deeply: at most {MAX_DEPTH} levels")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadMessage('not JSON: send an object such as {"type": "sync"}') from None
    if not isinstance(value, dict):
        raise BadMessage('a message is a JSON object such as {"type": "sync"}')
    _check_text(value)
    return value


def is_unicode(text: str) -> bool:
    """Whether `text` is Unicode text (a JSON escape such as \\ud800 can make a lone
    surrogate, which no reply could carry and no seat token or move can hold)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _check_text(value: Any) -> None:
    """Refuse a message holding a string that is not Unicode text (see `is_unicode`)."""
    if isinstance(value, str):
        if not is_unicode(value):
            raise BadMessage("a lone UTF-16 surrogate (a \\ud800 escape, say) is not text")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list):
        for item in value:
            _check_text(item)


def text_field(message: dict[str, Any], name: str) -> str | None:
    """A string field of a message (None when absent or not a string)."""
    value = message.get(name)
    return value if isinstance(value, str) else None


def int_field(message: dict[str, Any], name: str) -> int | None:
    """A whole-number field of a message (None when absent or not a whole number)."""
    value = message.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (before parsing, so it cannot recurse)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
