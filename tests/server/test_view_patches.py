"""After its first view, a connection is sent only what changed, and the patches add up.

The whole view comes when the socket opens and on ``sync``; every change
after that is a patch of the view sent before (see `pickletable.server.patches`).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pickletable.server.patches import PatchMismatch, apply_patch, make_patch
from tests.server.conftest import play_until, two_people

GAMES = [
    ("board", {"target": 2.0}),
    ("card", {"target_score": 3, "win_by": 1}),
    ("slam", {"tokens_to_win": 1}),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_patches_rebuild_the_view_a_sync_sends_whole(
    client: Any, game: str, options: dict[str, Any]
) -> None:
    seats = ["human", "human", "bot:easy"] if game == "slam" else None
    with two_people(client, game, seats, options=options) as (_table_id, players):
        play_until(players, stop=lambda moves: moves >= 8)
        for player in players:
            rebuilt, whole = _sync(player)
            assert whole["version"] > rebuilt["version"]
            assert _same_but_version_and_log(rebuilt, whole)
            kinds = [message["type"] for message in player.raw if message["type"] != "pong"]
            assert kinds[0] == "view"
            assert "patch" in kinds
            assert kinds.count("view") == 2  # the first and the one asked for


def _sync(player: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ask for the whole view: the view the patches had built when it came, and it.

    A bot may move between the ask and the answer; its patch comes first, so the
    two must still agree.
    """
    player.current()
    player.socket.send_json({"type": "sync"})
    while True:
        message = player.socket.receive_json()
        player.raw.append(message)
        if message["type"] == "patch":
            player.view = apply_patch(player.view, message)
        elif message["type"] == "view":
            rebuilt, player.view = player.view, message
            return rebuilt, message


def test_a_patch_is_much_smaller_than_the_view_it_makes(client: Any) -> None:
    with two_people(client, "card", options={"target_score": 3, "win_by": 1}) as (_, players):
        play_until(players, stop=lambda moves: moves >= 6)
        patches = [m for p in players for m in p.raw if m["type"] == "patch"]
        views = [m for p in players for m in p.raw if m["type"] == "view"]
    patch_size = sum(len(json.dumps(m)) for m in patches) / len(patches)
    view_size = sum(len(json.dumps(m)) for m in views) / len(views)
    assert patch_size < view_size / 2, (patch_size, view_size)


def test_a_patch_for_another_version_is_refused() -> None:
    old = {"type": "view", "version": 3, "log_start": 0, "log": [], "step": 1}
    new = {**old, "version": 4, "step": 2}
    patch = make_patch(old, new)
    with pytest.raises(PatchMismatch):
        apply_patch({**old, "version": 2}, patch)


def test_random_views_round_trip_through_a_patch() -> None:
    rng = random.Random(5)
    values: list[Any] = [None, 0, 1, "a", "b", [1, 2], {"x": 1}, {"x": 2, "y": None}, True]
    for _ in range(2000):
        old = _random_view(rng, values, version=1)
        new = _random_view(rng, values, version=2)
        assert apply_patch(old, make_patch(old, new)) == new


def _random_view(rng: random.Random, values: list[Any], version: int) -> dict[str, Any]:
    view: dict[str, Any] = {"type": "view", "version": version, "log_start": 0, "log": []}
    for key in rng.sample(["a", "b", "c", "observation", "table"], rng.randrange(6)):
        if key in ("observation", "table") and rng.random() < 0.7:
            view[key] = {sub: rng.choice(values) for sub in rng.sample("pqrs", rng.randrange(5))}
        else:
            view[key] = rng.choice(values)
    return view


def _same_but_version_and_log(one: dict[str, Any], other: dict[str, Any]) -> bool:
    skip = {"version", "log", "log_start"}
    return {k: v for k, v in one.items() if k not in skip} == {
        k: v for k, v in other.items() if k not in skip
    }
