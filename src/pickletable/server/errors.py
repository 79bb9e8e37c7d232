"""Refusals the table manager answers with: each carries an HTTP status and a clear message."""

from __future__ import annotations


class Refused(Exception):
    """A request the table cannot grant now (409 unless a subclass says otherwise)."""

    status = 409
    step: int | None
    """The table's step now, for a move refused because it answered another view."""
    retry_after: float | None
    """Seconds until the same request may succeed, for a client over a limit (Retry-After)."""

    def __init__(
        self, message: str, *, step: int | None = None, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.step = step
        self.retry_after = retry_after


class NotFound(Refused):
    """No table (or seat) by that id."""

    status = 404


class NotYours(Refused):
    """A seat token that is missing, or does not belong to the seat it would act for."""

    status = 403


class BadRequest(Refused):
    """A request whose values cannot make a table (unknown game, option or seat)."""

    status = 422


class Unavailable(Refused):
    """The database did not take the write; nothing changed."""

    status = 503


class TooMany(Refused):
    """A client over one of its limits (tables per minute, say); it may try again later."""

    status = 429
