"""Failed sign-ins are limited per name and per address, in memory or across workers."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from pickletable.server.accounts.attempts import (
    PER_ADDRESS,
    PER_NAME,
    WINDOW_SECONDS,
    MemoryAttempts,
    RedisAttempts,
)
from tests.server.accounts.test_accounts import sign_in, sign_up
from tests.server.conftest import Client


def test_a_name_tried_too_often_waits_even_with_the_right_password(client: Client) -> None:
    sign_up(client)
    client.cookies.clear()
    for _ in range(PER_NAME):
        assert sign_in(client, password="wrong password").status_code == 403
    answer = sign_in(client)
    assert answer.status_code == 429
    assert int(answer.headers["Retry-After"]) > 0


def test_the_window_passes() -> None:
    now = [0.0]
    attempts = MemoryAttempts(clock=lambda: now[0])

    async def run() -> None:
        for _ in range(PER_NAME):
            await attempts.failed("ann", "1.2.3.4")
        assert await attempts.wait("ann", "5.6.7.8") == pytest.approx(WINDOW_SECONDS)
        assert await attempts.wait("bob", "1.2.3.4") == 0
        now[0] = WINDOW_SECONDS + 1
        assert await attempts.wait("ann", "1.2.3.4") == 0

    asyncio.run(run())


def test_an_address_spraying_many_names_waits() -> None:
    attempts = MemoryAttempts()

    async def run() -> None:
        for number in range(PER_ADDRESS):
            await attempts.failed(f"name{number}", "1.2.3.4")
        assert await attempts.wait("someone else", "1.2.3.4") > 0
        assert await attempts.wait("someone else", "5.6.7.8") == 0

    asyncio.run(run())


def test_two_workers_share_the_counts_in_redis(redis_url: str) -> None:
    from redis.asyncio import Redis

    prefix = uuid.uuid4().hex

    def key(*parts: str) -> str:
        return ":".join((prefix, *parts))

    async def run() -> None:
        first, second = Redis.from_url(redis_url), Redis.from_url(redis_url)
        try:
            one, two = RedisAttempts(first, key), RedisAttempts(second, key)
            for number in range(PER_NAME):
                worker = one if number % 2 else two
                assert await worker.wait("ann", f"10.0.0.{number}") == 0
                await worker.failed("ann", f"10.0.0.{number}")
            assert await one.wait("ann", "10.0.1.1") > 0
            assert await two.wait("ann", "10.0.1.1") > 0
            assert await two.wait("bob", "10.0.1.1") == 0
        finally:
            await first.aclose()
            await second.aclose()

    asyncio.run(run())
