"""A player's rating over their rated games in one game and mode, as an SVG graph.

The points are the shown rating (mu - 3 sigma) before the first rated game and
after each one, from `RatingChangeRow` (finished tables only, so the graph says
nothing of a game in play). The picture is drawn here, on the server: no
script and no chart library, and it reads the same in any browser.

>>> svg = graph_svg([Point(0, 0.0, ""), Point(1, 4.5, "won")], "card, singles")
>>> svg.startswith("<svg") and "4.5" in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from pickletable.server.accounts.ratings import shown
from pickletable.server.accounts.rows import RatingChangeRow

WIDTH, HEIGHT = 480, 180
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 14, 28
"""The plot's margins: room for the rating axis on the left, game numbers below."""
POINTS_SHOWN = 500
"""At most this many rated games are drawn (the latest)."""


@dataclass(frozen=True)
class Point:
    """The shown rating after rated game `game` (0: before the first), and its result."""

    game: int
    rating: float
    result: str


def rating_points(
    sessions: sessionmaker[Session], user_id: int, game: str, mode: str
) -> list[Point]:
    """The player's shown rating before their first rated game and after each one."""
    with sessions() as session:
        changes = session.scalars(
            select(RatingChangeRow)
            .where(
                RatingChangeRow.user_id == user_id,
                RatingChangeRow.game == game,
                RatingChangeRow.mode == mode,
            )
            .order_by(RatingChangeRow.finished.desc(), RatingChangeRow.table_id.desc())
            .limit(POINTS_SHOWN)
        ).all()
    changes = list(reversed(changes))
    if not changes:
        return []
    first = changes[0]
    points = [Point(0, shown(first.mu_before, first.sigma_before, 0)["rating"], "")]
    for number, change in enumerate(changes, start=1):
        after = shown(change.mu_after, change.sigma_after, 0)["rating"]
        points.append(Point(number, after, change.result))
    return points


def graph_svg(points: list[Point], title: str) -> str:
    """The rating line as an SVG document (a note in the picture when there is no game)."""
    label = escape(f"Rating in {title}")
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{label}" '
        'font-family="system-ui, sans-serif" font-size="11">'
        f"<title>{label}</title>"
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>'
    )
    if len(points) < 2:
        note = "No rated game yet"
        return (
            f'{head}<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle">{note}</text></svg>'
        )
    low = min(point.rating for point in points)
    high = max(point.rating for point in points)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    last = points[-1].game or 1

    def x(game: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * game / last

    def y(rating: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - rating) / (high - low)

    games = "rated game" if last == 1 else "rated games"
    line = " ".join(f"{x(point.game):.1f},{y(point.rating):.1f}" for point in points)
    parts = [
        head,
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#888"/>',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" '
        'stroke="#888"/>',
        f'<text x="{LEFT - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{high:g}</text>',
        f'<text x="{LEFT - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{low:g}</text>',
        f'<text x="{LEFT}" y="{HEIGHT - 10}">0</text>',
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 10}" text-anchor="end">{last} {games}</text>',
        f'<polyline points="{line}" fill="none" stroke="#1f5b38" stroke-width="2"/>',
    ]
    for point in points[1:]:
        colour = "#1f5b38" if point.result == "won" else "#b3261e"
        if point.result == "drew":
            colour = "#777"
        words = escape(f"game {point.game}: {point.result}, {point.rating:g}")
        parts.append(
            f'<circle cx="{x(point.game):.1f}" cy="{y(point.rating):.1f}" r="3" '
            f'fill="{colour}"><title>{words}</title></circle>'
        )
    parts.append("</svg>")
    return "".join(parts)
