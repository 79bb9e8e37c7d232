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
(players, target, win_by) and kept (the `TABLES_KEPT` latest).

A table takes from a twentieth of a second (the default options) to some
seconds (target 99, win by 10): a server builds one ahead, off its bot
threads (`is_ready`, `build_table`, `keep_table`), and `hard` plays its rules of
thumb until it is there.

>>> chance = win_chance(2, 11, 2)
>>> round(chance(0, 0, True), 2) > 0.5  # serving first is an edge
True
>>> chance(11, 5, False), chance(5, 11, True)
(1.0, 0.0)
"""

from __future__ import annotations

import json
import random
import threading
from collections import OrderedDict
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
TABLES_KEPT = 16
"""Tables kept at once (the latest used): a target-99 table holds some 23,000 scores."""

Table = dict[tuple[int, int, bool], float]
_tables: OrderedDict[tuple[int, int, int], Table] = OrderedDict()
_tables_lock = threading.Lock()


def win_chance(players: int, target: int, win_by: int) -> WinChance:
    """The chance of winning from a score (see the module docstring); builds its table if
    it is not kept yet."""
    key = (players, target, win_by)
    with _tables_lock:
        table = _tables.get(key)
        if table is not None:
            _tables.move_to_end(key)
    if table is None:
        table = build_table(players, target, win_by)
        keep_table(key, table)

    def chance(ours: int, theirs: int, serving: bool) -> float:
        return _look_up(table, target, win_by, ours, theirs, serving)

    return chance


def is_ready(players: int, target: int, win_by: int) -> bool:
    """Whether the table of these options is built (`win_chance` then costs nothing)."""
    with _tables_lock:
        return (players, target, win_by) in _tables


def keep_table(key: tuple[int, int, int], table: Table) -> None:
    """Keep a table built elsewhere (`build_table` in another process), dropping the oldest."""
    with _tables_lock:
        _tables[key] = table
        _tables.move_to_end(key)
        while len(_tables) > TABLES_KEPT:
            _tables.popitem(last=False)


def build_table(players: int, target: int, win_by: int) -> Table:
    """The chance of winning from every score below the fold, by value iteration.

    Each score's rally results are worked out once (won, lost, or the index of
    the score they lead to); the sweeps then only add up. Gauss-Seidel in a
    fixed order, so the table is the same on every machine.
    """
    outcomes = rally_outcomes(players)
    top = target + LEAD_CAP
    states = [(a, b, s) for a in range(top + 1) for b in range(top + 1) for s in (True, False)]
    where = {state: number for number, state in enumerate(states)}
    won, lost = len(states), len(states) + 1
    plans = [_plan(state, outcomes, target, win_by, where, won, lost) for state in states]
    value = [0.5] * len(states) + [1.0, 0.0]  # the last two: the game won, the game lost
    for _ in range(500):
        change = 0.0
        for number, plan in enumerate(plans):
            expected = 0.0
            for weight, then in plan:
                expected += weight * value[then]
            change = max(change, abs(expected - value[number]))
            value[number] = expected
        if change < 1e-7:
            break
    return dict(zip(states, value[:won], strict=True))


def _plan(
    state: tuple[int, int, bool],
    outcomes: list[tuple[int, int, bool, float]],
    target: int,
    win_by: int,
    where: dict[tuple[int, int, bool], int],
    won: int,
    lost: int,
) -> list[tuple[float, int]]:
    """(weight, the index of the score it leads to, or `won` or `lost`) of each rally result."""
    ours, theirs, serving = state
    plan = []
    for server_points, receiver_points, passes, weight in outcomes:
        if serving:
            mine, others = ours + server_points, theirs + receiver_points
        else:
            mine, others = ours + receiver_points, theirs + server_points
        if mine >= target and mine - others >= win_by:
            plan.append((weight, won))
        elif others >= target and others - mine >= win_by:
            plan.append((weight, lost))
        else:
            mine, others = _fold(mine, others, target)
            plan.append((weight, where[(mine, others, serving != passes)]))
    return plan


@cache
def _rally_text() -> str:
    return resources.files("pickletable.games.card.bots").joinpath("data", DATA_FILE).read_text()


def rally_outcomes(players: int) -> list[tuple[int, int, bool, float]]:
    """(serving team's points, receiving team's points, serve passes, frequency) of a rally."""
    data = json.loads(_rally_text())
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
