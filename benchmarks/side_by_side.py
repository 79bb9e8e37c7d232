"""Measure a base commit and HEAD side by side: what the commit-comparing benchmarks share.

The base commit is checked out in a temporary `git worktree`; HEAD is this
checkout's working tree. Each round runs both sides, in alternating order,
each in its own Python process with ``PYTHONPATH=<its tree>/src``: the
benchmark script is run again with ``--child`` and its arguments, and must
print one JSON object on its last line, with ``code`` (the folder of the
``pickletable`` package it measured, to catch a wrong path) and the figures.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
Runs = list[dict[str, Any]]


def compare_sides(
    script: Path,
    base: str,
    rounds: int,
    child_arguments: list[str],
    what: str,
    show_round: Callable[[str, Runs, Runs], None],
) -> dict[str, Runs]:
    """Run `script --child ...` on `base` and on HEAD `rounds` times, interleaved.

    Prints which commits are compared and `what` is measured, calls
    `show_round(title, base_runs, head_runs)` after each round, and returns
    every run of each side (``"base"``, ``"HEAD"``).
    """
    base_commit = git("rev-parse", "--short", f"{base}^{{commit}}")
    head_commit = git("rev-parse", "--short", "HEAD")
    print(f"base {base_commit}: {git('log', '-1', '--format=%s', base_commit)[:70]}")
    print(f"HEAD {head_commit}: {git('log', '-1', '--format=%s', 'HEAD')[:70]}")
    if git("status", "--porcelain", "--", "src"):
        print("note: HEAD is measured from the working tree, which has uncommitted changes in src/")
    print(f"{rounds} rounds; {what}")
    results: dict[str, Runs] = {"base": [], "HEAD": []}
    with tempfile.TemporaryDirectory(prefix="pickletable-base-") as folder:
        worktree = Path(folder) / "base"
        git("worktree", "add", "--detach", "--quiet", str(worktree), base_commit)
        try:
            sides = {"base": worktree / "src", "HEAD": REPOSITORY / "src"}
            for number in range(1, rounds + 1):
                order = ["base", "HEAD"] if number % 2 else ["HEAD", "base"]
                for side in order:
                    results[side].append(run_side(script, sides[side], child_arguments))
                show_round(f"round {number}", results["base"][-1:], results["HEAD"][-1:])
        finally:
            git("worktree", "remove", "--force", str(worktree))
    return results


def run_side(script: Path, source: Path, child_arguments: list[str]) -> dict[str, Any]:
    """One measurement of the code in `source` (a ``src`` folder)."""
    environment = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, str(script.resolve()), "--child", *child_arguments]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"measuring {source} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    if Path(result["code"]) != (source / "pickletable").resolve():
        raise SystemExit(f"measured {result['code']}, not {source}: check PYTHONPATH")
    return result


def print_ratios(
    title: str, base: Runs, head: Runs, *, field: str, label: str, width: int, number: str
) -> None:
    """A table of `field`'s figures: base and HEAD medians and HEAD/base (and paired ratios)."""
    print(f"\n{title}")
    paired = len(base) > 1
    extra = f" {'paired':>8}" if paired else ""
    print(f"  {label:{width}} {'base':>12} {'HEAD':>12} {'HEAD/base':>10}{extra}")
    for name in base[0][field]:
        old = statistics.median(run[field][name] for run in base)
        new = statistics.median(run[field][name] for run in head)
        line = f"  {name:{width}} {old:12{number}} {new:12{number}} {new / old:9.2f}x"
        if paired:
            pairs = zip(base, head, strict=True)
            ratios = [h[field][name] / b[field][name] for b, h in pairs]
            line += f" {statistics.median(ratios):7.2f}x"
        print(line)
    if paired:
        print("  (paired: the median of each round's own HEAD/base, less swayed by load drifting)")


def git(*arguments: str) -> str:
    """Run git in the repository; its output, or exit with git's complaint."""
    done = subprocess.run(
        ["git", "-C", str(REPOSITORY), *arguments], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"git {' '.join(arguments)} failed: {done.stderr.strip()}")
    return done.stdout.strip()
