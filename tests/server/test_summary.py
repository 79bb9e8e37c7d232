"""The end-of-game summary: open once the game is over, the same for everyone, in the spec."""

from __future__ import annotations

import pytest

from tests.server.conftest import Client, Player, new_table, wait_for

BOTS_ONLY = {
    "board": (["bot:easy", "bot:easy"], {"target": 1.5}),
    "card": (["bot:easy", "bot:easy"], {"target_score": 2, "win_by": 1}),
    "slam": (["bot:easy", "bot:easy", "bot:easy"], {"tokens_to_win": 1}),
}


def finished_table(client: Client, game: str) -> str:
    """A table of bots that someone watched to its end."""
    seats, options = BOTS_ONLY[game]
    table_id: str = new_table(client, game, seats, options=options, sit=False)["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        wait_for(Player(socket, None), lambda view: view["status"] == "over")
    return table_id


def test_the_summary_waits_for_the_end_of_the_game(client: Client) -> None:
    made = new_table(client, "card", ["human", "bot:easy"], options={"target_score": 2})
    answer = client.get(f"/api/tables/{made['table']['id']}/summary")
    assert answer.status_code == 409
    assert "once the game is over" in answer.json()["detail"]
    assert client.get("/api/tables/nosuch/summary").status_code == 404


@pytest.mark.parametrize("game", sorted(BOTS_ONLY))
def test_a_finished_game_is_summed_up_rally_by_rally_for_all(client: Client, game: str) -> None:
    table_id = finished_table(client, game)
    summary = client.get(f"/api/tables/{table_id}/summary").json()
    info = client.get(f"/api/tables/{table_id}").json()
    assert summary["table"] == table_id and summary["over"]
    assert summary["outcome"] == info["outcome"]["text"]
    assert len(summary["history"]) == len(summary["rallies"]) + 1 >= 2
    final = summary["history"][-1]
    for side, score in zip(summary["sides"], final, strict=True):
        assert all(info["outcome"]["scores"][str(seat)] == score for seat in side["seats"])
        assert side["players"] == ["bot (easy)"] * len(side["seats"])
    keys = [item["key"] for item in summary["figures"]]
    assert keys and all(set(row["values"]) == set(keys) for row in summary["players"])
    assert [row["seat"] for row in summary["players"]] == [seat["seat"] for seat in info["seats"]]
    with_token = client.get(f"/api/tables/{table_id}/summary", headers={"X-Seat-Token": "x"})
    assert with_token.json() == summary
