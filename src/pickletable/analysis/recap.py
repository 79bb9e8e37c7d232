"""The recap of one game: the score after every rally or round, each one's ending, figures.

A finished table shows it (the web table's end-of-game summary). The game is
replayed with the designer's lab collector (`pickletable.analysis.collectors`)
watching, so a rally's ending ("ace", "Dink Shot", "POACH") and the game's
figures (lead changes, when it was decided, rallies won on serve) are the
ones `pickletable sim` counts, defined in `pickletable.analysis.metrics`.
The per-seat figures come from the game's `recap_figures.Figures`, which see
the events as a spectator does: a recap tells nothing a spectator did not see.

>>> from pickletable.core.registry import get_game
>>> from pickletable.core.match import run_match
>>> from pickletable.bots import bot_from_name
>>> import random
>>> state = get_game("slam").new_game(3, {"tokens_to_win": 1})
>>> played = run_match(state.clone(), {s: bot_from_name("random", "slam") for s in state.seats},
...                    random.Random(3))
>>> summary = recap(state, list(played.history))
>>> summary["rally_word"], len(summary["rallies"]), summary["over"]
('Round', 1, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from pickletable.analysis.collectors import Collector, collector_for
from pickletable.analysis.metrics import METRICS
from pickletable.analysis.recap_figures import Figures, figures_for
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.events import Event
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import GameState

END_PREFIXES = ("rally_end:", "round_end:")
"""The collector counters that say how a rally or round ended."""


def recap(start: GameState, actions: Iterable[Action | str]) -> dict[str, Any]:
    """Replay `actions` from `start` (left unchanged) and sum the game up, JSON-safe.

    ``history`` holds each side's score at the start and after every rally or
    round (a Play Card moving someone after a point counts with its rally);
    ``rallies`` one row per rally or round (``start``: the step it began at, counted from
    0, as in the record); ``players`` each seat's figures;
    ``game_figures`` the lab's figures of the whole game.
    """
    state = start.clone()
    moves = _Moves(actions)
    watch = _Recap(state)
    seats = {seat: moves for seat in state.seats}
    run_match(
        state,
        seats,
        random.Random(0),
        chance=moves,
        watcher=watch,
        until=moves.done,
        checked=True,
        must_end=False,
    )
    if not moves.done(state):  # moves after the end: refused as the game refuses them
        state.apply(moves.resolve(state))
    if watch.rallies:
        _close(watch.rallies[-1], watch.history, watch.figures.scores(state))
    return _summary(
        state, watch.collector, watch.figures, watch.sides, watch.history, watch.rallies
    )


class _Moves:
    """A recap's actions, in order, played for every seat and for chance."""

    name = "recap"

    def __init__(self, actions: Iterable[Action | str]) -> None:
        self.actions = [a if isinstance(a, Action) else Action.from_text(a) for a in actions]
        self.index = 0

    def done(self, state: GameState) -> bool:
        return self.index >= len(self.actions)

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        return self.resolve(None)

    def resolve(self, state: GameState | None) -> Action:
        self.index += 1
        return self.actions[self.index - 1]


class _Recap:
    """Watches the replayed game: the lab's collector, the recap figures, a row per rally."""

    def __init__(self, state: GameState) -> None:
        self.collector = collector_for(state)
        self.figures = figures_for(state)
        self.sides = self.figures.sides(state)
        self.history = [self.figures.scores(state)]
        self.rallies: list[dict[str, Any]] = []
        self.steps = 0
        """Steps watched so far (the index of the next one)."""
        self._before = self._now(state)

    def _now(self, state: GameState) -> tuple[list[float], int | None, int, dict[str, int]]:
        """What the next step is measured against: scores, opener, rallies and endings so far."""
        collector = self.collector
        return (
            self.figures.scores(state),
            self.figures.opener,
            collector.rallies,
            _endings(collector),
        )

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        before_scores, opener, counted, ends = self._before
        index, self.steps = self.steps, self.steps + 1
        for event in events:
            self.figures.watch(state, event.for_seat(None))
        self.collector.step(state, player, legal, events)
        if self.collector.rallies > counted:
            if self.rallies:  # the rally before ends where this one's last step begins
                _close(self.rallies[-1], self.history, before_scores)
            self.rallies.append(
                {
                    "number": len(self.rallies) + 1,
                    "start": index,
                    "opener": opener,
                    "ended": _ending(self.collector, ends, _endings(self.collector)),
                }
            )
        self._before = self._now(state)


def _endings(collector: Collector) -> dict[str, int]:
    return {key: n for key, n in collector.counters.items() if key.startswith(END_PREFIXES)}


def _ending(collector: Collector, before: dict[str, int], after: dict[str, int]) -> str:
    """The ending the collector just counted, in words ("" if it counted none)."""
    for key, count in after.items():
        if count > before.get(key, 0):
            kind = key.split(":")[1]
            return collector.endings.get(kind, kind)
    return ""


def _close(row: dict[str, Any], history: list[list[float]], scores: list[float]) -> None:
    """Give a rally its score after it and the change it made, side by side."""
    row["changes"] = [after - before for before, after in zip(history[-1], scores, strict=True)]
    row["scores"] = scores
    history.append(scores)


def _summary(
    state: GameState,
    collector: Collector,
    figures: Figures,
    sides: list[tuple[int, ...]],
    history: list[list[float]],
    rallies: list[dict[str, Any]],
) -> dict[str, Any]:
    game = get_game(state.game_id)
    lab = collector.finish(state, 0, 0, tuple("" for _ in state.seats))
    return {
        "game": state.game_id,
        "over": state.is_over,
        "outcome": game.presenter.outcome_text(state) if state.is_over else "",
        "rally_word": figures.rally_word,
        "rallies_word": figures.rallies_word,
        "opener_word": figures.opener_word,
        "score_word": figures.score_word,
        "digits": figures.digits,
        "sides": [
            {"seats": list(side), "name": " & ".join(state.seat_name(seat) for seat in side)}
            for side in sides
        ],
        "history": history,
        "rallies": rallies,
        "figures": [{"key": key, "label": label} for key, label in figures.labels],
        "players": [
            {"seat": seat, "name": state.seat_name(seat), "values": figures.values[seat]}
            for seat in state.seats
        ],
        "game_figures": _game_figures(lab.counts, lab.tallies, figures.rallies_word),
    }


def _game_figures(
    counts: dict[str, float], tallies: dict[str, list[int]], rallies: str
) -> list[dict[str, str]]:
    """The lab's figures of the whole game, each with its metric's definition."""
    definitions = {metric.name: metric.definition for metric in METRICS}
    decided = counts["decided_at"]
    rows = [
        ("rallies", rallies, f"{counts['rallies']:g}"),
        ("lead_changes", "Lead changes", f"{counts['lead_changes']:g}"),
        (
            "decided_at",
            "Winner ahead for good",
            f"after {100 * decided:.0f}% of the game" if decided else "from the start",
        ),
    ]
    for key, label in (("serve_won", "Rallies won on serve"), ("serve_held", "Serve held")):
        if key in tallies:
            won, trials = tallies[key]
            share = f" ({100 * won / trials:.0f}%)" if trials else ""
            rows.append((key, label, f"{won} of {trials}{share}"))
    return [
        {"key": key, "label": label, "value": value, "definition": definitions.get(key, "")}
        for key, label, value in rows
    ]
