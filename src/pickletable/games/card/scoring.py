"""Scoring a rally of the card game, from the hands shown and the order of lay-downs.

Pure functions of the table's make-up and the cards, shared by the rules
engine (`CardState`) and the table scorekeeper (`pickletable score card`),
so a real table and a digital one score alike:

- every hand counts, laid down or not: one point per Dink Shot, and for the
  serving team a complete hand adds one plus one per Pickler;
- a team scores its best hand;
- the serve goes to the first lay-down holding a Dink Shot, else to the first
  complete lay-down, else it stays.

>>> from pickletable.games.card.solver import solver_for
>>> solver = solver_for(1, 10)
>>> north = solver.sort("1 2 3 4 5 6 pickler".split())
>>> hands = {0: north, 2: solver.sort("1 5 9 dink 2 4 8".split())}
>>> result = score_rally(solver, {0: 0, 2: 1}, server=0, hands=hands, laid=[0])
>>> [team["points"] for team in result["teams"]], result["serve_to"], result["serve_reason"]
([2, 1], 0, 'complete')
>>> winning_team([11, 9], target=11, win_by=2), winning_team([11, 10], target=11, win_by=2)
(0, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pickletable.games.card.content import DINK
from pickletable.games.card.solver import HandSolver, Verdict


def score_rally(
    solver: HandSolver,
    team_of: Mapping[int, int],
    server: int,
    hands: Mapping[int, tuple[str, ...]],
    laid: Sequence[int],
) -> dict[str, Any]:
    """Each hand's value, each team's points, and who serves next.

    `hands` are sorted (`HandSolver.sort`) by seat, `laid` the seats that laid
    down, first first (each must be in `hands`). A seat left out of `hands`
    scores nothing (a scorekeeper need not type a worthless hand). Returns
    ``hands`` (one scored hand per seat given, in seat order), ``teams`` (per
    team: its best seat, or `None`, and its points), ``serve_to`` (a seat, or
    `None` when the serve stays) and ``serve_reason`` (``dink``, ``complete``
    or ``none``).
    """
    serving = team_of[server]
    verdict = solver.verdict_sorted
    scored = [
        scored_hand(seat, verdict(hands[seat]), team_of[seat] == serving) for seat in sorted(hands)
    ]
    best: list[dict[str, Any] | None] = [None, None]
    for hand in scored:  # the first of a team's best hands, in seat order
        team = team_of[hand["seat"]]
        found = best[team]
        if found is None or hand["value"] > found["value"]:
            best[team] = hand
    teams = [
        {"team": team, "best": None, "points": 0}
        if found is None
        else {"team": team, "best": found["seat"], "points": found["value"]}
        for team, found in enumerate(best)
    ]
    serve_to, reason = serve_winner(solver, hands, laid)
    return {"hands": scored, "teams": teams, "serve_to": serve_to, "serve_reason": reason}


def serve_winner(
    solver: HandSolver, hands: Mapping[int, tuple[str, ...]], laid: Sequence[int]
) -> tuple[int | None, str]:
    """Who serves next: the first Dink Shot lay-down, else the first complete one."""
    for seat in laid:
        if DINK in hands[seat]:
            return seat, "dink"
    for seat in laid:
        if solver.verdict_sorted(hands[seat]).complete:
            return seat, "complete"
    return None, "none"


def winning_team(scores: Sequence[int], target: int, win_by: int) -> int | None:
    """The team that has won (at least `target`, ahead by `win_by`), if one has."""
    for team in (0, 1):
        mine, theirs = scores[team], scores[1 - team]
        if mine >= target and mine - theirs >= win_by:
            return team
    return None


def scored_hand(seat: int, verdict: Verdict, serving: bool) -> dict[str, Any]:
    """A hand shown at the end of a rally: its cards, value and why."""
    dinks, picklers, complete = verdict.dinks, verdict.picklers, verdict.complete
    reasons = []
    if dinks:
        reasons.append({"points": dinks, "why": "dink"})
    if serving and complete:
        reasons.append({"points": 1, "why": "complete"})
        if picklers:
            reasons.append({"points": picklers, "why": "pickler"})
    return {
        "seat": seat,
        "cards": list(verdict.cards),
        "complete": complete,
        "summary": verdict.summary,
        "serving": serving,
        "dinks": dinks,
        "picklers": picklers,
        "value": verdict.value(serving),
        "reasons": reasons,
    }
