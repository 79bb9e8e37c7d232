"""The post-game review: every decision of one seat, weighed from that seat's own view.

A finished record is replayed. At each step where the chosen seat had two or
more legal moves (a *decision*), up to `MOVES` moves are weighed: the move
played, the move the game's `medium` rules of thumb would play, then the
other legal moves in the game's order. Each move's worth is the seat's win
chance after it, by seeded rollouts: each rollout draws a full state from
the seat's observation *before* the move (`GameState.resample`: no card the
seat could not see, and nothing a move it did not make would have shown),
plays the move and plays on to the end (chance as the game deals it, every
seat by the quick rules of thumb), as the kit's evaluator does. Every move
of a decision is rolled out against the same draws (common random numbers),
so the differences between moves are sharper than each figure.

When another move looks best, it and the played move are weighed again on fresh
draws with `CONFIRM` times the rollouts (the best of several noisy figures is
too good), and those figures give the *loss*: the best move's chance minus the
played move's (0 if the played move comes out ahead);
its mark follows `THRESHOLDS`. The *swings* are the changes of the seat's
win chance: by its own move (``choice``: minus the loss) and between one
decision and the next (``chance``: dice, cards and the other seats' moves);
the largest are the key moments. Accuracy is Lichess's per-move formula on
the loss in percentage points, averaged over the seat's decisions.

Everything is seeded: the same record, seed and budget give the same review.
The CPU it takes is bounded: at most `ROLLOUT_CAP` rollouts per seat (the
rollouts per move shrink, never below `MIN_ROLLOUTS`, in a long game).

>>> mark_for(0.0), mark_for(0.04), mark_for(0.07), mark_for(0.15), mark_for(0.5)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> round(move_accuracy(0.0), 1), round(move_accuracy(0.2), 1)
(100.0, 40.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from pickletable.bots.heuristic import policy_for
from pickletable.bots.win_odds import known_chance
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.errors import PickletableError
from pickletable.core.records import initial_state, replay
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState

BUDGET = 48
"""Rollouts per move weighed, by default: each figure within about 0.14 either way
(95 times in 100), the difference between two moves much closer (common draws)."""
MIN_ROLLOUTS = 8
"""The fewest rollouts per move when `ROLLOUT_CAP` shrinks the budget of a long game."""
ROLLOUT_CAP = 12_000
"""The most rollouts one seat's review plays: the CPU bound of a review."""
MOVES = 8
CONFIRM = 2
"""The played move and the best found are weighed again with this many times the rollouts."""
"""The most moves weighed at one decision (the played one always among them)."""
SEED = 2026
KEY_MOMENTS = 3
"""How many of the largest swings are key moments."""
MAX_STEPS = 20_000
"""A rollout longer than this counts as a draw (no game here comes near it)."""
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("good", 0.05),
    ("inaccuracy", 0.10),
    ("mistake", 0.20),
    ("blunder", math.inf),
)
"""A decision's mark by its loss (win chance given away): ``best`` at no loss (the played
move is the best found), else the first mark whose bound the loss is under."""
MARKS = ("best", *(name for name, _ in THRESHOLDS))

Progress = Callable[[int, int], None]
"""Told (moves weighed so far, moves to weigh) as a review goes."""


class ReviewError(PickletableError, ValueError):
    """A record that cannot be reviewed: unfinished, or no such seat."""


class ReviewCancelled(PickletableError):
    """The review was stopped before its end (nobody waits for it any more)."""


@dataclass(frozen=True)
class Weighed:
    """One move weighed at a decision: its notation, its label and the win chance after it."""

    action: str
    label: str
    chance: float


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the move played against the best move found."""

    step: int
    """The step of the record (counted from 0) the move was."""
    played: Weighed
    best: Weighed
    loss: float
    mark: str
    moves: int
    """How many legal moves there were (`weighed` holds at most `MOVES` of them)."""
    weighed: list[Weighed] = field(default_factory=list)


@dataclass(frozen=True)
class Moment:
    """A swing of the seat's win chance: by its own move or by what happened between moves."""

    step: int
    kind: str
    """``choice`` (the seat's own move) or ``chance`` (dice, cards, the others' moves)."""
    before: float
    after: float
    what: str

    @property
    def swing(self) -> float:
        """How much the win chance moved (negative: it fell)."""
        return round(self.after - self.before, 3)


@dataclass(frozen=True)
class SeatReview:
    """One seat's review: its decisions, its win chance over the game, its key moments."""

    seat: int
    name: str
    decisions: list[Decision]
    graph: list[tuple[int, float]]
    """(step, the seat's win chance there): before and after each decision, and the result."""
    moments: list[Moment]
    accuracy: float | None
    """Lichess-style accuracy over the decisions (None: the seat had no decision)."""
    result: float
    """1 the seat's side won, 0 it lost, 0.5 a draw."""


@dataclass(frozen=True)
class Review:
    """The review of a finished record, for one or more seats."""

    game: str
    outcome: str
    steps: int
    seed: int
    budget: int
    rollouts: int
    """Rollouts per move actually played (the budget, shrunk by `ROLLOUT_CAP` in a long game)."""
    seats: list[SeatReview]

    @property
    def accuracy(self) -> dict[int, float | None]:
        """One accuracy figure per seat reviewed."""
        return {each.seat: each.accuracy for each in self.seats}

    def to_json(self) -> dict[str, Any]:
        """The review as JSON-safe values (the same for the same record, seed and budget)."""
        data = asdict(self)
        data["accuracy"] = {str(seat): value for seat, value in self.accuracy.items()}
        for seat, review in zip(data["seats"], self.seats, strict=True):
            for moment, source in zip(seat["moments"], review.moments, strict=True):
                moment["swing"] = source.swing
            seat["graph"] = [list(point) for point in seat["graph"]]
        return data


def review_from_json(data: dict[str, Any]) -> Review:
    """A review back from `Review.to_json` (a record's ``meta.reviews`` keeps them).

    Raises `KeyError`, `TypeError` or `ValueError` for JSON that is no review.
    """

    def weighed(move: dict[str, Any]) -> Weighed:
        return Weighed(str(move["action"]), str(move["label"]), float(move["chance"]))

    def decision(item: dict[str, Any]) -> Decision:
        return Decision(
            int(item["step"]),
            weighed(item["played"]),
            weighed(item["best"]),
            float(item["loss"]),
            str(item["mark"]),
            int(item["moves"]),
            [weighed(move) for move in item["weighed"]],
        )

    def moment(item: dict[str, Any]) -> Moment:
        return Moment(
            int(item["step"]),
            item["kind"],
            float(item["before"]),
            float(item["after"]),
            item["what"],
        )

    seats = [
        SeatReview(
            seat=int(seat["seat"]),
            name=str(seat["name"]),
            decisions=[decision(item) for item in seat["decisions"]],
            graph=[(int(step), float(chance)) for step, chance in seat["graph"]],
            moments=[moment(item) for item in seat["moments"]],
            accuracy=None if seat["accuracy"] is None else float(seat["accuracy"]),
            result=float(seat["result"]),
        )
        for seat in data["seats"]
    ]
    return Review(
        game=str(data["game"]),
        outcome=str(data["outcome"]),
        steps=int(data["steps"]),
        seed=int(data["seed"]),
        budget=int(data["budget"]),
        rollouts=int(data["rollouts"]),
        seats=seats,
    )


def kept_review(
    record: dict[str, Any], seats: Sequence[int] | None, *, budget: int, seed: int
) -> Review | None:
    """The review a record keeps in ``meta.reviews`` (the web table's) for exactly these
    seats, seed and budget, if it has one: the same review `review_record` would make."""
    meta = record.get("meta")
    kept = meta.get("reviews") if isinstance(meta, dict) else None
    if seats is None or not isinstance(kept, list):
        return None  # the web table reviews one seat at a time
    for data in kept:
        try:
            review = review_from_json(data)
        except (KeyError, TypeError, ValueError):
            continue  # not a review: it is made again
        if (
            review.game == record.get("game")
            and review.seed == seed
            and review.budget == budget
            and [each.seat for each in review.seats] == list(seats)
        ):
            return review
    return None


def mark_for(loss: float) -> str:
    """The mark of a decision that gave away `loss` of win chance (0 to 1)."""
    if loss <= 0:
        return "best"
    return next(name for name, bound in THRESHOLDS if loss < bound)


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of one move from the win chance it lost, 0 to 100."""
    value = 103.1668 * math.exp(-0.04354 * loss * 100) - 3.1669
    return max(0.0, min(100.0, value))


def review_record(
    record: dict[str, Any],
    seats: Sequence[int] | None = None,
    *,
    budget: int = BUDGET,
    seed: int = SEED,
    at: Collection[int] | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Review:
    """Review a finished record for `seats` (None: every seat), from each one's own view.

    `at` keeps only the decisions at these steps (None: every decision).

    Raises `ReviewError` for an unfinished game or a seat the game does not have, and the
    record's own errors (`RecordError`) for one that does not replay.
    """
    if budget < 1:
        raise ReviewError(f"the budget is rollouts per move: at least 1, not {budget}")
    final = replay(record)  # checks the record against the schema first
    if final.outcome is None:
        raise ReviewError("the record's game is not finished: only a finished game is reviewed")
    chosen = list(final.seats) if seats is None else list(seats)
    for seat in chosen:
        if seat not in final.seats:
            known = ", ".join(f"{each} ({final.seat_name(each)})" for each in final.seats)
            raise ReviewError(f"this game has no seat {seat}: its seats are {known}")
    plans = {seat: _decisions(record, seat, seed, at) for seat in chosen}
    total = sum(len(moves) for plan, _ in plans.values() for _, _, moves in plan)
    # The most rollouts a move may cost: each weighed once, and two again at each decision.
    most = total + 2 * CONFIRM * sum(len(plan) for plan, _ in plans.values())
    rollouts = budget
    if most * budget > ROLLOUT_CAP * max(1, len(chosen)):
        rollouts = max(MIN_ROLLOUTS, ROLLOUT_CAP * len(chosen) // max(1, most))
    rollouts = min(budget, rollouts)
    presenter = get_game(record["game"]).presenter
    counter = _Counter(total, progress, cancelled)
    counter.check()  # given up on while it waited its turn: stopped before any rollout
    reviews = [
        _review_seat(record, final, seat, plans[seat], rollouts, seed, counter) for seat in chosen
    ]
    return Review(
        game=record["game"],
        outcome=presenter.outcome_text(final),
        steps=len(record["steps"]),
        seed=seed,
        budget=budget,
        rollouts=rollouts,
        seats=reviews,
    )


Plan = list[tuple[int, GameState, list[Action]]]
"""Each decision of a seat: its step, the state before it, the moves to weigh (played first)."""


Lines = list[list[str]]
"""The log lines of each step of the record, as the seat saw them."""


def _decisions(
    record: dict[str, Any], seat: int, seed: int, at: Collection[int] | None
) -> tuple[Plan, Lines]:
    state = initial_state(record)
    presenter = get_game(record["game"]).presenter
    policy = policy_for(record["game"])
    plan: Plan = []
    lines: Lines = []
    for index, step in enumerate(record["steps"]):
        action = Action.from_text(step["action"])
        if state.current_player == seat and (at is None or index in at):
            legal = state.legal_actions()
            if len(legal) >= 2:
                moves = [action]
                if policy is not None:
                    moves.append(policy(AgentView(state, seat), random.Random(f"{seed}/{index}")))
                moves += legal
                unique = list(dict.fromkeys(moves))[:MOVES]
                plan.append((index, state.clone(), unique))
        said = [presenter.describe(state, event.for_seat(seat)) for event in state.apply(action)]
        lines.append([line for line in said if line])
    return plan, lines


class _Counter:
    """Counts the moves weighed, tells `progress`, stops when `cancelled` says so."""

    def __init__(self, total: int, progress: Progress | None, cancelled: Callable[[], bool] | None):
        self.done = 0
        self.total = total
        self.progress = progress
        self.cancelled = cancelled

    def check(self) -> None:
        """Raise `ReviewCancelled` if `cancelled` says so."""
        if self.cancelled is not None and self.cancelled():
            raise ReviewCancelled("the review was cancelled")

    def tick(self) -> None:
        self.check()
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)


def _review_seat(
    record: dict[str, Any],
    final: GameState,
    seat: int,
    planned: tuple[Plan, Lines],
    rollouts: int,
    seed: int,
    counter: _Counter,
) -> SeatReview:
    presenter = get_game(record["game"]).presenter
    plan, lines = planned
    decisions: list[Decision] = []
    for index, state, moves in plan:
        weighed = []
        for action in moves:
            chance = weigh(state, seat, action, rollouts, f"{seed}/{seat}/{index}")
            weighed.append(Weighed(str(action), presenter.label(state, action), chance))
            counter.tick()
        played = weighed[0]
        best = max(weighed, key=lambda move: move.chance)  # the first of equals: played
        if best is not played:
            # The best of several noisy figures is too good: weigh it and the played move
            # again on fresh draws, and take the loss from those.
            key = f"{seed}/{seat}/{index}/again"
            again = [
                replace(
                    move,
                    chance=weigh(
                        state, seat, Action.from_text(move.action), CONFIRM * rollouts, key
                    ),
                )
                for move in (played, best)
            ]
            played, best = again[0], again[1] if again[1].chance > again[0].chance else again[0]
        loss = round(max(0.0, best.chance - played.chance), 3)
        decisions.append(
            Decision(index, played, best, loss, mark_for(loss), len(state.legal_actions()), weighed)
        )
    result = _value(final.returns(), seat)
    graph: list[tuple[int, float]] = []
    for decision in decisions:
        graph += [
            (decision.step, decision.best.chance),
            (decision.step + 1, decision.played.chance),
        ]
    graph.append((len(record["steps"]), result))
    accuracy = None
    if decisions:
        accuracy = round(sum(move_accuracy(each.loss) for each in decisions) / len(decisions), 1)
    return SeatReview(
        seat=seat,
        name=final.seat_name(seat),
        decisions=decisions,
        graph=graph,
        moments=_moments(lines, decisions, result),
        accuracy=accuracy,
        result=result,
    )


def _moments(lines: Lines, decisions: list[Decision], result: float) -> list[Moment]:
    swings: list[Moment] = []
    for number, decision in enumerate(decisions):
        if decision.loss > 0:
            what = f"played {decision.played.label}; best was {decision.best.label}"
            swings.append(
                Moment(decision.step, "choice", decision.best.chance, decision.played.chance, what)
            )
        later = decisions[number + 1] if number + 1 < len(decisions) else None
        end = later.step if later else len(lines)
        after = later.best.chance if later else result
        if after != decision.played.chance:
            what = _between(lines, decision.step + 1, end)
            swings.append(Moment(decision.step + 1, "chance", decision.played.chance, after, what))
    swings.sort(key=lambda moment: (-abs(moment.after - moment.before), moment.step))
    return sorted(swings[:KEY_MOMENTS], key=lambda moment: moment.step)


def _between(lines: Lines, start: int, end: int) -> str:
    """What happened from step `start` to `end` in a few log lines, as the seat saw it."""
    said = [line for step in lines[start:end] for line in step]
    if not said:
        return "the game's end" if start >= len(lines) else "the others' moves"
    shown = "; ".join(line.rstrip(".") for line in said[:2])
    return shown + (f" (and {len(said) - 2} more)" if len(said) > 2 else "")


def weigh(state: GameState, seat: int, action: Action, rollouts: int, key: str) -> float:
    """The seat's win chance after `action`, over `rollouts` states drawn from its own view;
    the game's own figure instead where it has one after the move (`known_chance`: the card
    game's exact last turn and score table, the board game's exact chain), with no noise."""
    drawn = state.resample(seat, random.Random(key))
    if drawn.is_legal(action):
        drawn.push(action)
        known = known_chance(drawn, seat)
        if known is not None:
            return round(known[seat], 3)
    policy = policy_for(state.game_id, rollout=True)
    total = 0.0
    played = 0
    for number in range(rollouts):
        rng = random.Random(f"{key}/{number}")
        drawn = state.resample(seat, rng)
        if not drawn.is_legal(action):
            continue  # cannot happen for a move of the seat's own: its view decides what it may do
        drawn.push(action)
        total += _play_out(drawn, seat, policy, rng)
        played += 1
    return round(total / played, 3) if played else 0.0


def _play_out(
    state: GameState,
    seat: int,
    policy: Callable[[AgentView, random.Random], Action] | None,
    rng: random.Random,
) -> float:
    for _ in range(MAX_STEPS):
        player = state.current_player
        if player is None:
            return _value(state.returns(), seat)
        if player == CHANCE:
            state.push(state.sample_chance(rng))
            continue
        view = AgentView(state, player)
        state.push(policy(view, rng) if policy else rng.choice(view.legal_actions))
    return 0.5


def _value(returns: dict[int, float], seat: int) -> float:
    """1 for a win of the seat's side, 0 for a loss, 0.5 for a draw."""
    if returns[seat] > 0:
        return 1.0
    return 0.0 if any(value > 0 for value in returns.values()) else 0.5
