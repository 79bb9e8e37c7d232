// The post-game review on the end-of-game summary: a "Review" button (and the seat to review),
// the server's progress while it weighs every decision, then the seat's win chance over the
// game (an inline SVG, the key moments marked) and each decision with its mark.

import { api, seatToken } from "./api.js";
import { h, s } from "./dom.js";

const POLL_MS = 500;
const MARK_COLOURS = { best: "#2f7d4f", good: "#2f7d4f", inaccuracy: "#c99a06", mistake: "#d9731a", blunder: "#b3261e" };

/**
 * The review's part of the summary: the button, the seat to review and, later, the review.
 * `onReview(review)` is told each review shown (the summary marks its key moments). A page
 * opened as `/table/{id}?review=S` (a player's history links there) reviews seat S at once;
 * otherwise your own seat's review, if it was made already, has its key moments marked.
 */
export function reviewPanel(tableId, summary, { onReview = () => {} } = {}) {
  const token = seatToken(tableId);
  const seats = summary.players.map((row) => h("option", { value: row.seat }, row.player ? `${row.name} (${row.player})` : row.name));
  const choice = h("select", { id: "review-seat", "aria-label": "Seat to review" }, seats);
  const status = h("p", { id: "review-status", class: "note", role: "status", "aria-live": "polite" });
  const result = h("div", { id: "review-result" });
  const button = h("button", { id: "review-button", type: "button", "aria-describedby": "review-about" }, "Review");
  const panel = h("section", { id: "review", class: "review-panel", "aria-labelledby": "review-title" },
    // One row on a laptop (heading, seat, button, what it does), so Rematch stays on the first screen.
    h("div", { class: "review-controls" },
      h("h3", { id: "review-title" }, "Review"),
      h("label", { for: "review-seat" }, "Seat"), choice, button,
      h("p", { id: "review-about", class: "note" }, "Every decision weighed by the win chance it kept, from that seat's own view.")),
    status, result);
  const parts = { panel, button, status, result, onReview };
  const asked = new URLSearchParams(location.search).get("review");
  if (asked !== null && summary.players.some((row) => String(row.seat) === asked)) {
    choice.value = asked;
    setTimeout(() => { // once the summary is on the page
      panel.scrollIntoView({ block: "start" });
      runReview(tableId, Number(asked), token, parts);
    }, 0);
  } else if (token) {
    api(`/api/tables/${tableId}`, { token }).then(async (info) => {
      if (info.you === null || info.you === undefined) return;
      choice.value = String(info.you);
      // Your seat's review made already (here or before a restart): its key moments on the chart.
      const kept = await api(`/api/tables/${tableId}/review?seat=${info.you}&start=false`, { token });
      if (kept.state === "done" && panel.isConnected) onReview(kept.review);
    }).catch(() => {});
  }
  button.addEventListener("click", () => runReview(tableId, Number(choice.value), token, parts));
  return panel;
}

async function runReview(tableId, seat, token, parts) {
  const { panel, button, status, result, onReview } = parts;
  button.disabled = true;
  result.replaceChildren();
  const bar = h("progress", { id: "review-progress", max: 1, value: 0, "aria-label": "Review progress" });
  status.replaceChildren("Weighing moves… ", bar);
  try {
    for (;;) {
      if (!panel.isConnected) return; // the page moved on: stop asking
      const answer = await api(`/api/tables/${tableId}/review?seat=${seat}`, { token });
      if (answer.state === "done") {
        status.replaceChildren();
        // Drawn at the width it is shown at, so that its words read at their size on a phone too.
        const width = Math.max(280, Math.min(720, result.clientWidth || 640));
        result.replaceChildren(...drawReview(answer.review, width));
        onReview(answer.review);
        return;
      }
      if (answer.state === "failed") throw new Error(answer.message);
      bar.max = Math.max(1, answer.total);
      bar.value = answer.done;
      bar.textContent = `${answer.done} of ${answer.total}`;
      status.firstChild.textContent = `Weighing moves… ${answer.done} of ${answer.total || "?"} `;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    status.replaceChildren(h("span", { class: "error" }, error.message));
  } finally {
    button.disabled = false;
  }
}

function pct(value) {
  return `${Math.round(value * 100)}%`;
}

function drawReview(review, width) {
  const [seat] = review.seats;
  const verdict = { 1: "won", 0: "lost", 0.5: "drew" }[seat.result] || "";
  const counts = {};
  for (const decision of seat.decisions) counts[decision.mark] = (counts[decision.mark] || 0) + 1;
  const tally = Object.entries(counts).map(([mark, count]) => `${count} ${mark}`).join(", ");
  const summary = h("p", { id: "review-accuracy" },
    h("strong", {}, seat.name), ` (${verdict}): ${seat.decisions.length} decisions`,
    seat.accuracy === null ? "" : `, accuracy ${seat.accuracy.toFixed(1)}`, tally ? ` — ${tally}` : "");
  if (!seat.decisions.length) return [summary, h("p", { class: "note" }, "No decision to weigh: every move was the only one.")];
  const box = h("div", { class: "review-chart-box" });
  box.append(chart(seat, review.steps, width));
  return [summary, box, moments(seat), decisions(seat)];
}

function chart(seat, steps, width) {
  const height = Math.round(Math.max(170, Math.min(240, width * 0.35)));
  const pad = { left: 40, right: 14, top: 14, bottom: 28 };
  const x = (step) => pad.left + (step / Math.max(1, steps)) * (width - pad.left - pad.right);
  const y = (chance) => pad.top + (1 - chance) * (height - pad.top - pad.bottom);
  const grid = [0, 0.5, 1].map((value) => s("g", { class: "chart-grid" },
    s("line", { x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value) }),
    s("text", { x: pad.left - 6, y: y(value) + 4, class: "chart-tick", "text-anchor": "end" }, pct(value))));
  const points = seat.graph.map(([step, chance]) => `${x(step).toFixed(1)},${y(chance).toFixed(1)}`).join(" ");
  const line = s("polyline", { points, fill: "none", stroke: "#2563eb", "stroke-width": 2.5, "stroke-linejoin": "round" });
  const marks = seat.decisions.filter((decision) => decision.loss > 0).map((decision) =>
    s("line", { class: "review-tick", x1: x(decision.step), x2: x(decision.step), y1: y(decision.best.chance), y2: y(decision.played.chance),
      stroke: MARK_COLOURS[decision.mark], "stroke-width": 3 }));
  const keys = seat.moments.map((moment, index) => s("g", { class: "key-moment", dataset: { step: moment.step } },
    s("circle", { cx: x(moment.step), cy: y(moment.after), r: 8, fill: "#fff", stroke: "#1f2a24", "stroke-width": 2 }),
    s("text", { x: x(moment.step), y: y(moment.after) + 4, "text-anchor": "middle", class: "key-number" }, index + 1),
    s("title", {}, `Key moment ${index + 1}: ${pct(moment.before)} → ${pct(moment.after)}, ${moment.what}`)));
  const label = `${seat.name}'s win chance over the game, from ${pct(seat.graph[0][1])} to ${pct(seat.graph[seat.graph.length - 1][1])}`;
  return s("svg", { id: "review-chart", class: "score-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label },
    s("title", {}, label), grid,
    s("text", { x: width / 2, y: height - 6, class: "chart-axis", "text-anchor": "middle" }, "Step"),
    line, marks, keys);
}

function moments(seat) {
  return h("ol", { id: "key-moments", class: "key-moments", "aria-label": "Key moments" }, seat.moments.map((moment) => {
    const swing = moment.after - moment.before;
    return h("li", {}, h("strong", {}, `Step ${moment.step + 1}, ${moment.kind}: `),
      `${pct(moment.before)} → ${pct(moment.after)} (${swing > 0 ? "+" : "−"}${pct(Math.abs(swing))}): ${moment.what}`);
  }));
}

function decisions(seat) {
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Every decision" },
    h("table", { id: "review-table", class: "rally-table review-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "Step"),
        h("th", { scope: "col" }, "Played"),
        h("th", { scope: "col" }, "Best found"),
        h("th", { scope: "col" }, "Loss"),
        h("th", { scope: "col" }, "Mark"))),
      h("tbody", {}, seat.decisions.map((decision) => h("tr", { dataset: { mark: decision.mark, step: decision.step } },
        h("td", { dataset: { label: "Step" } }, decision.step + 1),
        h("td", { dataset: { label: "Played" } }, `${decision.played.label} `, h("small", {}, pct(decision.played.chance))),
        h("td", { dataset: { label: "Best found" } }, decision.best.action === decision.played.action ? "same" : [`${decision.best.label} `, h("small", {}, pct(decision.best.chance))]),
        h("td", { class: "score-cell", dataset: { label: "Loss" } }, decision.loss ? pct(decision.loss) : ""),
        h("td", { dataset: { label: "Mark" } }, h("span", { class: `review-mark mark-${decision.mark}` }, decision.mark)))))));
}
