"""Measure the live win chance against games played on, for every game, and draw the plot.

For each game (default options, fewest players), `pickletable.bots.calibration.measure`
takes positions from seeded games (one decision of each), the evaluator's figure for the
deciding seat at the live budget (60 rollouts, `bots.coaching.ODDS_ITERATIONS`) and the
share of games played on from the true state that seat wins. Prints a table per game
(bins of predicted chance: count, mean predicted, mean observed) and the summary figures
as a Markdown table, and writes the calibration plot (predicted against observed, a point
per bin, its size by its count).

    .venv/bin/python benchmarks/win_odds_calibration.py [--positions 200] [--observed 100]
        [--seed 1] [--out docs/reports/win-chance-calibration.png]

docs/coaching.md quotes a run with the defaults.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
from matplotlib import pyplot

from pickletable.bots.calibration import Calibration, measure
from pickletable.bots.coaching import ODDS_ITERATIONS

GAMES = ("board", "card", "slam")
COLOURS = {"board": "#2563eb", "card": "#c0392b", "slam": "#2f7d4f"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--observed", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=ODDS_ITERATIONS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("docs/reports/win-chance-calibration.png"))
    args = parser.parse_args()
    results = []
    for game in GAMES:
        started = time.process_time()
        result = measure(
            game,
            positions=args.positions,
            predicted_rollouts=args.rollouts,
            observed_games=args.observed,
            seed=args.seed,
        )
        print(f"\n{game}: {time.process_time() - started:.0f} s of CPU")
        for each in result.bins:
            print(
                f"  {each.low:.1f}-{each.low + 0.1:.1f}: {each.count:4d} positions, "
                f"predicted {each.predicted:.3f}, observed {each.observed:.3f}"
            )
        results.append(result)
    print("\n| game | positions | mean absolute error | bias | calibration error |")
    print("| --- | --- | --- | --- | --- |")
    for result in results:
        print(
            f"| {result.game} | {len(result.points)} | {result.mean_abs_error:.3f} | "
            f"{result.bias:+.3f} | {result.calibration_error:.3f} |"
        )
    draw(results, args.out)
    print(f"\nwrote {args.out}")


def draw(results: list[Calibration], out: Path) -> None:
    """Predicted against observed, a point per bin (its area by its count), per game."""
    figure, axes = pyplot.subplots(figsize=(5.2, 5.2))
    axes.plot([0, 1], [0, 1], color="#888888", linewidth=1, linestyle="--", label="perfect")
    for result in results:
        bins = result.bins
        axes.plot(
            [each.predicted for each in bins],
            [each.observed for each in bins],
            color=COLOURS[result.game],
            linewidth=1.5,
        )
        axes.scatter(
            [each.predicted for each in bins],
            [each.observed for each in bins],
            s=[12 + 3 * each.count for each in bins],
            color=COLOURS[result.game],
            alpha=0.75,
            label=f"{result.game} (error {result.mean_abs_error:.3f})",
        )
    rollouts = results[0].predicted_rollouts
    games = results[0].observed_games
    axes.set_xlabel(f"predicted win chance ({rollouts} rollouts from the seat's view)")
    axes.set_ylabel(f"observed share won ({games} games on from the true state)")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.set_aspect("equal")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=8)
    axes.set_title("The live win chance, predicted against observed", fontsize=10)
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=96)
    pyplot.close(figure)


if __name__ == "__main__":
    main()
