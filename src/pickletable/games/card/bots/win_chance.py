"""The chance of winning a card game from the score: how `hard` values a rally's end.

A rally's result is what matters to the game only through the score and the
serve, so the search scores a rollout that stops at the end of a rally by the
chance that each team goes on to win the whole game from there, not by the
points of that rally (a point at 10-10 is worth far more than at 0-6).

The chance is exact for a model of the rest of the game: rallies are
independent, each ending with the serving team scoring ``s`` points, the
receiving team ``r``, and the serve staying or passing, with the frequencies
measured in `medium` self-play (``data/card_rallies.json``, made by
`measure_rallies`; one table per number of players, default deck and
options). Value iteration over the scores then gives the chance of winning
from every score, for any target and win-by; it is computed once per
(players, target, win_by) and cached.

>>> chance = win_chance(2, 11, 2)
>>> round(chance(0, 0, True), 2) > 0.5  # serving first is an edge
True
>>> chance(11, 5, False), chance(5, 11, True)
(1.0, 0.0)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from importlib import resources

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.registry import get_game
from pickletable.core.state import GameState

WinChance = Callable[[int, int, bool], float]
"""(our score, their score, we serve) -> the chance that we win the game."""

DATA_FILE = "card_rallies.json"
LEAD_CAP = 8
"""Scores are followed up to this far past the target; beyond it a tied run is cut short."""


def win_chance(players: int, target: int, win_by: int) -> WinChance:
    """The chance of winning from a score (see the module docstring), cached per table."""
    table = _table(players, target, win_by)

    def chance(ours: int, theirs: int, serving: bool) -> float:
        return _look_up(table, target, win_by, ours, theirs, serving)

    return chance


def rally_outcomes(players: int) -> list[tuple[int, int, bool, float]]:
    """(serving team's points, receiving team's points, serve passes, frequency) of a rally."""
    text = resources.files("pickletable.games.card.bots").joinpath("data", DATA_FILE).read_text()
    data = json.loads(text)
    rows = data["players"].get(str(players)) or data["players"]["2"]
    total = sum(row["count"] for row in rows)
    return [(row["serving"], row["receiving"], row["passes"], row["count"] / total) for row in rows]


def _look_up(
    values: dict[tuple[int, int, bool], float],
    target: int,
    win_by: int,
    ours: int,
    theirs: int,
    serving: bool,
) -> float:
    """The chance in `values` from a score, 1 or 0 once the game is won or lost."""
    if ours >= target and ours - theirs >= win_by:
        return 1.0
    if theirs >= target and theirs - ours >= win_by:
        return 0.0
    ours, theirs = _fold(ours, theirs, target)
    return values[(ours, theirs, serving)]


def _fold(ours: int, theirs: int, target: int) -> tuple[int, int]:
    """Scores far past the target matter only by their difference: bring them back."""
    top = target + LEAD_CAP
    while ours > top or theirs > top:
        ours, theirs = ours - 1, theirs - 1
    return max(ours, 0), max(theirs, 0)


@cache
def _table(players: int, target: int, win_by: int) -> dict[tuple[int, int, bool], float]:
    outcomes = rally_outcomes(players)
    top = target + LEAD_CAP
    states = [(a, b, s) for a in range(top + 1) for b in range(top + 1) for s in (True, False)]
    value = dict.fromkeys(states, 0.5)

    for _ in range(500):
        change = 0.0
        for ours, theirs, serving in states:
            expected = 0.0
            for server_points, receiver_points, passes, weight in outcomes:
                if serving:
                    mine, others = ours + server_points, theirs + receiver_points
                else:
                    mine, others = ours + receiver_points, theirs + server_points
                expected += weight * _look_up(
                    value, target, win_by, mine, others, serving != passes
                )
            key = (ours, theirs, serving)
            change = max(change, abs(expected - value[key]))
            value[key] = expected
        if change < 1e-7:
            break
    return value


def measure_rallies(players: int, games: int, seed: int = 0) -> list[dict[str, int | bool]]:
    """Count rally results in `medium` self-play (to rebuild the data file)."""
    from pickletable.bots.heuristic import HeuristicBot
    from pickletable.core.match import run_match

    counts: dict[tuple[int, int, bool], int] = {}
    rng = random.Random(seed)

    def count(state: GameState, player: int, action: Action, events: list[Event]) -> None:
        del player, action
        team_of = state.rules.team_of  # type: ignore[attr-defined]
        for event in events:
            if event.kind != "rally_scored":
                continue
            data = event.data
            serving = int(data["serving_team"])
            points = {int(team["team"]): int(team["points"]) for team in data["teams"]}
            to = data["serve_to"]
            passes = to is not None and team_of[to] != serving
            key = (points[serving], points[1 - serving], passes)
            counts[key] = counts.get(key, 0) + 1

    for _ in range(games):
        state = get_game("card").new_game(players)
        run_match(state, {seat: HeuristicBot() for seat in state.seats}, rng, on_step=count)
    return [
        {"serving": s, "receiving": r, "passes": p, "count": n}
        for (s, r, p), n in sorted(counts.items())
    ]


if (
    __name__ == "__main__"
):  # python -m pickletable.games.card.bots.win_chance > data/card_rallies.json
    tables = {str(n): measure_rallies(n, 400, seed=n) for n in (2, 3, 4)}
    print(json.dumps({"about": "Rally results in medium self-play", "players": tables}))
