// The end-of-game summary: the score after every rally or round (an inline SVG chart, where
// a review's key moments are marked once it is shown), the lab's figures of the game, each
// player's figures and every rally or round in a table.

import { api } from "./api.js";
import { h, s } from "./dom.js";
import { reviewPanel } from "./review.js";

const COLOURS = { blue: "#2563eb", red: "#c0392b", yellow: "#c99a06", black: "#1f2a24" };
const PALETTE = ["#2563eb", "#c0392b", "#c99a06", "#1f2a24", "#2f7d4f", "#7c3aed"];
const DASHES = ["", "7 4", "2 3", "10 3 2 3", "4 4", "1 2"];
const MARKS = ["circle", "square", "diamond", "triangle", "circle", "square"];
let shown = null; // the table whose summary is on the page (fetched once per table)

/** Show the summary of a finished table once, as a section placed before `before`. */
export async function showSummary(tableId, before) {
  if (shown === tableId) return;
  shown = tableId;
  let summary;
  try {
    summary = await api(`/api/tables/${tableId}/summary`);
  } catch {
    shown = null; // try again with the next view
    return;
  }
  const section = h("section", { id: "game-summary", class: "panel end-summary", "aria-labelledby": "summary-title" },
    h("h2", { id: "summary-title" }, "Game summary"),
    h("div", { class: "summary-top" },
      h("figure", { class: "score-figure" },
        h("div", { class: "chart-box" }),
        h("figcaption", {}, legend(summary))),
      h("div", { class: "summary-figures" },
        gameFigures(summary),
        playerTable(summary))),
    summary.over ? reviewPanel(tableId, summary, { onReview: (review) => markMoments(section, summary, review) }) : null,
    // Folded: the chart already shows every score, and Rematch stays on the first screen.
    h("details", { class: "rally-details" },
      h("summary", {}, `Every ${summary.rally_word.toLowerCase()} (${summary.rallies.length})`),
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": `Every ${summary.rally_word.toLowerCase()}` },
        rallyTable(summary))));
  const old = document.getElementById("game-summary");
  if (old) old.replaceWith(section);
  else before.parentNode.insertBefore(section, before);
  // Drawn at the width it is shown at, so that its words read at their size on a phone too.
  const box = section.querySelector(".chart-box");
  box.append(chart(summary, Math.max(280, Math.min(720, box.clientWidth || 640))));
}

/** Forget the summary shown (the page moves to another table). */
export function clearSummary() {
  shown = null;
  const old = document.getElementById("game-summary");
  if (old) old.remove();
}

function colour(side, index) {
  const first = side.name.split(" ")[0].toLowerCase();
  return COLOURS[first] || PALETTE[index % PALETTE.length];
}

function fmt(summary, value) {
  return Number(value).toFixed(summary.digits);
}

/** "Yellow: bot (medium)", "North & South: Ann, bot (medium)" (no brackets in brackets). */
function sideLabel(side) {
  const players = side.players.filter(Boolean).join(", ");
  return players ? `${side.name}: ${players}` : side.name;
}

/** A player under a column's name: "bot (medium)" breaks between its words, never inside one
 * (at phone width the brackets go, so "medium" fits a quarter of the screen). */
function playerNote(player) {
  const level = /^(.*) \((.*)\)$/.exec(player);
  if (!level) return h("small", {}, player);
  return h("small", {}, `${level[1]} `, h("span", { class: "bracket" }, "("), level[2],
    h("span", { class: "bracket" }, ")"));
}

// --- the chart ----------------------------------------------------------------------
/** Where things go on a chart `width` wide: its height, padding, and x (by rally, fractions
 * too) and y (by score) in its pixels. */
function geometry(summary, width) {
  const height = Math.round(Math.max(190, Math.min(260, width * 0.4)));
  const pad = { left: 40, right: 16, top: 26, bottom: 34 };
  const values = summary.history.flat();
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const rallies = Math.max(1, summary.history.length - 1);
  const x = (index) => pad.left + (index / rallies) * (width - pad.left - pad.right);
  const y = (value) => pad.top + (1 - (value - bottom) / (top - bottom)) * (height - pad.top - pad.bottom);
  return { height, pad, top, bottom, rallies, x, y };
}

function chart(summary, width) {
  const { height, pad, top, bottom, rallies, x, y } = geometry(summary, width);
  const history = summary.history;
  // Whole-number scores get whole-number ticks: a target of 1 reads "0, 1", not "0, 1, 1".
  const grid = ticks(bottom, top, 5).filter((value) => summary.digits > 0 || Number.isInteger(value)).map((value) => s("g", { class: "chart-grid" },
    s("line", { x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value) }),
    s("text", { x: pad.left - 6, y: y(value) + 4, class: "chart-tick", "text-anchor": "end" }, fmt(summary, value))));
  const xs = ticks(0, rallies, Math.min(8, rallies)).filter(Number.isInteger).map((index) =>
    s("text", { x: x(index), y: height - pad.bottom + 16, class: "chart-tick", "text-anchor": "middle" }, index));
  const lines = summary.sides.map((side, index) => {
    // Sides on the same score would hide each other: each line sits a pixel or two apart.
    const shift = (index - (summary.sides.length - 1) / 2) * 1.5;
    const points = history.map((row, at) => `${x(at).toFixed(1)},${(y(row[index]) + shift).toFixed(1)}`).join(" ");
    const last = history[history.length - 1][index];
    return s("g", { class: "chart-side", dataset: { side: index } },
      s("polyline", { points, fill: "none", stroke: colour(side, index), "stroke-width": 2.5,
        "stroke-dasharray": DASHES[index % DASHES.length] || null, "stroke-linejoin": "round" }),
      mark(MARKS[index % MARKS.length], x(history.length - 1), y(last) + shift, colour(side, index)));
  });
  const title = `${summary.score_word} after each ${summary.rally_word.toLowerCase()}: `
    + summary.sides.map((side, index) => `${side.name} ${fmt(summary, history[history.length - 1][index])}`).join(", ");
  return s("svg", { id: "score-chart", class: "score-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": title, dataset: { width } },
  s("title", {}, title),
  grid, xs,
  s("text", { x: width / 2, y: height - 4, class: "chart-axis", "text-anchor": "middle" }, summary.rally_word),
  s("text", { x: 8, y: 14, class: "chart-axis", "text-anchor": "start" }, summary.score_word),
  lines);
}

/** Where step `step` (counted from 0) falls on the chart's rally axis: in the rally or round
 * it belongs to, as far along as it is among that rally's steps (`steps`: the game's). */
export function rallyPosition(rallies, step, steps) {
  let index = rallies.length - 1;
  while (index > 0 && rallies[index].start > step) index -= 1;
  if (index < 0) return 0;
  const begin = rallies[index].start;
  const end = index + 1 < rallies.length ? rallies[index + 1].start : steps;
  return index + Math.min(1, Math.max(0, (step - begin) / Math.max(1, end - begin)));
}

/** Mark a review's key moments on the summary's score chart: a numbered line at each (a
 * solid one for a choice, dashed for chance), with its words as its tooltip; a later
 * review (another seat's) takes the place of the marks. */
function markMoments(section, summary, review) {
  const svg = section.querySelector("#score-chart");
  const [seat] = review.seats;
  if (!svg || !seat) return;
  const { height, pad, x } = geometry(summary, Number(svg.dataset.width));
  const marks = seat.moments.map((moment, index) => {
    const at = x(rallyPosition(summary.rallies, moment.step, review.steps));
    const colour = moment.kind === "choice" ? "#b3261e" : "#4b5563";
    const words = `Key moment ${index + 1} of ${seat.name}'s review, step ${moment.step + 1} (${moment.kind}): `
      + `win chance ${Math.round(moment.before * 100)}% → ${Math.round(moment.after * 100)}%, ${moment.what}`;
    return s("g", { class: "key-moment", dataset: { step: moment.step, kind: moment.kind } },
      s("title", {}, words),
      s("line", { x1: at, x2: at, y1: pad.top - 2, y2: height - pad.bottom, stroke: colour, "stroke-width": 2,
        "stroke-dasharray": moment.kind === "choice" ? null : "5 3" }),
      s("circle", { cx: at, cy: pad.top - 10, r: 8, fill: "#fff", stroke: colour, "stroke-width": 2 }),
      s("text", { x: at, y: pad.top - 6, "text-anchor": "middle", class: "key-number" }, index + 1));
  });
  const old = svg.querySelector("#summary-moments");
  const group = s("g", { id: "summary-moments" }, marks);
  if (old) old.replaceWith(group);
  else svg.append(group);
  const note = section.querySelector("#summary-moments-note");
  const text = seat.moments.length
    ? `Numbered on the chart: the ${seat.moments.length} key moments of ${seat.name}'s review (a solid line: a choice; dashed: chance).`
    : "";
  if (note) note.textContent = text;
  else section.querySelector(".score-figure figcaption").append(h("p", { id: "summary-moments-note", class: "note" }, text));
}

/** About `count` round steps between low and high (whole numbers or halves). */
function ticks(low, high, count) {
  const span = high - low || 1;
  const raw = span / Math.max(1, count);
  const step = [0.5, 1, 2, 5, 10, 20, 50].find((candidate) => candidate >= raw) || raw;
  const values = [];
  for (let value = Math.ceil(low / step) * step; value <= high + 1e-9; value += step) values.push(value);
  return values;
}

/** A shape at the end of a line, so sides differ by more than colour. */
function mark(shape, cx, cy, fill) {
  const r = 5;
  if (shape === "square") return s("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, fill });
  if (shape === "diamond") return s("polygon", { points: `${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`, fill });
  if (shape === "triangle") return s("polygon", { points: `${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}`, fill });
  return s("circle", { cx, cy, r, fill });
}

function legend(summary) {
  return h("ul", { class: "chart-legend" }, summary.sides.map((side, index) =>
    h("li", {},
      s("svg", { viewBox: "0 0 34 12", width: 34, height: 12, "aria-hidden": "true" },
        s("line", { x1: 1, x2: 24, y1: 6, y2: 6, stroke: colour(side, index), "stroke-width": 2.5,
          "stroke-dasharray": DASHES[index % DASHES.length] || null }),
        mark(MARKS[index % MARKS.length], 28, 6, colour(side, index))),
      sideLabel(side))));
}

// --- the figures --------------------------------------------------------------------
function gameFigures(summary) {
  return h("dl", { class: "game-figures" }, summary.game_figures.map((item) => [
    h("dt", { title: item.definition }, item.label),
    h("dd", {}, item.value),
  ]));
}

function playerTable(summary) {
  const players = summary.players;
  // A figure nobody scored in this game (cards, at a level without them) says nothing.
  const figures = summary.figures.filter((figure) => players.some((row) => Number(row.values[figure.key] ?? 0) !== 0));
  return h("table", { id: "player-figures", class: "figures-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Figure")),
      players.map((row) => h("th", { scope: "col" }, row.name, row.player ? playerNote(row.player) : null)))),
    h("tbody", {}, figures.map((figure) => h("tr", {},
      h("th", { scope: "row" }, figure.label),
      players.map((row) => h("td", {}, String(row.values[figure.key] ?? 0)))))));
}

function rallyTable(summary) {
  const names = new Map(summary.players.map((row) => [row.seat, row.name]));
  const order = summary.sides.map((side) => side.name).join(" – ");
  return h("table", { id: "rally-table", class: "rally-table" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"),
      h("th", { scope: "col" }, summary.opener_word),
      h("th", { scope: "col" }, "How it ended"),
      h("th", { scope: "col" }, "Change"),
      h("th", { scope: "col", title: order }, summary.sides.length === 2 ? `${summary.score_word} (${order})` : summary.score_word))),
    h("tbody", {}, summary.rallies.map((row) => h("tr", {},
      h("td", {}, row.number),
      h("td", {}, row.opener === null ? "" : names.get(row.opener) || ""),
      h("td", {}, row.ended),
      h("td", {}, changes(summary, row)),
      h("td", { class: "score-cell" }, row.scores.map((value) => fmt(summary, value)).join(" – "))))));
}

function changes(summary, row) {
  const moved = row.changes.map((change, index) => [change, summary.sides[index]]).filter(([change]) => change);
  if (!moved.length) return "—";
  return moved.map(([change, side]) => `${side.name} ${change > 0 ? "+" : "−"}${fmt(summary, Math.abs(change))}`).join(", ");
}
