// The lobby's "My tables": the player's tables (account and browser seats), your move first.

import { api, heldSeats, keepSeatToken } from "./api.js";
import { h, replace } from "./dom.js";

const SHOWN = 8;
const MAX_SENT = 200;

/** How long ago, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(seconds) {
  const value = Math.max(0, Number(seconds) || 0);
  if (value < 60) return "just now";
  if (value < 3600) return `${Math.floor(value / 60)} min ago`;
  if (value < 86400) return `${Math.floor(value / 3600)} h ago`;
  const days = Math.floor(value / 86400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** "created 5 min ago", and how long it has been quiet when that is long. */
export function ageLine(table) {
  const quiet = table.status !== "over" && table.idle_seconds >= 3600 ? ` · last activity ${ago(table.idle_seconds)}` : "";
  return `created ${ago(table.age_seconds)}${quiet}`;
}

/** Time left on a turn clock, in words: "45 s left", "20 min left", "5 h left", "2 days left". */
export function timeLeft(seconds) {
  const value = Math.max(0, Math.round(Number(seconds) || 0));
  if (value < 60) return `${value} s left`;
  if (value < 3600) return `${Math.floor(value / 60)} min left`;
  if (value < 2 * 86400) return `${Math.floor(value / 3600)} h left`;
  return `${Math.floor(value / 86400)} days left`;
}

/**
 * Fill `list` (inside `panel`) with the player's tables, as the server finds them in its
 * database: the signed-in account's and those this browser holds seat tokens for. Where it
 * is your move comes first, marked "your move" with the time left on a turn clock; then
 * games in play or waiting, then the last finished ones.
 */
export async function showMyTables(panel, list) {
  const seats = heldSeats().slice(-MAX_SENT).map(({ tableId, token }) => ({ table: tableId, token }));
  let answer;
  try {
    answer = await api("/api/my-tables", { method: "POST", body: { seats } });
  } catch {
    return;
  }
  for (const tableId of answer.forget) keepSeatToken(tableId, null); // no seat of ours there
  const tables = answer.tables.slice(0, Math.max(SHOWN, answer.tables.filter((t) => t.your_move).length));
  panel.hidden = tables.length === 0;
  const moves = tables.filter((table) => table.your_move).length;
  document.getElementById("my-tables-title").textContent = moves ? `My tables (your move at ${moves})` : "My tables";
  replace(list, tables.map((table) => {
    const seat = table.seats.find((s) => s.seat === table.you);
    return h("li", { dataset: { table: table.id }, class: table.your_move ? "your-move" : "" },
      h("a", { href: table.link, class: "table-link" },
        h("strong", {}, table.title),
        table.your_move
          ? h("span", { class: "badge your-move" }, "your move")
          : h("span", { class: `badge ${table.status}` }, statusWord(table)),
        h("span", { class: "who" }, `you: ${seat ? seat.name : ""}`),
        h("span", { class: "age" }, table.seconds_left !== null && table.seconds_left !== undefined
          ? `${timeLeft(table.seconds_left)} · ${ageLine(table)}` : ageLine(table)),
        h("span", { class: "go" }, table.status === "over" ? "See" : table.your_move ? "Play" : "Open")));
  }));
}

function statusWord(table) {
  if (table.status === "over") return "finished";
  if (table.status === "waiting") return "not started";
  return table.turn_based ? "their move" : "playing";
}
