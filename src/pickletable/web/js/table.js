// A table: join a seat or watch, play through the live socket, rematch, replay.

import { api, applyPatch, keepSeatToken, seatToken, TableSocket } from "./api.js";
import { h, replace, update } from "./dom.js";
import { indexFor, keyFor } from "./keys.js";
import { coachingAfter, setUpCoaching } from "./coaching.js";
import { rematchControls } from "./rematch.js";
import { showSummary } from "./summary.js";
import { timeLeft } from "./mytables.js";
import { setUpUndo, undoAfter } from "./undo.js";
import { moveHelpAfter, setUpMoveHelp } from "./movehelp.js";
import { showTheTable } from "./dock.js";

const tableId = location.pathname.split("/")[2];
const el = (id) => document.getElementById(id);
let token = seatToken(tableId);
let socket = null;
let renderer = null;
let view = null;
let awaitingWhole = false;
let log = [];
let clockTimer = null;
let awayTimer = null;
let viewAt = 0; // when the view arrived: its hand-over countdowns count from then
let leaving = false;
let formalityTimer = null;
let formalityStep = null;
let pageTitle = "pickletable";
let wasMyTurn = false;
let audio = null;
let focusedStep = null; // the step whose first move got the focus
let announced = { step: null, lines: 0 }; // what the live region last said
let ended = false;
const SOUND_KEY = "pickletable:sound";
const ROLL_KEY = "pickletable:roll-for-me";
const FAVICON = "/static/favicon.svg";
const TURN_FAVICON = "/static/favicon-turn.svg";
const notesKey = `pickletable:answered:${tableId}`;
const notes = readNotes(); // lines of this page's own: formalities answered for the person

function readNotes() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(notesKey) || "[]");
    return Array.isArray(kept) ? kept.filter((note) => Number.isInteger(note.at) && typeof note.text === "string") : [];
  } catch {
    return [];
  }
}

async function start() {
  let info;
  try {
    info = await api(`/api/tables/${tableId}`, { token });
  } catch (error) {
    if (error.status === 404) noSuchTable();
    else el("prompt").textContent = error.message;
    return;
  }
  if (token && info.you === null) {
    keepSeatToken(tableId, null);
    token = null;
  }
  const helpReady = setUpMoveHelp(info.game);
  renderer = await import(`/static/js/games/${info.game}.js`);
  el("title").textContent = info.title;
  pageTitle = `pickletable — ${info.title}`;
  document.title = pageTitle;
  setUpSound();
  setUpRollForMe(renderer);
  setUpCoaching(tableId, () => token, () => view);
  setUpUndo(tableId, () => token);
  el("rules-link").href = `/rules/${info.game}`;
  el("invite").addEventListener("click", copyInvite);
  el("join-form").addEventListener("submit", join);
  document.addEventListener("keydown", onKey);
  showJoin(info);
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
  socket = new TableSocket(tableId, token, { onMessage, onStatus });
}

function onStatus(status) {
  if (status === "connected") document.body.dataset.connections = Number(document.body.dataset.connections || 0) + 1;
  el("connection").textContent = status === "connected" ? "" : "Reconnecting to the table…";
  document.body.classList.toggle("offline", status !== "connected");
}

function onMessage(message) {
  if (message.type === "patch") {
    const whole = applyPatch(view, message);
    if (!whole) {  // a message was missed: ask once for the whole view, drop patches till then
      if (!awaitingWhole) socket.sync();
      awaitingWhole = true;
      return;
    }
    message = whole;
  }
  if (message.type === "view") {
    awaitingWhole = false;
    if (message.log_start > log.length) {
      socket.sync();
      return;
    }
    log = log.slice(0, message.log_start).concat(message.log);
    view = message;
    viewAt = Date.now();
    render();
  } else if (message.type === "refused") {
    el("refusal").textContent = message.message;
  } else if (message.type === "rematch") {
    goToTable(message.table);
  }
}

// --- rendering ------------------------------------------------------------------
function render() {
  const table = view.table;
  document.body.dataset.status = view.status;
  document.body.dataset.step = view.step;
  document.body.classList.toggle("read-only", Boolean(view.read_only));
  document.body.classList.toggle("my-turn", isMyTurn());
  if (undoAfter(view)) { // moves were taken back: the log and the steps seen are others now
    replace(el("log"));
    focusedStep = formalityStep = null;
    announced = { step: null, lines: 0 };
  }
  if (view.routine) el("roll-for-me-box").hidden = false;
  alertTurn();
  el("prompt").textContent = promptText();
  showJoin(table);
  const refocus = keptFocus();
  renderer.render(el("board"), view, context());
  renderActions();
  moveHelpAfter();
  answerFormality();
  renderSeats(table);
  renderControls(table);
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
  if (announced.step === view.step) return;
  const fresh = log.slice(announced.lines).slice(-3);
  announced = { step: view.step, lines: log.length };
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
  if (!isMyTurn() || focusedStep === view.step) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected
    || Boolean(active.closest("#actions, #board, #dock"));
  if (!lost || (active.isConnected && active.closest("[data-keeps-focus]"))) return;
  const first = document.querySelector("#actions button.action") || document.querySelector("#board button.playable");
  if (!first) return;
  focusedStep = view.step;
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
  if (isFormality()) return view.prompt;
  if (view.legal.length) return `Your move — ${view.prompt}`;
  return view.prompt;
}

function context() {
  const legal = new Map(view.legal.map((choice) => [choice.action, choice.label]));
  return {
    you: view.you,
    legal,
    act,
    waiting: view.status === "waiting" ? waitingText(view.table) : null,
    seatLabel: (seat) => {
      const found = view.table.seats.find((s) => s.seat === seat);
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
  socket.act(action, view.step);
}

/** Whether the viewer has a real choice to make now (not a formality the page answers). */
function isMyTurn() {
  return view.status === "playing" && !view.read_only && view.legal.length > 0 && !isFormality();
}

// --- turn alerts ------------------------------------------------------------------
/** The tab title and favicon say when it is the viewer's turn; a beep too, if asked for. */
function alertTurn() {
  const mine = isMyTurn();
  document.title = mine ? "▶ Your move — pickletable" : pageTitle;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.setAttribute("href", mine ? TURN_FAVICON : FAVICON);
  if (mine && !wasMyTurn && el("sound").checked) beep();
  wasMyTurn = mine;
}

function setUpSound() {
  const box = el("sound");
  box.checked = localStorage.getItem(SOUND_KEY) === "on";
  box.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
    if (box.checked) beep(); // a click allows the page to play sound; let the person hear it
  });
}

/** A short beep from the Web Audio API (no audio file). */
function beep() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch { /* no Web Audio here: the title and the icon still say it */ }
}

/**
 * Whether the seat's one choice is one this page answers by itself: a formality, or a
 * routine move (the board game's lone roll or serve) when the person ticked "Roll for me".
 */
function isFormality() {
  const answered = Boolean(view.formality) || (Boolean(view.routine) && rollForMe());
  return answered && view.legal.length === 1 && view.status === "playing" && !view.read_only;
}

/** "Roll for me": on unless the person turned it off (the choice lasts in this browser). */
function rollForMe() {
  return localStorage.getItem(ROLL_KEY) !== "off";
}

/**
 * The "Roll for me" box, shown at tables whose game has routine moves (its client module
 * says so with `routineMoves`, as the board game's dice), or once a view offers one.
 */
function setUpRollForMe(gameModule) {
  const box = el("roll-for-me");
  el("roll-for-me-box").hidden = !gameModule.routineMoves;
  box.checked = rollForMe();
  box.addEventListener("change", () => {
    localStorage.setItem(ROLL_KEY, box.checked ? "on" : "off");
    if (view) render();
  });
}

/**
 * Answer a formality (decline a POACH window without a POACH, say) after the table's fixed
 * pause, the same whatever the hand: a window with a person in it closes no sooner for
 * someone who holds nothing. Shows no button, no countdown, no per-seat progress.
 */
function answerFormality() {
  if (!isFormality()) {
    clearTimeout(formalityTimer);
    formalityTimer = null;
    formalityStep = null;
    return;
  }
  if (formalityStep === view.step) return; // already waiting to answer this one
  clearTimeout(formalityTimer);
  formalityStep = view.step;
  const step = view.step;
  const choice = view.legal[0];
  const pause = Math.max(0, Number(view.formality_pause ?? 1.5)) * 1000;
  formalityTimer = setTimeout(() => {
    formalityTimer = null;
    if (!view || view.step !== step || !isFormality()) return;
    notes.push({ at: log.length, text: `(answered for you: ${choice.label})` });
    try {
      sessionStorage.setItem(notesKey, JSON.stringify(notes));
    } catch { /* private mode: the note lasts as long as the page */ }
    renderLog();
    act(choice.action);
  }, pause);
}

function renderActions() {
  const panel = el("actions-panel");
  const seated = view.you !== null;
  panel.hidden = !seated || view.status !== "playing" || Boolean(view.read_only);
  el("actions-title").textContent = view.legal.length && !isFormality() ? "Your move" : "Waiting";
  if (!view.legal.length || isFormality()) {
    const text = isFormality() && view.routine ? `${view.legal[0].label}: in a moment, for you`
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
  const short = renderer.shortLabel ? renderer.shortLabel(choice, view) : null;
  if (!short || short === choice.label) return choice.label;
  return [h("span", { class: "move-short" }, short),
    h("span", { class: "move-sep" }, ": "), h("span", { class: "move-long" }, choice.label)];
}

/** Whole seconds until an away seat may be handed to a bot (the server's figure, counted down). */
function handOverIn(seat) {
  return Math.max(0, Math.ceil((seat.hand_over_in || 0) - (Date.now() - viewAt) / 1000));
}

function renderSeats(table) {
  clearTimeout(awayTimer);
  let counting = false;
  update(el("seat-list"), table.seats.map((seat) => {
    const acting = view.status === "playing" && !view.read_only && view.to_act === seat.seat;
    const mine = view.you === seat.seat;
    // a turn-based table waits for its players: only a run-out clock hands a seat over
    const away = !table.turn_based && view.you !== null && !mine && seat.kind === "human" && !seat.free
      && !seat.connected && view.status === "playing" && !view.read_only;
    const wait = away ? handOverIn(seat) : 0;
    counting = counting || wait > 0;
    const canHand = away && wait === 0;
    const canInvite = view.you !== null && seat.kind === "bot" && view.status === "waiting" && !view.read_only;
    return h("li", { class: `seat${acting ? " acting" : ""}${mine ? " mine" : ""}` },
      h("span", { class: `dot ${seat.connected ? "on" : "off"}`, "aria-hidden": "true" }),
      h("strong", {}, seat.name), " ", h("span", {}, seat.label), mine ? h("em", {}, " (you)") : null,
      h("small", { class: "presence" }, seat.connected ? "here" : "away"),
      acting ? h("span", { class: "badge" }, "to act") : null,
      away ? h("button", { type: "button", class: "small hand-over", disabled: !canHand,
        onclick: () => handToBot(seat.seat) }, "Hand to a bot") : null,
      wait > 0 ? h("small", { class: "countdown", role: "timer" },
        acting ? ` A bot may take this turn in ${wait} s` : ` in ${wait} s`) : null,
      canInvite ? h("button", { type: "button", class: "small", onclick: () => openSeat(seat.seat) },
        "Invite a friend here instead") : null);
  }));
  if (counting) awayTimer = setTimeout(() => renderSeats(view.table), 1000);
}

function renderControls(table) {
  const seated = view.you !== null;
  const buttons = [];
  if (view.read_only) {
    readOnlyControls(table, buttons);
  } else if (view.status === "waiting" && seated) {
    const free = table.free_seats.length;
    buttons.push(h("button", { id: "start", type: "button", class: "primary", disabled: free > 0,
      onclick: () => startGame(false) }, "Start the game"));
    if (free) {
      buttons.push(h("button", { id: "start-bots", type: "button", onclick: () => startGame(true) },
        `Start with bots in the ${free} free seat${free === 1 ? "" : "s"}`));
    }
    buttons.push(h("button", { id: "rated", type: "button", onclick: makeRated,
      title: "every person at the table must be signed in" }, "Make this game rated"));
  }
  if (view.status === "playing" && !view.read_only && seated && table.seats.find((s) => s.seat === view.you).kind === "human") {
    buttons.push(h("button", { id: "leave", type: "button", onclick: confirmLeave },
      "Leave: a bot takes my seat"));
  }
  if (view.status === "playing" && !view.read_only && seated && table.seats.find((s) => s.seat === view.you).kind === "bot") {
    buttons.push(h("p", { class: "note" }, "You left: a bot plays your seat."));
    buttons.push(h("button", { id: "reclaim", type: "button", class: "primary", onclick: reclaim },
      "Take my seat back"));
  }
  if (view.status === "over" && !view.read_only) {
    // who won is said once, in the status bar above (and by the live region)
    buttons.push(...rematchControls(table, view.you, token, { open: goToTable, refuse }));
    buttons.push(...recordLinks(table));
  }
  if (view.you === null && view.status !== "waiting") {
    buttons.push(h("p", { class: "note" }, "You are watching as a spectator."));
  }
  el("controls").hidden = buttons.length === 0;
  // A presence message must not swap Start under a click that is under way.
  update(el("controls"), buttons);
}

/** A table whose stored steps stop replaying under these rules: why, its record, a rematch. */
function readOnlyControls(table, buttons) {
  const stops = table.read_only;
  const finished = view.status === "over";
  buttons.push(h("p", { class: "read-only-note", id: "read-only" },
    `Read-only: ${finished ? "this game was finished" : "this game cannot go on"}. `
    + `Its replay goes as far as step ${stops.step - 1}; its record holds all ${stops.steps} steps.`));
  buttons.push(...rematchControls(table, view.you, token,
    { open: goToTable, refuse, label: "Rematch under the current rules" }));
  buttons.push(...recordLinks(table));
}

function recordLinks(table) {
  return [
    h("a", { id: "replay-link", class: "button", href: `/table/${tableId}/replay` }, "Replay"),
    h("a", { id: "record-link", class: "button", href: `/api/tables/${tableId}/record`,
      download: `pickletable-${table.game}-${tableId}.json` }, "Download record"),
  ];
}

/** The table's log with this page's own notes where they happened. */
function logLines() {
  const lines = [];
  let next = 0;
  log.forEach((line, index) => {
    while (next < notes.length && notes[next].at <= index) lines.push(notes[next++]);
    lines.push({ text: line });
  });
  while (next < notes.length && notes[next].at <= log.length) lines.push(notes[next++]);
  return lines;
}

function renderLog() {
  const list = el("log");
  const lines = logLines();
  if (list.children.length > lines.length) replace(list);
  for (const line of lines.slice(list.children.length)) {
    list.append(h("li", line.at === undefined ? {} : { class: "answered" }, line.text));
  }
  list.scrollTop = list.scrollHeight;
}

function renderClock() {
  clearInterval(clockTimer);
  const box = el("clock");
  const clock = view.clock;
  box.hidden = !clock;
  if (!clock) return;
  const name = view.table.seats.find((s) => s.seat === clock.seat)?.name || "";
  const tick = () => {
    const left = Math.max(0, Math.round(clock.deadline - Date.now() / 1000));
    box.textContent = `${name}'s clock: ${view.table.turn_based ? timeLeft(left) : `${left} s`}`;
    box.classList.toggle("urgent", left <= 10);
  };
  tick();
  clockTimer = setInterval(tick, 1000);
}

function showJoin(table) {
  const canJoin = !token && table.status === "waiting" && table.free_seats.length > 0;
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

/** What the invite link offers: the game, who plays already, the seats free. */
function offerText(table) {
  const taken = table.seats.filter((s) => !s.free).map((s) => `${s.label} (${s.name})`);
  const free = table.seats.filter((s) => s.free).map((s) => s.name);
  return `${table.title} for ${table.players}${taken.length ? `, with ${taken.join(", ")}` : ""}. `
    + `Free: ${free.join(", ")}. Join to play; the game begins when a seated player starts it.`;
}

// --- requests ------------------------------------------------------------------------
async function join(event) {
  event.preventDefault();
  el("join-error").textContent = "";
  const name = el("join-name").value.trim();
  try {
    const joined = await api(`/api/tables/${tableId}/join`, {
      method: "POST", body: { name, seat: parseInt(el("join-seat").value, 10) },
    });
    localStorage.setItem("pickletable:name", name);
    keepSeatToken(tableId, joined.token);
    token = joined.token;
    el("join").hidden = true;
    connect();
  } catch (error) {
    el("join-error").textContent = error.message;
  }
}

async function startGame(fillWithBots) {
  await request(`/api/tables/${tableId}/start`, { fill_with_bots: fillWithBots });
}

async function openSeat(seat) {
  await request(`/api/tables/${tableId}/seats/${seat}/invite`, undefined);
}

async function makeRated() {
  await request(`/api/tables/${tableId}/rated`, undefined);
  if (!el("refusal").textContent) el("rated").textContent = "Rated game ✓";
}

async function handToBot(seat) {
  await request(`/api/tables/${tableId}/seats/${seat}/bot`, { level: "medium" });
}

/** Ask before leaving: a dialog on the page (Cancel / Leave), Escape cancels. */
function confirmLeave() {
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
        onclick: async () => { close(); await handToBot(view.you); } }, "Leave"))));
  document.addEventListener("keydown", onEscape, true);
  document.body.append(dialog);
  cancel.focus();
}

async function reclaim() {
  await request(`/api/tables/${tableId}/seats/${view.you}/reclaim`, undefined);
}

function refuse(message) {
  el("refusal").textContent = message;
  el("actions-panel").hidden = false;
}

/** Move to another table (a rematch) once, with this browser's seat token. */
function goToTable(id) {
  if (leaving) return;
  leaving = true;
  if (token) keepSeatToken(id, token);
  location.href = `/table/${id}`;
}

async function request(path, body) {
  el("refusal").textContent = "";
  try {
    return await api(path, { method: "POST", body, token });
  } catch (error) {
    el("refusal").textContent = error.message;
    el("actions-panel").hidden = false;
    return null;
  }
}

async function copyInvite() {
  const link = `${location.origin}/table/${tableId}`;
  try {
    await navigator.clipboard.writeText(link);
    el("invite").textContent = "Link copied";
  } catch {
    window.prompt("Share this link:", link);
  }
  setTimeout(() => { el("invite").textContent = "Copy invite link"; }, 2000);
}

function onKey(event) {
  if (el("leave-dialog")) return; // the dialog has the keys while it is open
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (view && view.legal.length && !isFormality()) {
    const choice = view.legal[indexFor(event.key)];
    if (choice) {
      event.preventDefault();
      act(choice.action);
    }
  }
}

start();
