"""Accounts in the database: sign up, check a password, change it, delete the account.

Passwords are hashed with Argon2id (argon2-cffi's defaults). Checking a name
that has no account costs one hash too, so the time an answer takes does not
tell which names exist.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from pickletable.server.accounts.rows import AccountSeatRow, SessionRow, UserRow
from pickletable.server.errors import BadRequest, Refused
from pickletable.server.names import clean_name

NAME_LENGTH = 24
PASSWORD_LENGTH = (8, 256)
"""The shortest and the longest password taken."""
DELETED_NAME = "deleted player"
"""How a deleted account is shown in the games it played."""


class NameTaken(Refused):
    """Another account has this name (case aside)."""


@dataclass(frozen=True)
class User:
    """An account as the routes see it."""

    id: int
    name: str


def name_key(name: str) -> str:
    """The form of a name two accounts may not share: NFKC, case folded.

    >>> name_key("Ｓam") == name_key("sAM")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def lookup_key(name: str) -> str:
    """The key a sign-in looks a typed name up by (and counts its attempts under)."""
    return name_key(name.strip())


def check_name(name: str) -> str:
    """The name to keep (spaces trimmed), or `BadRequest` saying what is wrong with it."""
    name = unicodedata.normalize("NFKC", name).strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise BadRequest(f"a name has 1 to {NAME_LENGTH} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise BadRequest("a name has no control characters")
    try:  # the display names' check too: no letters that show as nothing (U+3164, U+2800)
        clean_name(name)
    except ValueError as error:
        raise BadRequest(str(error)) from None
    if name_key(name) == name_key(DELETED_NAME):
        raise BadRequest(f"{DELETED_NAME!r} is not a name an account may take")
    return name


def check_password(password: str) -> None:
    """`BadRequest` for a password too short or too long."""
    shortest, longest = PASSWORD_LENGTH
    if not shortest <= len(password) <= longest:
        raise BadRequest(f"a password has {shortest} to {longest} characters")


_DUMMIES: dict[tuple[object, ...], str] = {}


def dummy_hash(hasher: PasswordHasher) -> str:
    """A hash with `hasher`'s parameters of a password nobody has: checking a name that has
    no account verifies against it, so it costs as long as checking one that has.

    Made once a process for each set of parameters (a hash takes about 0.1 s, and every
    start of the app made one).

    >>> hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    >>> dummy_hash(hasher) is dummy_hash(PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
    True
    >>> hasher.verify(dummy_hash(hasher), "not a password of anyone")
    True
    """
    key = (
        hasher.time_cost,
        hasher.memory_cost,
        hasher.parallelism,
        hasher.hash_len,
        hasher.salt_len,
        hasher.type,
    )
    if key not in _DUMMIES:
        _DUMMIES[key] = hasher.hash("not a password of anyone")
    return _DUMMIES[key]


class Users:
    """The accounts of one database (synchronous: call from a worker thread)."""

    def __init__(self, sessions: sessionmaker[Session], hasher: PasswordHasher | None = None):
        self.sessions = sessions
        self.hasher = hasher or PasswordHasher()
        self._dummy = dummy_hash(self.hasher)

    def sign_up(self, name: str, password: str) -> User:
        """A new account; `NameTaken` when the name is someone's already."""
        name = check_name(name)
        check_password(password)
        hashed = self.hasher.hash(password)
        row = UserRow(name=name, name_key=name_key(name), password_hash=hashed, created=time.time())
        try:
            with self.sessions.begin() as session:
                session.add(row)
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken: choose another") from None
        return User(row.id, name)

    def verify(self, name: str, password: str) -> User | None:
        """The account if `password` is its password, else None (unknown name or wrong)."""
        with self.sessions() as session:
            row = session.scalar(select(UserRow).where(UserRow.name_key == lookup_key(name)))
        if row is None or row.deleted or row.name is None:
            self._matches(self._dummy, password)
            return None
        if not self._matches(row.password_hash, password):
            return None
        if self.hasher.check_needs_rehash(row.password_hash):
            self._store_hash(row.id, password)
        return User(row.id, row.name)

    def change_password(self, user: User, old: str, new: str) -> bool:
        """Set a new password if `old` is the current one (False otherwise)."""
        check_password(new)
        if self.verify(user.name, old) is None:
            return False
        self._store_hash(user.id, new)
        return True

    def delete(self, user_id: int) -> None:
        """Forget the name and password and end every session; seats and games stay."""
        with self.sessions.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
            session.execute(
                update(UserRow)
                .where(UserRow.id == user_id)
                .values(name=None, name_key=None, password_hash="", deleted=True)
            )

    def names(self, user_ids: set[int]) -> dict[int, str]:
        """Each account's name ("deleted player" for a deleted one)."""
        if not user_ids:
            return {}
        with self.sessions() as session:
            rows = session.execute(select(UserRow.id, UserRow.name).where(UserRow.id.in_(user_ids)))
            return {id_: name or DELETED_NAME for id_, name in rows}

    def claim_seat(self, user_id: int, table_id: str, seat: int) -> bool:
        """Link a seat to the account (a guest's seat, or one taken signed in); False if it is
        another account's already."""
        with self.sessions.begin() as session:
            held = session.get(AccountSeatRow, (table_id, seat))
            if held is not None:
                return held.user_id == user_id
            session.add(AccountSeatRow(table_id=table_id, seat=seat, user_id=user_id))
        return True

    def seats_of(self, table_id: str) -> dict[int, int]:
        """The seats of a table that accounts hold: seat number -> account id."""
        with self.sessions() as session:
            rows = session.execute(
                select(AccountSeatRow.seat, AccountSeatRow.user_id).where(
                    AccountSeatRow.table_id == table_id
                )
            )
            return {seat: user_id for seat, user_id in rows}

    def _matches(self, hashed: str, password: str) -> bool:
        try:
            return self.hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False

    def _store_hash(self, user_id: int, password: str) -> None:
        with self.sessions.begin() as session:
            session.execute(
                update(UserRow)
                .where(UserRow.id == user_id)
                .values(password_hash=self.hasher.hash(password))
            )
