"""`tune`: a known optimum recovered in real content (checked against the exact analysis),
held-out confirmation, and clear errors for a bad search space."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pickletable.analysis.counterfactual import toml_text
from pickletable.analysis.metrics import Estimate
from pickletable.analysis.skill import SkillResult
from pickletable.analysis.tune import Objective, Parameter, apply_values, tune
from pickletable.analysis.tune_exact import tune_exact
from pickletable.cli.main import app
from pickletable.core.errors import OptionError
from pickletable.core.registry import get_game
from pickletable.games.board.exact.analysis import analyse, make_variant

DIE = [
    Parameter.parse("dice.outcome[in]=1,2,3,4,5"),
    Parameter.parse("dice.outcome[out]=0,1,2,3,4,5"),
]


def _exact_rallies(content: dict[str, object], folder: Path) -> float:
    path = folder / "die.toml"
    path.write_text(toml_text(content), encoding="utf-8")
    return float(
        analyse(make_variant("tuned", 2, [], "beginner", str(path)), exact=False).mean_rallies
    )


def test_tune_finds_the_beginner_die_of_a_target_length_as_the_exact_analysis_does(
    tmp_path: Path,
) -> None:
    board = get_game("board")
    result = tune(
        "board",
        2,
        {"level": "beginner"},
        ("random", "random"),
        DIE,
        Objective.parse("length=30"),
        budget=1200,
        games_per_step=100,
        confirm=300,
    )
    # The exact expected rallies of all 20 dice of six IN/OUT/ACE faces with an IN: the three
    # nearest 30 are 30.4 (1 in, 2 out), 29.1 (4 in, 0 out) and 31.3 (3 in, 1 out).
    exact: dict[tuple[int, ...], float] = {}
    for ins in range(1, 6):
        for outs in range(0, 7 - ins):
            data, _ = apply_values(
                board.default_content().data, DIE, [str(ins), str(outs)], board.options
            )
            exact[(ins, outs)] = _exact_rallies(data, tmp_path)
    nearest = sorted(exact, key=lambda key: abs(exact[key] - 30))[:3]
    found = tuple(int(v) for v in result.described(result.confirmed[0]).values())
    assert found in nearest, (found, exact[found])
    assert result.content["dice"]["outcome"].count("in") == found[0]
    best = result.confirmed[0].confirmed
    assert best is not None and best.games == 300 and best.low <= best.value <= best.high
    assert best.value < result.baseline.value  # the default die runs 82 rallies, far from 30


def _exact_edges(options: list[str], folder: Path) -> dict[tuple[int, ...], float]:
    """The first server's exact edge over a fair share, |P(win) - 0.5|, of each die of six
    IN/OUT/ACE faces with an IN, by its (IN, OUT) counts (`pickletable analyze`)."""
    board = get_game("board")
    edges: dict[tuple[int, ...], float] = {}
    for ins in range(1, 6):
        for outs in range(0, 7 - ins):
            data, _ = apply_values(
                board.default_content().data, DIE, [str(ins), str(outs)], board.options
            )
            path = folder / f"die-{ins}-{outs}.toml"
            path.write_text(toml_text(data), encoding="utf-8")
            variant = make_variant("die", 2, options, "beginner", str(path))
            edges[(ins, outs)] = abs(float(analyse(variant, exact=False).win) - 0.5)
    return edges


FAIREST_BUDGET = (3000, 150, 1500)
"""Games of search, per evaluation and per confirmation (seed 0): 20 evaluations of 150
games, the best 3 confirmed on 1500 fresh games each and a baseline of 1500: 9,000 games of
random bots on a one-space track, about 8 CPU seconds."""
FAIREST_TOLERANCE = 0.025
"""The answer's exact edge may exceed the fairest die's by this (2.5 points of win chance):
1500 games measure an edge to about +-2.5 points."""


def test_tune_finds_the_die_that_makes_the_first_server_fairest_as_the_exact_analysis_does(
    tmp_path: Path,
) -> None:
    # On a one-space track (target=1.0, games of 4-18 rallies, cheap to play) the exact
    # analysis ranks the 20 dice by the first server's edge: 1 IN 5 OUT is the fairest
    # (1.9 points), then 2 IN 4 OUT (3.6) and 1 IN 4 OUT 1 ACE (4.3); the default die
    # (3 IN 2 OUT 1 ACE) gives 7.7, 1 IN 5 ACE 29.3.
    edges = _exact_edges(["target=1.0"], tmp_path)
    fairest = min(edges, key=edges.__getitem__)
    assert fairest == (1, 5)
    result = tune(
        "board",
        2,
        {"level": "beginner", "target": "1.0"},
        ("random", "random"),
        DIE,
        Objective.parse("fair"),
        budget=FAIREST_BUDGET[0],
        games_per_step=FAIREST_BUDGET[1],
        confirm=FAIREST_BUDGET[2],
        seed=0,
    )
    found = tuple(int(v) for v in result.described(result.confirmed[0]).values())
    assert edges[found] <= edges[fairest] + FAIREST_TOLERANCE, (found, edges[found])
    assert len(result.trace) == 20  # a die with too many faces costs no evaluation
    assert result.confirmed[0].confirmed is not None
    assert result.confirmed[0].confirmed.games == FAIREST_BUDGET[2]
    assert result.confirmed[0].confirmed.value < result.baseline.value


def test_tune_exact_solves_every_die_and_names_the_fairest(tmp_path: Path) -> None:
    edges = _exact_edges([], tmp_path)  # the default five-space track
    result = tune_exact("board", 2, {"level": "beginner"}, DIE, Objective.parse("fair"))
    assert result.method == "exact" and len(result.trace) == len(edges) == 20
    found = tuple(int(v) for v in result.described(result.confirmed[0]).values())
    assert found == min(edges, key=edges.__getitem__) == (1, 5)  # 0.7 points from fair
    for candidate in result.confirmed:
        score = candidate.confirmed
        assert score is not None and score.games == 0
        key = tuple(int(v) for v in result.described(candidate).values())
        assert score.value == pytest.approx(edges[key], abs=1e-9)
        assert score.low == score.value == score.high  # solved: no interval
    assert result.baseline.value == pytest.approx(0.027722, abs=1e-6)  # the default die
    assert result.content["dice"]["outcome"] == ["in"] + ["out"] * 5


def test_tune_exact_refuses_what_it_cannot_solve_with_a_clear_message() -> None:
    runner = CliRunner()
    cases = [
        (["board", "--level", "advanced"], "beginner level only"),
        (["board", "--level", "beginner", "--objective", "skill=100"], "needs games played"),
        (["card"], "has no exact analysis"),
    ]
    for words, message in cases:
        param = "target_score=7,9" if words[0] == "card" else "dice.outcome[in]=1,2"
        result = runner.invoke(app, ["tune", *words, "--param", param, "--exact"])
        assert result.exit_code != 0 and message in result.output, result.output
        assert "Traceback" not in result.output


def test_tune_exact_prints_the_solved_candidates_as_json(tmp_path: Path) -> None:
    report = tmp_path / "tune.html"
    result = CliRunner().invoke(
        app,
        ["tune", "board", "--level", "beginner", "--param", "dice.outcome[out]=0,1,2,3",
         "--objective", "length=30", "--exact", "--top", "2", "--json", "--report", str(report)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["method"] == "exact" and len(data["trace"]) == 4 and len(data["confirmed"]) == 2
    assert data["best"] == {"dice.outcome[out]": "0"}  # 5 IN 1 ACE: 31.8 rallies, nearest 30
    assert data["confirmed"][0]["confirmed"]["games"] == 0
    page = report.read_text(encoding="utf-8")
    assert "all 4 candidates solved by the exact analysis" in page
    assert "confirmed on fresh seeds" not in page and "95% interval" not in page


def test_a_die_keeps_its_length_and_the_first_unsearched_face_fills_it() -> None:
    board = get_game("board")
    data, chosen = apply_values(board.default_content().data, DIE, ["2", "1"], board.options)
    assert data["dice"]["outcome"] == ["in", "in", "out", "ace", "ace", "ace"] and chosen == {}
    with pytest.raises(ValueError):
        apply_values(board.default_content().data, DIE, ["5", "3"], board.options)


def test_options_and_content_paths_are_searched_and_bad_ones_refused() -> None:
    card = get_game("card")
    params = [Parameter.parse("target_score=7,9"), Parameter.parse("specials.smash.count=2,4")]
    data, chosen = apply_values(card.default_content().data, params, ["9", "2"], card.options)
    assert chosen == {"target_score": "9"} and data["specials"]["smash"]["count"] == 2
    with pytest.raises(OptionError, match="no 'nothing'"):
        apply_values(
            card.default_content().data,
            [Parameter.parse("specials.nothing.count=1,2")],
            ["1"],
            card.options,
        )
    with pytest.raises(OptionError, match="two or more values"):
        Parameter.parse("target_score=7")
    with pytest.raises(OptionError, match="the terms are fair, length=N and skill=N"):
        Objective.parse("speed=3")
    with pytest.raises(OptionError, match="N > 0"):
        Objective.parse("skill=0")


def _skill_result(index: float, low: float, high: float) -> SkillResult:
    return SkillResult("board", 8, {}, {}, Estimate(index, low, high, 8), "medium", 0.0)


def test_a_skill_target_scores_the_distance_of_the_index_as_a_share_of_the_target() -> None:
    objective = Objective.parse("skill=200")
    score = objective.score([], _skill_result(150.0, 120.0, 260.0))
    assert (score.value, score.low, score.high) == (0.25, 0.0, 0.4)  # 50/200; 200 inside; 80/200
    far = objective.score([], _skill_result(50.0, 10.0, 90.0))
    assert (far.value, far.low, far.high) == (0.75, 0.55, 0.95)
    assert objective.needs_skill and not Objective.parse("fair").needs_skill
    with pytest.raises(ValueError, match="needs the candidate's skill index"):
        objective.score([])


def test_tune_for_a_skill_index_hits_the_target_not_the_most_skill() -> None:
    # Against random, medium wins about nine card games to 5 in ten (an index near 400 Elo)
    # but only about three single rallies in four (near 200): a target of 200 wants the
    # one-rally game although the long one has more skill in it.
    result = tune(
        "card",
        2,
        {"win_by": 1, "target_score": 1},
        ("random", "random"),
        [Parameter.parse("target_score=1,5")],
        Objective.parse("skill=200"),
        budget=120,
        games_per_step=60,
        confirm=60,
        confirm_top=2,
    )
    short, long = result.confirmed
    assert result.described(short) == {"target_score": "1"}
    assert short.confirmed is not None and long.confirmed is not None
    assert short.confirmed.games == 60
    assert short.confirmed.value < long.confirmed.value


def test_tune_prints_its_whole_result_as_json() -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["tune", "board", "--level", "beginner", "--bots", "random", "--option", "target=1.0",
         "--param", "dice.outcome[in]=2,4", "--objective", "length=4", "--budget", "40",
         "--step", "20", "--confirm", "20", "--top", "2", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["objective"] == "length=4" and data["budget"] == 40
    assert data["parameters"] == [{"name": "dice.outcome[in]", "values": ["2", "4"]}]
    assert len(data["trace"]) == 2 and data["best"] == data["confirmed"][0]["values"]
    assert data["confirmed"][0]["confirmed"]["games"] == 20
    assert data["baseline"]["games"] == 20
    assert data["content"]["dice"]["outcome"].count("in") == int(data["best"]["dice.outcome[in]"])
