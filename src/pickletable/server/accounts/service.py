"""The accounts as the routes use them: async, off the event loop, with the login limits.

Every password hash runs on the bounded hashing thread (`accounts.hashing`), never on
the shared thread pool the session look-ups use.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from pickletable.server.accounts.attempts import Attempts, MemoryAttempts
from pickletable.server.accounts.hashing import PasswordWork
from pickletable.server.accounts.sessions import Sessions
from pickletable.server.accounts.users import User, Users, lookup_key
from pickletable.server.errors import NotYours, Refused, TooMany
from pickletable.server.seats import Seat
from pickletable.server.storage import TableRow


@dataclass(frozen=True)
class SignedIn:
    """A request's session: whose it is, its cookie secret and its CSRF token."""

    user: User
    token: str
    csrf: str


@dataclass(frozen=True)
class HeldSeat:
    """A seat token a browser presents, to link its seat to the account."""

    table: str
    token: str


class Accounts:
    """Users, sessions and login limits over one database."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        attempts: Attempts | None = None,
        users: Users | None = None,
        work: PasswordWork | None = None,
    ) -> None:
        self.db = sessions
        self.users = users or Users(sessions)
        self.sessions = Sessions(sessions)
        self.attempts = attempts or MemoryAttempts()
        self.work = work or PasswordWork()

    async def sign_up(self, name: str, password: str, address: str = "?") -> tuple[User, str, str]:
        """A new account, signed in: the account, the session's secret and CSRF token."""
        user = await self.work.run(address, self.users.sign_up, name, password)
        token, csrf = await asyncio.to_thread(self.sessions.open, user)
        return user, token, csrf

    async def sign_in(self, name: str, password: str, address: str) -> tuple[User, str, str]:
        """A new session, or `TooMany` past the limits, `NotYours` for a wrong password.

        The attempt counts from its arrival (so guesses sent at once all count) and
        stops counting if the password was right. The refusal is the same for an
        unknown name and a wrong password.
        """
        key = lookup_key(name)
        wait, ticket = await self.attempts.take(key, address)
        if wait:
            raise TooMany(f"too many failed sign-ins: try again in {wait:.0f} s", retry_after=wait)
        try:
            user = await self.work.run(address, self.users.verify, name, password)
        except Refused:  # refused before its password was checked: it does not count
            await self._forgive(key, address, ticket)
            raise
        if user is None:
            raise NotYours("that name and password do not match an account")
        await self._forgive(key, address, ticket)
        token, csrf = await asyncio.to_thread(self.sessions.open, user)
        return user, token, csrf

    async def _forgive(self, key: str, address: str, ticket: str) -> None:
        with contextlib.suppress(Exception):  # shared counts unreachable: it stays counted
            await self.attempts.forgive(key, address, ticket)

    async def session(self, token: str | None) -> SignedIn | None:
        """The live session a cookie names, or None."""
        if not token:
            return None
        found = await asyncio.to_thread(self.sessions.find, token)
        if found is None:
            return None
        user, csrf = found
        return SignedIn(user, token, csrf)

    async def sign_out(self, signed: SignedIn) -> None:
        await asyncio.to_thread(self.sessions.close, signed.token)

    async def change_password(
        self, signed: SignedIn, old: str, new: str, address: str = "?"
    ) -> None:
        """A new password (the old one must be right); other sessions end."""
        changed = await self.work.run(address, self.users.change_password, signed.user, old, new)
        if not changed:
            raise NotYours("the current password is not right")
        await asyncio.to_thread(self.sessions.close_others, signed.user.id, signed.token)

    async def delete(self, signed: SignedIn, password: str, address: str = "?") -> None:
        """Delete the account (its password again, so a left-open browser cannot)."""
        if await self.work.run(address, self.users.verify, signed.user.name, password) is None:
            raise NotYours("the password is not right")
        await asyncio.to_thread(self.users.delete, signed.user.id)

    async def claim(self, user: User, held: list[HeldSeat]) -> int:
        """Link to the account each seat whose token the browser holds: how many were."""
        return await asyncio.to_thread(self._claim, user, held)

    def _claim(self, user: User, held: list[HeldSeat]) -> int:
        wanted = {item.table for item in held}
        with self.db() as session:
            rows = session.execute(
                select(TableRow.id, TableRow.seats).where(TableRow.id.in_(wanted))
            ).all()
        seats: dict[str, list[dict[str, Any]]] = {id_: list(value) for id_, value in rows}
        claimed = 0
        for item in held:
            for stored in seats.get(item.table, []):
                seat = Seat.from_json(stored)
                # a seat a bot took over keeps its person's token hash: it counts too
                if seat.holds(item.token) and self.users.claim_seat(user.id, item.table, seat.seat):
                    claimed += 1
        return claimed
