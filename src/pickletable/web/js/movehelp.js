// What a card or twist does, in one line, on the card itself: its tooltip and a line shown
// on hover, the same line while a card you may play has the keyboard's focus, and on a long
// press (touch; the press then plays nothing); screen readers hear it as the card's
// description. The lines are the game's own (`GET /api/games/{game}/move-help`,
// from `core/move_help.py`), matched to a card's name the way the server matches them.
// A game module marks a card with `data-card` (its name: "target-5", "dink", "7", or the
// move that would play it: "strategy lob") or, for a card it offers as a move,
// `data-action` ("play switch-4", "skill in-lob").

import { api } from "./api.js";
import { h } from "./dom.js";

const LONG_PRESS_MS = 500;
let lines = {};
let bubble = null;
let press = null; // the touch that may become a long press: {timer, x, y, target}
let swallowClick = false;
let shownFor = null; // the card whose line is on show

/** Fetch the game's lines and listen for hovers, focus and long presses on the page. */
export async function setUpMoveHelp(game) {
  try {
    lines = await api(`/api/games/${game}/move-help`);
  } catch {
    lines = {}; // no lines: the cards still play
  }
  bubble = h("div", { id: "card-help", class: "card-help", role: "tooltip", hidden: true });
  document.body.append(bubble);
  document.addEventListener("focusin", (event) => {
    const target = helpTarget(event.target);
    if (target) show(target);
  });
  document.addEventListener("focusout", hide);
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType === "mouse") {
      const target = helpTarget(event.target);
      if (target) show(target); else if (!bubble.hidden && !bubble.contains(event.target)) hide();
    }
  });
  document.addEventListener("pointerdown", startPress);
  for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, endPress);
  document.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) endPress();
  });
  document.addEventListener("contextmenu", (event) => {
    if (helpTarget(event.target)) event.preventDefault(); // a long press shows the line
  });
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation(); // the long press was to read, not to play
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
}

/** After each drawing of the table: give every marked card its line (tooltip, description). */
export function moveHelpAfter() {
  if (shownFor && !shownFor.isConnected) hide(); // the card was drawn anew (or played)
  for (const element of document.querySelectorAll("#board [data-card], #board [data-action], #dock [data-card], #dock [data-action]")) {
    if (element.dataset.help !== undefined || element.closest("#actions")) continue; // moves: lines under them
    const card = element.dataset.card;
    const line = card !== undefined ? explain(card) || explainAction(card) : explainAction(element.dataset.action);
    element.dataset.help = line || "";
    if (!line) continue;
    if (!element.hasAttribute("title")) { // else the box says it
      element.setAttribute("title", line);
      element.dataset.helpTitle = ""; // added here: the renderers' own drawing has none (dom.js)
    }
    element.setAttribute("aria-description", line); // screen readers say it with the card
  }
}

/** The line for a card's name ("target-5", "drawtwo-3", "7"), as `core.move_help.explain`. */
export function explain(name) {
  const key = String(name).toLowerCase().trim().split(/\s+/).join(" ");
  if (/^\d+$/.test(key)) return lines.number || null;
  const bare = key.replace(/-\d+$/, "");
  for (const candidate of [key, key.replace(/ /g, "-"), bare]) {
    if (Object.hasOwn(lines, candidate)) return lines[candidate];
  }
  const squeezed = bare.replace(/[- ]/g, "");
  for (const [known, line] of Object.entries(lines)) {
    if (known.replace(/-/g, "") === squeezed) return line;
  }
  return null;
}

/** The line for the card a move plays, as `core.move_help.explain_action`. */
export function explainAction(action) {
  const words = String(action).split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    const whole = explain(action);
    if (whole) return whole;
  }
  for (const word of words.slice(1).reverse()) {
    if (/^p?\d+$/.test(word)) return null; // a number card, or a seat ("target p4")
    const line = explain(word);
    if (line) return line;
  }
  return words.length && !/^\d+$/.test(words[0]) ? explain(words[0]) : null;
}

function helpTarget(element) {
  const found = element?.closest?.("[data-help]");
  // a move says its words under it, but in a folded phone dock (short words: style.css)
  if (found && found.closest("#actions") && !found.closest("#dock.compact")) return null;
  return found && found.dataset.help ? found : null;
}

function show(target) {
  shownFor = target;
  bubble.textContent = target.dataset.help;
  bubble.hidden = false;
  const box = target.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  bubble.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
  const below = box.bottom + 6;
  const height = bubble.offsetHeight;
  const top = below + height > window.innerHeight - 8 ? Math.max(8, box.top - height - 6) : below;
  bubble.style.left = `${left}px`;
  bubble.style.top = `${top}px`;
}

function hide() {
  shownFor = null;
  if (bubble) bubble.hidden = true;
}

function startPress(event) {
  endPress();
  swallowClick = false;
  if (event.pointerType === "mouse") {
    if (!bubble.contains(event.target)) hide();
    return;
  }
  const target = helpTarget(event.target);
  if (!target) {
    hide();
    return;
  }
  press = { x: event.clientX, y: event.clientY, target, timer: setTimeout(() => {
    show(target);
    swallowClick = true;
    press = null;
  }, LONG_PRESS_MS) };
}

function endPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}
