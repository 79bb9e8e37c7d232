"""The view marks a seat's lone move as a formality or a routine move, for that seat only.

The browser answers a formality by itself and makes a routine move (a lone
roll or serve) when its person asked for that; a watcher and the seat not
asked see neither mark.
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Client, play_until, two_people


def views_over_20_moves(client: Client, game: str, **body: Any) -> list[dict[str, Any]]:
    """Every view Ann and Bob were sent over the first 20 moves of a new table."""
    with two_people(client, game, **body) as (_table_id, players):
        play_until(players, stop=lambda moves: moves >= 20)
    return [view for player in players for view in player.views]


def test_a_lone_roll_or_serve_is_marked_routine_for_the_seat_asked_only(client: Client) -> None:
    views = views_over_20_moves(client, "board", options={"level": "beginner"})
    asked = [view for view in views if view["legal"]]
    assert asked and all(view["routine"] for view in asked)  # beginner: the dice decide all
    assert all(view["legal"][0]["action"] in {"roll", "serve"} for view in asked)
    assert not any(view["routine"] for view in views if not view["legal"])
    assert not any(view["formality"] for view in views)


def test_a_card_game_turn_is_neither_a_formality_nor_routine(client: Client) -> None:
    views = views_over_20_moves(client, "card")
    assert any(view["legal"] for view in views)
    assert not any(view["routine"] or view["formality"] for view in views)
