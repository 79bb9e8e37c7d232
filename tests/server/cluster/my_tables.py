"""My tables on several workers: every worker reads them from the database, alike
(run within `test_accounts_across_workers`, on its workers)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.cluster.workers import WorkerProcess, wait_for


def headers(client: httpx.Client, url: str, token: str | None = None) -> dict[str, str]:
    if "pickletable_csrf" not in client.cookies:
        client.get(url + "/api/account")
    sent = {"X-CSRF-Token": client.cookies["pickletable_csrf"]}
    return {**sent, "X-Seat-Token": token} if token else sent


def my_tables_alike(ann: httpx.Client, one: WorkerProcess, two: WorkerProcess) -> None:
    """Cy signs up, opens a table on one worker and starts it on the other; once the bot
    has moved, every worker lists it, his move."""
    body = {"name": "Cy", "password": "correct horse"}
    signed = ann.post(one.url + "/api/account/sign-up", json=body, headers=headers(ann, one.url))
    assert signed.status_code == 201, signed.text
    table: dict[str, Any] = {"game": "card", "seats": ["human", "bot:easy"], "name": "Cy"}
    made = ann.post(one.url + "/api/tables", json=table, headers=headers(ann, one.url)).json()
    table_id = made["table"]["id"]
    started = ann.post(
        f"{two.url}/api/tables/{table_id}/start",
        json={"fill_with_bots": False},
        headers=headers(ann, two.url, made["token"]),
    )
    assert started.status_code == 204, started.text

    def listed(url: str) -> list[dict[str, Any]]:
        answer = ann.post(url + "/api/my-tables", json={}, headers=headers(ann, url))
        assert answer.status_code == 200, answer.text
        result: list[dict[str, Any]] = answer.json()["tables"]
        return result

    # the bot (no delay here) moves until it is Ann's turn: every worker then says so
    wait_for(lambda: [t["your_move"] for t in listed(two.url)] == [True], 30)
    for worker in (one, two):
        [entry] = listed(worker.url)
        assert (entry["id"], entry["you"], entry["your_move"]) == (table_id, 0, True)
