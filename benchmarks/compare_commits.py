"""Compare a base commit with HEAD: search iterations/s and random-play decisions/s, interleaved.

The base commit is checked out in a temporary `git worktree`; HEAD is this
worktree's code (the working tree: commit first for a clean HEAD). Each
round measures base then HEAD (the order alternates by round), each side in
its own Python process with ``PYTHONPATH=<its worktree>/src``, so the two
codes never mix. Printed: every round's figures, then the medians and the
ratio HEAD/base, for

- the card game's ``ismcts:600:heuristic`` search iterations per second
  (2 players; a fixed set of positions reached by a seeded random game);
- random play, decisions per second, through ``apply`` (checked) and
  through ``push`` (unchecked) for each game; a commit without ``push``
  uses its private ``_apply`` instead (noted).

Times are CPU time of the measuring process (``time.process_time``), which
other work on the machine disturbs less than the wall clock; still, compare
medians of several rounds on a quiet machine for figures worth quoting.

    .venv/bin/python benchmarks/compare_commits.py [--base fda8857] [--rounds 5] [--quick]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by file path (tests)
from side_by_side import Runs, compare_sides, print_ratios

DEFAULT_BASE = "fda8857"
"""The commit before the first round of code-shape work."""
SEARCH_BOT = "ismcts:600:heuristic"
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "board": (2, {"level": "advanced"}),
    "card": (2, {}),
    "slam": (4, {}),
}
"""The table each game's random play is measured on."""


# --- the measuring side (runs in a child process, on one commit's code) -------------


def measure(positions: int, seconds: float) -> dict[str, Any]:
    """Every figure of one side, as JSON-safe values (runs on whichever code is importable)."""
    import pickletable

    figures: dict[str, float] = {}
    notes: list[str] = []
    figures[f"card {SEARCH_BOT} iterations/s"], fingerprint = _search_speed(positions)
    for game in TABLES:
        for mode in ("apply", "push"):
            rate, used = _play_speed(game, mode, seconds)
            figures[f"{game} random play via {mode}, decisions/s"] = rate
            if used != mode:
                notes.append(f"{game}: no push on this commit; '{mode}' measured through {used}")
    return {
        "figures": figures,
        "notes": sorted(set(notes)),
        "positions": fingerprint,
        "code": str(Path(pickletable.__file__).resolve().parent),
    }


def _search_speed(positions: int) -> tuple[float, str]:
    """ISMCTS iterations per CPU second over decisions from a seeded 2-player card game."""
    from pickletable.bots import bot_from_name
    from pickletable.core.agents import AgentView
    from pickletable.core.state import CHANCE

    iterations = 0
    spent = 0.0
    seen: list[str] = []
    for index, state in enumerate(_card_positions(positions)):
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        bot: Any = bot_from_name(SEARCH_BOT, "card")
        started = time.process_time()
        bot.choose(AgentView(state, seat), random.Random(index))
        spent += time.process_time() - started
        iterations += bot.last_stats.iterations
        seen.append(f"{len(seen)}:{seat}:{len(state.legal_actions())}")
    return iterations / spent, " ".join(seen)


def _card_positions(count: int) -> list[Any]:
    """Decisions (two legal actions or more) every seventh one of seeded random card games."""
    from pickletable.core.chance import sample_outcome
    from pickletable.core.registry import get_game
    from pickletable.core.state import CHANCE

    found: list[Any] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = get_game("card").new_game(2, {})
        rng = random.Random(seed)
        decisions = 0
        while state.current_player is not None and len(found) < count:
            legal = state.legal_actions()
            if state.current_player == CHANCE:
                state.apply(sample_outcome(state, rng))
                continue
            if len(legal) > 1:
                decisions += 1
                if decisions % 7 == 0:
                    found.append(state.clone())
            state.apply(rng.choice(legal))
    return found


def _play_speed(game_id: str, mode: str, seconds: float) -> tuple[float, str]:
    """Random-play decisions per CPU second through `apply` or `push` (else `_apply`)."""
    from pickletable.core.chance import sample_outcome
    from pickletable.core.registry import get_game
    from pickletable.core.state import CHANCE

    players, options = TABLES[game_id]
    game = get_game(game_id)
    probe = game.new_game(players, options)
    used = mode if hasattr(probe, mode) else "_apply"
    rng = random.Random(1)
    decisions = 0
    started = time.process_time()
    end = started + seconds
    while time.process_time() < end:
        state = game.new_game(players, options)
        play = getattr(state, used)
        while True:
            player = state.current_player
            if player is None:
                break
            if player == CHANCE:
                action = sample_outcome(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            play(action)
    return decisions / (time.process_time() - started), used


# --- the comparing side ----------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--base", default=DEFAULT_BASE, help=f"base commit (default {DEFAULT_BASE})"
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--quick", action="store_true", help="small workloads (a smoke test)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--positions", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=0.0, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(measure(arguments.positions, arguments.seconds)))
        return
    positions, seconds = (2, 0.3) if arguments.quick else (6, 1.5)
    compare(arguments.base, max(1, arguments.rounds), positions, seconds)


def compare(base: str, rounds: int, positions: int, seconds: float) -> None:
    """Check out `base`, run both sides `rounds` times interleaved, and print the figures."""
    what = f"{positions} search positions, {seconds:g} CPU s per random-play figure"
    arguments = ["--positions", str(positions), "--seconds", str(seconds)]
    results = compare_sides(Path(__file__), base, rounds, arguments, what, _print_table)
    _print_table(f"medians of {rounds} rounds", results["base"], results["HEAD"])
    for side, runs in results.items():
        for note in runs[0]["notes"]:
            print(f"note ({side}): {note}")
    if results["base"][0]["positions"] != results["HEAD"][0]["positions"]:
        print("note: the two sides searched different positions (the rules changed between them)")


def _print_table(title: str, base: Runs, head: Runs) -> None:
    print_ratios(title, base, head, field="figures", label="figure", width=52, number=",.0f")


if __name__ == "__main__":
    main()
