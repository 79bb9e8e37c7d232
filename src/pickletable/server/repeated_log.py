"""Logging a failure that repeats once per condition per interval, with how often it happened.

A full disk fails every write, and every bot table's driver tries again each
second; a slowloris client makes hundreds of connections. One line a minute
per kind says it all; a line per event would fill the disk that is full.
"""

from __future__ import annotations

import logging
import time

log = logging.getLogger("pickletable.server")
LOG_EVERY_SECONDS = 60.0
"""A kind of event is logged at most this often (with how many since)."""


class RepeatedLog:
    """Log one line per kind of event at most once every `LOG_EVERY_SECONDS`, with counts."""

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}
        self._logged: dict[str, float] = {}

    def note(self, kind: str, message: str, *, error: BaseException | None = None) -> None:
        """Count one `kind` event; log `message` (and the count, and `error`'s traceback)
        unless it was logged in the last `LOG_EVERY_SECONDS`."""
        self._counts[kind] = self._counts.get(kind, 0) + 1
        now = time.monotonic()
        if now - self._logged.get(kind, -LOG_EVERY_SECONDS) < LOG_EVERY_SECONDS:
            return
        count, self._counts[kind] = self._counts[kind], 0
        self._logged[kind] = now
        more = f" ({count} in the last minute)" if count > 1 else ""
        if error is None:
            log.warning("%s%s", message, more)
        else:
            log.error("%s%s", message, more, exc_info=error)
