// Cards as elements, shared by the card game and Slam.

import { h } from "../dom.js";

/**
 * One card: a button when `action` is legal now (clicking plays it), else a plain face.
 * `face` is the big text, `note` the small one, `badge` a tag on its lower edge; `name`
 * (its code) lets the page show what the card does (`movehelp.js`).
 */
export function card(face, note, { action, ctx, special = false, extra = "", badge = "", name } = {}) {
  const playable = action && ctx && ctx.legal.has(action);
  const long = String(face).length > 3 ? " long" : "";
  const classes = `card${long}${special ? " special" : ""}${playable ? " playable" : ""}${extra ? " " + extra : ""}`;
  const body = [h("span", {}, face), note ? h("small", {}, note) : null,
    badge ? h("em", { class: "card-badge" }, badge) : null];
  if (playable) {
    // Its spoken name starts with the text it shows, then says what a click does.
    return h("button", { type: "button", class: classes, title: ctx.legal.get(action),
      dataset: { action }, onclick: () => ctx.act(action) },
    body, h("span", { class: "visually-hidden" }, `: ${ctx.legal.get(action)}`));
  }
  return h("div", { class: classes, role: "img", "aria-label": note ? `${face} ${note}` : face,
    dataset: name === undefined ? undefined : { card: name } }, body);
}

/** A face-down card, with an optional count on it. */
export function back(text = "", small = false) {
  return h("div", { class: `card back${small ? " small" : ""}`, "aria-hidden": "true" }, text);
}

/** A fan of `count` face-down cards (a hand others cannot see). */
export function fan(count) {
  const shown = Math.min(count, 12);
  return h("div", { class: "fan", role: "img", "aria-label": `${count} cards` },
    Array.from({ length: shown }, () => back("", true)));
}
