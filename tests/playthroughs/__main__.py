"""``python -m tests.playthroughs [--regen]``: check the golden playthroughs, or rewrite them."""

from __future__ import annotations

import argparse
import sys

from tests.playthroughs.writer import PLAYTHROUGHS, first_difference, write


def main(argv: list[str] | None = None) -> int:
    """Check every playthrough (exit 1 at any difference), or rewrite them with ``--regen``."""
    parser = argparse.ArgumentParser(prog="python -m tests.playthroughs", description=__doc__)
    parser.add_argument("--regen", action="store_true", help="rewrite the stored files")
    arguments = parser.parse_args(argv)
    failed = 0
    for playthrough in PLAYTHROUGHS:
        text = write(playthrough)
        if arguments.regen:
            playthrough.path.parent.mkdir(parents=True, exist_ok=True)
            changed = not playthrough.path.exists() or playthrough.path.read_text() != text
            playthrough.path.write_text(text)
            size = len(text.encode()) // 1024
            print(f"{'rewrote' if changed else 'kept   '} {playthrough.path.name} ({size} KB)")
            continue
        stored = playthrough.path.read_text() if playthrough.path.exists() else ""
        difference = first_difference(stored, text)
        if difference is not None:
            failed += 1
            print(f"{playthrough.path.name} differs at {difference}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
