"""The view marks a seat's lone move as a formality or a routine move, for that seat only.

The browser answers a formality by itself and makes a routine move (a lone
roll or serve) when its person asked for that; a watcher and the seat not
asked see neither mark.
"""

from __future__ import annotations

from tests.server.conftest import Client, Player, join, new_table, play_until, start


def test_a_lone_roll_or_serve_is_marked_routine_for_the_seat_asked_only(client: Client) -> None:
    made = new_table(client, "board", ["human", "human"], options={"level": "beginner"})
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        players = [Player(one, made["token"]), Player(two, joined["token"])]
        play_until(players, stop=lambda moves: moves >= 20)
    views = [view for player in players for view in player.views]
    asked = [view for view in views if view["legal"]]
    assert asked and all(view["routine"] for view in asked)  # beginner: the dice decide all
    assert all(view["legal"][0]["action"] in {"roll", "serve"} for view in asked)
    assert not any(view["routine"] for view in views if not view["legal"])
    assert not any(view["formality"] for view in views)


def test_a_card_game_turn_is_neither_a_formality_nor_routine(client: Client) -> None:
    made = new_table(client, "card", ["human", "human"])
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        players = [Player(one, made["token"]), Player(two, joined["token"])]
        play_until(players, stop=lambda moves: moves >= 20)
    views = [view for player in players for view in player.views]
    assert any(view["legal"] for view in views)
    assert not any(view["routine"] or view["formality"] for view in views)
