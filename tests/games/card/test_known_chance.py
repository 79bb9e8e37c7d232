"""The card game's live win chance without rollouts: the score table and the exact last turn.

Between rallies only the score and the serve matter (the win-chance table);
on a seat's own last turn, with every other hand face up, one draw at most
decides the rally, and the figure is the best play worked out card by card.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator

import pytest

from pickletable.bots import coaching
from pickletable.bots.heuristic import HeuristicBot
from pickletable.bots.win_odds import Evaluator, known_chance
from pickletable.core.agents import AgentView
from pickletable.core.registry import find_kit
from pickletable.core.state import CHANCE
from pickletable.games.card import GAME
from pickletable.games.card.bots import known_chance as card_chance
from pickletable.games.card.bots.known_chance import LAST_TURN, TABLE, figure
from pickletable.games.card.bots.win_chance import win_chance
from pickletable.games.card.codes import Step
from pickletable.games.card.state import CardState

EXACT = 1e-9


def _positions(players: int, seed: int) -> Iterator[CardState]:
    """Every position of a seeded game of `medium` bots."""
    state = GAME.new_game(players)
    assert isinstance(state, CardState)
    rng = random.Random(seed)
    bot = HeuristicBot()
    while state.outcome is None:
        yield state.clone()
        player = state.current_player
        if player == CHANCE:
            state.push(state.sample_chance(rng))
        else:
            assert player is not None
            state.push(bot.choose(AgentView(state, player), rng))


def _found(players: int, seed: int, how: str) -> list[tuple[CardState, int]]:
    return [
        (state, seat)
        for state in _positions(players, seed)
        for seat in state.seats
        if (found := figure(state, seat)) is not None and found[0] == how
    ]


def _evaluator() -> Evaluator:
    kit = find_kit("card")
    assert kit is not None and kit.evaluator is not None
    return kit.evaluator()


def _table_chance(state: CardState, seat: int) -> float:
    rules = state.rules
    team = rules.team_of[seat]
    chance = win_chance(len(rules.seats), rules.target, rules.win_by)
    return chance(state.scores[team], state.scores[1 - team], state.serving_team == team)


def _best_play(state: CardState, seat: int) -> float:
    """The seat's chance with its last turn played best, by the engine move by move: each
    card a draw may give by its chance, the rally scored by the rules, the new score
    valued by the table."""
    outcome = state.outcome
    if outcome is not None:
        return float(seat in outcome.winners)
    if state.step == Step.DEAL and not any(state.observe(seat).hand_sizes):
        return _table_chance(state, seat)
    player = state.current_player
    values = []
    if player == CHANCE:
        total = 0.0
        for action, probability in state.chance_outcomes():
            after = state.clone()
            after.push(action)
            total += probability * _best_play(after, seat)
        return total
    assert player == seat, "the seat's last turn ends the rally"
    for action in state.legal_actions():
        after = state.clone()
        after.push(action)
        values.append(_best_play(after, seat))
    return max(values)


@pytest.mark.parametrize("players", [2, 4])
def test_between_rallies_the_figure_is_the_win_chance_table_s(players: int) -> None:
    found = _found(players, seed=1, how=TABLE)
    assert len({tuple(state.scores) for state, _ in found}) > 3  # several scores
    evaluate = _evaluator()
    for state, seat in found:
        chances = evaluate(state, seat)
        team = state.rules.team_of[seat]
        for each in state.seats:
            wanted = _table_chance(state, seat)
            if state.rules.team_of[each] != team:
                wanted = 1 - wanted
            assert chances[each] == pytest.approx(wanted, abs=EXACT)


@pytest.mark.parametrize("players", [2, 4])
def test_on_its_own_last_turn_the_figure_is_the_best_play_card_by_card(players: int) -> None:
    found = _found(players, seed=2, how=LAST_TURN)
    steps = {state.step for state, _ in found}
    assert {Step.TURN, Step.DISCARD} <= steps
    evaluate = _evaluator()
    for state, seat in found:
        chances = evaluate(state, seat)
        assert chances[seat] == pytest.approx(_best_play(state, seat), abs=EXACT)
        assert sum(chances.values()) == pytest.approx(len(state.seats) / 2, abs=EXACT)


def test_the_figure_ignores_the_cards_the_seat_cannot_see() -> None:
    """A re-deal of every card the seat cannot see leaves its figure as it was."""
    found = _found(2, seed=3, how=LAST_TURN)[:6] + _found(2, seed=3, how=TABLE)[:6]
    assert found
    for number, (state, seat) in enumerate(found):
        other = state.resample(seat, random.Random(number))
        assert other.observe(seat) == state.observe(seat)
        assert known_chance(other, seat) == known_chance(state, seat)


def test_another_seat_s_last_turn_and_a_hand_in_play_are_left_to_the_rollouts() -> None:
    """Where a hand this seat cannot see decides, there is no figure without rollouts."""
    for state in _positions(2, seed=4):
        observed = state.observe(0)
        if state.step == Step.TURN and observed.turn != 0 and state.current_player is not None:
            assert known_chance(state, 0) is None
            break
    else:
        pytest.fail("no turn of the other seat")


def test_the_live_figure_is_the_table_s_and_waits_for_no_table() -> None:
    state = GAME.new_game(2, {"target_score": 15})  # options whose table is not built yet
    state.apply_text("show kitchen")
    assert card_chance.chance(state, 0, wait=False) is None  # the rollouts answer meanwhile
    for _ in range(600):
        ready = card_chance.chance(state, 0, wait=False)
        if ready is not None:
            break
        time.sleep(0.1)
    assert ready is not None
    assert ready == card_chance.chance(state, 0)
    assert coaching.odds(state, 0) == ready


def test_a_live_table_s_tables_are_built_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # A client with tables of many options asking for odds must not start a thread per table.
    release = threading.Event()
    started: list[tuple[int, int, int]] = []

    def slow_build(players: int, target: int, win_by: int) -> dict[tuple[int, int, bool], float]:
        started.append((players, target, win_by))
        release.wait(10)
        return {}

    monkeypatch.setattr(card_chance, "build_table", slow_build)
    monkeypatch.setattr(card_chance, "keep_table", lambda key, table: None)
    states = []
    for target in (41, 42, 43):  # options whose tables are not built
        state = GAME.new_game(2, {"target_score": target})
        state.apply_text("show kitchen")
        states.append(state)
    try:
        for state in states:
            assert card_chance.chance(state, 0, wait=False) is None
        deadline = time.monotonic() + 10
        while not started and time.monotonic() < deadline:
            time.sleep(0.01)
        assert started == [(2, 41, 2)]  # the others wait for it, answered by the rollouts
    finally:
        release.set()
    deadline = time.monotonic() + 10
    while card_chance._building and time.monotonic() < deadline:
        time.sleep(0.01)
    assert card_chance.chance(states[1], 0, wait=False) is None  # the next ask builds the next
    deadline = time.monotonic() + 10
    while len(started) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert started[1] == (2, 42, 2)


@pytest.mark.parametrize(
    "house_rule",
    [{"no_discard_taken_card": False}, {"reshuffle_limit": 0}, {"rally_turn_limit": 9}],
)
def test_with_other_house_rules_the_table_s_figure_is_left_to_the_rollouts(
    house_rule: dict[str, object],
) -> None:
    """The table's rallies were measured with the default rules: other rules change them."""
    state = GAME.new_game(2, {"target_score": 11, **house_rule})
    state.apply_text("show kitchen")  # between rallies: the table would answer
    assert known_chance(state, 0) is None
    plain = GAME.new_game(2, {"target_score": 11})
    plain.apply_text("show kitchen")
    assert known_chance(plain, 0) is not None
