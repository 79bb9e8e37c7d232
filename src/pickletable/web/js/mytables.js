// The lobby's "My tables": the tables this browser holds a seat token for, with their ages.

import { api, heldSeats, keepSeatToken } from "./api.js";
import { h, replace } from "./dom.js";

const SHOWN = 8;

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

/**
 * Fill `list` (inside `panel`) with this browser's tables, games in play or waiting first,
 * then finished ones. A token the server no longer knows is forgotten.
 */
export async function showMyTables(panel, list) {
  const found = await Promise.all(heldSeats().map(async ({ tableId, token }) => {
    try {
      const table = await api(`/api/tables/${encodeURIComponent(tableId)}`, { token });
      if (table.you === null) keepSeatToken(tableId, null);
      return table.you === null ? null : table;
    } catch (error) {
      if (error.status === 404) keepSeatToken(tableId, null);
      return null;
    }
  }));
  const tables = found.filter(Boolean).sort((a, b) =>
    (a.status === "over") - (b.status === "over") || a.idle_seconds - b.idle_seconds).slice(0, SHOWN);
  panel.hidden = tables.length === 0;
  replace(list, tables.map((table) => {
    const seat = table.seats.find((s) => s.seat === table.you);
    return h("li", { dataset: { table: table.id } },
      h("a", { href: `/table/${table.id}`, class: "table-link" },
        h("strong", {}, table.title),
        h("span", { class: `badge ${table.status}` }, statusWord(table)),
        h("span", { class: "who" }, `you: ${seat ? seat.name : ""}`),
        h("span", { class: "age" }, ageLine(table)),
        h("span", { class: "go" }, table.status === "over" ? "See" : "Open")));
  }));
}

function statusWord(table) {
  if (table.read_only) return "read-only";
  if (table.status === "over") return "finished";
  return table.status === "waiting" ? "not started" : "playing";
}
