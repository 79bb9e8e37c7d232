"""The HTML report: one self-contained file, plots drawn with matplotlib (Agg) and embedded.

It opens with plain-words findings (each with its 95% interval), then the
metrics side by side for every study of a sweep, then the plots: length
histograms, win rates by seat, each game's breakdowns (forest plots of rates
and means with their intervals, bars of how rallies or rounds end), the
skill round-robin heatmap and, for sweeps, each metric across the swept
values. Every plot is a PNG in a ``data:`` URL: no network, no CDN.
"""

from __future__ import annotations

import base64
import html
import io
import textwrap
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from pickletable.analysis import metrics
from pickletable.analysis.drama import DRAMA
from pickletable.analysis.metrics import METRICS, Estimate
from pickletable.analysis.skill import SkillResult
from pickletable.analysis.study import Breakdown, StudyResult
from pickletable.analysis.sweep import PAIRED
from pickletable.core.registry import get_game, kit_for

FOREST_TABLES = frozenset(
    {
        "characters",
        "shot_pairs",
        "cards",
        "twists",
        "positions",
        "points_by_end",
        "points_from",
        "card_effects",
    }
)
"""Breakdowns drawn as forest plots (estimates with intervals); the others as bars."""
WIN_RATE_TABLES = frozenset({"characters", "shot_pairs", "twists", "positions"})
"""Forest plots of win rates: drawn with their fair share (the pooled rate) as a line."""


def write_report(path: Path, studies: Sequence[StudyResult], skill: SkillResult | None) -> None:
    """Write the report of `studies` (one, or one per swept combination) to `path`."""
    path.write_text(render_report(studies, skill), encoding="utf-8")


def render_report(studies: Sequence[StudyResult], skill: SkillResult | None) -> str:
    """The report as one HTML string."""
    plots = list(plot_all(studies, skill))
    first = studies[0] if studies else None
    title = f"pickletable lab: {first.spec.game}" if first else "pickletable lab"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    if first is not None:
        options = ", ".join(
            f"{k}={v}" for k, v in first.spec.options.items() if v is not None and v != ""
        )  # an empty content path is the built-in content: nothing to name
        parts.append(
            f"<p class='setup'>{first.spec.players} players; "
            f"bots {html.escape(', '.join(first.spec.bots))}; "
            f"{first.games_played} games per study (asked {first.games}); seed {first.seed}; "
            f"options {html.escape(options)}.</p>"
        )
    parts.append("<h2>Summary</h2>")
    for study in studies:
        heading = _label(study)
        if len(studies) > 1:
            parts.append(f"<h3>{html.escape(heading)}</h3>")
        if study.interrupted:
            parts.append(
                "<p><strong>Stopped early (Ctrl-C): these are the games done.</strong></p>"
            )
        parts.append(
            "<ul class='findings'>"
            + "".join(f"<li>{html.escape(sentence)}</li>" for sentence in study.summary())
            + "</ul>"
        )
    if skill is not None:
        parts.append(
            f"<p class='skill'>Skill index: the {skill.strongest} bot rates "
            f"<strong>{skill.index.plain(0)}</strong> Elo above random "
            f"({skill.games_per_pairing} games per pairing).</p>"
        )
    parts.append("<h2>Metrics</h2>" + _metrics_table(studies))
    parts.append(drama_section(studies))
    if any(study.baseline for study in studies):
        parts.append("<h2>Against the baseline</h2>" + _differences_table(studies))
    parts.append("<h2>Plots</h2>")
    for name, caption, png in plots:
        data = base64.b64encode(png).decode("ascii")
        parts.append(
            f"<figure data-plot='{html.escape(name)}'><img alt='{html.escape(caption)}' "
            f"src='data:image/png;base64,{data}'><figcaption>{html.escape(caption)}"
            "</figcaption></figure>"
        )
    if first is not None:
        parts.append("<h2>Breakdowns</h2>")
        for study in studies:
            if len(studies) > 1:
                parts.append(f"<h3 class='value'>{html.escape(_label(study))}</h3>")
            for table in study.tables():
                parts.append(_table_html(table))
    parts.append("<h2>Definitions</h2><dl>")
    for metric in METRICS:
        parts.append(
            f"<dt>{metric.name}</dt><dd>{html.escape(metric.definition)} (range "
            f"{html.escape(metric.range)})</dd>"
        )
    parts.append(
        "<dt>intervals</dt><dd>95%: Wilson for rates over games; rates and means over "
        "rallies, rounds, decisions or cards widened to the interval clustered by game; "
        "mean ± 1.96 standard errors for means over games; bootstrap percentiles for the "
        "skill index</dd></dl>"
    )
    parts.append("</body></html>")
    return "\n".join(parts)


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto; color: #222; }
h1 { margin-bottom: 0.2em; } .setup { color: #555; }
ul.findings li { margin: 0.3em 0; font-size: 1.05em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
td:first-child, th:first-child { text-align: left; }
td:not(:first-child) { white-space: nowrap; }
figure { display: inline-block; margin: 0.5em; } img { max-width: 100%; }
figcaption { color: #555; font-size: 0.9em; } dt { font-weight: bold; }
"""


def _label(study: StudyResult) -> str:
    return ", ".join(f"{k}={v}" for k, v in study.sweep_values.items()) or study.spec.game


def _metrics_table(studies: Sequence[StudyResult]) -> str:
    head = "".join(f"<th>{html.escape(_label(study))}</th>" for study in studies)
    rows = []
    for metric in METRICS:
        cells = []
        for study in studies:
            value = study.metric(metric.name)
            text = value.percent() if metric.range.startswith("0-1") else value.plain(2)
            cells.append(f"<td>{text}</td>")
        rows.append(f"<tr><td>{metric.name}</td>{''.join(cells)}</tr>")
    return f"<table><tr><th>metric</th>{head}</tr>{''.join(rows)}</table>"


def drama_section(studies: Sequence[StudyResult]) -> str:
    """The value-based drama figures of each study, with the model they are read from."""
    measured = [study for study in studies if study.drama()]
    if not measured:
        return (
            "<h2>Drama</h2><p>No win-chance model for this variant: no drama figures "
            "(docs/lab.md lists the variants that have one).</p>"
        )
    head = "".join(f"<th>{html.escape(_label(study))}</th>" for study in measured)
    rows = []
    for metric in DRAMA:
        cells = "".join(
            f"<td>{study.drama()[metric.name].plain(3)}</td>"
            if metric.name in study.drama()
            else "<td></td>"
            for study in measured
        )
        rows.append(
            f"<tr><td>{metric.name}: {html.escape(metric.definition)} "
            f"({html.escape(metric.range)})</td>{cells}</tr>"
        )
    method = measured[0].drama_method() or ""
    return (
        f"<h2>Drama</h2><p>After Ludii, from the win-chance model ({html.escape(method)}), "
        "read after every rally or round; means over games with 95% intervals.</p>"
        f"<table><tr><th>figure</th>{head}</tr>{''.join(rows)}</table>"
    )


def _differences_table(studies: Sequence[StudyResult]) -> str:
    """Each swept value minus the baseline, per headline metric, with its paired interval."""
    base = next(study for study in studies if study.baseline)
    others = [study for study in studies if not study.baseline]
    head = "".join(f"<th>{html.escape(_label(study))}</th>" for study in others)
    rows = []
    for row, (metric, (definition, _)) in enumerate(PAIRED.items()):
        cells = "".join(
            f"<td>{study.against_baseline[row].value:+.3f} "
            f"({study.against_baseline[row].low:+.3f} to {study.against_baseline[row].high:+.3f})"
            "</td>"
            for study in others
        )
        rows.append(f"<tr><td>{metric}: {html.escape(definition)}</td>{cells}</tr>")
    return (
        f"<p>Each value minus the baseline <strong>{html.escape(_label(base))}</strong>, game by "
        "game over the same seeds (a paired design), with 95% paired t intervals.</p>"
        f"<table><tr><th>metric</th>{head}</tr>{''.join(rows)}</table>"
    )


def _table_html(table: Breakdown) -> str:
    extra_columns = sorted({key for row in table.extra.values() for key in row})
    head = "".join(f"<th>{html.escape(column)}</th>" for column in extra_columns)
    rows = []
    digits = 3 if table.name == "card_effects" else 2  # shares of a few per cent, p-values
    for key, estimate in table.rows.items():
        extra = "".join(
            f"<td>{_cell(table.extra.get(key, {}).get(column), digits)}</td>"
            for column in extra_columns
        )
        rows.append(
            f"<tr><td>{html.escape(key)}</td><td>{estimate.value:.3f}</td>"
            f"<td>{estimate.low:.3f}-{estimate.high:.3f}</td><td>{estimate.n}</td>{extra}</tr>"
        )
    return (
        f"<h3>{html.escape(table.title)}</h3><p>{html.escape(table.definition)}</p>"
        f"<table><tr><th></th><th>value</th><th>95% interval</th><th>n</th>{head}</tr>"
        f"{''.join(rows)}</table>"
    )


def _cell(value: float | None, digits: int) -> str:
    """An extra column's figure; a row without one (a card that ends nothing) is left empty."""
    return "" if value is None else f"{value:.{digits}f}"


# --- plots ---------------------------------------------------------------------------------
def plot_all(
    studies: Sequence[StudyResult], skill: SkillResult | None
) -> list[tuple[str, str, bytes]]:
    """Every plot of the report: (name, caption, PNG bytes)."""
    plots: list[tuple[str, str, bytes]] = []
    if not studies or not studies[0].summaries:
        return plots
    plots.append(("lengths", "Game length: histograms of each study", _png(_lengths(studies))))
    plots.append(("seats", "Win rate by seat, with 95% intervals", _png(_seat_bars(studies))))
    for study in studies:
        named = f" ({_label(study)})" if len(studies) > 1 else ""
        for table in study.tables():
            if len(table.rows) < 2:
                continue  # one bar (every game ends one way) says nothing its table does not
            figure = _forest(table) if table.name in FOREST_TABLES else _bars(table)
            slug = "-".join(f"{k}-{v}" for k, v in study.sweep_values.items())
            name = f"table-{table.name}" + (f"-{slug}" if named else "")
            plots.append((name, table.title + named, _png(figure)))
    if len(studies) > 1:
        caption = "Sensitivity: each headline metric across the swept values, with its 95% band"
        plots.append(("sweep", caption, _png(_sweep(studies))))
    if skill is not None:
        plots.append(("skill", "Skill: round-robin win rates and Elo", _png(_skill(skill))))
    return plots


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=72)
    plt.close(figure)
    return buffer.getvalue()


def _lengths(studies: Sequence[StudyResult]) -> Figure:
    keys = ("rallies", "choices")
    figure, axes = plt.subplots(1, len(keys), figsize=(10, 3.2))
    for axis, key in zip(axes, keys, strict=True):
        for study in studies:
            values = [game.counts[key] for game in study.summaries]
            axis.hist(values, bins=25, alpha=0.55, label=_label(study))
        unit = (
            kit_for(studies[0].spec.game).wording.rallies
            if key == "rallies"
            else "decisions (real choices: two or more legal moves)"
        )
        axis.set_xlabel(f"{unit} per game")
        axis.set_ylabel("games")
    if len(studies) > 1:
        axes[0].legend(fontsize=7)
    return figure


def _seat_bars(studies: Sequence[StudyResult]) -> Figure:
    figure, axis = plt.subplots(figsize=(6, 3.2))
    width = 0.8 / len(studies)
    for number, study in enumerate(studies):
        rates = metrics.seat_win_rates(study.summaries)
        seats = list(rates)
        positions = [i + number * width for i in range(len(seats))]
        values = [rates[seat].value for seat in seats]
        errors = _errors([rates[seat] for seat in seats])
        axis.bar(positions, values, width, yerr=errors, capsize=3, label=_label(study))
        names = _seat_names(study)
        axis.set_xticks([i + 0.4 - width / 2 for i in range(len(seats))], [names[s] for s in seats])
    axis.axhline(_fair(studies[0]), color="black", linestyle="--", linewidth=1, label="fair share")
    axis.set_xlabel("seat")
    axis.set_ylabel("win rate")
    axis.legend(fontsize=7)
    return figure


def _seat_names(study: StudyResult) -> dict[int, str]:
    """Each seat's name at its table (Blue, North, Player 1...)."""
    definition = get_game(study.spec.game)
    seats = definition.seats_for(study.spec.players)
    return dict(zip(seats, definition.seat_names(study.spec.players), strict=True))


def _fair(study: StudyResult) -> float:
    """A seat's fair share of the wins: winners per game over seats."""
    games = study.summaries
    return sum(len(game.winners) for game in games) / (len(games) * len(games[0].seats))


def _errors(estimates: Sequence[Estimate]) -> list[list[float]]:
    return [
        [max(0.0, e.value - e.low) for e in estimates],
        [max(0.0, e.high - e.value) for e in estimates],
    ]


def _forest(table: Breakdown) -> Figure:
    keys = list(table.rows)
    estimates = [table.rows[key] for key in keys]
    figure, axis = plt.subplots(figsize=(7, 0.28 * len(keys) + 1.2))
    positions = list(range(len(keys)))
    axis.errorbar(
        [e.value for e in estimates], positions, xerr=_errors(estimates), fmt="o", capsize=3
    )
    axis.set_yticks(positions, keys, fontsize=8)
    axis.invert_yaxis()
    if table.name in WIN_RATE_TABLES and estimates:
        trials = sum(e.n for e in estimates)
        fair = sum(e.value * e.n for e in estimates) / trials if trials else 0.0
        axis.axvline(fair, color="black", linestyle="--", linewidth=1, label="fair share")
        axis.legend(fontsize=7, loc="lower right")
    if table.name == "card_effects":
        axis.axvline(0.0, color="black", linestyle="--", linewidth=1, label="no effect")
        axis.legend(fontsize=7, loc="lower right")
    axis.set_xlabel(textwrap.fill(table.definition, 80), fontsize=8)
    axis.grid(axis="x", alpha=0.3)
    return figure


def _bars(table: Breakdown) -> Figure:
    keys = list(table.rows)
    estimates = [table.rows[key] for key in keys]
    figure, axis = plt.subplots(figsize=(9, 3.4))
    axis.bar(range(len(keys)), [e.value for e in estimates], yerr=_errors(estimates), capsize=2)
    axis.set_xticks(range(len(keys)), keys, rotation=70, fontsize=7, ha="right")
    axis.set_ylabel("share")
    return figure


SWEEP_METRICS = ("first_wins", "balance", "comeback", "rallies", "lead_changes", "decided_at")


def _sweep(studies: Sequence[StudyResult]) -> Figure:
    """Value on x (by its number when every swept value is one), metric and band on y."""
    figure, axes = plt.subplots(2, 3, figsize=(11, 5.5))
    labels = [_label(study) for study in studies]
    numbers = _numeric_values(studies)
    where = numbers if numbers is not None else list(range(len(labels)))
    for axis, name in zip(axes.flat, SWEEP_METRICS, strict=True):
        estimates = [study.metric(name) for study in studies]
        axis.plot(where, [e.value for e in estimates], "o-")
        axis.fill_between(
            where, [e.low for e in estimates], [e.high for e in estimates], alpha=0.25
        )
        for study, x, estimate in zip(studies, where, estimates, strict=True):
            if study.baseline:
                axis.plot([x], [estimate.value], "s", color="black", label="baseline")
                axis.legend(fontsize=7)
        if numbers is None:
            axis.set_xticks(where, labels, rotation=30, fontsize=7, ha="right")
        else:
            axis.set_xlabel(", ".join(studies[0].sweep_values), fontsize=8)
        axis.set_title(name, fontsize=9)
    return figure


def _numeric_values(studies: Sequence[StudyResult]) -> list[float] | None:
    """The swept values as numbers, when one option is swept and every value is a number."""
    if any(len(study.sweep_values) != 1 for study in studies):
        return None
    try:
        return [float(next(iter(study.sweep_values.values()))) for study in studies]
    except ValueError:
        return None


def _skill(skill: SkillResult) -> Figure:
    levels = list(skill.ratings)
    grid = [[float("nan")] * len(levels) for _ in levels]
    for (a, b), (wins_a, wins_b) in skill.wins.items():
        total = wins_a + wins_b
        if total:
            grid[levels.index(a)][levels.index(b)] = wins_a / total
            grid[levels.index(b)][levels.index(a)] = wins_b / total
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6))
    image = left.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    left.set_xticks(range(len(levels)), levels)
    left.set_yticks(range(len(levels)), levels)
    left.set_xlabel("opponent")
    left.set_ylabel("bot (row wins)")
    for row, values in enumerate(grid):
        for column, value in enumerate(values):
            if value == value:
                left.text(column, row, f"{100 * value:.0f}%", ha="center", va="center")
    figure.colorbar(image, ax=left)
    right.bar(levels, [skill.ratings[level] for level in levels])
    index = skill.index
    strongest = levels.index(skill.strongest)
    right.errorbar(
        [strongest],
        [index.value],
        yerr=[[index.value - index.low], [index.high - index.value]],
        fmt="none",
        capsize=5,
        color="black",
    )
    right.set_ylabel("Elo (random = 0)")
    right.set_title(f"skill index {index.plain(0)}", fontsize=9)
    return figure
