// The Pickleball Card Game: your hand grouped in melds, the piles, the others, the score.

import { h, update } from "../dom.js";
import { back, card, fan } from "./cards.js";
import { showScore } from "./score.js";

let layingAt = null; // the step at which "Lay down" was switched on: it holds for that decision only
let drawn = null; // the last render's arguments, to draw again when the switch changes
let folded = null; // the last rally panel as the person left it: { rally, open }

document.addEventListener("keydown", (event) => {
  if (event.key !== "l" && event.key !== "L") return;
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const toggle = document.getElementById("lay-down");
  if (toggle) {
    event.preventDefault();
    toggle.click();
  }
});

/** A discard, short, for a folded phone dock: "Discard 7", "7: lay down" (the whole
 * label, "Discard the 7 and lay down (complete)", on a long press and in the move's name). */
export function shortLabel(choice, view) {
  const [verb, code, lay] = choice.action.split(" ");
  const titles = view.observation.titles || {};
  if (verb !== "discard" || !code) return null;
  const title = titles[code] || code;
  if (!lay) return `Discard ${title}`;
  return (view.observation.complete_after || []).includes(code) ? `${title}: lay down`
    : `${title}: lay down (Dink)`;
}

/** Draw the card game table from one seat's view. */
export function render(container, view, ctx) {
  drawn = { container, view, ctx };
  const obs = view.observation;
  const title = (code) => (obs.titles && obs.titles[code]) || code;
  const face = (code, options = {}) => card(title(code), options.note || "",
    { ...options, special: isSpecial(obs, code), ctx, name: code });
  showScore(`${obs.teams.map((team) => `${team.name} ${team.score}${team.serve_card ? " (serve card)" : ""}`).join(" · ")}`
    + ` — to ${obs.target}, by ${obs.win_by}`);
  // Kept node by node (dom.js): a card under a tap survives a view that changed other things.
  update(container, h("div", { class: "card-root" },
    scoreboard(obs, ctx),
    lastRally(obs, ctx, title),
    h("div", { class: "felt" }, others(obs, view, ctx, face), piles(obs, face, ctx)),
    hand(obs, view, ctx, face)));
}

function scoreboard(obs, ctx) {
  return h("div", { class: "scoreboard" },
    obs.teams.map((team) => h("div", { class: `team-score${team.serve_card ? " serving" : ""}` },
      team.name, h("strong", {}, team.score), team.serve_card ? h("span", { class: "badge" }, "serve card") : null)),
    h("span", { class: "note" }, `Rally ${obs.rally} · first to ${obs.target}, win by ${obs.win_by}`),
    ctx.waiting ? h("span", { class: "phase-badge" }, ctx.waiting) : null,
    obs.final_lap && obs.final_turns_left > 0 ? h("span", { class: "phase-badge" },
      `Final lap: ${obs.final_turns_left} turn${obs.final_turns_left === 1 ? "" : "s"} left`) : null);
}

function others(obs, view, ctx, face) {
  const me = view.you;
  const seats = obs.seats.filter((seat) => seat.seat !== me);
  return h("div", { class: "others" }, seats.map((seat) => {
    const acting = obs.turn === seat.seat;
    const shown = seat.hand
      ? melds(obs, seat.verdict, seat.hand, face)
      : fan(seat.cards);
    return h("section", { class: `other${acting ? " acting" : ""}`, "aria-label": seat.name },
      h("header", {}, h("span", {}, seat.name, " ", h("small", {}, ctx.seatLabel(seat.seat))),
        h("span", {}, `${seat.cards} card${seat.cards === 1 ? "" : "s"}`)),
      seat.laid_down ? h("p", { class: "note" }, "Laid down face up") : null,
      shown,
      seat.known && seat.known.length && !seat.hand
        ? h("p", { class: "note" }, "Known (taken from the discards): ", seat.known.map((c) => obs.titles[c] || c).join(", "))
        : null);
  }));
}

function piles(obs, face, ctx) {
  const top = obs.discard_top;
  return h("div", { class: "piles", "data-in-view": "" }, // above the phone's dock (dock.js)
    h("div", { class: "pile" }, ctx.legal.has("draw")
      ? h("button", { type: "button", class: "card back playable", dataset: { action: "draw" },
        title: ctx.legal.get("draw"), onclick: () => ctx.act("draw") }, String(obs.draw_count))
      : back(String(obs.draw_count)), h("span", {}, "Draw pile")),
    h("div", { class: "pile" }, top ? face(top, { action: `take ${top}` })
      : h("div", { class: "card empty" }, "empty"), h("span", {}, `Discards (${obs.discard_count})`)),
    h("div", { class: "pile note" },
      h("span", {}, `Reshuffles: ${obs.reshuffles} of ${obs.options.reshuffle_limit}`),
      obs.taken ? h("span", {}, `Just taken: ${obs.titles[obs.taken] || obs.taken}`) : null));
}

function hand(obs, view, ctx, face) {
  if (!obs.hand) {
    return h("section", { class: "hand-box" }, h("p", { class: "note" },
      "You are watching: hands stay hidden until they are laid down."));
  }
  const verdict = obs.hand.length ? obs.verdict : null; // an empty hand is not "complete"
  // A click on a card only discards it; laying down is its own, explicit choice.
  const layable = (obs.lay_down_after || []).filter((code) => ctx.legal.has(`discard ${code} lay`));
  const laying = layable.length > 0 && layingAt === view.step;
  const cardFor = (code, options = {}) => {
    if (!laying) return face(code, { ...options, action: `discard ${code}` });
    if (!layable.includes(code)) return face(code, { ...options, extra: "unmarked" });
    const how = layHow(obs, code);
    return face(code, { ...options, action: `discard ${code} lay`, extra: `lay lay-${how}`,
      badge: how === "complete" ? "complete" : "with Dink Shot" });
  };
  return h("section", { class: `hand-box${laying ? " laying" : ""}`, "aria-label": "Your hand" },
    h("h3", {}, "Your hand ", verdict ? h("small", { class: "note" }, `— ${verdict.summary}`) : null),
    layable.length ? layDownBar(obs, ctx, layable, laying) : null,
    melds(obs, verdict, obs.hand, cardFor));
}

/** The "Lay down" switch, with what laying down now would mean. */
function layDownBar(obs, ctx, layable, laying) {
  const title = (code) => obs.titles[code] || code;
  const complete = layable.filter((code) => layHow(obs, code) === "complete").map(title);
  const incomplete = layable.filter((code) => layHow(obs, code) !== "complete").map(title);
  const choices = [
    complete.length ? `complete if you discard ${either(complete)}` : null,
    incomplete.length ? `incomplete, with your Dink Shot, if you discard ${either(incomplete)}` : null,
  ].filter(Boolean);
  const text = laying
    ? "Laying down: click a marked card to discard it and lay your hand face up. "
      + "Everyone else then gets one final turn. Press “Lay down” again to just discard."
    : `You may lay your hand down this turn: ${choices.join("; ")}. A click on a card only discards it.`;
  return h("div", { class: `lay-down${laying ? " on" : ""}` },
    h("p", { id: "lay-down-text" }, text),
    h("button", { id: "lay-down", type: "button", class: laying ? "primary" : "",
      "aria-pressed": laying ? "true" : "false", "aria-describedby": "lay-down-text",
      "data-keeps-focus": "true", onclick: toggleLayDown }, h("kbd", {}, "L"), "Lay down"));
}

function toggleLayDown() {
  layingAt = layingAt === drawn.view.step ? null : drawn.view.step;
  render(drawn.container, drawn.view, drawn.ctx);
  document.getElementById("lay-down")?.focus();
}

/** "complete" or "incomplete": how the hand would be laid down after discarding `code`. */
function layHow(obs, code) {
  // The engine's view says which discards leave a complete hand.
  return (obs.complete_after || []).includes(code) ? "complete" : "incomplete";
}

function either(titles) {
  const named = titles.map((t) => `the ${t}`);
  return named.length < 2 ? named.join("") : `${named.slice(0, -1).join(", ")} or ${named[named.length - 1]}`;
}

/** A card stands for another number in a meld only when it is wild (the view says each card's number). */
function standsFor(obs, entry) {
  const info = obs.deck && obs.deck[entry.card];
  return info && info.number === entry.as ? "" : `as ${entry.as}`;
}

function isSpecial(obs, code) {
  return Boolean(obs.deck && obs.deck[code] && obs.deck[code].special);
}

function melds(obs, verdict, cards, face) {
  if (!verdict) return h("div", { class: "cards" }, cards.map((code) => face(code)));
  const groups = verdict.melds.map((meld) => h("div", { class: "meld" },
    h("small", {}, meld.kind === "set" ? "Set" : meld.kind === "straight" ? "Straight" : meld.kind),
    h("div", { class: "cards" }, meld.cards.map((entry) =>
      face(entry.card, { note: standsFor(obs, entry) })))));
  const loose = verdict.loose_cards || [];
  if (loose.length) {
    groups.push(h("div", { class: "meld loose" }, h("small", {}, "Loose"),
      h("div", { class: "cards" }, loose.map((code) => face(code)))));
  }
  if (verdict.free) {
    groups.push(h("div", { class: "meld" }, h("small", {}, "Kept free"),
      h("div", { class: "cards" }, face(verdict.free))));
  }
  return h("div", { class: "melds" }, groups);
}

/**
 * The last rally's scoring, on show until the next rally is scored: every hand
 * (all are shown at the end of a rally, so the observation carries them for
 * every seat), each team's points and why, and who serves next.
 */
function lastRally(obs, ctx, title) {
  const last = obs.last_rally;
  if (!last) return null;
  const name = (seat) => (obs.seats.find((s) => s.seat === seat) || {}).name || seat;
  const who = (seat) => [name(seat), " ", h("small", {}, ctx.seatLabel(seat))];
  // A team scores its best hand: name it when the team has more than one.
  const teams = last.teams.map((team) => {
    const points = `${obs.teams[team.team].name} ${team.points} point${team.points === 1 ? "" : "s"}`;
    const several = obs.teams[team.team].seats.length > 1;
    return team.points && several ? `${points} (${name(team.best)}'s hand)` : points;
  });
  const fresh = obs.step === "over" || obs.outcome || startOfRally(obs);
  // Folded at phone width (the hand and the moves come first); open on a wider screen,
  // unless the person opened or closed it for this rally. The panel on the page says so
  // first: its toggle event comes a moment after the tap, and a view may arrive between.
  const shown = document.querySelector(`details[data-rally="${last.rally}"]`);
  const open = shown ? shown.open : folded && folded.rally === last.rally ? folded.open
    : !window.matchMedia("(max-width: 820px)").matches;
  return h("section", { class: `summary${fresh ? " fresh" : ""}`, "aria-label": "Last rally" },
    h("details", { open, "data-rally": last.rally,
      ontoggle: (event) => { folded = { rally: last.rally, open: event.target.open }; } },
    h("summary", {}, h("h3", {}, `Last rally (rally ${last.rally}) — ended because ${last.ended_text}`)),
    h("table", {}, h("thead", {}, h("tr", {}, ["Seat", "Hand shown", "Verdict", "Points"].map((c) => h("th", {}, c)))),
      h("tbody", {}, last.hands.map((hand) => h("tr", {},
        h("td", {}, who(hand.seat), last.laid.includes(hand.seat) ? h("span", { class: "badge" }, "laid down") : null),
        h("td", { class: "shown-hand" }, hand.cards.map((code) => h("span", { class: `mini-card${isSpecial(obs, code) ? " special" : ""}` }, title(code)))),
        h("td", {}, hand.summary),
        h("td", {}, hand.value ? `${hand.value}: ${reasons(hand)}` : "0"))))),
    h("p", { class: "rally-result" }, h("strong", {}, teams.join(" · ")), ` — ${last.serve_text}`)));
}

/** Why a hand scored: "1 for a Dink Shot, 1 for a complete hand while serving" (labels from the view). */
function reasons(hand) {
  return hand.reasons.map((reason) => (reason.points === 1
    ? `1 for a ${reason.label}` : `${reason.points} for ${reason.label}`)).join(", ");
}

function startOfRally(obs) {
  return obs.seats.every((seat) => seat.cards <= obs.hand_size) && obs.discard_count <= 1;
}
