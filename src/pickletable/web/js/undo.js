// Undo at a casual table: ask to take back your last move; the other people at the table
// accept or refuse it (bots accept). The server says in every view who may ask now
// (`undo.may_ask`: nothing was revealed since their last move) and which request is open;
// a rated table refuses, and the page then says why and offers it no more.

import { api } from "./api.js";
import { h, update } from "./dom.js";

const el = (id) => document.getElementById(id);
let tableId = null;
let tokenOf = () => null;
let granted = null; // how many undos the table had at the last view
let refusedForGood = ""; // a rated table's refusal: the button stays hidden
let message = ""; // the last refusal or answer, shown under the button
let lastRequest = "null"; // the open request at the last view, as text

/** Remember the table and how to read the page's seat token. */
export function setUpUndo(id, token) {
  tableId = id;
  tokenOf = token;
}

/**
 * After each view: the Undo button, or the question to the people asked.
 * Returns true when moves were taken back since the last view (the page redraws its log).
 */
export function undoAfter(view) {
  const facts = view.undo || { request: null, granted: 0, may_ask: [] };
  const changed = granted !== null && facts.granted !== granted;
  granted = facts.granted;
  const request = JSON.stringify(facts.request);
  if (changed || request !== lastRequest) message = "";
  lastRequest = request;
  const box = el("undo-box");
  const playing = view.status === "playing" && !view.read_only;
  const parts = playing ? contents(view, facts) : [];
  box.hidden = parts.length === 0;
  update(box, parts); // Accept under a tap survives a view that changes nothing here
  return changed;
}

function contents(view, facts) {
  const request = facts.request;
  const note = message || refusedForGood;
  const said = note ? [h("p", { id: "undo-message", class: "note", role: "status" }, note)] : [];
  if (request) {
    const asker = seatName(view, request.seat);
    const moves = request.moves === 1 ? "their last move" : `their last move (${request.moves} moves go)`;
    if (view.you !== null && request.waiting.includes(view.you)) {
      return [h("p", { id: "undo-question", role: "alert" }, `${asker} asks to take back ${moves}.`),
        h("div", { class: "undo-buttons" },
          h("button", { id: "undo-accept", type: "button", class: "primary", onclick: () => answer(true) }, "Accept"),
          h("button", { id: "undo-refuse", type: "button", onclick: () => answer(false) }, "Refuse")),
        ...said];
    }
    const waiting = request.waiting.map((seat) => seatName(view, seat)).join(", ");
    if (view.you === request.seat) {
      return [h("p", { id: "undo-question", class: "note", role: "status" },
        `You asked to take back your last move: waiting for ${waiting}.`),
      h("button", { id: "undo-withdraw", type: "button", onclick: withdraw }, "Withdraw"), ...said];
    }
    return [h("p", { id: "undo-question", class: "note", role: "status" },
      `${asker} asks to take back ${moves}: waiting for ${waiting}.`), ...said];
  }
  if (view.you === null || refusedForGood || !facts.may_ask.includes(view.you)) return said;
  return [h("button", { id: "undo", type: "button", onclick: ask,
    title: "Take back your last move, if the others agree (bots do); not once a die or a card came up" },
  "Undo my last move"), ...said];
}

function seatName(view, seat) {
  const found = view.table.seats.find((s) => s.seat === seat);
  return found ? `${found.name} (${found.label})` : `seat ${seat}`;
}

async function ask() {
  message = "";
  try {
    const answer = await api(`/api/tables/${tableId}/undo`, { method: "POST", token: tokenOf() });
    message = answer.granted ? "" : "Asked: the others at the table say yes or no.";
  } catch (error) {
    refused(error);
  }
  show();
}

async function withdraw() {
  message = "";
  try {
    await api(`/api/tables/${tableId}/undo`, { method: "DELETE", token: tokenOf() });
  } catch (error) {
    refused(error);
  }
  show();
}

async function answer(accept) {
  message = "";
  try {
    await api(`/api/tables/${tableId}/undo/answer`, { method: "POST", token: tokenOf(), body: { accept } });
  } catch (error) {
    refused(error);
  }
  show();
}

function refused(error) {
  if (error.status === 409 && /rated/.test(error.message)) refusedForGood = error.message;
  else message = error.message;
}

/** Show the latest message at once (the next view redraws the box anyway). */
function show() {
  const box = el("undo-box");
  let line = el("undo-message");
  const text = message || refusedForGood;
  if (!text) return;
  if (!line) {
    line = h("p", { id: "undo-message", class: "note", role: "status" });
    box.append(line);
  }
  box.hidden = false;
  line.textContent = text;
  el("undo")?.remove();
}
