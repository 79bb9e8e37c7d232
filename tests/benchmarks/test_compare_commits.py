"""The commit-comparison benchmark's measuring side runs on this code (no timing is asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "compare_commits.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compare_commits", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_side_measures_every_figure_through_push_and_apply() -> None:
    result = _script().measure(positions=1, seconds=0.02)
    figures = result["figures"]
    assert set(figures) == {
        "card ismcts:600:heuristic iterations/s",
        *(
            f"{game} random play via {mode}, decisions/s"
            for game in ("board", "card", "slam")
            for mode in ("apply", "push")
        ),
    }
    assert all(value > 0 for value in figures.values())
    assert result["notes"] == []  # this code has push: no fallback to _apply
    assert Path(result["code"]) == (SCRIPT.parents[1] / "src" / "pickletable").resolve()
