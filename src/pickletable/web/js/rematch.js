// Rematch by consent: every person at the table accepts (bots at once), everyone sees who
// has, and the new table opens when the last one does; then every page moves there.

import { api } from "./api.js";
import { h } from "./dom.js";

/**
 * The rematch controls of a closed table for the viewer (`you`: a seat, or null for a
 * spectator). `open(id)` moves the page to the new table; `refuse(message)` shows a refusal.
 */
export function rematchControls(table, you, token, { open, refuse, label = "Rematch" }) {
  if (table.rematch_id) {
    return [h("button", { id: "rematch", type: "button", class: "primary",
      onclick: () => open(table.rematch_id) }, "Go to the rematch")];
  }
  const people = table.seats.filter((seat) => seat.kind === "human" && !seat.free);
  const accepted = people.filter((seat) => seat.rematch);
  const waiting = people.filter((seat) => !seat.rematch);
  const mine = table.seats.find((seat) => seat.seat === you);
  const controls = [];
  if (mine && !mine.rematch) {
    controls.push(h("button", { id: "rematch", type: "button", class: "primary",
      onclick: () => accept(table.id, token, open, refuse) }, label));
  } else if (mine) {
    controls.push(h("button", { id: "rematch", type: "button", class: "primary", disabled: true },
      "Rematch accepted"));
    if (waiting.length && waiting.every((seat) => !seat.connected)) {
      // Those it waits for have left the table: a bot can take their seats (they can take them back).
      controls.push(h("button", { id: "rematch-without", type: "button",
        onclick: () => accept(table.id, token, open, refuse, { without_absent: true }) },
      `Start without ${names(waiting.map(who))}: a bot plays for them`));
    }
  }
  if (accepted.length || (mine && mine.rematch)) {
    controls.push(h("p", { id: "rematch-status", class: "note rematch-status" },
      accepted.map((seat) => h("span", { class: "accepted", dataset: { seat: seat.seat } },
        `✓ ${who(seat)}`)),
      waiting.length ? ` Waiting for ${names(waiting.map(who))} to accept.` : ""));
  }
  return controls;
}

async function accept(tableId, token, open, refuse, body = {}) {
  try {
    const answer = await api(`/api/tables/${tableId}/rematch`, { method: "POST", body, token });
    if (answer && answer.table) open(answer.table);
  } catch (error) {
    refuse(error.message);
  }
}

function who(seat) {
  return seat.player || seat.name;
}

function names(list) {
  return list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}
