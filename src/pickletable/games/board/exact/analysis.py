"""One variant of the board game analysed: its chain, its exact values, its check.

The chain comes from the engine (`solver.build_graph`): a game is set up,
dealt and its first server rolled through the engine's chance outcomes, a
named or sampled Play pile order is laid as the known order of the engine's
Play pile, and every rally and Play Card is then played by the engine.

>>> variant = make_variant("as given", 2, [], "beginner")
>>> result = analyse(variant)
>>> result.rally.point, round(float(result.win), 6)
(Fraction(4, 9), 0.527722)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pickletable.core.content import Content
from pickletable.core.errors import OptionError
from pickletable.core.options import OptionValue
from pickletable.core.piles import Pile
from pickletable.core.registry import get_game
from pickletable.games.board.config import team_of
from pickletable.games.board.exact.check import CheckResult, simulate_blocks
from pickletable.games.board.exact.rally import Rally
from pickletable.games.board.exact.solver import (
    Graph,
    Levels,
    Solution,
    build_graph,
    level_vectors,
    solve_beginner,
    solve_order,
    winner_side,
)
from pickletable.games.board.exact.transitions import Transitions
from pickletable.games.board.exact.walk import POLICY, exact, rests_from
from pickletable.games.board.state import BoardState

LEVELS = ("beginner", "intermediate")


@dataclass
class Variant:
    """A table to analyse: players, checked options and content."""

    label: str
    players: int
    options: dict[str, OptionValue]
    content: Content

    @property
    def level(self) -> str:
        """beginner or intermediate."""
        return str(self.options["level"])

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats in play."""
        return get_game("board").seats_for(self.players)

    @property
    def step(self) -> float:
        """One space of the track."""
        return float(self.options["step"])

    def new_game(self) -> BoardState:
        """A fresh game of this variant, through the engine."""
        state = get_game("board").new_game(self.players, self.options, self.content)
        assert isinstance(state, BoardState)
        return state

    def starts(self, firsts: Sequence[int]) -> list[BoardState]:
        """The positions at the first serve, one per first server (dealt by the engine)."""
        served = {rest.server: rest for _, rest in rests_from(self.new_game())}
        return [served[first] for first in firsts]

    def die(self) -> dict[str, Fraction]:
        """The IN/OUT/ACE die, face -> probability, as the engine rolls it for a serve."""
        state = self.starts(first_servers(self)[:1])[0].clone()
        state.push(state.legal_actions()[0])
        return {str(action.args[0]): exact(p) for action, p in state.chance_outcomes()}


def make_variant(
    label: str, players: int, pairs: Sequence[str], level: str, content_path: str | None = None
) -> Variant:
    """Check the options (the engine's own checks) and refuse what the analysis cannot do."""
    definition = get_game("board")
    if level not in LEVELS:
        raise OptionError(
            f"analyze covers the beginner and intermediate levels, not {level!r}: at advanced "
            "the players decide (cards), so there is no single chain to solve"
        )
    values = definition.options.parse([*pairs, f"level={level}"])
    if values["stanchion_rule"]:
        raise OptionError(
            "analyze needs stanchion_rule off: with it on, every serve asks the server to "
            "place the stanchion, a decision and not a roll (a server who always places it "
            "plays exactly the game with the rule off)"
        )
    path = content_path if content_path is not None else str(values.get("content") or "")
    content = definition.load_content(path) if path else definition.default_content()
    definition.new_game(players, values, content)  # the engine's own checks (target, step)
    return Variant(label, players, values, content)


@dataclass
class Analysis:
    """The values of one variant."""

    variant: Variant
    rally: Rally
    method: str
    seconds: float
    solutions: list[Solution]
    """One per distinct first server (seat rotation by two is a symmetry of the chain)."""
    orders: int = 0
    order_wins: list[float] = field(default_factory=list)
    order_rallies: list[float] = field(default_factory=list)
    play_order: tuple[str, ...] | None = None
    check: CheckResult | None = None
    sides: dict[Levels, int] = field(default_factory=dict)
    """The winning side of each final position."""

    @property
    def win(self) -> Fraction | float:
        """The first server's side's win probability, averaged over the Colour Ball die."""
        return _mean([s.win for s in self.solutions])

    @property
    def mean_rallies(self) -> Fraction | float:
        """Expected rallies."""
        return _mean([s.mean_rallies for s in self.solutions])

    @property
    def mean_points(self) -> Fraction | float:
        """Expected points."""
        return _mean([s.mean_points for s in self.solutions])

    @property
    def mean_shots(self) -> Fraction | float:
        """Expected shots (Wald: rallies times shots per rally)."""
        return self.mean_rallies * self.rally.mean_shots

    @property
    def averaged(self) -> bool:
        """Intermediate averaged over sampled orders (not one exact order)."""
        return self.orders > 0

    def interval(self, values: list[float]) -> tuple[float, float]:
        """95% interval of a mean over sampled orders: Student's t with n - 1 degrees of
        freedom (a handful of orders: 1.96 would be far too narrow, 4.30 with 3 orders)."""
        n = len(values)
        mean = sum(values) / n
        if n < 2:
            return mean, mean
        sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
        half = t_975(n - 1) * sd / n**0.5
        return mean - half, mean + half

    def rallies(self) -> list[float]:
        """P(the game lasts n rallies), averaged over first servers (and orders)."""
        longest = max(len(s.rallies) for s in self.solutions)
        total = [0.0] * longest
        for solution in self.solutions:
            for n, p in enumerate(solution.rallies):
                total[n] += p / len(self.solutions)
        return total

    def final_scores(self) -> list[tuple[bool, tuple[float, ...], Fraction | float]]:
        """(first server's side won, the loser's levels high to low, probability)."""
        table: dict[tuple[bool, tuple[float, ...]], Fraction | float] = {}
        for solution in self.solutions:
            side = team_of(solution.first_server)
            for levels, p in solution.finals.items():
                winner = self.sides[levels]
                lost = _loser_levels(levels, self.variant.seats, 1 - winner, self.variant.step)
                key = (winner == side, lost)
                table[key] = table.get(key, 0) + p / len(self.solutions)
        return sorted(((won, lv, p) for (won, lv), p in table.items()), key=lambda r: -r[2])


def _loser_levels(
    levels: Levels, seats: Sequence[int], loser: int, step: float
) -> tuple[float, ...]:
    found = [round(levels[s] * step, 6) for s in seats if team_of(s) == loser]
    return tuple(sorted(found, reverse=True))


def _mean(values: list[Fraction | float]) -> Fraction | float:
    total: Fraction | float = sum(values, Fraction(0))
    return total / len(values)


def first_servers(variant: Variant) -> tuple[int, ...]:
    """Distinct first servers: singles one, doubles seat 0 and seat 1 (2 and 3 mirror them)."""
    seats = variant.seats
    return (seats[0],) if len(seats) == 2 else (seats[0], seats[1])


def deck_cards(variant: Variant) -> dict[str, int]:
    """The Play pile the engine lays out for this variant: card id -> copies."""
    return Counter(variant.new_game().piles["play"].cards())


def parse_order(variant: Variant, text: str) -> tuple[str, ...]:
    """A named Play pile order: every card of the intermediate deck once per copy."""
    wanted = Counter(deck_cards(variant))
    order = tuple(part.strip() for part in text.split(",") if part.strip())
    if Counter(order) != wanted:
        listing = ", ".join(f"{card_id} x{n}" for card_id, n in wanted.items())
        raise OptionError(
            f"--play-order must list each intermediate Play Card once per copy "
            f"({sum(wanted.values())} cards: {listing})"
        )
    return order


def _in_order(starts: Sequence[BoardState], order: Sequence[str]) -> list[BoardState]:
    """Copies of `starts` whose Play pile is `order`, top first, face down but known."""
    laid = []
    for start in starts:
        copy = start.clone()
        copy.piles["play"] = Pile({}, list(order))
        laid.append(copy)
    return laid


def _sides(graph: Graph) -> dict[Levels, int]:
    return {levels: winner_side(graph, levels) for levels in graph.finals}


def analyse(
    variant: Variant,
    *,
    orders: int = 100,
    seed: int = 0,
    play_order: str | None = None,
    exact: bool | None = None,
) -> Analysis:
    """Solve one variant: exactly at beginner; per order (named or sampled) at intermediate."""
    began = time.perf_counter()
    firsts = first_servers(variant)
    deck = deck_cards(variant)
    if variant.level == "beginner" or not deck:
        starts = variant.starts(firsts)
        graph = build_graph(starts)
        solutions = solve_beginner(graph, firsts, exact, level_vectors(starts))
        seconds = time.perf_counter() - began
        return Analysis(
            variant, graph.rally, solutions[0].method, seconds, solutions, sides=_sides(graph)
        )
    if play_order is not None:
        order = parse_order(variant, play_order)
        starts = _in_order(variant.starts(firsts), order)
        graph = build_graph(starts)
        solutions = solve_order(graph, firsts)
        seconds = time.perf_counter() - began
        method = solutions[0].method + f"; Play Card choices: {POLICY}"
        return Analysis(
            variant,
            graph.rally,
            method,
            seconds,
            solutions,
            play_order=order,
            sides=_sides(graph),
        )
    rng = random.Random(seed)
    cards = [card for card, n in deck.items() for _ in range(n)]
    per_order: list[Solution] = []
    wins: list[float] = []
    lengths: list[float] = []
    sides: dict[Levels, int] = {}
    last: Rally | None = None
    dealt = variant.starts(firsts)
    transitions = Transitions()
    for _ in range(orders):
        rng.shuffle(cards)
        graph = build_graph(_in_order(dealt, cards), transitions)
        last = graph.rally
        found = solve_order(graph, firsts)
        sides.update(_sides(graph))
        wins.append(float(_mean([s.win for s in found])))
        lengths.append(float(_mean([s.mean_rallies for s in found])))
        per_order.extend(found)
    seconds = time.perf_counter() - began
    assert last is not None
    averaged = _average(per_order, firsts)
    method = (
        f"each of {orders} Play pile orders (sampled, seed {seed}) solved by "
        f"{per_order[0].method}; mean over orders with a 95% interval; Play Card choices: "
        f"{POLICY}"
    )
    return Analysis(variant, last, method, seconds, averaged, orders, wins, lengths, sides=sides)


def _average(solutions: list[Solution], starts: tuple[int, ...]) -> list[Solution]:
    """Average the per-order solutions, one per first server."""
    out = []
    for start in starts:
        group = [s for s in solutions if s.first_server == start]
        k = len(group)
        finals: dict[Levels, Fraction | float] = {}
        longest = max(len(s.rallies) for s in group)
        rallies = [0.0] * longest
        for s in group:
            for levels, p in s.finals.items():
                finals[levels] = finals.get(levels, 0.0) + float(p) / k
            for n, p in enumerate(s.rallies):
                rallies[n] += p / k
        out.append(
            Solution(
                start,
                group[0].method,
                sum(float(s.win) for s in group) / k,
                finals,
                sum(float(s.mean_points) for s in group) / k,
                sum(float(s.mean_rallies) for s in group) / k,
                rallies,
                max(s.unabsorbed for s in group),
                group[0].states,
            )
        )
    return out


def run_check(analysis: Analysis, games: int, seed: int, workers: int = 1) -> CheckResult:
    """Simulate the same variant with the engine (the named order, if any), on `workers`."""
    variant = analysis.variant
    result = simulate_blocks(
        variant.players,
        variant.options,
        variant.content,
        games,
        seed,
        analysis.play_order,
        workers=workers,
    )
    analysis.check = result
    return result


def to_json(analysis: Analysis) -> dict[str, Any]:
    """Everything as JSON values (exact values also as "p/q" strings)."""
    variant = analysis.variant
    die = variant.die()
    rallies = analysis.rallies()
    data: dict[str, Any] = {
        "variant": {
            "label": variant.label,
            "level": variant.level,
            "players": variant.players,
            "step": variant.step,
            "target": float(variant.options["target"]),
            "serve_after_point": str(variant.options["serve_after_point"]),
            "content": variant.content.source,
        },
        "die": {face: str(die.get(face, 0)) for face in ("in", "out", "ace")},
        "rally": {
            "point": _json_number(analysis.rally.point),
            "side_out": _json_number(analysis.rally.side_out),
            "mean_shots": _json_number(analysis.rally.mean_shots),
        },
        "method": analysis.method,
        "solve_seconds": round(analysis.seconds, 4),
        "first_server_win": _json_number(analysis.win),
        "by_first_server": {
            get_game("board").seat_names(4)[s.first_server]: _json_number(s.win)
            for s in analysis.solutions
        },
        "mean_points": _json_number(analysis.mean_points),
        "mean_rallies": _json_number(analysis.mean_rallies),
        "mean_shots": _json_number(analysis.mean_shots),
        "final_scores": [
            {"first_server_side_wins": won, "loser_levels": list(lost), **_json_number(p)}
            for won, lost, p in analysis.final_scores()
        ],
        "rallies_distribution": {
            "probabilities": rallies,
            "quantiles": {str(q): quantile(rallies, q) for q in (0.05, 0.5, 0.95)},
            "unabsorbed": max(s.unabsorbed for s in analysis.solutions),
            "states": analysis.solutions[0].states,
        },
    }
    if analysis.averaged:
        data["orders"] = {
            "count": analysis.orders,
            "first_server_win_interval": analysis.interval(analysis.order_wins),
            "mean_rallies_interval": analysis.interval(analysis.order_rallies),
        }
    if analysis.play_order is not None:
        data["play_order"] = list(analysis.play_order)
    check = analysis.check
    if check is not None:
        data["check"] = {
            "games": check.games,
            "seed": check.seed,
            "first_server_win": check.win,
            "first_server_win_interval": check.win_interval,
            "covers_win": covers(check.win_interval, float(analysis.win)),
            "mean_rallies": check.mean_rallies,
            "mean_rallies_interval": check.rallies_interval,
            "covers_rallies": covers(check.rallies_interval, float(analysis.mean_rallies)),
        }
    return data


def covers(interval: tuple[float, float], value: float) -> bool:
    """Whether the interval holds the value."""
    return interval[0] <= value <= interval[1]


def quantile(probabilities: list[float], share: float) -> int:
    """The smallest n with P(N <= n) >= share."""
    total = 0.0
    for n, p in enumerate(probabilities):
        total += p
        if total >= share:
            return n
    return len(probabilities) - 1


def _json_number(value: Fraction | float) -> dict[str, Any]:
    if isinstance(value, Fraction):
        return {"value": float(value), "exact": f"{value.numerator}/{value.denominator}"}
    return {"value": float(value)}


_T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)
"""Student's t 97.5% quantiles for 1 to 10 degrees of freedom (any statistics table)."""


def t_975(degrees: int) -> float:
    """The 97.5% quantile of Student's t (table to 10, Cornish-Fisher beyond, within 0.001).

    >>> t_975(2), t_975(30), round(t_975(10_000), 2)
    (4.303, 2.042, 1.96)
    """
    if degrees <= len(_T_975):
        return _T_975[max(1, degrees) - 1]
    z, v = 1.959964, float(degrees)
    return round(
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3),
        3,
    )
