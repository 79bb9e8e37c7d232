"""The post-game review over the API: refused while the game is in play, then its progress
and the review, kept per table and seat (in the database too, and in the record); a review
nobody waits for stops."""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from pickletable.analysis.review import ReviewCancelled, review_record
from pickletable.core.records import replay
from pickletable.server import reviews as reviews_module
from pickletable.server.review_store import save_review, stored_review, stored_reviews
from pickletable.server.reviews import BUDGET_ENV
from pickletable.server.storage import Storage
from tests.server.conftest import Client, Player, manager_of, new_table, start
from tests.server.stored_tables import FIXTURES, put_stored_table


def finished_slam(client: Client) -> str:
    """A game of Slam to one token among three easy bots, watched until it is over."""
    made = new_table(
        client, "slam", ["bot:easy", "bot:easy", "bot:easy"], options={"tokens_to_win": 1}
    )
    table_id: str = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        Player(watcher, None).current()  # someone watching starts a table of bots only
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.02)
    return table_id


def reviewed(client: Client, path: str) -> dict[str, Any]:
    """Ask until the review is done; every answer before it is a progress."""
    deadline = time.monotonic() + 30
    while True:
        answer = client.get(path)
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["state"] == "done":
            return body
        assert body["state"] == "running" and body["done"] <= body["total"]
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_table_in_play_is_not_reviewed(client: Client) -> None:
    made = new_table(client, "card", ["human", "bot:easy"])
    table_id, token = made["table"]["id"], made["token"]
    start(client, table_id, token)
    answer = client.get(f"/api/tables/{table_id}/review", headers={"X-Seat-Token": token})
    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "a review opens once the game is over: this table is still in play"
    )


def test_a_finished_table_s_review_comes_after_its_progress_and_is_kept(client: Client) -> None:
    manager_of(client).reviews.budget = 2  # a rough review, quick
    table_id = finished_slam(client)
    path = f"/api/tables/{table_id}/review?seat=1"
    only_made = f"{path}&start=false"  # the summary's look for a review made already
    assert client.get(only_made).json() == {"seat": 1, "state": "none"}
    assert client.get(only_made).json() == {"seat": 1, "state": "none"}  # nor started by it
    body = reviewed(client, path)
    assert client.get(only_made).json() == body
    review = body["review"]
    assert body["seat"] == 1 and review["game"] == "slam" and review["budget"] == 2
    [seat] = review["seats"]
    assert seat["seat"] == 1 and seat["graph"][-1][0] == review["steps"]
    assert {decision["mark"] for decision in seat["decisions"]} <= {
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    }
    assert client.get(path).json() == body  # kept: the same review, at once


def test_a_review_names_its_seat(client: Client) -> None:
    table_id = finished_slam(client)
    nobody = client.get(f"/api/tables/{table_id}/review")
    assert nobody.status_code == 422 and "say which seat" in nobody.json()["detail"]
    wrong = client.get(f"/api/tables/{table_id}/review?seat=9")
    assert wrong.status_code == 404 and wrong.json()["detail"] == "this table has no seat 9"


def test_a_finished_review_is_kept_with_the_table_and_a_restart_answers_it_at_once(
    serve: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BUDGET_ENV, "2")
    with serve() as client:
        table_id = finished_slam(client)
        path = f"/api/tables/{table_id}/review?seat=1"
        made = reviewed(client, path)["review"]

    def weigh_again(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the kept review was made again")

    monkeypatch.setattr(reviews_module, "review_record", weigh_again)
    with serve() as client:  # a restarted server (or another worker on the database)
        assert client.get(path).json() == {"seat": 1, "state": "done", "review": made}
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["meta"]["reviews"] == [made]
    assert replay(record).is_over  # the record with its review still replays
    # The same record, seed and budget: the same review, made anywhere.
    assert review_record(record, [1], budget=2, seed=made["seed"]).to_json() == made


@pytest.mark.parametrize(("quiet", "outcome"), [(59.0, "done"), (61.0, "cancelled")])
def test_a_review_nobody_asks_after_for_60_seconds_stops(
    client: Client, monkeypatch: pytest.MonkeyPatch, quiet: float, outcome: str
) -> None:
    """The clock is the test's: the review waits at its start until the clock has moved on
    by `quiet` seconds with nobody asking, then goes on (59 s) or stops (61 s)."""
    reviews = manager_of(client).reviews
    reviews.budget = 2
    table_id = finished_slam(client)
    now = [0.0]
    reviews.clock = lambda: now[0]
    start, outcomes = threading.Event(), queue.Queue[str]()

    def held(*args: Any, **kwargs: Any) -> Any:
        start.wait(30)
        try:
            made = review_record(*args, **kwargs)
        except ReviewCancelled:
            outcomes.put("cancelled")
            raise
        outcomes.put("done")
        return made

    monkeypatch.setattr(reviews_module, "review_record", held)
    path = f"/api/tables/{table_id}/review?seat=1"
    assert client.get(path).json()["state"] == "running"
    now[0] = quiet
    start.set()
    assert outcomes.get(timeout=30) == outcome
    body = client.get(path).json()
    if outcome == "cancelled":  # the next ask starts it again, and it comes to its end
        assert body == {"seat": 1, "state": "running", "done": 0, "total": 0}
        body = reviewed(client, path)
    assert body["state"] == "done"


def test_a_kept_review_answers_only_for_its_seed_budget_and_version(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    table_id = put_stored_table(url, FIXTURES / "board-target-at-zero.table.json")
    storage = Storage(url)
    try:
        review = {"game": "slam", "seed": 2026, "budget": 2, "rollouts": 2, "seats": []}
        save_review(storage, table_id, 1, review)
        assert stored_review(storage, table_id, 1, seed=2026, budget=2) == review
        assert stored_review(storage, table_id, 1, seed=2026, budget=3) is None
        assert stored_review(storage, table_id, 1, seed=7, budget=2) is None
        assert stored_review(storage, table_id, 0, seed=2026, budget=2) is None
        again = {**review, "budget": 3}
        save_review(storage, table_id, 1, again)  # another budget's review takes its place
        assert stored_reviews(storage, table_id) == [again]
    finally:
        storage.close()
