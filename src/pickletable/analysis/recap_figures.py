"""Each game's part of a game's recap: its sides and scores, who opens a rally, per-seat figures.

`pickletable.analysis.recap` replays a game with the designer's lab
collector watching; the `Figures` of the game watch the same steps for what
a player wants to see after a game: per side, the score after every rally or
round; per seat, counts such as points won on serve, cards played, Dink
Shots laid down or twist cards used. A `Figures` reads only the events as a
spectator sees them (`Event.for_seat(None)`) and the public scores, so a
recap says nothing a spectator did not see during the game.
"""

from __future__ import annotations

from typing import Any

from pickletable.analysis.collectors import TWIST_PREFIXES
from pickletable.core.events import Event
from pickletable.core.state import GameState


class Figures:
    """The generic part: every seat its own side, the lead as its score, no own figures."""

    rally_word = "Rally"
    """What one stretch of play is called (Rally, Round)."""
    rallies_word = "Rallies"
    """The same, for more than one."""
    opener_word = "Served by"
    """Who opens a rally or round (its server or dealer), as a column heading."""
    score_word = "Lead"
    """What the scores count (level, points, tokens)."""
    digits = 0
    """Decimal places a score is shown with (a skill level has one)."""
    labels: tuple[tuple[str, str], ...] = ()
    """Each per-seat figure: its key and its label, in the order shown."""

    def __init__(self, state: GameState) -> None:
        self.seats = state.seats
        self.opener: int | None = None
        self.values: dict[int, dict[str, float]] = {
            seat: {key: 0.0 for key, _ in self.labels} for seat in self.seats
        }

    def sides(self, state: GameState) -> list[tuple[int, ...]]:
        """The seats that share one score, side by side."""
        return [(seat,) for seat in self.seats]

    def scores(self, state: GameState) -> list[float]:
        """Each side's score now, in the order of `sides`."""
        lead = state.lead()
        return [lead[side[0]] for side in self.sides(state)]

    def watch(self, state: GameState, event: Event) -> None:
        """One event as a spectator saw it (after the step that caused it)."""

    def add(self, seat: Any, key: str, amount: float = 1.0) -> None:
        """Add to one seat's figure (a seat this table does not have is ignored)."""
        row = self.values.get(int(seat)) if isinstance(seat, int) else None
        if row is not None:
            row[key] = row.get(key, 0.0) + amount


class BoardFigures(Figures):
    """Serves, points won on serve, shots and aces, cards played; each seat's skill level."""

    score_word = "Level"
    digits = 1
    labels = (
        ("serves", "Serves"),
        ("points_on_serve", "Points won on serve"),
        ("shots", "Shots hit"),
        ("aces", "Aces"),
        ("skill_cards", "Skill Cards played"),
        ("strategy_cards", "Strategy Cards played"),
        ("play_cards", "Play Cards drawn"),
    )

    def scores(self, state: GameState) -> list[float]:
        level_of = state.level_of  # type: ignore[attr-defined]
        return [float(level_of(side[0])) for side in self.sides(state)]

    def watch(self, state: GameState, event: Event) -> None:
        data = event.data
        kind = event.kind
        if kind in ("first_server", "to_serve"):
            self.opener = data["seat"]
        elif kind == "serve":
            self.add(data["seat"], "serves")
        elif kind == "point":
            self.add(data["seat"], "points_on_serve")
        elif kind == "shot":
            self.add(data["seat"], "shots")
            if data.get("result") == "ace":
                self.add(data["seat"], "aces")
        elif kind == "skill_card":
            self.add(data["seat"], "skill_cards")
        elif kind == "strategy_card":
            self.add(data["seat"], "strategy_cards")
        elif kind == "play_card":
            self.add(data["seat"], "play_cards")


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


class SlamFigures(Figures):
    """Cards and twist cards played, POACHes, passes, rounds won; each side's tokens."""

    rally_word = "Round"
    rallies_word = "Rounds"
    opener_word = "Dealer"
    score_word = "Tokens"
    labels = (
        ("cards", "Cards played"),
        ("twists", "Twist cards played"),
        ("poaches", "POACHes"),
        ("passes", "Passes"),
        ("rounds", "Rounds won"),
    )

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        # The first round is dealt before any step: the last seat deals it.
        self.opener = int(getattr(state, "dealer", len(self.seats) - 1))

    def sides(self, state: GameState) -> list[tuple[int, ...]]:
        rules = state.rules  # type: ignore[attr-defined]
        return [tuple(rules.members(unit)) for unit in range(rules.units)]

    def scores(self, state: GameState) -> list[float]:
        return [float(tokens) for tokens in state.tokens]  # type: ignore[attr-defined]

    def watch(self, state: GameState, event: Event) -> None:
        data = event.data
        kind = event.kind
        if kind == "round":
            self.opener = data["dealer"]
        elif kind in ("play", "poach"):
            self.add(data["seat"], "cards")
            if str(data.get("card", "")).partition("-")[0] in TWIST_PREFIXES:
                self.add(data["seat"], "twists")
            if kind == "poach":
                self.add(data["seat"], "poaches")
        elif kind == "pass":
            for seat in data["seats"]:
                self.add(seat, "passes")
        elif kind == "round-won":
            for seat in data["winners"]:
                self.add(seat, "rounds")


FIGURES: dict[str, type[Figures]] = {
    "board": BoardFigures,
    "card": CardFigures,
    "slam": SlamFigures,
}


def figures_for(state: GameState) -> Figures:
    """The figures of a state's game (the generic ones for a game without its own)."""
    return FIGURES.get(state.game_id, Figures)(state)
