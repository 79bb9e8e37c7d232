"""Accounts and limits on several workers: a session made on one is good on the other,
the sign-in limits count every worker's failures together, "My tables" (your move
marked) reads alike on every worker, and the limit on tables of bots only holds for
tables asked of both workers in the same instant."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from pickletable.server.accounts.attempts import PER_NAME
from tests.server.cluster.my_tables import my_tables_alike
from tests.server.cluster.workers import WorkerProcess, workers
from tests.services import fresh_postgres_database

BOT_TABLES = 2
BOTS_ONLY = {"game": "card", "players": 2, "seats": ["bot:easy", "bot:easy"], "sit": False}


@pytest.fixture(scope="module")
def two(
    postgres_admin_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[WorkerProcess]]:
    """Two workers on one new database, for this module's tests."""
    folder: Path = tmp_path_factory.mktemp("workers")
    limits = (f"bot_tables={BOT_TABLES}",)
    with (
        fresh_postgres_database(postgres_admin_url) as url,
        workers(2, url, redis_url, folder, limits=limits) as started,
    ):
        yield started


def browser(cookies: httpx.Cookies) -> httpx.Client:
    return httpx.Client(cookies=cookies, timeout=15)


def csrf(client: httpx.Client, url: str) -> dict[str, str]:
    if "pickletable_csrf" not in client.cookies:
        client.get(url + "/api/account")
    return {"X-CSRF-Token": client.cookies["pickletable_csrf"]}


def test_a_session_the_sign_in_limits_and_my_tables_hold_on_every_worker(
    two: list[WorkerProcess],
) -> None:
    one, other = two
    cookies = httpx.Cookies()
    with browser(cookies) as ann:
        body = {"name": "Ann", "password": "correct horse"}
        made = ann.post(one.url + "/api/account/sign-up", json=body, headers=csrf(ann, one.url))
        assert made.status_code == 201, made.text
        assert ann.get(other.url + "/api/account").json()["user"]["name"] == "Ann"
    with browser(httpx.Cookies()) as mallory:
        wrong = {"name": "Ann", "password": "not the password"}
        for attempt in range(PER_NAME):
            url = (one, other)[attempt % 2].url
            answer = mallory.post(
                url + "/api/account/sign-in", json=wrong, headers=csrf(mallory, url)
            )
            assert answer.status_code == 403
        for worker in (one, other):
            answer = mallory.post(
                worker.url + "/api/account/sign-in",
                json=body,
                headers=csrf(mallory, worker.url),
            )
            assert answer.status_code == 429
    with browser(httpx.Cookies()) as cy:
        my_tables_alike(cy, one, other)


def test_tables_of_bots_only_asked_of_two_workers_at_once_stay_within_the_limit(
    two: list[WorkerProcess],
) -> None:
    """Each worker once counted the other's from its last beat (every 0.5 s): asked in the
    same instant, both let the last table through."""
    asked = [worker.url for worker in two for _ in range(BOT_TABLES + 1)]
    with ThreadPoolExecutor(len(asked)) as pool:
        answers = list(pool.map(lambda url: httpx.post(url + "/api/tables", json=BOTS_ONLY), asked))
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [201] * BOT_TABLES + [429] * (len(asked) - BOT_TABLES), codes
    assert all("bots only" in a.json()["detail"] for a in answers if a.status_code == 429)
