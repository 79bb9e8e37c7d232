"""Run every benchmark in this folder, one after the other (`make bench`)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

for path in sorted(Path(__file__).parent.glob("*.py")):
    if path.name in ("run.py", "engine_loops.py", "compare_commits.py"):  # not stand-alone
        continue
    print(f"== {path.name}", flush=True)
    sys.argv = [str(path)]
    runpy.run_path(str(path), run_name="__main__")
