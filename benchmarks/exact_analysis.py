"""Compare the board game's exact analysis on a base commit with HEAD: times and values.

The base commit (default 69cf3eb, the last with the chain that copied the
board rules) is checked out in a temporary `git worktree`; HEAD is this
worktree's code (the working tree: commit first for a clean HEAD). Each
round runs base then HEAD (the order alternates by round), each side in its
own Python process with ``PYTHONPATH=<its worktree>/src``, so the two codes
never mix. Each side solves every case with ``analyse`` (as ``pickletable
analyze board`` does) and reports its CPU time (``time.process_time``, the
import not counted) and its figures. Printed: each round, then the medians
of the times, the ratio HEAD/base (and the median of each round's own
ratio), and the largest difference between the two sides' figures.

Cases: beginner and intermediate, singles and doubles; intermediate with the
Play pile in the order the content lists it (``--play-order``), and singles
also averaged over 100 sampled orders (the command's default).

    .venv/bin/python benchmarks/exact_analysis.py [--base 69cf3eb] [--rounds 3] [--quick]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by file path (tests)
from side_by_side import Runs, compare_sides, print_ratios

DEFAULT_BASE = "69cf3eb"
"""The last commit whose exact analysis re-implemented the board rules (its ``chain.py``)."""
CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "beginner singles": ("beginner", 2, {}),
    "beginner doubles": ("beginner", 4, {}),
    "intermediate singles, one order": ("intermediate", 2, {"named": True}),
    "intermediate singles, 100 orders": ("intermediate", 2, {"orders": 100}),
    "intermediate doubles, one order": ("intermediate", 4, {"named": True}),
}
QUICK = ("beginner singles", "beginner doubles", "intermediate singles, one order")


# --- the measuring side (runs in a child process, on one commit's code) -------------


def measure(names: list[str]) -> dict[str, Any]:
    """Every case's CPU seconds and figures (runs on whichever code is importable)."""
    import pickletable
    from pickletable.games.board.exact.analysis import analyse, deck_cards, make_variant

    seconds: dict[str, float] = {}
    figures: dict[str, dict[str, Any]] = {}
    for name in names:
        level, players, extra = CASES[name]
        variant = make_variant(name, players, [], level)
        options: dict[str, Any] = {}
        if extra.get("named"):
            deck = deck_cards(variant)
            counts = {card: n if isinstance(n, int) else n[1] for card, n in deck.items()}
            options["play_order"] = ",".join(c for c, n in counts.items() for _ in range(n))
        if "orders" in extra:
            options["orders"] = extra["orders"]
        began = time.process_time()
        result = analyse(variant, **options)
        seconds[name] = time.process_time() - began
        figures[name] = {
            "win": float(result.win),
            "by first server": [float(s.win) for s in result.solutions],
            "mean rallies": float(result.mean_rallies),
            "mean points": float(result.mean_points),
            "mean shots": float(result.mean_shots),
            "final scores": {f"{won} {lost}": float(p) for won, lost, p in result.final_scores()},
            "rallies": result.rallies(),
            "states": result.solutions[0].states,
        }
    return {
        "seconds": seconds,
        "figures": figures,
        "code": str(Path(pickletable.__file__).resolve().parent),
    }


# --- the comparing side ----------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--base", default=DEFAULT_BASE, help=f"base commit (default {DEFAULT_BASE})"
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument(
        "--quick", action="store_true", help="only " + ", ".join(QUICK) + " (a smoke test)"
    )
    parser.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child is not None:
        print(json.dumps(measure(arguments.child)))
        return
    names = list(QUICK) if arguments.quick else list(CASES)
    compare(arguments.base, max(1, arguments.rounds), names)


def compare(base: str, rounds: int, names: list[str]) -> None:
    """Check out `base`, run both sides `rounds` times interleaved, and print the figures."""
    what = "CPU seconds of analyse() per case"
    results = compare_sides(Path(__file__), base, rounds, names, what, _print_table)
    _print_table(f"medians of {rounds} rounds", results["base"], results["HEAD"])
    _print_differences(results["base"][0]["figures"], results["HEAD"][0]["figures"])


def _print_table(title: str, base: Runs, head: Runs) -> None:
    print_ratios(title, base, head, field="seconds", label="case", width=34, number=".3f")


def _print_differences(base: dict[str, Any], head: dict[str, Any]) -> None:
    """The largest absolute difference between the two sides' figures, per case."""
    print("\nvalues, base against HEAD (largest absolute difference over every figure)")
    for name, old in base.items():
        new = head[name]
        print(f"  {name:34} {_largest(old, new):.1e}   win {old['win']:.15f} / {new['win']:.15f}")


def _largest(old: Any, new: Any) -> float:
    if isinstance(old, dict):
        if old.keys() != new.keys():
            return float("inf")
        return max((_largest(old[k], new[k]) for k in old), default=0.0)
    if isinstance(old, list):
        longest = max(len(old), len(new))
        padded = [(old + [0.0] * longest)[:longest], (new + [0.0] * longest)[:longest]]
        return max((_largest(a, b) for a, b in zip(*padded, strict=True)), default=0.0)
    return abs(float(old) - float(new))


if __name__ == "__main__":
    main()
