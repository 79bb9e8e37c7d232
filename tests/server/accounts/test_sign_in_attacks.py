"""Sign-in attacked: the limits hold against other spellings of a name and guesses sent at
once, and password hashing cannot starve the rest of the server."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from argon2 import PasswordHasher
from sqlalchemy.orm import Session, sessionmaker

from pickletable.server.accounts.attempts import PER_NAME, MemoryAttempts, RedisAttempts
from pickletable.server.accounts.hashing import PasswordWork
from pickletable.server.accounts.service import Accounts
from pickletable.server.accounts.users import Users
from pickletable.server.errors import BadRequest, Refused
from pickletable.server.storage import Storage

CHEAP = PasswordHasher(time_cost=1, memory_cost=256, parallelism=1)
"""A hasher of the same kind at a cost a test can afford."""


@pytest.fixture
def database(tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    storage = Storage(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    yield sessionmaker(storage.engine, expire_on_commit=False)
    storage.close()


def accounts_on(database: sessionmaker[Session], **extra: object) -> Accounts:
    return Accounts(database, users=Users(database, hasher=CHEAP), **extra)  # type: ignore[arg-type]


def outcome(error: BaseException | object) -> str:
    return type(error).__name__ if isinstance(error, BaseException) else "signed in"


def test_a_name_typed_in_another_unicode_form_counts_as_that_name(
    database: sessionmaker[Session],
) -> None:
    accounts = accounts_on(database)

    async def run() -> list[str]:
        await accounts.sign_up("sam", "the right password")
        # each of these finds the account "sam" (NFKC, case folded): all guesses at it
        spellings = ["SAM", "ｓam", "ＳＡＭ", "\U0001d42cam", "sａm", " sam "]
        answers = []
        for attempt in range(PER_NAME + 2):
            spelling = spellings[attempt % len(spellings)]
            try:
                await accounts.sign_in(spelling, f"guess {attempt}", f"10.0.0.{attempt}")
            except Refused as error:
                answers.append(outcome(error))
        try:
            await accounts.sign_in("ｓａｍ", "the right password", "10.0.1.1")
            answers.append("signed in")
        except Refused as error:
            answers.append(outcome(error))
        return answers

    answers = asyncio.run(run())
    assert answers == ["NotYours"] * PER_NAME + ["TooMany"] * 3


def test_guesses_sent_at_once_are_all_counted(database: sessionmaker[Session]) -> None:
    accounts = accounts_on(database, work=PasswordWork(per_address=1000, waiting=1000))

    async def run() -> Counter[str]:
        await accounts.sign_up("ann", "the right password")
        guesses = [
            accounts.sign_in("ann", f"guess {number}", f"10.0.0.{number}") for number in range(30)
        ]
        answers = await asyncio.gather(*guesses, return_exceptions=True)
        return Counter(outcome(answer) for answer in answers)

    assert asyncio.run(run()) == {"NotYours": PER_NAME, "TooMany": 30 - PER_NAME}


def test_the_right_password_does_not_count_against_the_name() -> None:
    attempts = MemoryAttempts()

    async def run() -> float:
        for _ in range(3 * PER_NAME):
            wait, ticket = await attempts.take("ann", "10.0.0.1")
            assert wait == 0
            await attempts.forgive("ann", "10.0.0.1", ticket)
        return await attempts.wait("ann", "10.0.0.1")

    assert asyncio.run(run()) == 0


def test_two_workers_cannot_both_take_the_last_attempt(redis_url: str) -> None:
    from redis.asyncio import Redis

    async def run() -> Counter[bool]:
        clients = [Redis.from_url(redis_url) for _ in range(2)]
        prefix = f"test-{id(clients)}"
        try:
            workers = [RedisAttempts(r, lambda *parts: ":".join((prefix, *parts))) for r in clients]
            count = 3 * PER_NAME
            takes = [workers[n % 2].take("ann", f"10.0.0.{n}") for n in range(count)]
            answers = await asyncio.gather(*takes)
            return Counter(wait == 0 for wait, _ticket in answers)
        finally:
            for client in clients:
                await client.aclose()

    assert asyncio.run(run()) == {True: PER_NAME, False: 2 * PER_NAME}


class HeldHasher(PasswordHasher):
    """A hasher whose checks wait until the test lets them go (a slow, busy machine)."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=256, parallelism=1)
        self.go = threading.Event()

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.go.wait(30)
        return super().verify(hash, password)


def test_a_flood_of_sign_ins_is_refused_at_once_and_leaves_the_thread_pool_free(
    database: sessionmaker[Session],
) -> None:
    hasher = HeldHasher()
    accounts = Accounts(database, users=Users(database, hasher=hasher))

    async def run() -> tuple[Counter[str], Counter[str]]:
        await accounts.sign_up("ann", "the right password")
        one_address = [accounts.sign_in("ann", "the right password", "10.0.0.1") for _ in range(6)]
        many = [accounts.sign_in("ann", "the right password", f"10.0.1.{n}") for n in range(40)]
        tasks = [asyncio.ensure_future(call) for call in one_address + many]
        await asyncio.sleep(0.2)
        # the shared pool (session look-ups, lease renewals) is not waiting for hashes
        assert await asyncio.wait_for(asyncio.to_thread(lambda: "free"), 5) == "free"
        refused_at_once = Counter(type(task.exception()).__name__ for task in tasks if task.done())
        hasher.go.set()
        answers = await asyncio.gather(*tasks, return_exceptions=True)
        return refused_at_once, Counter(outcome(answer) for answer in answers)

    refused_at_once, answers = asyncio.run(run())
    assert refused_at_once["TooMany"] == 4  # one address: two hashes at a time
    assert refused_at_once["Unavailable"] > 0  # everyone: a bounded queue
    assert answers["signed in"] + answers["TooMany"] + answers["Unavailable"] == 46
    assert 0 < answers["signed in"] <= 8
    assert not answers["NotYours"]


@pytest.mark.parametrize("name", ["\u3164", "Ann\u2800", "\u115f\u1160", "Ann\uffa0"])
def test_an_account_name_that_shows_as_nothing_is_refused(
    database: sessionmaker[Session], name: str
) -> None:
    """ "Ann" and a blank after it look alike on a leaderboard; a blank name shows nothing."""
    with pytest.raises(BadRequest, match="show as nothing"):
        Users(database, hasher=CHEAP).sign_up(name, "a long password")
