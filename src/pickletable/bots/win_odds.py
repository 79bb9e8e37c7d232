"""The win chance of each seat, from one seat's point of view: what coaching shows.

An evaluator sees only what its seat may know: each rollout starts from
`GameState.resample(seat, rng)`, a full state drawn from that seat's
observation, and plays the game to its end (chance as the game deals it,
every seat by the game's quick `medium` rules of thumb). The chance of a
seat is the share of rollouts its side wins (a draw counts half). The
iteration budget and the seed are fixed, so the same position always gets
the same figure, and its error is a binomial one: with 200 rollouts, within
about 0.07 of the model's value 95 times in 100.

>>> from pickletable.core.registry import get_game
>>> state = get_game("slam").new_game(3)
>>> chances = rollout_win_chance(state, 0, iterations=20)
>>> sorted(chances) == list(state.seats), abs(sum(chances.values()) - 1) < 1e-9
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pickletable.core.agents import AgentView
from pickletable.core.kit import Policy
from pickletable.core.state import CHANCE, GameState

from .heuristic import policy_for

ITERATIONS = 200
"""Rollouts per evaluation: a binomial error of about 0.035 (one standard deviation)."""
SEED = 2026
"""The rollouts' seed: the same position gets the same figure."""
MAX_STEPS = 20_000
"""A rollout longer than this counts as a draw (no game here comes near it)."""

WinChance = dict[int, float]
Evaluator = Callable[[GameState, int], WinChance]
"""The win chance of each seat in a state, from one seat's observation only."""
KnownChance = Callable[[GameState, "int | None", bool], "WinChance | None"]
"""(state, seat or None for the public view, wait) -> each seat's win chance where the game
works it out without rollouts, from that view only; None elsewhere. With ``wait`` False
(a live table) a figure that takes long to prepare gives None while it is prepared."""


@dataclass(frozen=True)
class WinModel:
    """A quick model of each seat's win chance from the true state of one game's variant,
    for the lab's drama figures (`pickletable.analysis.drama`): no rollouts, a look-up or a
    formula, read after each event `read_after` names (a rally's or a round's end)."""

    method: str
    """How the chance is worked out, in a line (for the report)."""
    read_after: frozenset[str]
    chance: Callable[[GameState], WinChance | None]
    """Each seat's chance (a side's, for each of its seats); None where it cannot be read."""


def win_model(state: GameState) -> WinModel | None:
    """The win-chance model of `state`'s variant, from its game's kit (None: there is none)."""
    from pickletable.core.registry import find_kit

    kit = find_kit(state.game_id)
    return kit.win_model(state) if kit is not None and kit.win_model is not None else None


def known_chance(state: GameState, seat: int | None, *, wait: bool = True) -> WinChance | None:
    """The figure of `state`'s game where it needs no rollouts (its kit's `known_chance`),
    None where it has none."""
    from pickletable.core.registry import find_kit

    kit = find_kit(state.game_id)
    if kit is None or kit.known_chance is None:
        return None
    return kit.known_chance()(state, seat, wait)


def known_or_rollouts(iterations: int = ITERATIONS, seed: int = SEED) -> Evaluator:
    """An evaluator: the game's known figure where it has one (`known_chance`), otherwise
    `iterations` seeded rollouts from the seat's view."""

    def evaluate(state: GameState, seat: int) -> WinChance:
        found = known_chance(state, seat)
        if found is not None:
            return found
        return rollout_win_chance(state, seat, iterations=iterations, seed=seed)

    return evaluate


def rollout_evaluator(iterations: int = ITERATIONS, seed: int = SEED) -> Evaluator:
    """An evaluator that rolls out `iterations` games from the seat's view, seeded."""

    def evaluate(state: GameState, seat: int) -> WinChance:
        return rollout_win_chance(state, seat, iterations=iterations, seed=seed)

    return evaluate


def rollout_win_chance(
    state: GameState, seat: int | None, *, iterations: int = ITERATIONS, seed: int = SEED
) -> WinChance:
    """Each seat's share of `iterations` rollouts won, all drawn from `seat`'s view
    (None: the public view, every hidden card drawn again)."""
    if state.is_over:
        return _shares(state.returns(), 1)
    rng = random.Random(seed)
    policy = policy_for(state.game_id, rollout=True)
    won = {each: 0.0 for each in state.seats}
    for _ in range(iterations):
        returns = _rollout(state.resample(seat, rng), policy, rng)
        for each, share in _shares(returns, 1).items():
            won[each] += share
    return {each: total / iterations for each, total in won.items()}


def simulated_win_chance(state: GameState, *, iterations: int, seed: int) -> WinChance:
    """Each seat's share of `iterations` games played on from the true state (no resampling):
    what the evaluator's figure is measured against."""
    rng = random.Random(seed)
    policy = policy_for(state.game_id, rollout=True)
    won = {each: 0.0 for each in state.seats}
    for _ in range(iterations):
        for each, share in _shares(_rollout(state.clone(), policy, rng), 1).items():
            won[each] += share
    return {each: total / iterations for each, total in won.items()}


def _rollout(state: GameState, policy: Policy | None, rng: random.Random) -> dict[int, float]:
    for _ in range(MAX_STEPS):
        player = state.current_player
        if player is None:
            return state.returns()
        if player == CHANCE:
            state.push(state.sample_chance(rng))
            continue
        view = AgentView(state, player)
        action = policy(view, rng) if policy else rng.choice(view.legal_actions)
        state.push(action)
    return {each: 0.0 for each in state.seats}


def _shares(returns: dict[int, float], weight: float = 1) -> WinChance:
    """A winner's share of a game: 1 split among the winners, half each at a draw."""
    winners = [seat for seat, value in returns.items() if value > 0]
    if not winners:
        return {seat: weight / len(returns) for seat in returns}
    return {seat: weight / len(winners) if seat in winners else 0.0 for seat in returns}
