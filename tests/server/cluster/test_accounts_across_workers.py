"""Accounts on several workers: a session made on one is good on the other, the
sign-in limits count every worker's failures together, and "My tables" (your move
marked) reads alike on every worker."""

from __future__ import annotations

from pathlib import Path

import httpx

from pickletable.server.accounts.attempts import PER_NAME
from tests.server.cluster.my_tables import my_tables_alike
from tests.server.cluster.workers import workers


def browser(cookies: httpx.Cookies) -> httpx.Client:
    return httpx.Client(cookies=cookies, timeout=15)


def csrf(client: httpx.Client, url: str) -> dict[str, str]:
    if "pickletable_csrf" not in client.cookies:
        client.get(url + "/api/account")
    return {"X-CSRF-Token": client.cookies["pickletable_csrf"]}


def test_a_session_the_sign_in_limits_and_my_tables_hold_on_every_worker(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    with workers(2, postgres_url, redis_url, tmp_path) as (one, two):
        cookies = httpx.Cookies()
        with browser(cookies) as ann:
            body = {"name": "Ann", "password": "correct horse"}
            made = ann.post(one.url + "/api/account/sign-up", json=body, headers=csrf(ann, one.url))
            assert made.status_code == 201, made.text
            assert ann.get(two.url + "/api/account").json()["user"]["name"] == "Ann"
        with browser(httpx.Cookies()) as mallory:
            wrong = {"name": "Ann", "password": "not the password"}
            for attempt in range(PER_NAME):
                url = (one, two)[attempt % 2].url
                answer = mallory.post(
                    url + "/api/account/sign-in", json=wrong, headers=csrf(mallory, url)
                )
                assert answer.status_code == 403
            for worker in (one, two):
                answer = mallory.post(
                    worker.url + "/api/account/sign-in",
                    json=body,
                    headers=csrf(mallory, worker.url),
                )
                assert answer.status_code == 429
        with browser(httpx.Cookies()) as cy:
            my_tables_alike(cy, one, two)
