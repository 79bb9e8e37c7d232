// Pickleball Slam: the phases, the centre pile, the others' counts, your hand and the POACH window.

import { h, update } from "../dom.js";
import { back, card, fan } from "./cards.js";
import { showScore } from "./score.js";

const HAND_VERBS = ["play", "discard", "answer", "return"];

/** Draw the Slam table from one seat's view. */
export function render(container, view, ctx) {
  const obs = view.observation;
  const face = (code, action) => {
    const info = obs.cards[code];
    if (!info) return card(code, "", { action, ctx, name: code });
    const front = info.number === null ? info.title : String(info.number);
    return card(front, info.twist || "", { action, ctx, special: info.special, name: code });
  };
  showScore(scoreLine(obs));
  // Kept node by node (dom.js): a card under a tap survives a view that changed other things.
  update(container, h("div", { class: "slam-root" },
    top(obs, ctx, view.last_result),
    urgent(obs, view, ctx),
    h("div", { class: "felt" }, others(obs, view, ctx), centre(obs, face)),
    hand(obs, view, ctx, face)));
}

function top(obs, ctx, lastRound) {
  const phase = ctx.waiting || (obs.phase === "play" ? "PLAY phase"
    : obs.phase === "draw" ? "DRAW phase" : obs.phase === "setup" ? "dealing" : obs.phase);
  return h("div", { class: "slam-top" },
    h("span", { class: "phase-badge" }, phase),
    h("strong", {}, `Round ${obs.round}`),
    h("span", { class: "note" }, `First to ${obs.tokens_to_win} token${obs.tokens_to_win === 1 ? "" : "s"}`),
    obs.draw_turns !== null && obs.draw_turns !== undefined
      ? h("span", { class: "note" }, `DRAW turns: ${obs.draw_turns} (limit ${obs.lap_limit} laps)`) : null,
    obs.doubles ? h("span", { class: "note teams" }, "Doubles: ", obs.teams.map((team, i) =>
      h("span", { class: "team" }, i ? " v " : "", team.map((p) => obs.names[p]).join(" & "), " ",
        tokens(obs.tokens[team[0]], obs.tokens_to_win)))) : null,
    lastRound ? h("span", { class: "last-result" }, h("strong", {}, "Last round: "), lastRound) : null);
}

function urgent(obs, view, ctx) {
  if (!view.legal.length) return null;
  const step = obs.step;
  if (step === "poach") {
    return h("section", { class: "urgent-prompt", role: "alert" },
      "POACH? The duel is on: play a POACH card to end it, or decline.",
      view.legal.map((choice) => h("button", { type: "button", dataset: { action: choice.action },
        onclick: () => ctx.act(choice.action) }, choice.label)),
      // what a POACH does, where it is offered (not only in a tooltip)
      [...new Set(view.legal.map((choice) => choice.help).filter(Boolean))].map((line) =>
        h("p", { class: "note move-help" }, line)));
  }
  const yours = view.legal.find((choice) => choice.action === "yours");
  if (yours) {
    return h("section", { class: "urgent-prompt", role: "alert" },
      "Your team's turn: play a card yourself, or say “yours” and let your partner play.",
      h("button", { type: "button", onclick: () => ctx.act("yours") }, yours.label));
  }
  if (step === "target" || step === "shake") {
    return h("section", { class: "urgent-prompt", role: "alert" }, view.prompt);
  }
  return null;
}

function others(obs, view, ctx) {
  const seats = obs.names.map((name, seat) => seat).filter((seat) => seat !== view.you);
  return h("div", { class: "others" }, seats.map((seat) => {
    const acting = obs.current_player === seat;
    const inRound = obs.phase !== "play" || obs.in.includes(seat);
    const duel = obs.duel && obs.duel.includes(seat);
    const known = obs.known_hands && obs.known_hands[String(seat)];
    const partner = obs.doubles && view.you !== null
      && obs.teams.some((team) => team.includes(seat) && team.includes(view.you));
    return h("section", { class: `other${acting ? " acting" : ""}${inRound ? "" : " out"}`, "aria-label": obs.names[seat] },
      h("header", {}, h("span", {}, obs.names[seat], " ", h("small", {}, ctx.seatLabel(seat)),
        partner ? h("span", { class: "badge" }, "partner") : null),
        obs.doubles ? null : tokens(obs.tokens[seat], obs.tokens_to_win)), // doubles: once per team, above
      h("p", { class: "note" }, `${obs.hand_counts[seat]} in hand · ${obs.discard_counts[seat]} discarded`,
        obs.dealer === seat ? " · dealer" : "", duel ? " · in the duel" : "",
        inRound ? "" : " · out of the round", obs.last_player === seat ? " · played last" : ""),
      fan(obs.hand_counts[seat]),
      known && known.length ? h("p", { class: "note" }, "You know they hold: ",
        known.map((code) => obs.labels[code] || code).join(", ")) : null);
  }));
}

function tokens(count, target) {
  // The count is written out too: filled and pale dots alone would be colour alone.
  return h("span", { class: "tokens", title: `${count} token${count === 1 ? "" : "s"}` },
    Array.from({ length: target }, (_, i) => h("span", { class: `token${i < count ? " won" : ""}`, "aria-hidden": "true" })),
    h("span", { class: "token-count" }, `${count}/${target}`));
}

function centre(obs, face) {
  const pile = obs.centre || [];
  const shown = pile.slice(-8);
  const options = obs.may_follow || [];
  let follow = obs.phase === "play" ? "Lead with any number" : "";
  if (options.length && obs.last_number !== null) {
    follow = options.length >= 5 ? "Next: any number" : `Next: ${options.join(" or ")}`;
  }
  return h("div", { class: "piles", "data-in-view": "" }, // above the phone's dock (dock.js)
    h("div", { class: "pile" }, back(String(obs.stack_count)), h("span", {}, "Stack")),
    h("div", { class: "pile" },
      h("div", { class: "centre-pile" }, shown.length ? shown.map((code) => face(code)) : h("div", { class: "card empty" }, "empty")),
      h("span", {}, `Centre (${pile.length})`)),
    h("div", { class: "pile note" }, obs.last_number !== null && obs.last_number !== undefined
      ? h("strong", {}, `Last number: ${obs.last_number}`) : null, h("span", {}, follow)));
}

function hand(obs, view, ctx, face) {
  if (view.you === null) {
    return h("section", { class: "hand-box" }, h("p", { class: "note" }, "You are watching: hands stay hidden."));
  }
  const actionFor = (code) => {
    for (const verb of HAND_VERBS) {
      const action = `${verb} ${code}`;
      if (ctx.legal.has(action)) return action;
    }
    return undefined;
  };
  const me = view.you;
  return h("section", { class: "hand-box", "aria-label": "Your hand" },
    h("h3", {}, `Your hand (${obs.hand.length})`, " ",
      obs.doubles ? null : tokens(obs.tokens[me], obs.tokens_to_win)),
    obs.drawn ? h("div", { class: "drawn-box" }, h("strong", {}, "Drawn:"), face(obs.drawn, actionFor(obs.drawn))) : null,
    h("div", { class: "cards" }, obs.hand.map((code) => face(code, actionFor(code)))),
    obs.discards && obs.discards.length ? h("p", { class: "note" }, "Your discards: ",
      obs.discards.map((code) => obs.labels[code] || code).join(", ")) : null);
}

/** Tokens won, per player (per team in doubles), in one line. */
function scoreLine(obs) {
  const groups = obs.doubles ? obs.teams : obs.names.map((_, seat) => [seat]);
  const each = groups.map((group) => `${group.map((seat) => obs.names[seat]).join(" & ")}: ${obs.tokens[group[0]]}`);
  return `Tokens (first to ${obs.tokens_to_win}) — ${each.join(" · ")}`;
}
