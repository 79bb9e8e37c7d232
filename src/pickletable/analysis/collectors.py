"""Collectors: watch one game's steps and events, and sum it up in a small picklable summary.

A collector reads event kinds (compared as strings), event data and a few
public state attributes (``seats``, ``lead()``, ``outcome``; a game's own
collector, in its kit, may read more: Slam's reads the true hands at the
start of the PLAY phase, which no seat is shown). It computes the lead only
after steps whose events can change it, so watching costs little next to
playing.

Every summary holds the same generic figures (`GameSummary.counts`) and
per-game ones in three keyed forms that add up across games:
``counters`` (how often something happened), ``tallies`` (successes and
trials of a rate) and ``samples`` (count, sum and sum of squares of a value).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pickletable.analysis.drama import PREFIX as DRAMA_PREFIX
from pickletable.analysis.drama import game_drama
from pickletable.bots.win_odds import WinChance, win_model
from pickletable.core.events import Event
from pickletable.core.state import GameState


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
    comeback = 3.0
    """A win after trailing by this much (in the game's units) is a comeback."""
    endings: dict[str, str] = {}  # noqa: RUF012 (read only)
    """How a rally or round ended, as this collector counts it, in words."""

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
        self.game_trials: list[tuple[str, frozenset[str], int]] = []
        self.settle = False
        """Set by a handler that needs `after_step` once this step's lead is known."""
        self.model = win_model(state)
        """The game's win-chance model, read after its events (`pickletable.analysis.drama`)."""
        self.read_after = self.model.read_after if self.model is not None else frozenset()
        self.chances: list[tuple[int, WinChance]] = []
        self._read_model(state)

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
        if events:
            self.on_events(state, self.steps, events)

    @property
    def kinds(self) -> frozenset[str]:
        """The event kinds it reads: its handlers', the lead's and the win model's
        (`pickletable.core.match.run_counted` tells it of no other step)."""
        return frozenset(self.handlers) | self.score_kinds | self.read_after

    def on_events(self, state: GameState, steps: int, events: list[Event]) -> None:
        """A step with events, the `steps`-th of the game (`match.EventWatcher`)."""
        self.steps = steps
        scored = read = False
        handlers = self.handlers
        score_kinds = self.score_kinds
        read_after = self.read_after
        for event in events:
            kind = event.kind
            if kind in score_kinds:
                scored = True
            if kind in read_after:
                read = True
            handler = handlers.get(kind)
            if handler is not None:
                handler(state, event)
        if scored:
            self._update_lead(state)
        if read:
            self._read_model(state)
        if self.settle:
            self.settle = False
            self.after_step(state)

    def counted(self, steps: int, seats: Mapping[int, list[int]]) -> None:
        """The steps and each seat's counts, from `match.run_counted` at the end."""
        self.steps = steps
        for seat, (decisions, choices, branching) in seats.items():
            at = self.position[seat]
            self.decisions[at] = decisions
            self.choices[at] = choices
            self.branching[at] = branching

    def after_step(self, state: GameState) -> None:
        """Called after a step whose handlers set `settle`, once the lead is up to date."""

    def _read_model(self, state: GameState) -> None:
        """Keep the model's chances at this checkpoint (before the game's end: the end is
        the winner's certainty, which `drama.game_drama` adds)."""
        if self.model is None or state.outcome is not None:
            return
        chances = self.model.chance(state)
        if chances is not None:
            self.chances.append((self.steps, chances))

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

    # --- what cards do to winning (`pickletable.analysis.card_effects`) -------
    def card_trial(self, unit: str, pile: str, cards: frozenset[str], won: bool) -> None:
        """One trial of a card pile at `unit` (a seat's round or rally, a draw): won or not,
        holding these `cards` of the pile (none, one or several)."""
        self.tally(f"effect_all:{unit}:{pile}", won)
        for card in cards:
            self.tally(f"effect:{unit}:{pile}:{card}", won)

    def game_trial(self, pile: str, cards: frozenset[str], seat: int, drawn: bool = False) -> None:
        """A card trial whose unit is the whole game: decided when the game ends, a success
        when `seat` is among the winners. `drawn`: the trial is one draw of the pile (its
        card compared with the pile's other cards), not a seat holding some or none."""
        self.game_trials.append((pile, cards, seat))
        if drawn and f"draw_pile:{pile}" not in self.counters:
            self.count(f"draw_pile:{pile}")

    def deck(self, pile: str, copies: dict[str, int], total: int | None = None) -> None:
        """The copies of each card of a pile, out of `total` cards (the pile's own by
        default): once per game, for each card's share of the deck."""
        for card, count in copies.items():
            self.count(f"copies:{pile}:{card}", count)
        self.count(f"deck:{pile}", sum(copies.values()) if total is None else total)

    # --- the end ------------------------------------------------------------
    def finish(self, state: GameState, index: int, seed: int, bots: tuple[str, ...]) -> GameSummary:
        """The summary of a finished game."""
        outcome = state.outcome
        winners = outcome.winners if outcome is not None else ()
        self.finish_game(state, winners)
        if winners:
            for pile, cards, seat in self.game_trials:
                self.card_trial("game", pile, cards, seat in winners)
        decided_at, winner_low = self._drama(winners)
        if self.first is not None:
            self.tally("first_wins", self.first in winners)
        if winners:
            self.tally("comeback", winner_low <= -self.comeback)
        for name, value in game_drama(self.chances, self.steps, winners).items():
            self.sample(f"{DRAMA_PREFIX}:{name}", value)
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


def collector_for(state: GameState) -> Collector:
    """The collector of a state's game (the generic one for a game without its own)."""
    from pickletable.core.registry import find_kit

    kit = find_kit(state.game_id)
    return kit.lab().collector(state) if kit is not None else Collector(state)
