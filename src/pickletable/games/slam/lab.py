"""Slam in the lab: its collector, its recap figures and its study tables.

The collector counts how rounds end, the twist cards held at the PLAY phase
and rounds won by seat from the dealer; the recap adds cards, twists, passes
and rounds per seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from pickletable.analysis import metrics
from pickletable.analysis.collectors import Collector, GameSummary
from pickletable.analysis.recap_figures import Figures
from pickletable.analysis.study import Breakdown
from pickletable.core.events import Event
from pickletable.core.kit import Lab
from pickletable.core.state import GameState
from pickletable.games.slam.codes import EventKind, RoundWinReason
from pickletable.games.slam.content import CODE_PREFIX, TITLES

TWIST_PREFIXES = {prefix: TITLES[kind] for kind, prefix in CODE_PREFIX.items()}
"""Twist card codes start with these (``switch-4``), and each twist's printed name."""
DECIDED_BY = {"SHAKE & BAKE": "SHAKE & BAKE", "POACH": "POACH", "duel": "TARGET & RESET"}
"""The twist that settled a round, by how the round ended (a duel: the TARGET & RESET)."""


class SlamCollector(Collector):
    """How rounds end, twist cards held at the PLAY phase, rounds won by seat from the dealer."""

    score_kinds = frozenset({EventKind.ROUND_WON})
    comeback = 2.0
    endings = {  # noqa: RUF012 (read only)
        "follow": "nobody could follow",
        "duel": "TARGET & RESET duel",
        "POACH": "POACH",
        "SHAKE & BAKE": "SHAKE & BAKE",
        "nobody can play": "nobody could play",
    }

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        # The first round is dealt before any step (no "round" event): the last seat deals it.
        self.dealer = int(getattr(state, "dealer", len(self.seats) - 1))
        self.first = (self.dealer + 1) % len(self.seats)
        self.held: dict[int, frozenset[str]] | None = None
        self.last_play = "play"
        self.duel = False
        self._count_deck(state)
        self.handlers = {
            EventKind.ROUND: self._round,
            EventKind.PLAY_PHASE: self._play_phase,
            EventKind.PLAY: self._play,
            EventKind.POACH: self._poach,
            EventKind.TARGET: self._target,
            EventKind.DRAW_PHASE: self._draw_phase,
            EventKind.PASS: self._pass,
            EventKind.LAP_LIMIT: self._lap_limit,
            EventKind.ROUND_WON: self._round_won,
        }

    def _count_deck(self, state: GameState) -> None:
        """Each twist's copies in the deck (its share of the whole deck)."""
        content = getattr(getattr(state, "rules", None), "deck", None)
        counts: dict[str, int] = dict(getattr(content, "counts", {}))
        twists: dict[str, int] = {}
        for code, count in counts.items():
            title = TWIST_PREFIXES.get(code.partition("-")[0])
            if title is not None:
                twists[title] = twists.get(title, 0) + count
        if counts:
            self.deck("twist", twists, sum(counts.values()))

    def _round(self, state: GameState, event: Event) -> None:
        self.dealer = event.data["dealer"]
        self.held = None
        self.duel = False
        self.last_play = "play"

    def _play_phase(self, state: GameState, event: Event) -> None:
        if self.held is not None:
            return
        hands: list[dict[str, int]] = state.hands  # type: ignore[attr-defined]
        self.held = {
            seat: frozenset(
                TWIST_PREFIXES[prefix]
                for code in hands[seat]
                if (prefix := code.partition("-")[0]) in TWIST_PREFIXES
            )
            for seat in self.seats
        }
        if self.rallies == 0:  # the first round's hands, against winning the game
            for seat in self.seats:
                self.game_trial("twist", self.held[seat], seat)

    def _play(self, state: GameState, event: Event) -> None:
        self.turns += 1
        self.last_play = "play"

    def _poach(self, state: GameState, event: Event) -> None:
        self.turns += 1
        self.last_play = "poach"
        self.duel = False

    def _target(self, state: GameState, event: Event) -> None:
        self.duel = True

    def _draw_phase(self, state: GameState, event: Event) -> None:
        self.duel = False

    def _pass(self, state: GameState, event: Event) -> None:
        self.turns += 1

    def _lap_limit(self, state: GameState, event: Event) -> None:
        self.cut_short += 1

    def _round_won(self, state: GameState, event: Event) -> None:
        data = event.data
        self.rallies += 1
        ending = slam_round_kind(data["why"], self.last_play, self.duel)
        self.count(f"round_end:{ending}")
        decider = DECIDED_BY.get(ending)
        if decider is not None:
            self.count(f"ended_by:twist:{decider}")
        winners = set(data["winners"])
        players = len(self.seats)
        held = self.held or {}
        for seat in self.seats:
            won = seat in winners
            self.card_trial("round", "twist", held.get(seat, frozenset()), won)
            self.tally(f"position:{(seat - self.dealer) % players}", won)
            for twist in sorted((self.held or {}).get(seat, frozenset())) or ["no twist"]:
                self.tally(f"twist:{twist}", won)
        self.count(f"won_at:{(data['seat'] - self.dealer) % players}")


def slam_round_kind(why: str, last_play: str, duel: bool) -> str:
    """How a round ended: ``SHAKE & BAKE``, ``nobody can play``, else (nobody could follow)
    ``POACH`` when the last card played was a POACH, ``duel`` during a TARGET & RESET duel,
    and ``follow`` otherwise."""
    if why == RoundWinReason.SHAKE_AND_BAKE:
        return "SHAKE & BAKE"
    if why == RoundWinReason.NOBODY_COULD_PLAY:
        return "nobody can play"
    if last_play == "poach":
        return "POACH"
    return "duel" if duel else "follow"


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
        if kind == EventKind.ROUND:
            self.opener = data["dealer"]
        elif kind in (EventKind.PLAY, EventKind.POACH):
            self.add(data["seat"], "cards")
            if str(data.get("card", "")).partition("-")[0] in TWIST_PREFIXES:
                self.add(data["seat"], "twists")
            if kind == EventKind.POACH:
                self.add(data["seat"], "poaches")
        elif kind == EventKind.PASS:
            for seat in data["seats"]:
                self.add(seat, "passes")
        elif kind == EventKind.ROUND_WON:
            for seat in data["winners"]:
                self.add(seat, "rounds")


def breakdowns(games: Sequence[GameSummary]) -> list[Breakdown]:
    """The study report's tables of this game's own figures."""
    return [
        Breakdown(
            "round_ends",
            "How rounds end",
            "share of rounds: follow (nobody could follow), duel (nobody could follow during "
            "a TARGET & RESET duel), POACH (the last card was a POACH), SHAKE & BAKE, "
            "nobody can play",
            metrics.counter_shares(games, "round_end"),
        ),
        Breakdown(
            "twists",
            "Round win rate by twist card held at the start of the PLAY phase",
            "share of rounds won by a seat holding this twist card (true hands at the first "
            "PLAY phase of the round; 'no twist' for seats holding none)",
            metrics.tallies(games, "twist"),
        ),
        Breakdown(
            "positions",
            "Round win rate by seat position from the dealer",
            "share of rounds won by the seat this many places left of the dealer (0 = dealer)",
            metrics.tallies(games, "position"),
        ),
    ]


LAB = Lab(SlamCollector, SlamFigures, breakdowns)
"""Slam's part in the lab."""
