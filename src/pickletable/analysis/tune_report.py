"""The `tune` report: the confirmed candidates with their intervals, the search's trace, and
the content file written for the best (one self-contained HTML file)."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from pickletable.analysis.tune import Score, TuneResult


def render_tune(result: TuneResult, written: Path | None) -> str:
    """The report as one HTML string."""
    best = result.confirmed[0]
    assert best.confirmed is not None
    exact = result.method == "exact"
    rows = []
    for rank, candidate in enumerate(result.confirmed, 1):
        score = candidate.confirmed
        assert score is not None
        values = ", ".join(f"{k}={v}" for k, v in result.described(candidate).items())
        search = -sum(candidate.scores) / len(candidate.scores)
        searched = (
            "solved exactly"
            if exact
            else f"{search:.4f} ({len(candidate.scores)} x {result.games_per_step} games)"
        )
        rows.append(
            f"<tr><td>{rank}</td><td>{html.escape(values)}</td><td>{searched}</td>"
            f"<td>{_shown(score, exact)}</td><td>{score.games}</td></tr>"
        )
    base = result.baseline
    named = ", ".join(f"{k}={v}" for k, v in result.described(best).items())
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>pickletable tune: {html.escape(result.game)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>pickletable tune: {html.escape(result.game)}</h1>",
        f"<p class='setup'>Objective <strong>{html.escape(result.objective)}</strong> (lower "
        + (
            f"is better); all {len(result.trace)} candidates solved by the exact analysis, "
            "no games played.</p>"
            if exact
            else f"is better); NTBEA over {len(result.trace)} evaluations of "
            f"{result.games_per_step} games ({result.budget} games of search); the best "
            f"{len(result.confirmed)} confirmed on fresh seeds, {best.confirmed.games} games "
            "each.</p>"
        ),
        "<h2>Answer</h2>",
        f"<p class='answer'>Set <strong>{html.escape(named)}</strong>: objective "
        f"{_shown(best.confirmed, exact)} against {_shown(base, exact)} as the content is now"
        + (f"; written to <code>{html.escape(str(written))}</code>" if written else "")
        + ".</p>",
        "<h2>" + ("The best candidates" if exact else "Confirmed on held-out seeds") + "</h2>",
        "<table><tr><th>rank</th><th>values</th><th>search score</th>"
        f"<th>{'exact' if exact else 'confirmed (95% interval)'}</th><th>games</th></tr>"
        + "".join(rows)
        + "</table>",
        "<h2>The search</h2>",
        f"<figure><img alt='objective of each evaluation' src='data:image/png;base64,"
        f"{_trace(result)}'><figcaption>Objective of each evaluation of the search ("
        + (
            "every candidate, in the order of the grid"
            if exact
            else f"each {result.games_per_step} games, its own seeds"
        )
        + ")</figcaption></figure>",
        EXACT_METHOD if exact else NTBEA_METHOD,
        "</body></html>",
    ]
    return "\n".join(parts)


def _shown(score: Score, exact: bool) -> str:
    if exact:
        return f"{score.value:.4f}"
    return f"{score.value:.4f} ({score.low:.4f}-{score.high:.4f})"


NTBEA_METHOD = (
    "<h2>Method</h2><p>NTBEA (N-tuple bandit evolutionary algorithm, as TAG uses): each "
    "parameter value and each whole candidate keeps its mean score; the next candidate "
    "is the best by upper confidence bound of 20 mutations of the current one. The "
    "interval of an objective spans its distance over its metric's 95% interval (Wilson "
    "clustered by game for the first server's share, normal for the mean length).</p>"
)
EXACT_METHOD = (
    "<h2>Method</h2><p>Every candidate solved by the game's exact analysis (<code>pickletable "
    "analyze</code>): the first server's side's win chance and the expected rallies of the "
    "chain of the engine's own rallies, with no game played, so no interval: the answer is "
    "the best candidate of the whole search space.</p>"
)


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1000px; margin: 2em auto; color: #222; }
.setup { color: #555; } .answer { font-size: 1.15em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
td:nth-child(2), th:nth-child(2) { text-align: left; }
img { max-width: 100%; } figcaption { color: #555; font-size: 0.9em; }
"""


def _trace(result: TuneResult) -> str:
    figure, axis = plt.subplots(figsize=(8, 3.2))
    scores = [score for _, score in result.trace]
    axis.plot(range(1, len(scores) + 1), scores, "o-", markersize=3)
    axis.axhline(result.baseline.value, color="black", linestyle="--", linewidth=1)
    axis.text(1, result.baseline.value, " the content as it is", fontsize=8, va="bottom")
    axis.set_xlabel("evaluation")
    axis.set_ylabel("objective (lower is better)")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90)
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")
