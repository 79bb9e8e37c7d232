"""Every message of whole games, per seat, spectator and REST: nothing another seat hides.

Each seat's views must carry exactly that seat's observation at that step
(rebuilt afterwards from the finished game's record), log lines only as
that seat may read them, and no seed, RNG state or token anywhere; and each
observation must not change when the cards the seat cannot see are dealt
again (`GameState.resample`), so it holds no other hand and no pile order.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pickletable.core.actions import Action
from pickletable.core.records import initial_state
from pickletable.core.registry import get_game
from pickletable.loadkit.players import SeatPlayer, Tally, ending_policy
from pickletable.loadkit.server import Refusal, ServerProcess
from pickletable.server.patches import apply_patch
from tests.reliability.conftest import run_async

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("board", 2, {"target": 1.5}),
    ("board", 4, {"target": 1.5}),
    ("card", 2, {"target_score": 2, "win_by": 1}),
    ("card", 3, {"target_score": 2, "win_by": 1}),
    ("card", 4, {"target_score": 2, "win_by": 1}),
    ("slam", 3, {"tokens_to_win": 1}),
    ("slam", 4, {"tokens_to_win": 1}),
    ("slam", 5, {"tokens_to_win": 1}),
    ("slam", 6, {"tokens_to_win": 1}),
    ("slam", 4, {"tokens_to_win": 1, "doubles": True}),
]
SECRET_PARTS = ("seed", "rng", "random", "hash", "secret")
"""No key of any message may contain one of these."""
SECRET_KEYS = {"token", "state"}
"""No key of any message may be one of these (a seat token, a raw game state).
A pile's order is caught by the resample check: dealing again changes it."""
NOTES = {"The game starts."}
"""Log lines that are not game events (the same for everyone)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("hidden")
    limits = {"messages_per_second": 1000, "connections_per_address": 1000}
    running = ServerProcess(folder / "tables.sqlite3", limits=limits).start()
    yield running
    running.stop()


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS)
def test_no_message_carries_what_its_receiver_may_not_see(
    server: ServerProcess, game: str, players: int, options: dict[str, Any]
) -> None:
    table_id, tokens = _full_table(server, game, players, options)
    rest: list[Any] = []
    seats = _play_whole_game(server, table_id, tokens, rest)
    record = server.get(f"/api/tables/{table_id}/record")
    assert "seed" not in record["meta"]
    expected = _expected(record)
    checked = 0
    for audience, messages in seats.items():
        view: dict[str, Any] = {}
        for message in messages:
            _no_secret_keys(message)  # the patch itself, as it travelled
            if message["type"] == "patch":
                message = apply_patch(view, message)
            if message["type"] != "view":
                continue
            view = message
            assert message["you"] == audience
            step = message["step"]
            assert message["observation"] == expected.observations[step][audience], (audience, step)
            if message["to_act"] != audience:
                assert message["legal"] == []
            unknown = set(message["log"]) - expected.lines[audience] - NOTES
            assert not unknown, (audience, unknown)
            checked += 1
    # A short game (chance comes from the OS) still sends every audience several views.
    assert checked >= 3 * len(seats), checked
    for answer in rest:
        _no_secret_keys(answer)


def _full_table(
    server: ServerProcess, game: str, players: int, options: dict[str, Any]
) -> tuple[str, list[str]]:
    body = {"game": game, "players": players, "options": options, "name": "P0"}
    made = server.post("/api/tables", {**body, "seats": ["human"] * players})
    table_id = made["table"]["id"]
    tokens = [made["token"]]
    for number in range(1, players):
        tokens.append(server.post(f"/api/tables/{table_id}/join", {"name": f"P{number}"})["token"])
    server.post(f"/api/tables/{table_id}/start", {}, made["token"])
    return table_id, tokens


def _play_whole_game(
    server: ServerProcess, table_id: str, tokens: list[str], rest: list[Any]
) -> dict[int | None, list[dict[str, Any]]]:
    tally = Tally()
    rng = random.Random(11)
    people = [
        SeatPlayer(server.ws_url, table_id, t, tally, 0.0, ending_policy(rng), keep=True)
        for t in tokens
    ]
    watcher = SeatPlayer(server.ws_url, table_id, None, tally, keep=True)

    async def run() -> None:
        until = time.monotonic() + 90
        everyone = [*people, watcher]
        for player in everyone:
            await player.open()
        games = asyncio.gather(*(player.play(until) for player in everyone))
        while not games.done():  # meanwhile, whatever the REST API tells anyone
            rest.append(await asyncio.to_thread(server.get, f"/api/tables/{table_id}"))
            rest.append(await asyncio.to_thread(server.get, "/api/tables"))
            for path in ("record", "replay"):
                try:
                    opened = await asyncio.to_thread(server.get, f"/api/tables/{table_id}/{path}")
                except Refusal as refusal:  # refused while the game is on
                    assert refusal.status == 409
                else:  # the whole record, secrets included, opens once the game is over
                    status = await asyncio.to_thread(server.get, f"/api/tables/{table_id}")
                    assert status["status"] == "over", opened
            await asyncio.sleep(0.05)
        await games
        for player in everyone:
            await player.close()

    run_async(run())
    assert not tally.errors, tally.errors[:3]
    assert all(player.view.get("status") == "over" for player in people)
    by_seat: dict[int | None, list[dict[str, Any]]] = {}
    for player in [*people, watcher]:
        you = player.messages[0]["you"]
        by_seat[you] = player.messages
    return by_seat


class Expected:
    """Each audience's observation after each step, and every log line it may read."""

    def __init__(self) -> None:
        self.observations: list[dict[int | None, Any]] = []
        self.lines: dict[int | None, set[str]] = {}


def _expected(record: dict[str, Any]) -> Expected:
    state = initial_state(record)
    presenter = get_game(record["game"]).presenter
    audiences: list[int | None] = [*state.seats, None]
    expected = Expected()
    expected.lines = {audience: set() for audience in audiences}
    rng = random.Random(3)

    def look() -> None:
        seen = {a: _normal(presenter.view(state, a)) for a in audiences}
        for seat in state.seats:  # deal again what the seat cannot see: it sees the same
            assert _normal(presenter.view(state.resample(seat, rng), seat)) == seen[seat]
        expected.observations.append(seen)

    look()
    for step in record["steps"]:
        events = state.apply(Action.from_text(step["action"]))
        for audience in audiences:
            for event in events:
                line = presenter.describe(state, event.for_seat(audience))
                if line:
                    expected.lines[audience].add(line)
        look()
    return expected


def _no_secret_keys(value: Any, where: str = "") -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            name = key.lower()
            assert name not in SECRET_KEYS, f"{where}/{key}"
            assert not any(part in name for part in SECRET_PARTS), f"{where}/{key}"
            _no_secret_keys(item, f"{where}/{key}")
    elif isinstance(value, list):
        for item in value:
            _no_secret_keys(item, where)


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_the_secret_words_check_catches_a_seed() -> None:
    with pytest.raises(AssertionError):
        _no_secret_keys({"table": {"meta": {"seed": 1}}})
