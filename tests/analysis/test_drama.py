"""Value-based drama: the figures' formulas, and the win-chance models they are read from."""

from __future__ import annotations

import json
import random
from importlib import resources

import jsonschema
import pytest

from pickletable.analysis.drama import game_drama
from pickletable.analysis.report import drama_section, render_report
from pickletable.analysis.study import StudySpec, run_study
from pickletable.bots.win_odds import simulated_win_chance, win_model
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.board.bots.win_model import ExactValues, serve_key
from pickletable.games.board.exact.analysis import analyse, make_variant
from pickletable.games.board.exact.walk import rests_from
from pickletable.games.board.key import position_key
from pickletable.games.board.state import BoardState

EVEN = {0: 0.5, 1: 0.5}


# --- the formulas ------------------------------------------------------------------------------
def test_a_game_at_even_chances_to_the_end_is_fully_uncertain() -> None:
    figures = game_drama([(0, EVEN), (10, EVEN), (20, EVEN)], 30, (1,))
    assert figures["uncertainty"] == 1.0
    assert figures["decisiveness"] == 1.0  # decided only by its last step
    assert figures["biggest_swing"] == 0.5  # from even to won at the end
    assert figures["lead_stability"] == 1.0  # no favourite before the end: nothing changed


def test_a_game_sure_from_the_start_has_no_uncertainty_and_is_decided_at_once() -> None:
    sure = {0: 1.0, 1: 0.0}
    figures = game_drama([(0, sure), (10, sure)], 20, (0,))
    assert figures == {
        "uncertainty": 0.0,
        "lead_stability": 1.0,
        "decisiveness": 0.0,
        "biggest_swing": 0.0,
    }


def test_the_favourite_changing_twice_halves_the_lead_stability() -> None:
    trace = [(0, {0: 0.6, 1: 0.4}), (10, {0: 0.3, 1: 0.7}), (20, {0: 0.4, 1: 0.6})]
    figures = game_drama(trace, 40, (0,))  # seat 0 comes back: 0 -> 1 -> 1 -> 0
    assert figures["lead_stability"] == pytest.approx(1 / 3)
    assert figures["biggest_swing"] == pytest.approx(0.6)  # 0.4 to 1 at the end
    assert figures["decisiveness"] == 1.0


def test_decisiveness_counts_from_the_last_time_the_winner_rose_above_ninety_percent() -> None:
    trace = [
        (0, EVEN),
        (10, {0: 0.95, 1: 0.05}),
        (20, {0: 0.85, 1: 0.15}),
        (30, {0: 0.92, 1: 0.08}),
    ]
    assert game_drama(trace, 40, (0,))["decisiveness"] == 30 / 40


def test_partners_share_a_chance_and_three_sides_scale_the_uncertainty() -> None:
    partners = {0: 0.5, 1: 0.5, 2: 0.5, 3: 0.5}  # two sides of two
    assert game_drama([(0, partners)], 10, (0, 2))["uncertainty"] == 1.0
    three = [(0, {0: 0.5, 1: 0.25, 2: 0.25}), (5, {0: 0.5, 1: 0.3, 2: 0.2})]
    assert game_drama(three, 10, (0,))["uncertainty"] == pytest.approx(0.75)


def test_two_against_one_are_two_sides_and_either_may_be_the_favourite() -> None:
    # The card game for three: seat 0 alone against seats 1 and 3.
    trace = [(0, {0: 0.6, 1: 0.4, 3: 0.4}), (10, {0: 0.3, 1: 0.7, 3: 0.7})]
    figures = game_drama(trace, 20, (1, 3))
    assert figures["lead_stability"] == pytest.approx(1 / 2)  # 0 -> the pair -> the pair
    assert figures["uncertainty"] == pytest.approx(((1 - 0.6) + (1 - 0.7)) / 2 / 0.5)


def test_a_game_without_a_winner_or_a_checkpoint_has_no_figures() -> None:
    assert game_drama([(0, EVEN)], 10, ()) == {}
    assert game_drama([], 10, (0,)) == {}


# --- the models --------------------------------------------------------------------------------
def test_the_beginner_model_at_the_first_serve_is_the_exact_analysis_value() -> None:
    variant = make_variant("as given", 2, [], "beginner")
    exact = float(analyse(variant).win)  # the first server's side, forward over the chain
    start = variant.starts((0,))[0]
    model = win_model(start)
    assert model is not None
    chances = model.chance(start)
    assert chances is not None
    server, receiver = start.seats
    assert chances[server] == pytest.approx(exact, abs=1e-9)
    assert chances[server] + chances[receiver] == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize(("players", "target"), [(2, "5.0"), (4, "1.0")])
def test_a_study_reads_the_beginner_model_by_a_short_key_with_the_same_figures(
    players: int, target: str
) -> None:
    # At a serve of a game played from its start, the levels, server, order and stanchion
    # decide the position's key (nothing is dealt or drawn at beginner), so the study's
    # quick look-up gives what the full key gives.
    board = get_game("board")
    options = {"level": "beginner", "target": target}
    fresh = board.new_game(players, options)
    assert isinstance(fresh, BoardState)
    full = ExactValues([rest for _, rest in rests_from(fresh.clone()) if rest.outcome is None])
    keys: dict[tuple[object, ...], object] = {}
    for seed in range(30):
        state = board.new_game(players, options)
        assert isinstance(state, BoardState)
        model = win_model(state)
        assert model is not None
        rng = random.Random(seed)
        while state.current_player is not None:
            if state.outcome is None and model.chance(state) is not None:
                assert model.chance(state) == full.chance(state)
                position = position_key(state)
                assert keys.setdefault(serve_key(state), position) == position
            legal = state.legal_actions()
            if state.current_player == CHANCE:
                state.push(type(state).sample_chance(state, rng))
            else:
                state.push(rng.choice(legal))
    assert len(keys) > 50


def test_the_board_model_is_read_only_at_a_serve() -> None:
    state = get_game("board").new_game(2, {"level": "beginner"})
    model = win_model(state)
    assert model is not None
    assert model.chance(state) is None  # the deal: no serve yet


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"level": "intermediate"}), (4, {"level": "advanced"})]
)
def test_a_board_variant_without_a_model_has_no_drama(
    players: int, options: dict[str, object]
) -> None:
    assert win_model(get_game("board").new_game(players, options)) is None


def test_a_study_without_a_model_says_so() -> None:
    options = {"level": "intermediate", "target": 2.0}
    result = run_study(StudySpec("board", 2, options, ("random",) * 2), 2, seed=1)
    assert result.drama() == {}
    assert result.to_json()["drama"] == {"method": None, "metrics": []}
    assert "No win-chance model for this variant" in drama_section([result])


def _play_to_tokens(seed: int, tokens: int) -> GameState:
    """A seeded random 3-player Slam game, stopped once `tokens` rounds have been won."""
    state = get_game("slam").new_game(3)
    rng = random.Random(seed)
    while state.current_player is not None and sum(state.tokens) < tokens:  # type: ignore[attr-defined]
        player = state.current_player
        state.push(
            state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        )
    return state


@pytest.mark.parametrize(("seed", "tokens"), [(1, 1), (4, 2)])
def test_the_slam_token_model_agrees_with_simulated_games(seed: int, tokens: int) -> None:
    state = _play_to_tokens(seed, tokens)
    model = win_model(state)
    assert model is not None
    chances = model.chance(state)
    assert chances is not None
    simulated = simulated_win_chance(state, iterations=150, seed=seed)
    for seat in state.seats:  # 150 games: a binomial error of at most 0.04 either way
        assert chances[seat] == pytest.approx(simulated[seat], abs=0.12), (chances, simulated)


# --- in a study ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("board", 2, {"level": "beginner"}),
        ("board", 2, {"level": "advanced"}),
        ("card", 2, {}),
        ("slam", 3, {}),
    ],
)
def test_every_game_reports_its_drama_with_intervals_over_games(
    game: str, players: int, options: dict[str, object]
) -> None:
    result = run_study(StudySpec(game, players, options, ("random",) * players), 8, seed=2)
    drama = result.drama()
    assert list(drama) == ["uncertainty", "lead_stability", "decisiveness", "biggest_swing"]
    for estimate in drama.values():
        assert estimate.n == 8
        assert 0.0 <= estimate.low <= estimate.value <= estimate.high
    payload = result.to_json()
    assert payload["drama"]["method"] == result.drama_method()
    text = resources.files("pickletable.analysis").joinpath("schema/study.schema.json")
    schema = json.loads(text.read_text())
    jsonschema.validate({"schema": "pickletable-study", "version": 1, "sweep": [],
                         "studies": [payload], "skill": None}, schema)  # fmt: skip
    assert any(
        sentence.startswith("Drama (from the win-chance model)") for sentence in result.summary()
    )


def test_the_report_shows_the_drama_table_and_its_model() -> None:
    result = run_study(StudySpec("slam", 3, {}, ("random",) * 3), 3, seed=2)
    page = drama_section([result])
    assert "<h2>Drama</h2><p>After Ludii, from the win-chance model (token model" in page
    assert "<td>uncertainty: mean over the game&#x27;s checkpoints" in page
    assert drama_section([result]) in render_report([result], None)
