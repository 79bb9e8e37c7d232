// Phone layout: the hand and the moves together in a dock at the bottom of the screen.
//
// At phone width the person's hand (the renderer's `.hand-box`) and the moves panel move
// into `#dock`, which sticks to the bottom, so a choice is never made without the hand in
// view; the log starts folded. On a wider screen both go back where the page has them.
// The renderers know nothing of this: a new hand drawn into the board is moved as it appears
// (into the hand already in the dock, node by node, so a card under a tap stays the same node).

import { updateElement } from "./dom.js";

const PHONE = window.matchMedia("(max-width: 820px)");
const dock = document.getElementById("dock");
const board = document.getElementById("board");
const actions = document.getElementById("actions-panel");
const logBox = document.getElementById("log-box");
const actionsPlace = document.createComment("the moves panel's place on a wide screen");
actions.before(actionsPlace);

/** Put the hand and the moves where the screen width wants them. */
function arrange() {
  const phone = PHONE.matches;
  document.body.classList.toggle("phone", phone);
  if (phone) {
    const hand = board.querySelector(".hand-box");
    const kept = dock.querySelector(".hand-box");
    if (hand && kept) { // a renderer drew the hand anew: the dock's keeps every node unchanged
      updateElement(kept, hand);
      hand.remove();
    } else if (hand) {
      dock.prepend(hand);
    }
    if (actions.parentElement !== dock) dock.append(actions);
  } else {
    for (const hand of dock.querySelectorAll(".hand-box")) {
      const root = board.firstElementChild;
      if (root && !root.querySelector(".hand-box")) root.append(hand);
      else hand.remove();
    }
    if (actions.parentElement === dock) actionsPlace.after(actions);
  }
}

/** A dock over half the screen folds the lines under the moves (a screen reader still reads
 * them with each move, a long press on a card in the hand shows them), so the table above
 * stays in view; one still taller than most of the screen is not pinned: it would hide the
 * table, or its moves. */
function measure() {
  dock.classList.remove("compact", "tall");
  if (!PHONE.matches) return;
  if (dock.scrollHeight > 0.5 * window.innerHeight) dock.classList.add("compact");
  if (dock.scrollHeight > 0.72 * window.innerHeight) dock.classList.add("tall");
}

/**
 * At a move of the person's, the table the move is about (what the game marks
 * `data-in-view`: the court, the piles) comes up under the status bar, above the pinned
 * dock; a dock too tall to pin, at the end of the page, comes into view whole instead.
 */
export function showTheTable() {
  if (!PHONE.matches) return;
  if (dock.classList.contains("tall")) {
    dock.scrollIntoView({ block: "end" });
    return;
  }
  const target = board.querySelector("[data-in-view]");
  if (!target) return;
  const bar = document.getElementById("status-bar");
  const box = target.getBoundingClientRect();
  const free = dock.getBoundingClientRect().top;
  if (box.top >= bar.getBoundingClientRect().bottom && box.bottom <= free) return; // in view
  window.scrollBy({ top: box.top - bar.offsetHeight - 6 }); // the bar is pinned once scrolled
}

function fold() {
  logBox.open = !PHONE.matches;
}

/** When the game starts, the table comes into view under the status bar: Start sits below
 * the table at phone width, so the tap that starts it leaves the court scrolled away (and
 * a beginner's game, which asks nothing, would play itself out of sight). */
let status = document.body.dataset.status;
function showTableAtStart() {
  const was = status;
  status = document.body.dataset.status;
  if (!PHONE.matches || was !== "waiting" || status !== "playing") return;
  const bar = document.getElementById("status-bar");
  const top = board.getBoundingClientRect().top + window.scrollY - bar.offsetHeight - 8;
  window.scrollTo({ top: Math.max(0, top) });
}

new MutationObserver(() => {
  if (PHONE.matches && board.querySelector(".hand-box")) arrange();
}).observe(board, { childList: true, subtree: true });
new MutationObserver(showTableAtStart).observe(document.body, { attributeFilter: ["data-status"] });
new MutationObserver(measure).observe(dock, { childList: true, subtree: true, attributeFilter: ["hidden"] });
window.addEventListener("resize", measure);
PHONE.addEventListener("change", () => {
  fold();
  arrange();
  measure();
});
fold();
arrange();
measure();
