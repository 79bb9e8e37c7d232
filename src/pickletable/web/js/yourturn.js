// The viewer's turn: the tab's title and icon, a beep if asked for, and the moves this
// page answers by itself (a formality, or a routine move under "Roll for me").
//
// The table's state comes in as `page` (table.js): the view, the log, the notes.

const el = (id) => document.getElementById(id);
const SOUND_KEY = "pickletable:sound";
const ROLL_KEY = "pickletable:roll-for-me";
const FAVICON = "/static/favicon.svg";
const TURN_FAVICON = "/static/favicon-turn.svg";
let wasMyTurn = false;
let audio = null;
let formalityTimer = null;
let formalityStep = null;

/** Whether the viewer has a real choice to make now (not a formality the page answers). */
export function isMyTurn(view) {
  return view.status === "playing" && !view.read_only && view.legal.length > 0 && !isFormality(view);
}

/**
 * Whether the seat's one choice is one this page answers by itself: a formality, or a
 * routine move (the board game's lone roll or serve) when the person ticked "Roll for me".
 */
export function isFormality(view) {
  const answered = Boolean(view.formality) || (Boolean(view.routine) && rollForMe());
  return answered && view.legal.length === 1 && view.status === "playing" && !view.read_only;
}

/** The tab title and favicon say when it is the viewer's turn; a beep too, if asked for. */
export function alertTurn(page) {
  const mine = isMyTurn(page.view);
  document.title = mine ? "▶ Your move — pickletable" : page.title;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.setAttribute("href", mine ? TURN_FAVICON : FAVICON);
  if (mine && !wasMyTurn && el("sound").checked) beep();
  wasMyTurn = mine;
}

export function setUpSound() {
  const box = el("sound");
  box.checked = localStorage.getItem(SOUND_KEY) === "on";
  box.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
    if (box.checked) beep(); // a click allows the page to play sound; let the person hear it
  });
}

/**
 * The "Roll for me" box, shown at tables whose game has routine moves (its client module
 * says so with `routineMoves`, as the board game's dice), or once a view offers one.
 * A change draws the table again (`render`): the move becomes the person's or the page's.
 */
export function setUpRollForMe(gameModule, render) {
  const box = el("roll-for-me");
  el("roll-for-me-box").hidden = !gameModule.routineMoves;
  box.checked = rollForMe();
  box.addEventListener("change", () => {
    localStorage.setItem(ROLL_KEY, box.checked ? "on" : "off");
    render();
  });
}

/**
 * Answer a formality (decline a POACH window without a POACH, say) after the table's fixed
 * pause, the same whatever the hand: a window with a person in it closes no sooner for
 * someone who holds nothing. Shows no button, no countdown, no per-seat progress.
 * Once answered, a note joins the page's own lines (`page.notes`, kept for the tab's
 * session), the log is drawn again (`renderLog`) and the move is sent (`act`).
 */
export function answerFormality(page, { act, renderLog }) {
  if (!isFormality(page.view)) {
    clearTimeout(formalityTimer);
    formalityTimer = null;
    formalityStep = null;
    return;
  }
  if (formalityStep === page.view.step) return; // already waiting to answer this one
  clearTimeout(formalityTimer);
  formalityStep = page.view.step;
  const step = page.view.step;
  const choice = page.view.legal[0];
  const pause = Math.max(0, Number(page.view.formality_pause ?? 1.5)) * 1000;
  formalityTimer = setTimeout(() => {
    formalityTimer = null;
    if (!page.view || page.view.step !== step || !isFormality(page.view)) return;
    if (!act(choice.action)) {
      formalityStep = null; // the connection is down: answered when it is back
      return;
    }
    const note = { at: page.log.length, text: `(answered for you: ${choice.label})` };
    const last = page.notes[page.notes.length - 1];
    if (last && last.at === note.at && last.text === note.text) return; // answered again
    page.notes.push(note);
    try {
      sessionStorage.setItem(notesKey(page.tableId), JSON.stringify(page.notes));
    } catch { /* private mode: the note lasts as long as the page */ }
    renderLog();
  }, pause);
}

/** Moves were taken back: a step seen before may come again, to be answered again. */
export function forgetAnsweredStep() {
  formalityStep = null;
}

/** The lines of this page's own (formalities answered for the person) this tab has kept. */
export function readNotes(tableId) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(notesKey(tableId)) || "[]");
    return Array.isArray(kept) ? kept.filter((note) => Number.isInteger(note.at) && typeof note.text === "string") : [];
  } catch {
    return [];
  }
}

function notesKey(tableId) {
  return `pickletable:answered:${tableId}`;
}

/** "Roll for me": on unless the person turned it off (the choice lasts in this browser). */
function rollForMe() {
  return localStorage.getItem(ROLL_KEY) !== "off";
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
