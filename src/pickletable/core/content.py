"""Content files: die faces, cards and decks as TOML data, loaded and checked.

A `Content` is the validated data plus its fingerprint, so that a record can
embed exactly the cards a game was played with.

>>> from pickletable.core.content import Content
>>> c = Content.from_data({"dice": {"faces": ["in", "out"]}}, source="inline")
>>> c.fingerprint[:7]
'sha256:'
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pickletable.core.errors import ContentError


def fingerprint_of(data: object) -> str:
    """A stable hash of JSON-safe data (key order does not matter)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Content:
    """Validated content data with where it came from and its fingerprint."""

    data: dict[str, Any]
    source: str
    fingerprint: str

    @staticmethod
    def from_data(data: dict[str, Any], source: str) -> Content:
        """Wrap data that a game's validator has accepted."""
        return Content(data, source, fingerprint_of(data))


def read_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file, turning every failure into a `ContentError` naming the file."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(str(path), "file", "not found") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(str(path), "file", f"not valid TOML ({error})") from None
    except UnicodeDecodeError as error:
        # tomllib decodes the whole file first: a Latin-1 or UTF-16 file fails here.
        raise ContentError(
            str(path), "file", f"not UTF-8 text (byte {error.start}); save it as UTF-8"
        ) from None
    except OSError as error:
        raise ContentError(str(path), "file", f"cannot be read ({error.strerror})") from None


class Checker:
    """Small helpers for content validators; each failure names source and entry."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, entry: str, problem: str) -> ContentError:
        """An error for one entry of this file."""
        return ContentError(self.source, entry, problem)

    def table(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        """A required sub-table."""
        value = data.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, "missing table" if value is None else "must be a table")
        return value

    def array(self, data: dict[str, Any], key: str, entry: str, min_len: int = 1) -> list[Any]:
        """A required non-empty array."""
        value = data.get(key)
        if not isinstance(value, list):
            raise self.fail(entry, f"'{key}' must be a list")
        if len(value) < min_len:
            raise self.fail(entry, f"'{key}' needs at least {min_len} entries, has {len(value)}")
        return value

    def text(self, data: dict[str, Any], key: str, entry: str) -> str:
        """A required non-empty string."""
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, f"'{key}' must be a non-empty text")
        return value

    def integer(
        self,
        data: dict[str, Any],
        key: str,
        entry: str,
        default: int | None = None,
        minimum: int | None = None,
    ) -> int:
        """A required (or defaulted) whole number, at least `minimum`."""
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(entry, f"'{key}' must be a whole number")
        if minimum is not None and value < minimum:
            raise self.fail(entry, f"'{key}' must be at least {minimum}, is {value}")
        return value

    def one_of(
        self, value: object, allowed: list[str] | tuple[str, ...] | set[str], entry: str, what: str
    ) -> str:
        """A string from a fixed vocabulary."""
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(entry, f"{what} {value!r} is not one of {', '.join(sorted(allowed))}")
        return value


Validator = Callable[[dict[str, Any], Checker], dict[str, Any]]


def load_content(path: Path, validate: Validator) -> Content:
    """Read and validate a content file."""
    data = read_toml(path)
    return Content.from_data(validate(data, Checker(str(path))), str(path))


def content_from_record(data: dict[str, Any], fingerprint: str, validate: Validator) -> Content:
    """Rebuild content embedded in a record, checking that it was not altered."""
    checked = validate(data, Checker("record content"))
    actual = fingerprint_of(checked)
    if actual != fingerprint:
        raise ContentError(
            "record content",
            "fingerprint",
            f"is {fingerprint} but the embedded content hashes to {actual}",
        )
    return Content(checked, "record", actual)
