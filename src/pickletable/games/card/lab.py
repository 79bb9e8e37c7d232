"""The card game in the lab: its collector, its recap figures and its study tables.

The collector counts how rallies end and what they score, serve held and
hands completed by turn; the recap adds points, discards and lay-downs per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pickletable.analysis import metrics
from pickletable.analysis.collectors import Collector, GameSummary
from pickletable.analysis.recap_figures import Figures
from pickletable.analysis.study import Breakdown
from pickletable.core.events import Event
from pickletable.core.kit import Lab
from pickletable.core.state import GameState
from pickletable.games.card.content import SPECIALS

SPECIAL_NAMES = {"smash": "Smash", "pickler": "Pickler", "kitchen": "Kitchen", "dink": "Dink Shot"}
"""The special cards by their ids, as the box prints them."""


class CardCollector(Collector):
    """How rallies end and what they score, serve held, hands completed by turn."""

    score_kinds = frozenset({"rally_scored"})
    endings = {  # noqa: RUF012 (read only)
        "dink": "Dink Shot",
        "complete": "complete hand",
        "none": "no lay-down",
        "exhausted": "cut short",
    }

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.rally_turn = 0
        self.dealt: dict[int, frozenset[str]] = {}
        rules = getattr(state, "rules", None)
        counts: dict[str, int] = dict(getattr(rules, "deck_counts", {}))
        self.team_of: dict[int, int] = dict(getattr(rules, "team_of", {}))
        if counts:
            specials = {SPECIAL_NAMES[card]: counts.get(card, 0) for card in SPECIALS}
            self.deck("special", specials, sum(counts.values()))
        self.handlers = {
            "first_server": self._first,
            "rally_start": self._rally_start,
            "dealt": self._dealt,
            "discarded": self._discarded,
            "laid_down": self._laid_down,
            "rally_scored": self._rally_scored,
        }

    def _first(self, state: GameState, event: Event) -> None:
        self.first = event.data["seat"]

    def _rally_start(self, state: GameState, event: Event) -> None:
        self.rally_turn = 0

    def _dealt(self, state: GameState, event: Event) -> None:
        """The special cards each seat was dealt (the true hands, which no seat is shown)."""
        hands: list[tuple[str, ...]] = state.hands  # type: ignore[attr-defined]
        self.dealt = {
            seat: frozenset(SPECIAL_NAMES[card] for card in hands[seat] if card in SPECIAL_NAMES)
            for seat in self.seats
        }
        if self.rallies == 0:  # the first rally's hands, against winning the game
            for seat in self.seats:
                self.game_trial("special", self.dealt[seat], seat)

    def _discarded(self, state: GameState, event: Event) -> None:
        self.rally_turn += 1
        self.turns += 1

    def _laid_down(self, state: GameState, event: Event) -> None:
        self.count(f"laid_on_turn:{min(self.rally_turn, 40)}")
        if event.data["complete"]:
            self.count(f"complete_on_turn:{min(self.rally_turn, 40)}")

    def _rally_scored(self, state: GameState, event: Event) -> None:
        data = event.data
        self.rallies += 1
        kind = card_rally_kind(data)
        if kind == "exhausted":
            self.cut_short += 1
        if kind == "dink":
            self.count("ended_by:special:Dink Shot")
        scored = {int(team["team"]): int(team["points"]) for team in data["teams"]}
        for seat in self.seats:
            team = self.team_of.get(seat, -1)
            best_other = max((v for t, v in scored.items() if t != team), default=0)
            won = scored.get(team, 0) > best_other
            self.card_trial("rally", "special", self.dealt.get(seat, frozenset()), won)
        self.count(f"rally_end:{kind}")
        points = sum(int(team["points"]) for team in data["teams"])
        self.sample(f"points_by_end:{kind}", points)
        self.sample("points_per_rally", points)
        serving = {hand["seat"]: hand["serving"] for hand in data["hands"]}
        receiver = data["serve_to"]
        self.tally("serve_held", receiver is None or bool(serving.get(receiver, False)))
        hands = {hand["seat"]: hand for hand in data["hands"]}
        earned = {"dink": 0, "complete": 0, "pickler": 0}
        for team in data["teams"]:
            best = hands.get(team["best"]) if team["best"] is not None else None
            for reason in best["reasons"] if best is not None else []:
                earned[reason["why"]] = earned.get(reason["why"], 0) + int(reason["points"])
        for why, value in earned.items():
            self.sample(f"points_from:{why}", value)


def card_rally_kind(data: dict[str, Any]) -> str:
    """How a rally ended: ``exhausted`` (pile or turn limit), else the serve's reason:
    ``dink`` (a Dink Shot lay-down), ``complete`` (a complete lay-down), ``none``."""
    if data["ended"] != "lap":
        return "exhausted"
    return str(data["serve_reason"])


class CardFigures(Figures):
    """Rallies served, points scored (and on serve), discards, lay-downs and Dink Shots."""

    score_word = "Points"
    labels = (
        ("served", "Rallies served"),
        ("points", "Points scored"),
        ("points_on_serve", "Points won on serve"),
        ("discards", "Cards discarded"),
        ("taken", "Discards taken"),
        ("laid_down", "Hands laid down"),
        ("dink_shots", "Dink Shots laid down"),
        ("complete", "Complete hands"),
    )

    def sides(self, state: GameState) -> list[tuple[int, ...]]:
        return [tuple(team) for team in state.rules.teams]  # type: ignore[attr-defined]

    def scores(self, state: GameState) -> list[float]:
        return [float(score) for score in state.scores]  # type: ignore[attr-defined]

    def watch(self, state: GameState, event: Event) -> None:
        data = event.data
        kind = event.kind
        if kind == "rally_start":
            self.opener = data["server"]
            self.add(data["server"], "served")
        elif kind == "discarded":
            self.add(data["seat"], "discards")
        elif kind == "took":
            self.add(data["seat"], "taken")
        elif kind == "laid_down":
            self.add(data["seat"], "laid_down")
            if data.get("dink"):
                self.add(data["seat"], "dink_shots")
            if data.get("complete"):
                self.add(data["seat"], "complete")
        elif kind == "rally_scored":
            serving = {hand["seat"]: bool(hand["serving"]) for hand in data["hands"]}
            for team in data["teams"]:
                best, points = team["best"], int(team["points"])
                if best is None or not points:
                    continue
                self.add(best, "points", points)
                if serving.get(best):
                    self.add(best, "points_on_serve", points)


def breakdowns(games: Sequence[GameSummary]) -> list[Breakdown]:
    """The study report's tables of this game's own figures."""
    points = metrics.samples(games, "points_by_end")
    return [
        Breakdown(
            "rally_ends",
            "How rallies end",
            "share of rallies: dink (a Dink Shot lay-down took the serve), complete (a complete "
            "lay-down), none (lay-downs, none complete), exhausted (pile or turn limit)",
            metrics.counter_shares(games, "rally_end"),
        ),
        Breakdown(
            "points_by_end",
            "Points per rally, by how it ended",
            "points scored by both teams in a rally",
            points,
        ),
        Breakdown(
            "serve",
            "Serve held",
            "share of rallies after which the serving team keeps the serve",
            {"serve held": metrics._tally("serve_held")(games)},
        ),
        Breakdown(
            "completed_by_turn",
            "Complete hands laid down, by turn of the rally",
            "share of complete lay-downs made on this turn (turns counted from 1 per rally)",
            metrics.counter_shares(games, "complete_on_turn", lambda key: f"turn {int(key):02d}"),
        ),
        Breakdown(
            "points_from",
            "Value of Picklers, Dink Shots and complete hands",
            "points per rally each earned in the teams' scoring hands",
            metrics.samples(games, "points_from"),
        ),
    ]


LAB = Lab(CardCollector, CardFigures, breakdowns)
"""The card game's part in the lab."""
