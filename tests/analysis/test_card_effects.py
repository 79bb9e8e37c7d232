"""What each card does to winning: the statistic on data with a known answer, a planted card
found and ranked first, Slam's SHAKE & BAKE on top of its list, and the two methods agreeing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pickletable.analysis.card_effects import card_effects, difference_of_rates, moving_most
from pickletable.analysis.collectors import Collector, GameSummary, collector_for
from pickletable.analysis.counterfactual import paired_draw_effect, play_data_versus, toml_text
from pickletable.analysis.study import StudySpec, run_study
from pickletable.bots import RandomBot
from pickletable.core.agents import Agent
from pickletable.core.events import Event
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from pickletable.games.board.lab import plain_play_card


def _game(index: int, tallies: dict[str, list[int]]) -> GameSummary:
    return GameSummary(
        index=index,
        seed=index,
        seats=(0, 1),
        bots=("random", "random"),
        winners=(0,),
        termination="target_score",
        scores={},
        first=0,
        counts={"rallies": 10.0},
        seat_counts={},
        tallies=tallies,
    )


def _synthetic_study(
    rng: random.Random, games: int, effect: float, cards: int = 1
) -> list[GameSummary]:
    """Games whose rounds share a game-level chance (so rounds of a game are not independent):
    3 trials holding card 0 (its chance raised by `effect`), 6 holding another card."""
    summaries = []
    for index in range(games):
        chance = rng.uniform(0.2, 0.6)  # the game's own level: trials within it correlate
        tallies: dict[str, list[int]] = {"effect_all:round:twist": [0, 0]}
        for trial in range(9):
            card = trial % cards if trial < 3 else rng.randrange(1, cards) if cards > 1 else -1
            won = rng.random() < chance + (effect if card == 0 else 0.0)
            tallies["effect_all:round:twist"][0] += won
            tallies["effect_all:round:twist"][1] += 1
            if card >= 0:
                row = tallies.setdefault(f"effect:round:twist:card-{card}", [0, 0])
                row[0] += won
                row[1] += 1
        summaries.append(_game(index, tallies))
    return summaries


def test_the_effect_and_its_clustered_interval_cover_a_known_difference() -> None:
    rng = random.Random(7)
    covered = 0
    studies = 300
    for _ in range(studies):
        games = _synthetic_study(rng, 150, effect=0.1)
        rows = [
            (
                tuple(game.tallies.get("effect:round:twist:card-0", [0, 0])),
                tuple(game.tallies["effect_all:round:twist"]),
            )
            for game in games
        ]
        estimate = difference_of_rates(rows)  # type: ignore[arg-type]
        covered += estimate.low <= 0.1 <= estimate.high
    assert 0.92 <= covered / studies <= 0.98, covered


def test_at_most_8_percent_of_studies_without_effects_name_a_card() -> None:
    rng = random.Random(11)
    named = 0
    studies = 200
    for _ in range(studies):
        named += any(effect.found for effect in card_effects(_synthetic_study(rng, 200, 0.0, 6)))
    assert named / studies <= 0.08, named


def test_a_card_made_stronger_in_a_content_file_is_found_and_ranked_first(tmp_path: Path) -> None:
    board = get_game("board")
    data = board.default_content().data
    strong = {**data, "play_cards": [dict(card) for card in data["play_cards"]]}
    for card in strong["play_cards"]:
        if card["id"] == "shoelace":  # "nothing happens", now: move ahead 4 spaces
            card.update(effect="move_self", amount=4)
    path = tmp_path / "strong.toml"
    path.write_text(toml_text(strong), encoding="utf-8")
    options = {"level": "advanced", "content": str(path)}
    result = run_study(StudySpec("board", 2, options, ("random", "random")), 400, seed=2)
    top = moving_most(result.card_effects())
    assert top[0].card == "shoelace" and top[0].found, [e.card for e in top]
    assert top[0].share == 2 / 24 and top[0].effect.value > 0.1
    assert "shoelace (2 of 24 cards, 8.3%): its drawers win" in result.summary()[2]


def test_shake_and_bake_comes_first_in_slam_from_the_rounds_it_ends() -> None:
    result = run_study(StudySpec("slam", 4, {}, ("random",) * 4), 80, seed=0)
    top = moving_most(result.card_effects())
    assert top[0].card == "SHAKE & BAKE" and top[0].unit == "round"
    assert top[0].copies == 2 and top[0].deck == 49
    assert top[0].ended is not None and 0.3 < top[0].ended < 0.8
    assert result.summary()[2].startswith("Cards that move the game most: SHAKE & BAKE (2 of 49")


def test_the_card_game_has_a_table_of_its_special_cards() -> None:
    result = run_study(StudySpec("card", 2, {}, ("random", "random")), 40, seed=0)
    table = next(table for table in result.tables() if table.name == "card_effects")
    assert {key.split(" (")[0] for key in table.rows} >= {
        "special: Smash",
        "special: Pickler",
        "special: Kitchen",
        "special: Dink Shot",
    }
    dink = next(e for e in result.card_effects() if e.card == "Dink Shot" and e.unit == "rally")
    assert dink.found and dink.effect.value > 0  # it lays down any hand and scores a point


def test_board_strategy_and_skill_cards_have_effects_not_zeros() -> None:
    options = {"level": "advanced"}
    result = run_study(StudySpec("board", 2, options, ("random", "random")), 60, seed=1)
    piles = {effect.pile for effect in result.card_effects()}
    assert piles == {"character", "play", "skill", "strategy"}
    strategy = [e for e in result.card_effects() if e.pile == "strategy"]
    assert all(e.effect.low < e.effect.high for e in strategy)


def test_the_counterfactual_and_play_data_agree_on_one_card(tmp_path: Path) -> None:
    board = get_game("board")
    plain = tmp_path / "plain.toml"
    plain.write_text(toml_text(plain_play_card(board.default_content().data, "clinic-weekend")))
    runs = [
        run_study(StudySpec("board", 2, {"level": "advanced", **extra}, ("random",) * 2), 600)
        for extra in ({}, {"content": str(plain)})
    ]
    paired = paired_draw_effect("play", "clinic-weekend", runs[0].summaries, runs[1].summaries)
    observed = play_data_versus(
        runs[0].summaries, "play", "clinic-weekend", ["good-rally", "shoelace"]
    )
    assert paired.effect.low > 0 and observed.low > 0  # moving ahead 2 helps, both ways
    spread = (paired.effect.high - paired.effect.low + observed.high - observed.low) / 2 / 1.96
    assert abs(paired.effect.value - observed.value) < 2 * spread


class _Watching:
    """A collector, and whether each rally had a team that outscored the other."""

    def __init__(self, collector: Collector) -> None:
        self.collector = collector
        self.decided: list[bool] = []

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        self.collector.step(state, player, legal, events)
        for event in events:
            if event.kind == "rally_scored":
                points = [int(team["points"]) for team in event.data["teams"]]
                self.decided.append(max(points) > min(points))


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_game_rally_is_won_by_the_team_that_outscores_the_other(players: int) -> None:
    card = get_game("card")
    state = card.new_game(players, card.options.resolve({}), card.default_content())
    watching = _Watching(collector_for(state))
    agents: dict[int, Agent] = {seat: RandomBot() for seat in state.seats}
    run_match(state, agents, random.Random(4), watcher=watching)
    summary = watching.collector.finish(state, 0, 4, ())
    won, trials = summary.tallies["effect_all:rally:special"]
    decided = watching.decided
    # every seat of the team that outscored the other wins its trial, whichever team it is
    assert (won, trials) == (sum(decided) * players // 2, len(decided) * players)
