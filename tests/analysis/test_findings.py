"""Findings with error control: fair studies state nothing, real differences are found."""

from __future__ import annotations

import random

from pickletable.analysis.findings import ALPHA, compare
from pickletable.analysis.statistics import chi_square_p, holm
from pickletable.core.registry import KITS, get_game

STUDIES = 400
GAMES = 500
CHARACTERS = 8


def _fair_study(
    rng: random.Random, edge: float = 0.0
) -> tuple[dict[str, tuple[int, int]], dict[str, list[tuple[int, int]]]]:
    """One synthetic 2-seat study: seats win half the games (plus `edge` for character a),
    each seat has one of eight identical characters."""
    seats = {"0": 0, "2": 0}
    characters: dict[str, list[tuple[int, int]]] = {chr(97 + i): [] for i in range(CHARACTERS)}
    for _ in range(GAMES):
        picked = rng.sample(sorted(characters), 2)
        chance = 0.5 + (edge if picked[0] == "a" else -edge if picked[1] == "a" else 0.0)
        first_wins = rng.random() < chance
        seats["0" if first_wins else "2"] += 1
        characters[picked[0]].append((int(first_wins), 1))
        characters[picked[1]].append((int(not first_wins), 1))
    rows = {key: (wins, GAMES) for key, wins in seats.items()}
    return rows, characters


def test_calibration_at_most_8_percent_of_fair_studies_state_an_unfair_character() -> None:
    rng = random.Random(22)
    unfair_characters = unfair_seats = 0
    for _ in range(STUDIES):
        seats, characters = _fair_study(rng)
        unfair_seats += bool(
            compare("seats", "seat", seats, games=GAMES, multinomial=True).findings
        )
        unfair_characters += bool(
            compare("characters", "character", characters, games=GAMES).findings
        )
    assert unfair_characters / STUDIES <= 0.08, unfair_characters
    assert unfair_seats / STUDIES <= 0.08, unfair_seats


def test_a_planted_edge_is_found_and_named_alone() -> None:
    rng = random.Random(5)
    found = 0
    for _ in range(20):
        _, characters = _fair_study(rng, edge=0.2)
        family = compare("characters", "character", characters, games=GAMES)
        found += [finding.key for finding in family.findings] == ["a"]
    assert found >= 15


def test_nothing_survives_says_so_with_the_games_needed() -> None:
    family = compare("seats", "seat", {"0": (255, 500), "2": (245, 500)}, games=500, null=0.5)
    assert not family.findings and family.global_p > ALPHA
    sentence = family.sentence()
    assert sentence.startswith("No seat differs detectably from a fair share")
    # a 3-point difference from 50%, two tests: about 2,600 games
    assert 2_000 < family.needed_games < 3_500, family.needed_games
    assert f"{family.needed_games:,} games" in sentence


def test_no_single_winner_without_the_global_test() -> None:
    """A row whose own p is small does not become a finding unless its family rejects."""
    rows = {str(i): (250, 500) for i in range(40)}
    rows["x"] = (285, 500)  # z = 3.1: p = 0.002, but one of 41
    family = compare("characters", "character", rows, games=500)
    assert family.p_values["x"] < 0.01
    assert family.global_p > ALPHA and not family.findings


def test_clustered_errors_widen_rates_of_rallies_that_go_together() -> None:
    """Per-rally rates where a game's rallies are all won or all lost: the clustered
    interval is as wide as one trial per game, not one per rally."""
    rng = random.Random(1)
    clustered = []
    for _ in range(200):
        won = rng.random() < 0.5
        clustered.append((10 * won, 10))
    family = compare("rallies", "rally", {"a": clustered, "b": clustered}, games=200, null=0.5)
    estimate = family.rows["a"]
    assert estimate.high - estimate.low > 0.12  # about 2 x 1.96 x sqrt(0.25 / 200) = 0.139
    plain = compare("rallies", "rally", {"a": (sum(w for w, _ in clustered), 2000)}, games=200)
    assert plain.rows["a"].high - plain.rows["a"].low < 0.05


def test_holm_and_chi_square_by_hand() -> None:
    assert holm([0.01, 0.02, 0.03, 0.5]) == [0.04, 0.06, 0.06, 0.5]
    assert abs(chi_square_p(5.991, 2) - 0.05) < 1e-3
    assert abs(chi_square_p(20.0, 3) - 0.00017) < 1e-5


def test_a_slam_studys_per_round_rates_are_clustered_by_game() -> None:
    """Round win rates by seat position: at least as wide as Wilson over the rounds, and
    wider for some row (a game's rounds go together)."""
    from pickletable.analysis.metrics import rate
    from pickletable.analysis.study import StudySpec, run_study

    game = next(kit.id for kit in KITS if "twists" in _table_names(kit.id))
    players = get_game(game).default_players
    result = run_study(StudySpec(game, players, {}, ("random",) * players), 30, seed=2)
    table = next(table for table in result.tables() if table.name == "positions")
    widths = []
    for estimate in table.rows.values():
        plain = rate(round(estimate.value * estimate.n), estimate.n)
        assert estimate.high - estimate.low >= plain.high - plain.low - 1e-9
        widths.append((estimate.high - estimate.low) / (plain.high - plain.low))
    assert max(widths) > 1.0


def _table_names(game: str) -> set[str]:
    from pickletable.analysis.study import StudySpec, run_study

    players = get_game(game).default_players
    result = run_study(StudySpec(game, players, {}, ("random",) * players), 1, seed=0)
    return {table.name for table in result.tables()}


def test_the_summary_leads_with_fairness_what_stands_out_the_cards_and_length() -> None:
    from pickletable.analysis.study import StudySpec, run_study

    game = KITS[0].id
    players = get_game(game).default_players
    result = run_study(StudySpec(game, players, {}, ("random",) * players), 40, seed=1)
    said = result.summary()
    assert said[0].startswith("Fairness: ")
    assert said[1].startswith(("Stands out: ", "Nothing stands out: "))
    assert said[2].startswith(("Cards that move the game most: ", "Cards: no card"))
    assert said[3].startswith("Length: ") and "decisions (real choices" in said[3]
    decisions = result.metric("decisions").value
    steps = result.metric("seat_steps").value
    assert 0 < decisions < steps  # decisions are the real choices, forced steps apart
    seats = next(family for family in result.families() if family.name == "seats")
    names = get_game(game).seat_names(players)
    assert all(name in seats.sentence() or not seats.findings for name in names)
