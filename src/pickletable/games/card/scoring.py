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
>>> [team.points for team in result.teams], result.serve_to, str(result.serve_reason)
([2, 1], 0, 'complete')
>>> result.to_json()["teams"][0]
{'team': 0, 'best': 0, 'points': 2}
>>> winning_team([11, 9], target=11, win_by=2), winning_team([11, 10], target=11, win_by=2)
(0, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pickletable.games.card.content import DINK
from pickletable.games.card.solver import HandSolver, Verdict


class ServeReason(StrEnum):
    """Why the serve moves after a rally (the values are what records hold)."""

    DINK = "dink"
    """The first lay-down holding a Dink Shot."""
    COMPLETE = "complete"
    """No Dink Shot was laid down: the first complete lay-down."""
    NONE = "none"
    """Nobody laid down a hand that wins the serve: it stays."""


class PointWhy(StrEnum):
    """What a point of a hand is for."""

    DINK = "dink"
    COMPLETE = "complete"
    PICKLER = "pickler"


@dataclass(frozen=True)
class PointReason:
    """Some points of a hand and what they are for."""

    points: int
    why: PointWhy

    def to_json(self) -> dict[str, Any]:
        """The reason as event data holds it."""
        return {"points": self.points, "why": str(self.why)}


@dataclass(frozen=True)
class HandScore:
    """A hand shown at the end of a rally: its cards, value and why."""

    seat: int
    cards: tuple[str, ...]
    complete: bool
    summary: str
    serving: bool
    dinks: int
    picklers: int
    value: int
    reasons: tuple[PointReason, ...]

    def to_json(self) -> dict[str, Any]:
        """The hand as event data holds it."""
        return {
            "seat": self.seat,
            "cards": list(self.cards),
            "complete": self.complete,
            "summary": self.summary,
            "serving": self.serving,
            "dinks": self.dinks,
            "picklers": self.picklers,
            "value": self.value,
            "reasons": [reason.to_json() for reason in self.reasons],
        }


@dataclass(frozen=True)
class TeamScore:
    """What a team scores in a rally: the points of its best hand (`best`: its seat)."""

    team: int
    best: int | None
    points: int

    def to_json(self) -> dict[str, Any]:
        """The team's score as event data holds it."""
        return {"team": self.team, "best": self.best, "points": self.points}


@dataclass(frozen=True)
class RallyScore:
    """A scored rally: every hand shown, each team's points, and who serves next."""

    hands: tuple[HandScore, ...]
    """One per seat given, in seat order."""
    teams: tuple[TeamScore, TeamScore]
    serve_to: int | None
    """The next server, or `None` when the serve stays."""
    serve_reason: ServeReason

    def hand_of(self, seat: int) -> HandScore:
        """The scored hand of `seat` (which must have been given)."""
        return next(hand for hand in self.hands if hand.seat == seat)

    def to_json(self) -> dict[str, Any]:
        """The rally's score as the ``rally_scored`` event holds it."""
        return {
            "hands": [hand.to_json() for hand in self.hands],
            "teams": [team.to_json() for team in self.teams],
            "serve_to": self.serve_to,
            "serve_reason": str(self.serve_reason),
        }


def score_rally(
    solver: HandSolver,
    team_of: Mapping[int, int],
    server: int,
    hands: Mapping[int, tuple[str, ...]],
    laid: Sequence[int],
) -> RallyScore:
    """Each hand's value, each team's points, and who serves next.

    `hands` are sorted (`HandSolver.sort`) by seat, `laid` the seats that laid
    down, first first (each must be in `hands`). A seat left out of `hands`
    scores nothing (a scorekeeper need not type a worthless hand).
    """
    serving = team_of[server]
    verdict = solver.verdict_sorted
    scored = tuple(
        scored_hand(seat, verdict(hands[seat]), team_of[seat] == serving) for seat in sorted(hands)
    )
    best: list[HandScore | None] = [None, None]
    for hand in scored:  # the first of a team's best hands, in seat order
        team = team_of[hand.seat]
        found = best[team]
        if found is None or hand.value > found.value:
            best[team] = hand
    first, second = (
        TeamScore(team, None, 0) if found is None else TeamScore(team, found.seat, found.value)
        for team, found in enumerate(best)
    )
    serve_to, reason = serve_winner(solver, hands, laid)
    return RallyScore(scored, (first, second), serve_to, reason)


def serve_winner(
    solver: HandSolver, hands: Mapping[int, tuple[str, ...]], laid: Sequence[int]
) -> tuple[int | None, ServeReason]:
    """Who serves next: the first Dink Shot lay-down, else the first complete one."""
    for seat in laid:
        if DINK in hands[seat]:
            return seat, ServeReason.DINK
    for seat in laid:
        if solver.verdict_sorted(hands[seat]).complete:
            return seat, ServeReason.COMPLETE
    return None, ServeReason.NONE


def winning_team(scores: Sequence[int], target: int, win_by: int) -> int | None:
    """The team that has won (at least `target`, ahead by `win_by`), if one has."""
    for team in (0, 1):
        mine, theirs = scores[team], scores[1 - team]
        if mine >= target and mine - theirs >= win_by:
            return team
    return None


def scored_hand(seat: int, verdict: Verdict, serving: bool) -> HandScore:
    """A hand shown at the end of a rally: its cards, value and why."""
    dinks, picklers, complete = verdict.dinks, verdict.picklers, verdict.complete
    reasons = []
    if dinks:
        reasons.append(PointReason(dinks, PointWhy.DINK))
    if serving and complete:
        reasons.append(PointReason(1, PointWhy.COMPLETE))
        if picklers:
            reasons.append(PointReason(picklers, PointWhy.PICKLER))
    return HandScore(
        seat=seat,
        cards=tuple(verdict.cards),
        complete=complete,
        summary=verdict.summary,
        serving=serving,
        dinks=dinks,
        picklers=picklers,
        value=verdict.value(serving),
        reasons=tuple(reasons),
    )
