"""The contract every game state keeps, checked at every position of a random playout.

Like OpenSpiel's random simulation test: play seeded random games and, at
each position, check what any engine must guarantee whatever its rules
(see `check_position` and `play_and_check`). A failure names the variant,
the seed, the step and the last moves: the seed replays the game.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.chance import sample_outcome
from pickletable.core.errors import IllegalActionError
from pickletable.core.game import GameDefinition
from pickletable.core.records import Recorder, replay
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from tests.contract.snapshot import differences, snapshot
from tests.contract.variants import Variant

NOWHERE_LEGAL = Action("no-such-move", ("x",))
"""An action no game has: refused everywhere."""
ILLEGAL_TRIES = 3
"""Actions legal elsewhere in the game tried at each position (they must be refused)."""


def choose(state: GameState, rng: random.Random) -> Action:
    """A random legal action; chance by its probabilities."""
    if state.current_player == CHANCE:
        return sample_outcome(state, rng)
    return rng.choice(state.legal_actions())


def actions_seen(variant: Variant, seeds: Sequence[int]) -> list[Action]:
    """Every action legal somewhere in the variant's seeded games, in a fixed order."""
    game = get_game(variant.game)
    seen: set[Action] = set()
    for seed in seeds:
        state = game.new_game(variant.players, variant.options)
        rng = random.Random(seed)
        while not state.is_over:
            seen.update(state.legal_actions())
            state.push(choose(state, rng))
    return sorted(seen, key=str)


def play_and_check(variant: Variant, seed: int, elsewhere: Sequence[Action]) -> int:
    """Play one seeded random game, checking every position; returns the number of steps.

    The game is driven through `apply`; a clone of its first position is driven
    through `push` with the same actions, and both must agree at every step.
    The game's record must replay to the same final position.
    """
    game = get_game(variant.game)
    state = game.new_game(variant.players, variant.options)
    pushed = state.clone()
    recorder = _recorder(game, variant, state)
    rng = random.Random(seed)
    checks = random.Random(seed + 1)
    played: list[Action] = []
    while True:
        last = " | ".join(str(action) for action in played[-6:])
        where = f"{variant.name} seed={seed} step={len(played)} (last moves: {last})"
        check_position(game, state, checks, elsewhere, where)
        if state.is_over:
            break
        player = state.current_player
        assert player is not None
        action = choose(state, rng)
        events = state.apply(action)
        pushed_events = pushed.push(action)
        played.append(action)
        recorder.add(player, action, events)
        assert [e.to_json() for e in events] == [e.to_json() for e in pushed_events], where
        for event in events:
            assert isinstance(event.kind, StrEnum), f"{where}: event kind {event.kind!r} is no code"
        assert snapshot(state) == snapshot(pushed), (
            f"{where}: push and apply differ: {differences(snapshot(state), snapshot(pushed))}"
        )
        assert state.history == played, f"{where}: history is not the actions played"
        assert pushed.history == played, f"{where}: history (push) is not the actions played"
    assert state.outcome is not None
    assert state.outcome.termination in game.terminations, (
        f"{variant.name} seed={seed}: ended by {state.outcome.termination!r}, "
        f"not one of the game's terminations {sorted(game.terminations)}"
    )
    replayed = replay(recorder.to_json(state))
    assert replayed.outcome == state.outcome, f"{variant.name} seed={seed}: replay outcome"
    assert snapshot(replayed) == snapshot(state), f"{variant.name} seed={seed}: replay differs"
    return len(played)


def check_position(
    game: GameDefinition,
    state: GameState,
    rng: random.Random,
    elsewhere: Sequence[Action],
    where: str,
) -> None:
    """Every check of one position; none of them may change it."""
    before = snapshot(state)
    legal = state.legal_actions()
    _check_who_acts_and_scores(state, legal, where)
    for action in legal:
        assert state.is_legal(action), f"{where}: {action} is listed but not is_legal"
    _check_refusals(state, legal, rng, elsewhere, before, where)
    if legal:
        _check_clone(state, legal, rng, before, where)
    _check_resample(state, rng, where)
    _check_views(game, state, legal, where)
    after = snapshot(state)
    assert after == before, f"{where}: looking changed the state: {differences(before, after)}"


def _check_who_acts_and_scores(state: GameState, legal: list[Action], where: str) -> None:
    seats = set(state.seats)
    assert set(state.lead()) == seats, f"{where}: lead() must name every seat"
    returns = state.returns()
    assert set(returns) == seats, f"{where}: returns() must name every seat"
    if state.is_over:
        assert not legal, f"{where}: legal actions after the end: {legal}"
        assert state.outcome is not None, f"{where}: over without an outcome"
        assert set(returns.values()) <= {1.0, -1.0}, f"{where}: returns at the end {returns}"
        assert all(returns[seat] == 1.0 for seat in state.outcome.winners), where
        return
    assert legal, f"{where}: no legal action before the end"
    assert state.outcome is None, f"{where}: an outcome before the end"
    assert set(returns.values()) == {0.0}, f"{where}: returns before the end {returns}"
    assert len(set(legal)) == len(legal), f"{where}: a legal action listed twice"
    player = state.current_player
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert {action for action, _ in outcomes} == set(legal), f"{where}: chance outcomes"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, f"{where}: probabilities"
        assert not state.is_formality(), f"{where}: chance is no formality"
        _check_chance_draws(state, outcomes, where)
    else:
        assert player in seats, f"{where}: {player} asked but not seated"
        assert not state.is_formality() or len(legal) == 1, f"{where}: formality with a choice"


class _FixedDraw(random.Random):
    """A random number generator whose every ``random()`` is one given number."""

    def __init__(self, pick: float) -> None:
        super().__init__(0)
        self.pick = pick

    def random(self) -> float:
        return self.pick


def _check_chance_draws(state: GameState, outcomes: list[tuple[Action, float]], where: str) -> None:
    """A game's own `sample_chance` draws as the outcome list does, even at the edges."""
    picks = [0.0, 1.0 - 2.0**-53]
    total = 0.0
    for _, probability in outcomes:
        total += probability
        picks += [total, math.nextafter(total, 0.0)]
    for pick in picks:
        if pick < 1.0:
            own = state.sample_chance(_FixedDraw(pick))
            listed = GameState.sample_chance(state, _FixedDraw(pick))
            assert own == listed, f"{where}: a draw of {pick!r} gives {own}, the list {listed}"


def _check_refusals(
    state: GameState,
    legal: list[Action],
    rng: random.Random,
    elsewhere: Sequence[Action],
    before: dict[str, Any],
    where: str,
) -> None:
    listed = set(legal)
    candidates = [action for action in elsewhere if action not in listed]
    tries = rng.sample(candidates, min(ILLEGAL_TRIES, len(candidates)))
    for action in [NOWHERE_LEGAL, *tries]:
        assert not state.is_legal(action), f"{where}: {action} is_legal but not listed"
        try:
            state.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{where}: {action} was applied though not legal")
        after = snapshot(state)
        assert after == before, f"{where}: refusing {action} changed {differences(before, after)}"


def _check_clone(
    state: GameState,
    legal: list[Action],
    rng: random.Random,
    before: dict[str, Any],
    where: str,
) -> None:
    copy = state.clone()
    assert type(copy) is type(state), where
    assert copy.history == [], f"{where}: a clone starts with an empty history"
    taken = snapshot(copy)
    assert taken == before, f"{where}: clone differs: {differences(before, taken)}"
    copy.push(choose(copy, rng) if state.current_player == CHANCE else rng.choice(legal))
    after = snapshot(state)
    assert after == before, f"{where}: playing on a clone changed {differences(before, after)}"


def _check_resample(state: GameState, rng: random.Random, where: str) -> None:
    player = state.current_player
    for seat in ([player] if player is not None and player != CHANCE else []) + [None]:
        observed = state.observe(seat)
        resampled = state.resample(seat, rng)
        assert type(resampled) is type(state), where
        assert resampled.observe(seat) == observed, f"{where}: resample for {seat} shows more"


def _check_views(game: GameDefinition, state: GameState, legal: list[Action], where: str) -> None:
    for seat in [*state.seats, None]:
        observed = state.observe(seat)
        data = observed.to_json() if hasattr(observed, "to_json") else observed
        assert isinstance(data, dict), f"{where}: observation of {seat} is no dict"
        _json_safe(data, f"{where}: observation of seat {seat}")
        view = game.presenter.view(state, seat)
        _json_safe(view, f"{where}: presenter view of seat {seat}")
    assert isinstance(game.presenter.prompt(state), str), where
    for action in legal:
        assert isinstance(game.presenter.label(state, action), str), where
    if state.is_over:
        assert game.presenter.outcome_text(state), f"{where}: no words for the outcome"


def _json_safe(value: dict[str, Any], where: str) -> None:
    try:
        json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise AssertionError(f"{where} is not JSON-safe: {error}") from None


def _recorder(game: GameDefinition, variant: Variant, state: GameState) -> Recorder:
    return Recorder(
        game.id,
        variant.players,
        game.options.resolve(variant.options),
        game.default_content(),
        [
            {"seat": seat, "name": state.seat_name(seat), "player": "bot:easy"}
            for seat in state.seats
        ],
    )
