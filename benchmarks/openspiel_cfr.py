"""Exact CFR and exploitability (OpenSpiel's) on the tiny board game, at a few cuts.

    python benchmarks/openspiel_cfr.py [--cuts 12,13,14,16] [--iterations 5,10]

Prints, per cut (`max_length`), the number of states, uniform play's exploitability and the
exploitability of CFR's average policy after each number of iterations, with processor
seconds. Needs the peers extra (docs/openspiel.md, "Exact solving: the tiny board game").
"""

from __future__ import annotations

import argparse
import time

from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability, get_all_states

from pickletable.openspiel import load, tiny_board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cuts", default="12,13,14,16")
    parser.add_argument("--iterations", default="5,10")
    arguments = parser.parse_args()
    marks = sorted(int(n) for n in arguments.iterations.split(","))
    print("| cut | states | uniform | " + " | ".join(f"CFR {n}" for n in marks) + " | CPU s |")
    for cut in (int(n) for n in arguments.cuts.split(",")):
        start = time.process_time()
        game = load("board", **tiny_board(cut))
        states = len(get_all_states.get_all_states(game, -1, True, True))
        uniform = exploitability.exploitability(game, policy_lib.TabularPolicy(game))
        solver, values = cfr.CFRSolver(game), []
        for iteration in range(1, marks[-1] + 1):
            solver.evaluate_and_update_policy()
            if iteration in marks:
                values.append(exploitability.exploitability(game, solver.average_policy()))
        cells = " | ".join(f"{value:.6f}" for value in values)
        seconds = time.process_time() - start
        print(f"| {cut} | {states:,} | {uniform:.6f} | {cells} | {seconds:.0f} |", flush=True)


if __name__ == "__main__":
    main()
