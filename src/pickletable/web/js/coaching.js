// Coaching at a casual table: the win chance (a checkbox, off until asked for, remembered)
// and the hint. Both come from the server, from this seat's own view only (a spectator's
// figure uses no hidden cards at all); a rated table refuses both and the page says why.

import { api } from "./api.js";

const ODDS_KEY = "pickletable:show-odds";
const el = (id) => document.getElementById(id);
let tableId = null;
let tokenOf = () => null;
let weighed = null; // the step whose win chance is shown (or asked for)
let hinted = null; // the step the hint on show is about

/** Wire the checkbox and the hint button; `token()` and `view()` give the page's current ones. */
export function setUpCoaching(id, token, view) {
  tableId = id;
  tokenOf = token;
  const box = el("show-odds");
  try {
    box.checked = localStorage.getItem(ODDS_KEY) === "on";
  } catch {
    box.checked = false;
  }
  box.addEventListener("change", () => {
    try {
      localStorage.setItem(ODDS_KEY, box.checked ? "on" : "off");
    } catch { /* private mode: not remembered */ }
    weighed = null;
    if (view()) coachingAfter(view());
  });
  el("hint").addEventListener("click", () => askHint(view()));
}

/** After each view: refresh the win chance if it is on, show the hint button on your turn. */
export function coachingAfter(view) {
  const playing = view.status === "playing" && !view.read_only;
  const wanted = el("show-odds").checked && playing;
  el("odds").hidden = !wanted;
  if (wanted && weighed !== view.step) showOdds(view);
  const myTurn = playing && view.you !== null && view.legal.length > 0;
  el("hint").hidden = !myTurn;
  if (hinted !== view.step) el("hint-text").textContent = "";
}

async function showOdds(view) {
  weighed = view.step;
  try {
    const answer = await api(`/api/tables/${tableId}/odds`, { token: tokenOf() });
    if (answer.step !== weighed) return; // the table moved on while it was weighed
    const seat = view.you ?? Number(Object.keys(answer.chances)[0]);
    const share = answer.chances[String(seat)] ?? 0;
    el("odds-fill").style.width = `${Math.round(share * 100)}%`;
    el("odds-line").textContent = answer.line;
  } catch (error) {
    el("odds-line").textContent = error.message;
    if (error.status === 409 && /rated/.test(error.message)) {
      el("show-odds").checked = false;
      el("show-odds").disabled = true;
    }
  }
}

async function askHint(view) {
  hinted = view.step;
  el("hint-text").textContent = "Thinking…";
  try {
    const answer = await api(`/api/tables/${tableId}/hint`, { method: "POST", token: tokenOf() });
    if (hinted === view.step) el("hint-text").textContent = answer.hint;
  } catch (error) {
    el("hint-text").textContent = error.message;
  }
}
