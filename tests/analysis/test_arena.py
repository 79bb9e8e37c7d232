"""The arena on tiny runs: rotation, totals, determinism, the table and the JSON."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pickletable.analysis import run_arena, wilson_interval
from pickletable.analysis.arena import format_table
from pickletable.cli.main import app
from pickletable.core.errors import OptionError


def test_every_game_has_one_winner_side_and_seats_rotate() -> None:
    result = run_arena("board", ["medium", "easy"], games=6, seed=3, options={"level": "beginner"})
    assert [bot.name for bot in result.bots] == ["medium", "easy"]
    assert [bot.seat_games for bot in result.bots] == [6, 6]
    assert sum(bot.wins for bot in result.bots) == 6


def test_a_bot_listed_twice_counts_each_seat() -> None:
    result = run_arena("slam", ["medium", "easy", "easy"], games=3, seed=1)
    easy = next(bot for bot in result.bots if bot.name == "easy")
    assert easy.seat_games == 6
    assert sum(bot.wins for bot in result.bots) == 3


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_arena("card", ["medium", "easy"], games=4, seed=9)
    two = run_arena("card", ["medium", "easy"], games=4, seed=9, workers=2)
    assert [(b.wins, b.decisions) for b in one.bots] == [(b.wins, b.decisions) for b in two.bots]


def test_intervals_and_times_are_reported() -> None:
    result = run_arena("slam", ["ismcts:10", "random", "heuristic"], games=3, seed=2)
    for bot in result.bots:
        assert bot.interval == wilson_interval(bot.wins, bot.seat_games)
        assert bot.decisions > 0 and bot.p95_ms >= 0.0
    rows = format_table(result)
    assert [row[0] for row in rows] == ["ismcts:10", "random", "heuristic"]


def test_one_bot_per_seat_is_required() -> None:
    with pytest.raises(OptionError, match="one bot per seat"):
        run_arena("slam", ["medium", "easy"], games=1, players=3)


def test_the_command_prints_a_table() -> None:
    result = CliRunner().invoke(
        app, ["arena", "board", "--bots", "medium,easy", "--games", "2", "-o", "level=beginner"]
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "medium" in result.output and "95% CI" in result.output


def test_the_command_prints_json() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "slam", "--bots", "easy,easy,medium", "--games", "3", "--seed", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "slam" and data["games"] == 3
    assert {bot["name"] for bot in data["bots"]} == {"easy", "medium"}
    assert all(len(bot["interval"]) == 2 for bot in data["bots"])


def test_the_command_refuses_an_unknown_bot() -> None:
    result = CliRunner().invoke(app, ["arena", "board", "--bots", "medium,genius", "--games", "1"])
    assert result.exit_code == 2
    assert "unknown bot 'genius'" in result.output
