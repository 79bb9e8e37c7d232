"""The profile's rating graph: one point before the first rated game and one after each."""

from __future__ import annotations

import re

from pickletable.server.accounts.rating_graph import Point, graph_svg
from tests.server.accounts.test_accounts import sign_up
from tests.server.conftest import Client


def heights(svg: str) -> list[float]:
    """The graph's points, left to right, as heights (larger is higher on the page)."""
    [line] = re.findall(r'<polyline points="([^"]+)"', svg)
    return [-float(pair.split(",")[1]) for pair in line.split()]


def test_the_line_goes_up_and_down_with_the_rating() -> None:
    points = [Point(0, 0.0, ""), Point(1, 4.5, "won"), Point(2, 2.0, "lost"), Point(3, 6.0, "won")]
    svg = graph_svg(points, "card, singles")
    up, down, up_again = heights(svg)[1:]
    first = heights(svg)[0]
    assert first < down < up < up_again
    assert svg.count("<circle") == 3 and "game 2: lost, 2" in svg
    assert 'aria-label="Rating in card, singles"' in svg


def test_a_player_without_rated_games_gets_an_empty_graph(client: Client) -> None:
    me = sign_up(client, "Ann").json()["user"]
    answer = client.get(f"/api/players/{me['id']}/rating-graph?game=card&mode=singles")
    assert answer.status_code == 200 and "No rated game yet" in answer.text
    assert client.get("/api/players/999/rating-graph?game=card&mode=singles").status_code == 404
    assert client.get(f"/api/players/{me['id']}/rating-graph?game=chess&mode=x").status_code == 404


def test_names_in_the_graph_are_escaped() -> None:
    svg = graph_svg([Point(0, 0, ""), Point(1, 1, "won")], "<script>")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
