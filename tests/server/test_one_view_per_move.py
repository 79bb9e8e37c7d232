"""A move and the chance steps it calls for (dice, a card drawn) reach the table as one view."""

from __future__ import annotations

from pickletable.core.state import CHANCE
from tests.server.conftest import Client, manager_of, play_until, two_people


def test_no_view_shows_the_table_waiting_for_dice_or_a_card(client: Client) -> None:
    with two_people(client, "board") as (table_id, players):
        play_until(players, stop=lambda moves: moves >= 30)
        for player in players:
            player.current()
    table = manager_of(client).tables[table_id]
    assert any(step.by == CHANCE for step in table.steps), "the board game rolls dice"
    views = [view for player in players for view in player.views]
    assert views and all(view["to_act"] != CHANCE for view in views)
