"""A self-contained HTML report: values, the distribution of rallies, the final scores.

Plots are drawn with matplotlib's Agg backend and embedded as base64 PNGs:
the file needs nothing else (no CDN, no script).
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from pickletable.games.board.exact.analysis import Analysis, quantile, to_json


def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def rallies_plot(results: list[Analysis]) -> str:
    """P(the game lasts n rallies), one line per variant."""
    figure, axes = plt.subplots(figsize=(8, 4))
    for result in results:
        distribution = result.rallies()
        last = quantile(distribution, 0.9999) + 1
        axes.plot(range(last), distribution[:last], label=result.variant.label)
    axes.set_xlabel("rallies in the game")
    axes.set_ylabel("probability")
    axes.set_title("How long a game lasts")
    if len(results) > 1:
        axes.legend()
    return _png(figure)


def scores_plot(result: Analysis) -> str:
    """The final scores, first server's side winning or losing."""
    rows = sorted(result.final_scores(), key=lambda r: (r[0], r[1]))
    figure, axes = plt.subplots(figsize=(8, 4))
    labels = [("W " if won else "L ") + "&".join(f"{x:g}" for x in lost) for won, lost, _ in rows]
    axes.bar(range(len(rows)), [float(p) for _, _, p in rows])
    axes.set_xticks(range(len(rows)), labels, rotation=90, fontsize=7)
    axes.set_ylabel("probability")
    axes.set_title("Final scores (W/L: the first server's side; the loser's levels)")
    return _png(figure)


def write_report(results: list[Analysis], path: Path) -> None:
    """Write the report for one variant or a sweep."""
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        "<title>pickletable analyze board</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:right}</style>",
        "</head><body><h1>Board game: exact analysis</h1>",
        "<table><tr><th>variant</th><th>first server's side wins</th>"
        "<th>expected rallies</th><th>expected points</th><th>solve time (s)</th></tr>",
    ]
    for result in results:
        data = to_json(result)
        parts.append(
            f"<tr><td>{html.escape(result.variant.label)}</td>"
            f"<td>{float(result.win):.6f}</td><td>{float(result.mean_rallies):.4f}</td>"
            f"<td>{float(result.mean_points):.4f}</td><td>{data['solve_seconds']}</td></tr>"
        )
    parts.append("</table>")
    parts.append(f"<p>Method: {html.escape(results[0].method)}</p>")
    parts.append(
        f"<img alt='distribution of rallies' src='data:image/png;base64,{rallies_plot(results)}'>"
    )
    for result in results:
        parts.append(f"<h2>Final scores: {html.escape(result.variant.label)}</h2>")
        parts.append(f"<img alt='final scores' src='data:image/png;base64,{scores_plot(result)}'>")
    parts.append("</body></html>")
    path.write_text("\n".join(parts), encoding="utf-8")
