// The table's seats and controls: who sits where (here or away, hand a seat to a bot),
// joining a free seat, Start, Leave and Take my seat back, the rematch and the record.
//
// The table's state comes in as `page` (table.js): its id, this browser's seat token
// (joining sets it), the view and when it arrived.

import { api, keepSeatToken } from "./api.js";
import { h, replace, update } from "./dom.js";
import { rematchControls } from "./rematch.js";

const el = (id) => document.getElementById(id);
let awayTimer = null;
let leaving = false;

/** The invite button and the join form; a seat taken opens the socket again (`connect`). */
export function setUpSeats(page, { connect }) {
  el("invite").addEventListener("click", () => copyInvite(page));
  el("join-form").addEventListener("submit", (event) => join(event, page, connect));
}

export function renderSeats(page) {
  const { view } = page;
  const table = view.table;
  clearTimeout(awayTimer);
  let counting = false;
  update(el("seat-list"), table.seats.map((seat) => {
    const acting = view.status === "playing" && !view.read_only && view.to_act === seat.seat;
    const mine = view.you === seat.seat;
    // a turn-based table waits for its players: only a run-out clock hands a seat over
    const away = !table.turn_based && view.you !== null && !mine && seat.kind === "human" && !seat.free
      && !seat.connected && view.status === "playing" && !view.read_only;
    const wait = away ? handOverIn(page, seat) : 0;
    counting = counting || wait > 0;
    const canHand = away && wait === 0;
    const canInvite = view.you !== null && seat.kind === "bot" && view.status === "waiting" && !view.read_only;
    return h("li", { class: `seat${acting ? " acting" : ""}${mine ? " mine" : ""}` },
      h("span", { class: `dot ${seat.connected ? "on" : "off"}`, "aria-hidden": "true" }),
      h("strong", {}, seat.name), " ", h("span", {}, seat.label), mine ? h("em", {}, " (you)") : null,
      h("small", { class: "presence" }, seat.connected ? "here" : "away"),
      acting ? h("span", { class: "badge" }, "to act") : null,
      away ? h("button", { type: "button", class: "small hand-over", disabled: !canHand,
        onclick: () => handToBot(page, seat.seat) }, "Hand to a bot") : null,
      wait > 0 ? h("small", { class: "countdown", role: "timer" },
        acting ? ` A bot may take this turn in ${wait} s` : ` in ${wait} s`) : null,
      canInvite ? h("button", { type: "button", class: "small", onclick: () => openSeat(page, seat.seat) },
        "Invite a friend here instead") : null);
  }));
  if (counting) awayTimer = setTimeout(() => renderSeats(page), 1000);
}

export function renderControls(page) {
  const { view, tableId } = page;
  const table = view.table;
  const seated = view.you !== null;
  const buttons = [];
  if (view.read_only) {
    readOnlyControls(page, buttons);
  } else if (view.status === "waiting" && seated) {
    const free = table.free_seats.length;
    buttons.push(h("button", { id: "start", type: "button", class: "primary", disabled: free > 0,
      onclick: () => startGame(page, false) }, "Start the game"));
    if (free) {
      buttons.push(h("button", { id: "start-bots", type: "button", onclick: () => startGame(page, true) },
        `Start with bots in the ${free} free seat${free === 1 ? "" : "s"}`));
    }
    buttons.push(h("button", { id: "rated", type: "button", onclick: () => makeRated(page),
      title: "every person at the table must be signed in" }, "Make this game rated"));
  }
  if (view.status === "playing" && !view.read_only && seated && table.seats.find((s) => s.seat === view.you).kind === "human") {
    buttons.push(h("button", { id: "leave", type: "button", onclick: () => confirmLeave(page) },
      "Leave: a bot takes my seat"));
  }
  if (view.status === "playing" && !view.read_only && seated && table.seats.find((s) => s.seat === view.you).kind === "bot") {
    buttons.push(h("p", { class: "note" }, "You left: a bot plays your seat."));
    buttons.push(h("button", { id: "reclaim", type: "button", class: "primary", onclick: () => reclaim(page) },
      "Take my seat back"));
  }
  if (view.status === "over" && !view.read_only) {
    // who won is said once, in the status bar above (and by the live region)
    buttons.push(...rematchControls(table, view.you, page.token,
      { open: (id) => goToTable(page, id), refuse }));
    buttons.push(...recordLinks(tableId, table));
  }
  if (view.you === null && view.status !== "waiting") {
    buttons.push(h("p", { class: "note" }, "You are watching as a spectator."));
  }
  el("controls").hidden = buttons.length === 0;
  // A presence message must not swap Start under a click that is under way.
  update(el("controls"), buttons);
}

/** The join form, while the table waits and has a free seat this browser may take. */
export function showJoin(page, table) {
  const canJoin = !page.token && table.status === "waiting" && table.free_seats.length > 0;
  el("join").hidden = !canJoin;
  if (!canJoin) return;
  const select = el("join-seat");
  const current = select.value;
  replace(select, table.seats.filter((s) => s.free).map((s) =>
    h("option", { value: s.seat, selected: String(s.seat) === current }, s.name)));
  const name = el("join-name");
  if (!name.value) name.value = localStorage.getItem("pickletable:name") || "";
  el("join-offer").textContent = offerText(table);
}

/** Move to another table (a rematch) once, with this browser's seat token. */
export function goToTable(page, id) {
  if (leaving) return;
  leaving = true;
  if (page.token) keepSeatToken(id, page.token);
  location.href = `/table/${id}`;
}

// --- helpers -------------------------------------------------------------------------
/** Whole seconds until an away seat may be handed to a bot (the server's figure, counted down). */
function handOverIn(page, seat) {
  return Math.max(0, Math.ceil((seat.hand_over_in || 0) - (Date.now() - page.viewAt) / 1000));
}

/** A table whose stored steps stop replaying under these rules: why, its record, a rematch. */
function readOnlyControls(page, buttons) {
  const { view } = page;
  const table = view.table;
  const stops = table.read_only;
  const finished = view.status === "over";
  buttons.push(h("p", { class: "read-only-note", id: "read-only" },
    `Read-only: ${finished ? "this game was finished" : "this game cannot go on"}. `
    + `Its replay goes as far as step ${stops.step - 1}; its record holds all ${stops.steps} steps.`));
  buttons.push(...rematchControls(table, view.you, page.token,
    { open: (id) => goToTable(page, id), refuse, label: "Rematch under the current rules" }));
  buttons.push(...recordLinks(page.tableId, table));
}

function recordLinks(tableId, table) {
  return [
    h("a", { id: "replay-link", class: "button", href: `/table/${tableId}/replay` }, "Replay"),
    h("a", { id: "record-link", class: "button", href: `/api/tables/${tableId}/record`,
      download: `pickletable-${table.game}-${tableId}.json` }, "Download record"),
  ];
}

/** What the invite link offers: the game, who plays already, the seats free. */
function offerText(table) {
  const taken = table.seats.filter((s) => !s.free).map((s) => `${s.label} (${s.name})`);
  const free = table.seats.filter((s) => s.free).map((s) => s.name);
  return `${table.title} for ${table.players}${taken.length ? `, with ${taken.join(", ")}` : ""}. `
    + `Free: ${free.join(", ")}. Join to play; the game begins when a seated player starts it.`;
}

// --- requests ------------------------------------------------------------------------
async function join(event, page, connect) {
  event.preventDefault();
  el("join-error").textContent = "";
  const name = el("join-name").value.trim();
  try {
    const joined = await api(`/api/tables/${page.tableId}/join`, {
      method: "POST", body: { name, seat: parseInt(el("join-seat").value, 10) },
    });
    localStorage.setItem("pickletable:name", name);
    keepSeatToken(page.tableId, joined.token);
    page.token = joined.token;
    el("join").hidden = true;
    connect();
  } catch (error) {
    el("join-error").textContent = error.message;
  }
}

async function startGame(page, fillWithBots) {
  await request(page, `/api/tables/${page.tableId}/start`, { fill_with_bots: fillWithBots });
}

async function openSeat(page, seat) {
  await request(page, `/api/tables/${page.tableId}/seats/${seat}/invite`, undefined);
}

async function makeRated(page) {
  await request(page, `/api/tables/${page.tableId}/rated`, undefined);
  if (!el("refusal").textContent) el("rated").textContent = "Rated game ✓";
}

async function handToBot(page, seat) {
  await request(page, `/api/tables/${page.tableId}/seats/${seat}/bot`, { level: "medium" });
}

/** Ask before leaving: a dialog on the page (Cancel / Leave), Escape cancels. */
function confirmLeave(page) {
  if (el("leave-dialog")) return;
  const previous = document.activeElement;
  const close = () => {
    document.removeEventListener("keydown", onEscape, true);
    dialog.remove();
    if (previous && previous.isConnected) previous.focus();
  };
  const onEscape = (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  const cancel = h("button", { id: "leave-cancel", type: "button", onclick: close }, "Cancel");
  const dialog = h("div", { id: "leave-dialog", class: "dialog-backdrop" },
    h("div", { class: "dialog panel", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "leave-dialog-title" },
    h("h2", { id: "leave-dialog-title" }, "Leave the game?"),
    h("p", {}, "A bot will play your seat from now on. While the game lasts, this browser can "
      + "take the seat back with “Take my seat back”."),
    h("div", { class: "dialog-buttons" }, cancel,
      h("button", { id: "leave-confirm", type: "button", class: "danger",
        onclick: async () => { close(); await handToBot(page, page.view.you); } }, "Leave"))));
  document.addEventListener("keydown", onEscape, true);
  document.body.append(dialog);
  cancel.focus();
}

async function reclaim(page) {
  await request(page, `/api/tables/${page.tableId}/seats/${page.view.you}/reclaim`, undefined);
}

function refuse(message) {
  el("refusal").textContent = message;
  el("actions-panel").hidden = false;
}

async function request(page, path, body) {
  el("refusal").textContent = "";
  try {
    return await api(path, { method: "POST", body, token: page.token });
  } catch (error) {
    refuse(error.message);
    return null;
  }
}

async function copyInvite(page) {
  const link = `${location.origin}/table/${page.tableId}`;
  try {
    await navigator.clipboard.writeText(link);
    el("invite").textContent = "Link copied";
  } catch {
    window.prompt("Share this link:", link);
  }
  setTimeout(() => { el("invite").textContent = "Copy invite link"; }, 2000);
}
