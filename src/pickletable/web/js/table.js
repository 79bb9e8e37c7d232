// A table: join a seat or watch, play through the live socket, rematch, replay.
//
// The page's entry: it keeps the table's state (`page`) and draws each view; the seats
// and the table's controls are in seats.js, the turn alerts and the moves the page
// answers by itself in yourturn.js.

import { api, applyPatch, keepSeatToken, seatToken, TableSocket } from "./api.js";
import { h, replace, update } from "./dom.js";
import { indexFor, keyFor } from "./keys.js";
import { coachingAfter, setUpCoaching } from "./coaching.js";
import { showSummary } from "./summary.js";
import { timeLeft } from "./mytables.js";
import { setUpUndo, undoAfter } from "./undo.js";
import { moveHelpAfter, setUpMoveHelp } from "./movehelp.js";
import { showTheTable } from "./dock.js";
import { goToTable, renderControls, renderSeats, setUpSeats, showJoin } from "./seats.js";
import {
  alertTurn, answerFormality, forgetAnsweredStep, isFormality, isMyTurn, readNotes, setUpRollForMe, setUpSound,
} from "./yourturn.js";

const tableId = location.pathname.split("/")[2];
const el = (id) => document.getElementById(id);
/** What the page's modules share: the table, this browser's seat, the view drawn. */
const page = {
  tableId,
  token: seatToken(tableId),
  view: null,
  viewAt: 0, // when the view arrived: its hand-over countdowns count from then
  log: [],
  notes: readNotes(tableId), // lines of this page's own: formalities answered for the person
  title: "pickletable",
};
let socket = null;
let renderer = null;
let awaitingWhole = false;
let clockTimer = null;
let focusedStep = null; // the step whose first move got the focus
let announced = { step: null, lines: 0 }; // what the live region last said
let ended = false;

async function start() {
  let info;
  try {
    info = await api(`/api/tables/${tableId}`, { token: page.token });
  } catch (error) {
    if (error.status === 404) noSuchTable();
    else el("prompt").textContent = error.message;
    return;
  }
  if (page.token && info.you === null) {
    keepSeatToken(tableId, null);
    page.token = null;
  }
  const helpReady = setUpMoveHelp(info.game);
  renderer = await import(`/static/js/games/${info.game}.js`);
  el("title").textContent = info.title;
  page.title = `pickletable — ${info.title}`;
  document.title = page.title;
  setUpSound();
  setUpRollForMe(renderer, () => { if (page.view) render(); });
  setUpCoaching(tableId, () => page.token, () => page.view);
  setUpUndo(tableId, () => page.token);
  el("rules-link").href = `/rules/${info.game}`;
  setUpSeats(page, { connect });
  document.addEventListener("keydown", onKey);
  showJoin(page, info);
  await helpReady;
  connect();
}

/** A link to a table that does not exist (or no longer does): say so, offer the lobby. */
function noSuchTable() {
  document.title = "pickletable — no such table";
  document.body.dataset.status = "missing";
  el("title").textContent = "No such table";
  el("invite").hidden = true;
  el("join").hidden = true;
  replace(el("table-main"), h("section", { id: "missing", class: "panel" },
    h("h2", {}, "No such table"),
    h("p", {}, `There is no table “${decodeURIComponent(tableId || "")}” here: the link may be mistyped, `
      + "or the table was never made on this server."),
    h("p", {}, h("a", { class: "button primary", href: "/" }, "Go to the lobby to start or join a game"))));
}

function connect() {
  if (socket) socket.close();
  socket = new TableSocket(tableId, page.token, { onMessage, onStatus });
}

function onStatus(status) {
  if (status === "connected") {
    document.body.dataset.connections = Number(document.body.dataset.connections || 0) + 1;
    // An answer sent just as the connection went may not have arrived: the view the new
    // connection brings is answered again if it still asks (the server plays it once).
    forgetAnsweredStep();
  }
  el("connection").textContent = status === "connected" ? "" : "Reconnecting to the table…";
  document.body.classList.toggle("offline", status !== "connected");
}

function onMessage(message) {
  if (message.type === "patch") {
    const whole = applyPatch(page.view, message);
    if (!whole) {  // a message was missed: ask once for the whole view, drop patches till then
      if (!awaitingWhole) socket.sync();
      awaitingWhole = true;
      return;
    }
    message = whole;
  }
  if (message.type === "view") {
    awaitingWhole = false;
    if (message.log_start > page.log.length) {
      socket.sync();
      return;
    }
    page.log = page.log.slice(0, message.log_start).concat(message.log);
    page.view = message;
    page.viewAt = Date.now();
    render();
  } else if (message.type === "refused") {
    el("refusal").textContent = message.message;
  } else if (message.type === "rematch") {
    goToTable(page, message.table);
  }
}

// --- rendering ------------------------------------------------------------------
function render() {
  const { view } = page;
  const table = view.table;
  document.body.dataset.status = view.status;
  document.body.dataset.step = view.step;
  document.body.classList.toggle("read-only", Boolean(view.read_only));
  document.body.classList.toggle("my-turn", isMyTurn(view));
  if (undoAfter(view)) { // moves were taken back: the log and the steps seen are others now
    replace(el("log"));
    focusedStep = null;
    forgetAnsweredStep();
    announced = { step: null, lines: 0 };
  }
  if (view.routine) el("roll-for-me-box").hidden = false;
  alertTurn(page);
  el("prompt").textContent = promptText();
  showJoin(page, table);
  const refocus = keptFocus();
  renderer.render(el("board"), view, context());
  renderActions();
  moveHelpAfter();
  answerFormality(page, { act, renderLog });
  renderSeats(page);
  renderControls(page);
  renderLog();
  renderClock();
  announce();
  coachingAfter(view);
  if (refocus) refocus();
  focusNextMove();
  if (view.status === "over" && !view.read_only) showEnd();
}

/** The live region says what happened since it last spoke and whose turn it is now. */
function announce() {
  if (announced.step === page.view.step) return;
  const fresh = page.log.slice(announced.lines).slice(-3);
  announced = { step: page.view.step, lines: page.log.length };
  const prompt = promptText(); // said once when the log's last line already says it
  const said = fresh.length && fresh[fresh.length - 1].replace(/\.$/, "") === prompt;
  el("announce").textContent = [...fresh, said ? null : prompt].filter(Boolean).join(" ");
}

/**
 * A switch that keeps the focus (`data-keeps-focus`) keeps it through a redraw too: a
 * new view that arrives just after the person pressed it draws a new element in its
 * place, and the focus goes to that one (by its id).
 */
function keptFocus() {
  const id = document.activeElement?.closest?.("[data-keeps-focus]")?.id;
  if (!id) return null;
  return () => {
    const again = document.getElementById(id);
    if (again && document.activeElement !== again) again.focus({ preventScroll: true });
  };
}

/**
 * A new prompt of the person's own puts the focus on its first move (a key press away),
 * unless the person is busy elsewhere on the page (a field, a link) or on a switch that
 * keeps the focus (`data-keeps-focus`, such as the card game's Lay down).
 */
function focusNextMove() {
  if (!isMyTurn(page.view) || focusedStep === page.view.step) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected
    || Boolean(active.closest("#actions, #board, #dock"));
  if (!lost || (active.isConnected && active.closest("[data-keeps-focus]"))) return;
  const first = document.querySelector("#actions button.action") || document.querySelector("#board button.playable");
  if (!first) return;
  focusedStep = page.view.step;
  const phone = document.body.classList.contains("phone");
  first.focus({ preventScroll: phone });
  // On a phone the table comes up above the dock (dock.js measures the dock once this
  // render's changes are in).
  if (phone) requestAnimationFrame(showTheTable);
}

/** At the end: the summary, and the page back at its top with the focus on Rematch. */
function showEnd() {
  showSummary(tableId, document.querySelector(".layout"));
  if (ended) return;
  ended = true;
  window.scrollTo(0, 0);
  el("rematch")?.focus({ preventScroll: true });
}

function promptText() {
  const { view } = page;
  if (view.read_only) return view.read_only;
  if (view.status === "waiting") {
    const free = view.table.free_seats.length;
    if (view.you === null) {
      return free ? "This game has not started: take a free seat to play, or watch."
        : "This game has not started: it begins when one of its players starts it.";
    }
    return free ? `Waiting for ${free} more player${free === 1 ? "" : "s"}: share the invite link.`
      : "Everyone is seated: start the game.";
  }
  if (view.status === "over") {
    const outcome = view.table.outcome;
    return `Game over. ${outcome ? outcome.text : ""}`;
  }
  if (isFormality(view)) return view.prompt;
  if (view.legal.length) return `Your move — ${view.prompt}`;
  return view.prompt;
}

function context() {
  const legal = new Map(page.view.legal.map((choice) => [choice.action, choice.label]));
  return {
    you: page.view.you,
    legal,
    act,
    waiting: page.view.status === "waiting" ? waitingText(page.view.table) : null,
    seatLabel: (seat) => {
      const found = page.view.table.seats.find((s) => s.seat === seat);
      return found ? found.label : "";
    },
  };
}

/** What a table that has not started can truly say: who has joined, how many seats are free. */
function waitingText(table) {
  const people = table.seats.filter((seat) => seat.kind === "human" && !seat.free).map((seat) => seat.player);
  const free = table.free_seats.length;
  const who = names(people).length <= 24 ? names(people) : `${people.length} players`; // fits the court
  const joined = people.length ? `${who} ${people.length === 1 ? "has" : "have"} joined`
    : "nobody has joined yet";
  const seats = free ? `${free} seat${free === 1 ? "" : "s"} free` : "waiting for Start";
  return `Not started: ${joined} · ${seats}`;
}

function names(list) {
  return list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

function act(action) {
  el("refusal").textContent = "";
  return socket.act(action, page.view.step);
}

function renderActions() {
  const { view } = page;
  const panel = el("actions-panel");
  const seated = view.you !== null;
  panel.hidden = !seated || view.status !== "playing" || Boolean(view.read_only);
  el("actions-title").textContent = view.legal.length && !isFormality(view) ? "Your move" : "Waiting";
  if (!view.legal.length || isFormality(view)) {
    const text = isFormality(view) && view.routine ? `${view.legal[0].label}: in a moment, for you`
      : view.status === "playing" ? view.prompt : "";
    update(el("actions"), h("p", { class: "note" }, text));
    return;
  }
  // A view that changes nothing here (someone's presence) leaves the buttons under a tap.
  update(el("actions"), view.legal.map((choice, index) => {
    const button = h("button", {
      type: "button",
      class: "action",
      // its whole words, for a long press in a folded phone dock (movehelp.js)
      dataset: { action: choice.action, help: [choice.label, choice.help].filter(Boolean).join(": ") },
      title: choice.help ? `${choice.action}: ${choice.help}` : choice.action,
      onclick: () => act(choice.action),
    }, keyFor(index) ? h("kbd", {}, keyFor(index)) : null, moveLabel(choice));
    if (!choice.help) return button;
    // What the card does, in words under the move: screen readers hear it with the button.
    const id = `move-help-${index}`;
    button.setAttribute("aria-describedby", id);
    return h("div", { class: "action-with-help" }, button,
      h("p", { id, class: "note move-help" }, choice.help));
  }));
}

/**
 * A move's words: its label, and where the game module has one (`shortLabel`) a short
 * form, which a folded phone dock shows instead (style.css); the whole label stays in the
 * button's name (after the short form: what it shows is what a voice command says) and on
 * a long press.
 */
function moveLabel(choice) {
  const short = renderer.shortLabel ? renderer.shortLabel(choice, page.view) : null;
  if (!short || short === choice.label) return choice.label;
  return [h("span", { class: "move-short" }, short),
    h("span", { class: "move-sep" }, ": "), h("span", { class: "move-long" }, choice.label)];
}

/** The table's log with this page's own notes where they happened. */
function logLines() {
  const lines = [];
  let next = 0;
  page.log.forEach((line, index) => {
    while (next < page.notes.length && page.notes[next].at <= index) lines.push(page.notes[next++]);
    lines.push({ text: line });
  });
  while (next < page.notes.length && page.notes[next].at <= page.log.length) lines.push(page.notes[next++]);
  return lines;
}

function renderLog() {
  const list = el("log");
  const lines = logLines();
  if (list.children.length > lines.length) replace(list);
  const fresh = lines.slice(list.children.length);
  for (const line of fresh) {
    list.append(h("li", line.at === undefined ? {} : { class: "answered" }, line.text));
  }
  if (fresh.length) list.scrollTop = list.scrollHeight; // (reading the height lays the page out)
}

function renderClock() {
  clearInterval(clockTimer);
  const box = el("clock");
  const clock = page.view.clock;
  box.hidden = !clock;
  if (!clock) return;
  const name = page.view.table.seats.find((s) => s.seat === clock.seat)?.name || "";
  const tick = () => {
    const left = Math.max(0, Math.round(clock.deadline - Date.now() / 1000));
    box.textContent = `${name}'s clock: ${page.view.table.turn_based ? timeLeft(left) : `${left} s`}`;
    box.classList.toggle("urgent", left <= 10);
  };
  tick();
  clockTimer = setInterval(tick, 1000);
}

function onKey(event) {
  if (el("leave-dialog")) return; // the dialog has the keys while it is open
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (page.view && page.view.legal.length && !isFormality(page.view)) {
    const choice = page.view.legal[indexFor(event.key)];
    if (choice) {
      event.preventDefault();
      act(choice.action);
    }
  }
}

start();
