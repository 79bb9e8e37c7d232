"""A move and the chance steps it calls for (dice, a card drawn) reach the table as one view."""

from __future__ import annotations

from pickletable.core.state import CHANCE
from tests.server.conftest import Client, Player, join, manager_of, new_table, play_until, start


def test_no_view_shows_the_table_waiting_for_dice_or_a_card(client: Client) -> None:
    made = new_table(client, "board", ["human", "human"])
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        players = [Player(one, made["token"]), Player(two, joined["token"])]
        play_until(players, stop=lambda moves: moves >= 30)
        for player in players:
            player.current()
    table = manager_of(client).tables[table_id]
    assert any(step.by == CHANCE for step in table.steps), "the board game rolls dice"
    views = [view for player in players for view in player.views]
    assert views and all(view["to_act"] != CHANCE for view in views)
