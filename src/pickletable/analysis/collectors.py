"""Collectors: watch one game's steps and events, and sum it up in a small picklable summary.

A collector reads event kinds (compared as strings), event data and a few
public state attributes (``seats``, ``lead()``, ``outcome``; Slam's true
hands at the start of the PLAY phase, which only this analysis tool reads and
no seat is shown). It computes the lead only after steps whose events can
change it, so watching costs little next to playing.

Every summary holds the same generic figures (`GameSummary.counts`) and
per-game ones in three keyed forms that add up across games:
``counters`` (how often something happened), ``tallies`` (successes and
trials of a rate) and ``samples`` (count, sum and sum of squares of a value).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pickletable.core.events import Event
from pickletable.core.state import GameState

COMEBACK = {"board": 3.0, "card": 3.0, "slam": 2.0}
"""A win after trailing by this much (spaces, points, tokens) is a comeback."""


@dataclass
class GameSummary:
    """What one game of a study leaves behind (plain values: it crosses process boundaries)."""

    index: int
    seed: int
    seats: tuple[int, ...]
    bots: tuple[str, ...]
    """The bot at each seat, in seat order."""
    winners: tuple[int, ...]
    termination: str
    scores: dict[int, float]
    first: int | None
    """The first server (board, card) or the first player to lead (Slam)."""
    counts: dict[str, float]
    seat_counts: dict[str, list[float]]
    """Per seat, in seat order: ``decisions``, ``choices`` (two or more legal actions),
    ``branching`` (legal actions summed over decisions)."""
    counters: dict[str, int] = field(default_factory=dict)
    tallies: dict[str, list[int]] = field(default_factory=dict)
    samples: dict[str, list[float]] = field(default_factory=dict)


class Collector:
    """The figures every game has; subclasses add a game's own through event handlers."""

    score_kinds: frozenset[str] = frozenset()
    """Events after which the lead may have changed."""
    game = ""

    def __init__(self, state: GameState) -> None:
        self.seats = state.seats
        self.position = {seat: i for i, seat in enumerate(self.seats)}
        count = len(self.seats)
        self.decisions = [0] * count
        self.choices = [0] * count
        self.branching = [0] * count
        self.steps = 0
        self.rallies = 0
        self.turns = 0
        self.cut_short = 0
        self.first: int | None = None
        self.lead = state.lead()
        self.leader: int | None = None
        self.lead_changes = 0
        self.trace: list[tuple[int, dict[int, float]]] = [(0, self.lead)]
        self.counters: dict[str, int] = {}
        self.tallies: dict[str, list[int]] = {}
        self.samples: dict[str, list[float]] = {}
        self.handlers: dict[str, Callable[[GameState, Event], None]] = {}

    # --- watching -----------------------------------------------------------
    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """One step was played (see `pickletable.core.match.StepWatcher`)."""
        self.steps += 1
        if player >= 0:
            at = self.position[player]
            self.decisions[at] += 1
            self.branching[at] += legal
            if legal >= 2:
                self.choices[at] += 1
        if not events:
            return
        scored = False
        handlers = self.handlers
        for event in events:
            kind = event.kind
            if kind in self.score_kinds:
                scored = True
            handler = handlers.get(kind)
            if handler is not None:
                handler(state, event)
        if scored:
            self._update_lead(state)
        self.after_step(state)

    def after_step(self, state: GameState) -> None:
        """Called after a step with events, once the lead is up to date."""

    def _update_lead(self, state: GameState) -> None:
        lead = state.lead()
        self.lead = lead
        self.trace.append((self.steps, lead))
        ahead = [seat for seat, value in lead.items() if value > 0]
        if ahead:
            leader = min(ahead)
            if self.leader is not None and leader != self.leader:
                self.lead_changes += 1
            self.leader = leader

    # --- keyed figures ------------------------------------------------------
    def count(self, key: str, amount: int = 1) -> None:
        """Add to a counter."""
        self.counters[key] = self.counters.get(key, 0) + amount

    def tally(self, key: str, success: bool) -> None:
        """One trial of a rate."""
        row = self.tallies.setdefault(key, [0, 0])
        row[0] += success
        row[1] += 1

    def sample(self, key: str, value: float) -> None:
        """One value of a mean."""
        row = self.samples.setdefault(key, [0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += value
        row[2] += value * value

    # --- the end ------------------------------------------------------------
    def finish(self, state: GameState, index: int, seed: int, bots: tuple[str, ...]) -> GameSummary:
        """The summary of a finished game."""
        outcome = state.outcome
        winners = outcome.winners if outcome is not None else ()
        self.finish_game(state, winners)
        decided_at, winner_low = self._drama(winners)
        if self.first is not None:
            self.tally("first_wins", self.first in winners)
        if winners:
            self.tally("comeback", winner_low <= -COMEBACK.get(self.game, 3.0))
        counts = {
            "steps": float(self.steps),
            "decisions": float(sum(self.decisions)),
            "choices": float(sum(self.choices)),
            "rallies": float(self.rallies),
            "turns": float(self.turns),
            "lead_changes": float(self.lead_changes),
            "decided_at": decided_at,
            "winner_low": winner_low,
            "cut_short": float(self.cut_short),
        }
        return GameSummary(
            index=index,
            seed=seed,
            seats=self.seats,
            bots=bots,
            winners=tuple(winners),
            termination=str(outcome.termination) if outcome is not None else "unfinished",
            scores=dict(outcome.scores) if outcome is not None else {},
            first=self.first,
            counts=counts,
            seat_counts={
                "decisions": [float(v) for v in self.decisions],
                "choices": [float(v) for v in self.choices],
                "branching": [float(v) for v in self.branching],
            },
            counters=self.counters,
            tallies=self.tallies,
            samples=self.samples,
        )

    def finish_game(self, state: GameState, winners: tuple[int, ...]) -> None:
        """A game's own end-of-game figures."""

    def _drama(self, winners: tuple[int, ...]) -> tuple[float, float]:
        """When the winner stopped trailing for good (share of the steps), and its lowest lead."""
        if not winners or not self.steps:
            return 0.0, 0.0
        winner = winners[0]
        low = min(lead.get(winner, 0.0) for _, lead in self.trace)
        settled = 0
        for position, (_, lead) in enumerate(self.trace):
            if lead.get(winner, 0.0) < 0:
                following = self.trace[position + 1] if position + 1 < len(self.trace) else None
                settled = following[0] if following is not None else self.steps
        return settled / self.steps, low


# --- the board game ----------------------------------------------------------------------
class BoardCollector(Collector):
    """Characters, cards and their effect on the lead, how rallies end by hit number."""

    game = "board"
    score_kinds = frozenset({"point", "move"})

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.characters: dict[int, str] = {}
        self.last_shot: dict[str, Any] | None = None
        self.rally_cards: list[tuple[str, int, float]] = []
        self.play_card: tuple[str, int, float] | None = None
        self.rally_ended = False
        self.play_done = False
        self.handlers = {
            "first_server": self._first,
            "character": self._character,
            "card": self._card,
            "play_card": self._play_card,
            "skill_card": self._rally_card,
            "strategy_card": self._rally_card,
            "shot": self._shot,
            "rally_over": self._rally_over,
            "fault": self._fault,
            "to_serve": self._serve_passes,
            "game_over": self._serve_passes,
        }

    def _first(self, state: GameState, event: Event) -> None:
        self.first = event.data["seat"]

    def _character(self, state: GameState, event: Event) -> None:
        self.characters[event.data["seat"]] = event.data["card"]

    def _card(self, state: GameState, event: Event) -> None:
        self.count(f"drawn:{event.data['pile']}:{event.data['card']}")

    def _play_card(self, state: GameState, event: Event) -> None:
        card, seat = event.data["card"], event.data["seat"]
        self.count(f"drawn:play:{card}")
        self.count(f"used:play:{card}")
        self.play_card = (f"play:{card}", seat, self.lead[seat])

    def _rally_card(self, state: GameState, event: Event) -> None:
        pile = "skill" if event.kind == "skill_card" else "strategy"
        key = f"{pile}:{event.data['card']}"
        self.count(f"used:{key}")
        seat = event.data["seat"]
        self.rally_cards.append((key, seat, self.lead[seat]))

    def _shot(self, state: GameState, event: Event) -> None:
        self.turns += 1
        self.last_shot = event.data

    def _rally_over(self, state: GameState, event: Event) -> None:
        shot = self.last_shot or {}
        hit = int(shot.get("hit", 0))
        if event.data["end"] == "strategy":
            end, hit = "strategy card", hit + 1
        elif shot.get("bad_shot"):
            end = "bad shot"
        else:
            end = str(shot.get("result", "out"))
        self._rally_end(end, hit, event.data["end"] == "point")

    def _fault(self, state: GameState, event: Event) -> None:
        self._rally_end("fault", 1, False)

    def _rally_end(self, end: str, hit: int, point: bool) -> None:
        self.rallies += 1
        self.count(f"rally_end:{end}:{min(hit, 12)}")
        self.tally("serve_won", point)
        self.rally_ended = True
        self.last_shot = None

    def _serve_passes(self, state: GameState, event: Event) -> None:
        self.play_done = True

    def after_step(self, state: GameState) -> None:
        if self.rally_ended:
            for key, seat, before in self.rally_cards:
                self.sample(f"lead_change:{key}", self.lead[seat] - before)
            self.rally_cards = []
            self.rally_ended = False
        if self.play_done:
            if self.play_card is not None:
                key, seat, before = self.play_card
                self.sample(f"lead_change:{key}", self.lead[seat] - before)
                self.play_card = None
            self.play_done = False

    def finish_game(self, state: GameState, winners: tuple[int, ...]) -> None:
        characters = _board_characters(state)
        for seat, card in self.characters.items():
            won = seat in winners
            self.tally(f"character:{card}", won)
            pair = characters.get(card)
            if pair is not None:
                self.tally(f"shot_pair:{pair[0]}/{pair[1]}", won)


def _board_characters(state: GameState) -> dict[str, tuple[str, str]]:
    """Each character's Nice and Bad Shot, from the game's content (empty if unreadable)."""
    try:
        characters = state.rules.content.characters  # type: ignore[attr-defined]
        return {key: (str(card.nice), str(card.bad)) for key, card in characters.items()}
    except AttributeError:
        return {}


# --- the card game -----------------------------------------------------------------------
class CardCollector(Collector):
    """How rallies end and what they score, serve held, hands completed by turn."""

    game = "card"
    score_kinds = frozenset({"rally_scored"})

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.rally_turn = 0
        self.handlers = {
            "first_server": self._first,
            "rally_start": self._rally_start,
            "discarded": self._discarded,
            "laid_down": self._laid_down,
            "rally_scored": self._rally_scored,
        }

    def _first(self, state: GameState, event: Event) -> None:
        self.first = event.data["seat"]

    def _rally_start(self, state: GameState, event: Event) -> None:
        self.rally_turn = 0

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


# --- Slam ----------------------------------------------------------------------------------
TWIST_PREFIXES = {
    "drawtwo": "DRAW TWO",
    "switch": "SWITCH",
    "shake": "SHAKE & BAKE",
    "target": "TARGET & RESET",
    "poach": "POACH",
}
"""Twist card codes start with these (``switch-4``): the code is part of the record format."""


class SlamCollector(Collector):
    """How rounds end, twist cards held at the PLAY phase, rounds won by seat from the dealer."""

    game = "slam"
    score_kinds = frozenset({"round-won"})

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        # The first round is dealt before any step (no "round" event): the last seat deals it.
        self.dealer = int(getattr(state, "dealer", len(self.seats) - 1))
        self.first = (self.dealer + 1) % len(self.seats)
        self.held: dict[int, frozenset[str]] | None = None
        self.last_play = "play"
        self.duel = False
        self.handlers = {
            "round": self._round,
            "play-phase": self._play_phase,
            "play": self._play,
            "poach": self._poach,
            "target": self._target,
            "draw-phase": self._draw_phase,
            "pass": self._pass,
            "lap-limit": self._lap_limit,
            "round-won": self._round_won,
        }

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
        self.count(f"round_end:{slam_round_kind(data['why'], self.last_play, self.duel)}")
        winners = set(data["winners"])
        players = len(self.seats)
        for seat in self.seats:
            won = seat in winners
            self.tally(f"position:{(seat - self.dealer) % players}", won)
            for twist in sorted((self.held or {}).get(seat, frozenset())) or ["no twist"]:
                self.tally(f"twist:{twist}", won)
        self.count(f"won_at:{(data['seat'] - self.dealer) % players}")


def slam_round_kind(why: str, last_play: str, duel: bool) -> str:
    """How a round ended: ``SHAKE & BAKE``, ``nobody can play``, else (nobody could follow)
    ``POACH`` when the last card played was a POACH, ``duel`` during a TARGET & RESET duel,
    and ``follow`` otherwise."""
    if why == "SHAKE & BAKE":
        return "SHAKE & BAKE"
    if why == "nobody could play":
        return "nobody can play"
    if last_play == "poach":
        return "POACH"
    return "duel" if duel else "follow"


COLLECTORS: dict[str, type[Collector]] = {
    "board": BoardCollector,
    "card": CardCollector,
    "slam": SlamCollector,
}


def collector_for(state: GameState) -> Collector:
    """The collector of a state's game (the generic one for a game without its own)."""
    return COLLECTORS.get(state.game_id, Collector)(state)
