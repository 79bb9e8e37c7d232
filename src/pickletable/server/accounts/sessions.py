"""Signed-in browsers: a session cookie whose secret the database keeps only as a hash.

A session is made new at every sign-in (a session id planted before it is
never the signed-in one: no fixation), carries its own CSRF token, and ends
at sign-out, at a password change (every other session too) or after
`SESSION_SECONDS` without use.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session, sessionmaker

from pickletable.server.accounts.rows import SessionRow, UserRow
from pickletable.server.accounts.users import User

SESSION_COOKIE = "pickletable_session"
"""The session cookie's name over plain http (a server on localhost or a private network)."""
SECURE_SESSION_COOKIE = "__Host-" + SESSION_COOKIE
"""Its name over https: browsers keep a ``__Host-`` cookie only if it is Secure, for the
path /, with no Domain, so a page on a sibling subdomain or served over http cannot set
one for this host."""
SESSION_SECONDS = 30 * 24 * 60 * 60.0
"""A session unused this long is over."""
SEEN_EVERY = 60 * 60.0
"""How stale a session's last-use time may get before a request writes it again."""


def session_cookie(secure: bool) -> str:
    """The session cookie's name for a request served over https (`secure`) or not.

    >>> session_cookie(True)
    '__Host-pickletable_session'
    """
    return SECURE_SESSION_COOKIE if secure else SESSION_COOKIE


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Sessions:
    """The sessions of one database (synchronous: call from a worker thread)."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    def open(self, user: User) -> tuple[str, str]:
        """A new session for `user`: its cookie secret and its CSRF token."""
        token, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(32), time.time()
        with self.sessions.begin() as session:
            session.add(
                SessionRow(
                    token_hash=_hash(token), user_id=user.id, csrf=csrf, created=now, seen=now
                )
            )
        return token, csrf

    def find(self, token: str) -> tuple[User, str] | None:
        """The account of a live session and the session's CSRF token, or None."""
        now = time.time()
        with self.sessions() as session:
            found = session.execute(
                select(SessionRow, UserRow.name)
                .join(UserRow, UserRow.id == SessionRow.user_id)
                .where(SessionRow.token_hash == _hash(token))
            ).first()
        if found is None:
            return None
        row, name = found
        if name is None or now - row.seen > SESSION_SECONDS:
            self.close(token)
            return None
        if now - row.seen > SEEN_EVERY:
            with self.sessions.begin() as session:
                session.execute(
                    update(SessionRow)
                    .where(SessionRow.token_hash == row.token_hash)
                    .values(seen=now)
                )
        return User(row.user_id, name), row.csrf

    def close(self, token: str) -> None:
        """End one session (sign-out)."""
        with self.sessions.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == _hash(token)))

    def close_others(self, user_id: int, keep: str) -> None:
        """End every session of the account but `keep` (after a password change)."""
        with self.sessions.begin() as session:
            session.execute(
                delete(SessionRow).where(
                    SessionRow.user_id == user_id, SessionRow.token_hash != _hash(keep)
                )
            )
