"""The designer's lab on small fixed-seed studies: workers, hand counts, a known answer, outputs."""

from __future__ import annotations

import html
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from pickletable.analysis.collectors import collector_for
from pickletable.analysis.skill import fit_ratings
from pickletable.analysis.study import StudySpec, run_study
from pickletable.bots import RandomBot
from pickletable.cli.main import app
from pickletable.cli.sim_command import lab_payload
from pickletable.core.agents import Agent
from pickletable.core.events import Event
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import GameState


def schema() -> dict[str, Any]:
    text = resources.files("pickletable.analysis").joinpath("schema/study.schema.json").read_text()
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def test_the_same_numbers_for_one_worker_and_two() -> None:
    spec = StudySpec("slam", 3, {}, ("random", "medium", "random"))
    one = run_study(spec, 6, seed=5, workers=1)
    two = run_study(spec, 6, seed=5, workers=2)
    assert one.summaries == two.summaries
    first, second = one.to_json(), two.to_json()
    for data in (first, second):
        del data["seconds"], data["workers"]
    assert first == second


# --- metrics recomputed by hand from recorded events -------------------------------------------
class Recording:
    """Keeps every step's events, then hands them to the collector under test."""

    def __init__(self, state: GameState) -> None:
        self.collector = collector_for(state)
        self.steps: list[tuple[int, int, list[Event]]] = []

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        self.steps.append((player, legal, list(events)))
        self.collector.step(state, player, legal, events)


def record(game: str, options: dict[str, object], seed: int, players: int = 2) -> Any:
    state = get_game(game).new_game(players, options)
    recording = Recording(state)
    agents: dict[int, Agent] = {seat: RandomBot() for seat in state.seats}
    run_match(state, agents, random.Random(seed), watcher=recording)
    summary = recording.collector.finish(state, 0, seed, ("random",) * players)
    events = [event for _, _, step_events in recording.steps for event in step_events]
    return summary, recording.steps, events


def generic_by_hand(steps: list[tuple[int, int, list[Event]]]) -> dict[str, float]:
    decisions = [legal for player, legal, _ in steps if player >= 0]
    return {
        "steps": float(len(steps)),
        "decisions": float(len(decisions)),
        "choices": float(sum(1 for legal in decisions if legal >= 2)),
    }


def test_a_short_board_game_counted_by_hand() -> None:
    summary, steps, events = record("board", {"level": "advanced", "target": 1.5}, seed=3)
    for key, value in generic_by_hand(steps).items():
        assert summary.counts[key] == value
    kinds = [event.kind for event in events]
    assert summary.counts["rallies"] == kinds.count("rally_over") + kinds.count("fault")
    assert summary.counts["turns"] == kinds.count("shot")
    first = next(event["seat"] for event in events if event.kind == "first_server")
    assert summary.first == first
    points = kinds.count("point")
    assert summary.tallies["serve_won"] == [points, kinds.count("rally_over")]
    # Singles: the lead is one level minus the other, from the point and move events.
    level = {0: 0.0, 2: 0.0}
    leader, changes = None, 0
    for event in events:
        if event.kind in ("point", "move"):
            level[event["seat"]] = event["to"]
            if level[0] != level[2]:
                ahead = 0 if level[0] > level[2] else 2
                changes += leader is not None and ahead != leader
                leader = ahead
    assert summary.counts["lead_changes"] == changes
    winner = summary.winners[0]
    characters = {event["seat"]: event["card"] for event in events if event.kind == "character"}
    assert summary.tallies[f"character:{characters[winner]}"] == [1, 1]


def test_a_short_card_game_counted_by_hand() -> None:
    summary, steps, events = record("card", {"target_score": 3}, seed=2)
    for key, value in generic_by_hand(steps).items():
        assert summary.counts[key] == value
    rallies = [event for event in events if event.kind == "rally_scored"]
    assert summary.counts["rallies"] == len(rallies)
    assert summary.counts["turns"] == sum(event.kind == "discarded" for event in events)
    held = sum(
        rally["serve_to"] is None
        or any(h["seat"] == rally["serve_to"] and h["serving"] for h in rally["hands"])
        for rally in rallies
    )
    assert summary.tallies["serve_held"] == [held, len(rallies)]
    points = [sum(team["points"] for team in rally["teams"]) for rally in rallies]
    assert summary.samples["points_per_rally"][:2] == [len(rallies), sum(points)]
    exhausted = sum(rally["ended"] != "lap" for rally in rallies)
    assert summary.counts["cut_short"] == exhausted


def test_a_short_slam_game_counted_by_hand() -> None:
    summary, steps, events = record("slam", {"tokens_to_win": 2}, seed=4, players=3)
    for key, value in generic_by_hand(steps).items():
        assert summary.counts[key] == value
    rounds = [event for event in events if event.kind == "round-won"]
    assert summary.counts["rallies"] == len(rounds)
    turns = sum(event.kind in ("play", "poach", "pass") for event in events)
    assert summary.counts["turns"] == turns
    # Player 3 (seat 2) deals the first round, before any step; "round" events give the rest.
    dealers = [2] + [event["dealer"] for event in events if event.kind == "round"]
    assert summary.first == 0
    won_at: dict[str, int] = {}
    for dealer, won in zip(dealers, rounds, strict=False):
        key = f"won_at:{(won['seat'] - dealer) % 3}"
        won_at[key] = won_at.get(key, 0) + 1
    assert {k: v for k, v in summary.counters.items() if k.startswith("won_at:")} == won_at
    assert sum(v for k, v in summary.counters.items() if k.startswith("round_end:")) == len(rounds)


# --- an interval covers a value known exactly --------------------------------------------------
def test_the_first_server_edge_matches_its_formula(tmp_path: Path) -> None:
    """Beginner singles to one point, with an IN/OUT/ACE die of one ACE, one IN and four OUTs.

    Each hit (the serve included) ends the rally for the hitter with an ACE
    (a = 1/6), against them with an OUT (o = 4/6), or goes on with an IN
    (i = 1/6), so the hitter wins the rally with W = a + i (1 - W), that is
    W = (a + i) / (1 + i) = 2/7. Only the server scores, and at beginner the
    serve moves on after every rally, so the players serve in turn and the
    first to score wins: the first server wins on their k-th serve when both
    failed k - 1 times, P = sum over k of (q^2)^(k-1) W = W / (1 - q^2) with
    q = 1 - W, that is (2/7) / (24/49) = 7/12.
    """
    path = Path(str(resources.files("pickletable.games.board").joinpath("content/default.toml")))
    text = path.read_text().replace(
        'outcome = ["in", "in", "in", "out", "out", "ace"]',
        'outcome = ["ace", "in", "out", "out", "out", "out"]',
    )
    content = tmp_path / "mostly-out.toml"
    content.write_text(text)
    options = {"level": "beginner", "target": 0.5, "content": str(content)}
    result = run_study(StudySpec("board", 2, options, ("random", "random")), 3000, seed=11)
    first = result.metric("first_wins")
    assert first.n == 3000
    assert first.low <= 7 / 12 <= first.high


# --- outputs ----------------------------------------------------------------------------------
def test_the_json_validates_and_the_report_has_every_plot(tmp_path: Path) -> None:
    report = tmp_path / "board.html"
    table = tmp_path / "games.csv"
    result = CliRunner().invoke(
        app,
        [
            "sim",
            "board",
            "--level",
            "advanced",
            "--games",
            "30",
            "--workers",
            "1",
            "--json",
            "--sweep",
            "serve_after_point=rotate,keep",
            "--report",
            str(report),
            "--csv",
            str(table),
            "--skill",
            "2",
            "--seed",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    jsonschema.validate(data, schema())
    assert [study["sweep_values"] for study in data["studies"]] == [
        {"serve_after_point": "rotate"},
        {"serve_after_point": "keep"},
    ]
    assert data["skill"]["games_per_pairing"] == 2
    assert [study["baseline"] for study in data["studies"]].count(True) == 1
    page = report.read_text()
    for plot in ["lengths", "seats", "sweep", "skill"]:
        assert f"data-plot='{plot}'" in page
    for plot in ["characters", "shot_pairs", "cards", "rally_ends"]:
        for value in ("rotate", "keep"):  # every value's breakdowns, labelled
            assert f"data-plot='table-{plot}-serve_after_point-{value}'" in page
    # Rallies won on serve is one rate: its table, but no plot of one bar.
    assert "data-plot='table-serve-serve_after_point-rotate'" not in page
    assert "<h2>Against the baseline</h2>" in page
    assert "http" not in page.replace("https://json-schema", "")
    assert len(table.read_text().splitlines()) == 61


@pytest.mark.parametrize("game", ["card", "slam"])
def test_every_game_reports_its_own_breakdowns(game: str, tmp_path: Path) -> None:
    result = run_study(StudySpec(game, 3, {}, ("random",) * 3), 4, seed=1)
    from pickletable.analysis.report import render_report

    page = render_report([result], None)
    for table in result.tables():
        plotted = f"data-plot='table-{table.name}'" in page
        assert plotted == (len(table.rows) >= 2), table.name  # one bar would say nothing new
        if table.rows:
            assert html.escape(table.title) in page  # its table is shown all the same
    assert len(result.summary()) >= 3


def test_ctrl_c_leaves_a_valid_partial_result() -> None:
    def stop_after_three(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    spec = StudySpec("board", 2, {"level": "beginner"}, ("random", "random"))
    result = run_study(spec, 10, seed=1, progress=stop_after_three)
    assert result.interrupted and result.games_played == 3
    payload = lab_payload([result], [], None)
    jsonschema.validate(payload, schema())
    assert payload["studies"][0]["games_played"] == 3


def test_ratings_fit_a_known_win_rate() -> None:
    # 3 to 1 (plus half a win each side: 3.5 to 1.5): 400 log10(3.5/1.5) = 147.2 Elo.
    ratings = fit_ratings(["random", "hard"], {("random", "hard"): (1, 3)})
    assert ratings["random"] == 0.0
    assert round(ratings["hard"], 1) == 147.2


@pytest.mark.parametrize(
    ("game", "players", "ending"),
    [("board", 2, "skill_track_top"), ("card", 2, "target_score"), ("slam", 3, "tokens")],
)
def test_a_study_counts_how_its_games_end(game: str, players: int, ending: str) -> None:
    options = {"target_score": 3} if game == "card" else {}
    result = run_study(StudySpec(game, players, options, ("random",) * players), 4, seed=2)
    assert result.terminations() == {ending: 4}
    payload = lab_payload([result], [], None)
    jsonschema.validate(payload, schema())
    assert payload["studies"][0]["terminations"] == {ending: 4}
    ends = next(table for table in result.tables() if table.name == "terminations")
    assert ends.rows[ending].value == 1.0
    assert any(sentence.startswith("Games end by ") for sentence in result.summary())
