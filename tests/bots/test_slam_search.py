"""Slam's `hard` bot: what it infers from passes and plays, how it scores a round, legal play.

Strength is measured by the arena (docs/performance.md, "Bot strength"), never here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.bots import HeuristicBot, make_bot
from pickletable.core.agents import AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.state import CHANCE
from pickletable.games.slam.bots.inference import constrain, excluded_cards
from pickletable.games.slam.bots.search import SlamSearchBot, game_values, medium_rollout
from pickletable.games.slam.bots.win_chance import win_chance
from pickletable.games.slam.state import SlamState
from tests.bots.positions import random_decisions
from tests.games.slam.helpers import arrange, new_game, play

SLAM_VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {}),
    (5, {}),
    (6, {}),
    (4, {"doubles": True}),
    (4, {"doubles": True, "twists_target_opponents": False, "must_play": False}),
    (3, {"must_play": False, "refill_short_hands": True}),
    (5, {"refill_short_hands": True, "draw_phase_lap_limit": 1, "tokens_to_win": 1}),
]
"""Every table size, doubles, and the house rules."""


def slam_id(variant: tuple[int, dict[str, Any]]) -> str:
    players, options = variant
    return "-".join([f"slam-{players}", *(f"{k}={v}" for k, v in options.items())])


def passed_on_three() -> SlamState:
    """Player 1 plays a 3; Player 2, holding only 1s, passes; Player 3 is to play."""
    state = arrange(new_game(3), hands=[["3", "4"], ["1", "1"], ["5", "2", "3"]], leader=0)
    play(state, "play 3", "pass")
    return state


# --- inference ------------------------------------------------------------------------------
def test_a_pass_on_3_rules_out_3s_4s_and_draw_cards_in_the_passers_hand() -> None:
    excluded = excluded_cards(passed_on_three().observe(2), plays=False)
    assert set(excluded) == {1}
    assert {"3", "4", "drawtwo-3", "switch-4", "draw"} <= excluded[1]
    assert not {"1", "2", "5", "poach-2", "play"} & excluded[1]


def test_determinisations_keep_the_cards_a_passer_cannot_hold_out_of_its_hand() -> None:
    state = passed_on_three()
    excluded = excluded_cards(state.observe(2))
    rng = random.Random(4)
    for _ in range(200):
        sample = state.resample(2, rng)
        constrain(sample, 2, excluded, rng)
        assert not set(sample.hands[1]) & excluded[1]
        assert sample.observe(2) == state.observe(2)
        assert sum(sample.sizes) == sum(state.sizes)


def test_without_inference_the_passer_is_dealt_such_cards_now_and_then() -> None:
    # The check above can fail: a plain resample ignores the pass.
    state = passed_on_three()
    excluded = excluded_cards(state.observe(2))
    rng = random.Random(4)
    samples = [state.resample(2, rng) for _ in range(200)]
    assert any(set(sample.hands[1]) & excluded[1] for sample in samples)


def test_a_pass_on_a_fresh_lead_rules_out_every_card_that_carries_a_number() -> None:
    state = arrange(new_game(3), hands=[["play"], ["5", "2"], ["3"]], leader=0)
    play(state, "pass")
    excluded = excluded_cards(state.observe(1))
    assert {"1", "2", "3", "4", "5", "draw"} <= excluded[0]


def test_the_seats_own_plays_and_a_player_still_in_tell_nothing_of_passes() -> None:
    state = arrange(new_game(3), hands=[["3", "4"], ["3", "1"], ["5", "2", "4"]], leader=0)
    play(state, "play 3", "play 3")
    assert excluded_cards(state.observe(2), plays=False) == {}


def test_a_phase_with_a_switch_is_not_read() -> None:
    state = arrange(new_game(3), hands=[["switch-2", "4"], ["1", "1"], ["5", "2", "3"]], leader=0)
    play(state, "play switch-2", "target p3", "pass")
    assert excluded_cards(state.observe(2)) == {}


def test_doubles_are_not_read() -> None:
    state = arrange(new_game(4, doubles=True), hands=[["3"], ["4"], ["1"], ["1"]], leader=0)
    play(state, "play 3")
    assert excluded_cards(state.observe(state.current_player or 0)) == {}


def test_passes_read_from_random_games_are_always_true() -> None:
    # Whatever the order of plays and passes, a pass read back is a pass that happened.
    read = 0
    for players in (3, 4, 6):
        for state in random_decisions("slam", players, {}, 150, seed=players):
            seat = state.current_player
            assert seat is not None and isinstance(state, SlamState)
            for holder, excluded in excluded_cards(state.observe(seat), plays=False).items():
                read += 1
                assert not set(state.hands[holder]) & excluded
    assert read > 0


def test_a_medium_player_who_laid_a_4_on_a_3_holds_no_3() -> None:
    state = arrange(new_game(3), hands=[["3", "4"], ["4", "1"], ["5", "2", "4"]], leader=0)
    play(state, "play 3", "play 4")
    excluded = excluded_cards(state.observe(2))
    assert {"3", "drawtwo-3"} <= excluded[1]
    assert "4" not in excluded[1] and "5" not in excluded[1]
    assert excluded_cards(state.observe(2), plays=False) == {}


def test_what_medium_players_show_is_always_true_of_medium_players() -> None:
    bot = HeuristicBot()
    rng = random.Random(5)
    read = 0
    for players in (3, 5):
        for _ in range(8):
            state = new_game(players)
            while state.current_player is not None:
                seat = state.current_player
                if seat == CHANCE:
                    state.apply(sample_outcome(state, rng))
                    continue
                for holder, excluded in excluded_cards(state.observe(seat)).items():
                    read += 1
                    assert not set(state.hands[holder]) & excluded
                state.apply(bot.choose(AgentView(state, seat), rng))
    assert read > 0


# --- scoring ------------------------------------------------------------------------------
def test_the_chance_of_winning_the_game_follows_the_tokens() -> None:
    assert win_chance((0, 0, 0), 0, 3) == pytest.approx(1 / 3)
    assert win_chance((2, 0, 0), 0, 3) > win_chance((1, 0, 0), 0, 3) > win_chance((0, 1, 0), 0, 3)
    # A rival on two is worse news than two rivals on one each.
    assert win_chance((0, 2, 0), 0, 3) < win_chance((0, 1, 1), 0, 3)
    assert sum(win_chance((1, 2, 0, 1), side, 3) for side in range(4)) == pytest.approx(1.0)
    assert win_chance((3, 2), 0, 3) == 1.0 and win_chance((3, 2), 1, 3) == 0.0


def test_long_games_are_scored_on_scaled_tokens() -> None:
    assert win_chance((0,) * 6, 0, 20) == pytest.approx(1 / 6)
    assert win_chance((15, 2, 2), 0, 20) > win_chance((2, 15, 2), 0, 20)


def test_a_round_is_scored_by_the_chance_of_winning_the_game() -> None:
    state = arrange(new_game(3), hands=[["3"], ["1"], ["1"]], leader=0, tokens=[1, 2, 0])
    values = game_values(state)
    assert values[1] > values[0] > values[2]
    assert values[0] == pytest.approx(2 * win_chance((1, 2, 0), 0, 3) - 1)


# --- rollouts and play ----------------------------------------------------------------------
@pytest.mark.parametrize("variant", SLAM_VARIANTS, ids=slam_id)
def test_rollouts_choose_what_medium_chooses(variant: tuple[int, dict[str, Any]]) -> None:
    players, options = variant
    for index, state in enumerate(random_decisions("slam", players, options, 40, seed=9)):
        seat = state.current_player
        assert seat is not None
        expected = HeuristicBot().choose(AgentView(state, seat), random.Random(index))
        assert medium_rollout(state, seat, random.Random(index)) == expected


@pytest.mark.parametrize("variant", SLAM_VARIANTS, ids=slam_id)
def test_the_hard_bot_answers_random_positions_legally(variant: tuple[int, dict[str, Any]]) -> None:
    players, options = variant
    bot = SlamSearchBot(16)
    for index, state in enumerate(random_decisions("slam", players, options, 30, seed=31)):
        seat = state.current_player
        assert seat is not None
        view = AgentView(state, seat)
        assert bot.choose(view, random.Random(index)) in view.legal_actions


def test_hard_in_slam_is_the_slam_search() -> None:
    bot = make_bot("hard", "slam")
    assert isinstance(bot, SlamSearchBot)
    assert bot.name == "slamsearch(1500, 700ms)"
