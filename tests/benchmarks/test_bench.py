"""`pickletable bench --quick`: every figure is measured and printed (no timing is asserted)."""

from __future__ import annotations

import importlib.util
import json

import pytest
from typer.testing import CliRunner

from pickletable.analysis.bench import (
    CLONE_TABLES,
    RATIOS,
    SEARCH_TABLES,
    TABLES,
    BenchReport,
    BenchSettings,
    format_report,
    run_bench,
)
from pickletable.analysis.bench_peers import peer_probes
from pickletable.cli.main import app

PEERS = {"rlcard": "rlcard", "open-spiel": "pyspiel"}
MISSING = [name for name, module in PEERS.items() if importlib.util.find_spec(module) is None]


def test_quick_bench_measures_every_table_both_ways_the_solver_and_search() -> None:
    report = run_bench(BenchSettings.quick_settings(), peers=False)
    figures = report.figures
    for table in TABLES:
        for mode in ("apply", "push"):
            rates = figures[f"{table.label}, {mode}"]
            assert rates["games/s"] > 0
            assert rates["decisions/s"] >= 0
    assert figures["card hand solver, cached"]["checks/s"] > 0
    assert figures["card hand solver, uncached"]["checks/s"] > 0
    for table in SEARCH_TABLES:
        assert figures[f"{table.game} ismcts:20"]["iterations/s"] > 0
    for table, _ in CLONE_TABLES:
        assert figures[f"{table.label} clone()"]["clones/s"] > 0
    text = format_report(report)
    assert "| card 2 players |" in text and "board beginner singles games/s, push" in text


def test_bench_command_prints_figures_and_json() -> None:
    runner = CliRunner()
    printed = runner.invoke(app, ["bench", "--quick"])
    assert printed.exit_code == 0, printed.output
    assert "| slam doubles |" in printed.stdout
    as_json = runner.invoke(app, ["bench", "--quick", "--json", "--seconds", "0.01"])
    assert as_json.exit_code == 0, as_json.output
    payload = json.loads(as_json.stdout)
    assert payload["schema"] == "pickletable-bench"
    assert payload["settings"]["seconds_per_figure"] == 0.01
    assert {f["name"] for f in payload["figures"]} >= {"card 2 players, push"}


def test_ratios_are_medians_of_rounds_and_paired_medians() -> None:
    def rates(*values: float) -> list[dict[str, float]]:
        return [{"decisions/s": value, "games/s": value} for value in values]

    report = BenchReport(
        BenchSettings(rounds=3),
        {
            "card 2 players, push": rates(90, 100, 80),
            "RLCard gin-rummy": rates(10, 10, 20),
        },
        {"card 2 players, push": "random play", "RLCard gin-rummy": "peer"},
    )
    (ratio,) = report.ratios()
    assert ratio["label"] == RATIOS[0].label
    assert ratio["value"] == pytest.approx(90 / 10)
    assert ratio["paired"] == pytest.approx(9.0)  # 9, 10 and 4 round by round
    assert ratio["met"] is True


def test_peers_are_skipped_with_the_reason_when_missing() -> None:
    probes, skipped, _ = peer_probes(0.01)
    names = {probe.name for probe in probes} | set(skipped)
    assert names == {"RLCard gin-rummy", "RLCard UNO", "OpenSpiel gin_rummy"}
    for reason in skipped.values():
        assert "pickletable[peers]" in reason or "failed" in reason


@pytest.mark.skipif(
    bool(MISSING),
    reason=f"peers not installed ({', '.join(MISSING)}): pip install 'pickletable[peers]'",
)
def test_peers_are_measured_in_the_same_rounds_with_ratios() -> None:
    report = run_bench(BenchSettings.quick_settings(rounds=2), peers=True)
    assert not report.skipped
    for name in ("RLCard gin-rummy", "RLCard UNO", "OpenSpiel gin_rummy"):
        assert len(report.rounds[name]) == 2
        assert report.figures[name]["decisions/s"] > 0
    assert len(report.ratios()) == len(RATIOS)
