// The Pickleball Board Game: the court in SVG, the dice, the skill track, the players' cards.

import { h, level, replace, s, update } from "../dom.js";
import { showScore } from "./score.js";

const COLOURS = { blue: "#2563b8", red: "#c43c3c", yellow: "#e0b21b", black: "#2b2b2b" };
const SHAPES = ["circle", "square", "diamond", "hexagon"]; // by seat number: never colour alone
const WIDTH = 640;
const HEIGHT = 360;
const NET = WIDTH / 2;
let parts = null;
let lastDice = "";

/** The dice are routine moves: the table offers "Roll for me". */
export const routineMoves = true;

/** A card's move, short, for a folded phone dock: "Skill Card IN, Drop", "Strategy Card
 * Volley" (what the card does: on a long press, and in the move's name). */
export function shortLabel(choice) {
  const verb = choice.action.split(" ")[0];
  if (verb === "skill") return choice.label.replace(/^Play /, "").replace(" instead of rolling", "");
  if (verb === "strategy") return choice.label.replace(/^Play /, "").replace(/:.*$/, "");
  return null;
}

/** Draw (or update) the board game table from one seat's view. */
export function render(container, view, ctx) {
  const obs = view.observation;
  if (!parts || !container.contains(parts.root)) parts = build(container);
  drawCourt(obs, ctx);
  drawDice(obs);
  drawTrack(obs);
  drawPlayCard(obs, view.last_result);
  drawPlayers(obs, ctx);
  drawMine(obs, ctx);
  showScore(`${obs.seats.map((seat) => `${seat.name} ${level(seat.skill)}`).join(" · ")} — to ${level(obs.target)}`);
}

function build(container) {
  // data-in-view: what a phone's dock of moves leaves on the screen above it (dock.js)
  const court = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "court", role: "img",
    "aria-label": "The court", "data-in-view": "" });
  court.append(
    s("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, class: "court-surround" }),
    s("rect", { x: 40, y: 40, width: WIDTH - 80, height: HEIGHT - 80, class: "court-floor" }),
    s("rect", { x: NET - 70, y: 40, width: 140, height: HEIGHT - 80, class: "kitchen" }),
    s("line", { x1: 40, y1: HEIGHT / 2, x2: NET - 70, y2: HEIGHT / 2, class: "court-line" }),
    s("line", { x1: NET + 70, y1: HEIGHT / 2, x2: WIDTH - 40, y2: HEIGHT / 2, class: "court-line" }),
    // Upright along each half of the kitchen, so the words can be big enough at phone width.
    s("text", { x: NET - 35, y: HEIGHT / 2, class: "court-label", transform: `rotate(-90 ${NET - 35} ${HEIGHT / 2})`,
      "dominant-baseline": "central" }, "kitchen"),
    s("text", { x: NET + 35, y: HEIGHT / 2, class: "court-label", transform: `rotate(90 ${NET + 35} ${HEIGHT / 2})`,
      "dominant-baseline": "central" }, "kitchen"),
    s("line", { x1: NET, y1: 28, x2: NET, y2: HEIGHT - 28, class: "net" }),
    s("circle", { cx: NET, cy: 28, r: 5, class: "net-post" }),
    s("circle", { cx: NET, cy: HEIGHT - 28, r: 5, class: "net-post" }),
  );
  const pieces = s("g", { class: "pieces" });
  const stanchion = s("g", { class: "stanchion", "aria-label": "ball stanchion" },
    s("rect", { x: -3, y: -26, width: 6, height: 26, rx: 2 }),
    s("rect", { x: -10, y: -2, width: 20, height: 5, rx: 2 }),
    s("circle", { cx: 0, cy: -30, r: 6, class: "stanchion-ball" }),
    s("title", {}, "ball stanchion"));
  const ball = s("circle", { r: 9, class: "ball", cx: 0, cy: 0 });
  const banner = s("text", { x: NET, y: 22, class: "court-banner" });
  court.append(pieces, stanchion, ball, banner);
  const dice = h("div", { class: "dice-box", "aria-live": "polite" });
  const track = h("div", { class: "track-box" });
  const playCard = h("div", { class: "play-card-box" });
  const players = h("div", { class: "board-players" });
  // The viewer's own cards and the shot to answer, for the phone layout's dock (dock.js).
  const mine = h("section", { class: "hand-box board-hand", "aria-label": "Your cards" });
  const root = h("div", { class: "board-root" },
    h("div", { class: "court-row" }, court, h("div", { class: "court-side" }, dice, playCard)),
    track, players, mine);
  replace(container, root);
  return { root, court, pieces, stanchion, ball, banner, dice, track, playCard, players, mine };
}

function position(obs, seat) {
  const singles = obs.seats.length === 2;
  const entry = obs.seats.find((x) => x.seat === seat);
  const team = entry ? entry.team : 0;
  const x = team === 0 ? 150 : WIDTH - 150;
  if (singles) return { x, y: HEIGHT / 2 };
  // Seats go clockwise round the court (0 bottom left, 1 top left, 2 top right,
  // 3 bottom right), so each seat's cross-court opponent is diagonally across.
  const upper = seat === 1 || seat === 2;
  return { x, y: upper ? 115 : HEIGHT - 115 };
}

function drawCourt(obs, ctx) {
  replace(parts.pieces, obs.seats.map((seat) => {
    const { x, y } = position(obs, seat.seat);
    const acting = obs.to_act === seat.seat;
    const serving = obs.server === seat.seat;
    return s("g", { class: `piece${acting ? " acting" : ""}`, transform: `translate(${x} ${y})` },
      s("circle", { r: 32, class: "piece-ring" }),
      shape(seat.seat, 24, { fill: COLOURS[seat.colour] || "#777", class: "piece-body" }),
      s("text", { y: 7, class: `piece-letter ${seat.colour}` }, mark(seat)),
      s("text", { y: 52, class: "piece-name" }, seat.name + (serving ? " · serving" : "")));
  }));
  const hitter = obs.rally && obs.rally.hitter !== null ? obs.rally.hitter : obs.server;
  const inPlay = hitter !== null && hitter !== undefined && !["deal", "colour", "over"].includes(obs.step);
  parts.ball.style.opacity = inPlay ? 1 : 0;
  if (inPlay) {
    const { x, y } = position(obs, hitter);
    const toward = x < NET ? 34 : -34;
    parts.ball.style.transform = `translate(${x + toward}px, ${y - 22}px)`;
  }
  const show = obs.stanchion_rule && obs.server !== null;
  parts.stanchion.style.display = show ? "" : "none";
  parts.stanchion.classList.toggle("placed", Boolean(obs.stanchion_placed));
  if (show) {
    const { x, y } = position(obs, obs.server);
    const side = x < NET ? -1 : 1;
    parts.stanchion.setAttribute("transform", `translate(${x + side * 66} ${y + 40}) scale(1.6)`);
  }
  const rally = obs.rally || {};
  parts.banner.textContent = ctx.waiting || (obs.outcome ? "Game over" // who won: the status bar says it
    : rally.hit ? `Hit ${rally.hit} of the rally` : obs.step === "deal" ? "Dealing characters and cards" : "");
  fitBanner(parts.banner);
}

/** A banner wider than the court (a long waiting line at phone size) is squeezed to fit. */
function fitBanner(banner) {
  banner.removeAttribute("textLength");
  const room = 2 * NET - 24;
  if (banner.textContent && banner.getComputedTextLength() > room) {
    banner.setAttribute("textLength", room);
    banner.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

function drawDice(obs) {
  const dice = obs.dice || {};
  const key = JSON.stringify(dice);
  const rolled = key !== lastDice && lastDice !== "";
  lastDice = key;
  const die = (name, face, kind) => h("figure", { class: `die ${kind}${face ? "" : " blank"}${rolled ? " rolling" : ""}` },
    h("div", { class: "face" }, face ? String(face).toUpperCase() : "–"), h("figcaption", {}, name));
  // The shot to answer sits with the dice: after a Skill Card the dice still show the roll
  // before it, and the card's shot is the one the hitter answers.
  const answer = obs.rally && obs.rally.to_answer;
  const fromCard = Boolean(answer) && answer.via === "skill";
  replace(parts.dice,
    answer ? h("div", { id: "to-answer", class: `to-answer${answer.nice_shot ? " nice" : ""}` },
      h("small", {}, "Shot to answer"), h("strong", {}, answer.label),
      h("span", {}, answer.source, answer.nice_shot ? " · a Nice Shot" : "")) : null,
    h("div", { class: `dice${fromCard ? " stale" : ""}` },
      die("IN / OUT / ACE", dice.outcome, `outcome-${dice.outcome || "none"}`), die("HIT", dice.hit, "hit")),
    fromCard ? h("p", { class: "note dice-note" }, "The dice show the roll before the Skill Card.") : null);
}

function drawTrack(obs) {
  const target = obs.target;
  const space = obs.space;
  const spaces = Math.round(target / space);
  const ticks = [];
  for (let i = 0; i <= spaces; i += 1) {
    const value = i * space;
    ticks.push(h("span", { class: "tick", style: `left:${(100 * i) / spaces}%` }, level(value)));
  }
  const byLevel = new Map();
  const pieces = obs.seats.map((seat) => {
    const stack = byLevel.get(seat.skill) || 0;
    byLevel.set(seat.skill, stack + 1);
    return h("span", {
      class: `track-piece ${seat.colour}`,
      style: `left:${(100 * seat.skill) / target}%; top:${-4 - stack * 18}px`,
      title: `${seat.name} at ${level(seat.skill)}`,
    }, token(seat));
  });
  const highest = Math.max(...byLevel.values()); // room above the track for the tallest stack
  replace(parts.track, h("div", { class: "track-title", style: `margin-bottom:${14 + 18 * highest}px` },
    `Skill track to ${level(target)}`),
    h("div", { class: "track", role: "img",
      "aria-label": obs.seats.map((x) => `${x.name} ${level(x.skill)}`).join(", ") },
    h("div", { class: "track-line" }), ticks, pieces));
}

function drawPlayCard(obs, lastPoint) {
  const piles = obs.piles || {};
  const counts = Object.entries(piles).filter(([name, count]) => name !== "character" && count > 0)
    .map(([name, count]) => `${name} ${count}`).join(" · ");
  replace(parts.playCard,
    lastPoint ? h("p", { class: "last-result" }, h("strong", {}, "Last on the track: "), lastPoint) : null,
    obs.play_card ? h("div", { class: "play-card" }, h("strong", {}, "Play Card"), h("p", {}, obs.play_card.text)) : null,
    counts ? h("p", { class: "note" }, `Cards left: ${counts}`) : null,
    h("p", { class: "note" }, `Level: ${obs.level}`),
    obs.no_choices ? h("p", { class: "no-choices" }, obs.no_choices, " ", rollsNote()) : null);
}

/** Who rolls at a table where nothing is a choice: the page's "Roll for me" box says. */
function rollsNote() {
  const box = document.getElementById("roll-for-me");
  return box && !box.checked
    ? "Press Roll when it is your turn; each roll shows on the dice and in the log."
    : "The table rolls for you (untick “Roll for me” to roll yourself); each roll shows on the dice and in the log.";
}

function drawPlayers(obs, ctx) {
  parts.players.classList.toggle("four", obs.seats.length === 4);
  // Each seat's cards are kept node by node: a Skill Card under a tap survives a new view.
  update(parts.players, obs.seats.map((seat) => {
    const c = seat.character;
    const cardButton = (prefix, card) => chip(seat, prefix, card, ctx);
    return h("article", { class: `player-card ${seat.colour}${obs.to_act === seat.seat ? " acting" : ""}`,
      style: `--seat:${COLOURS[seat.colour]}` },
      h("header", {}, token(seat), h("strong", {}, seat.name), h("span", { class: "who" }, ctx.seatLabel(seat.seat)),
        h("span", { class: "skill" }, level(seat.skill))),
      c ? h("p", { class: "character" }, h("strong", {}, c.name),
        h("span", { class: "nice" }, `Nice Shot: ${cap(c.nice)}`),
        h("span", { class: "bad" }, `Bad Shot: ${cap(c.bad)}`)) : h("p", { class: "note" }, "No character yet"),
      seat.skill_cards.length ? h("div", { class: "chips" }, h("small", {}, "Skill"),
        seat.skill_cards.map((card) => cardButton("skill", card))) : null,
      seat.strategy_cards.length ? h("div", { class: "chips" }, h("small", {}, "Strategy"),
        seat.strategy_cards.map((card) => cardButton("strategy", card))) : null,
      reasons(obs, seat));
  }));
}

/** One Skill or Strategy Card: a button when it is the viewer's to play now, else a label. */
function chip(seat, prefix, card, ctx) {
  const action = `${prefix} ${card.id}`;
  // Only your own cards: an opponent may hold a card with the same id as one you can play.
  if (seat.seat === ctx.you && ctx.legal.has(action)) {
    return h("button", { type: "button", class: "chip playable", title: ctx.legal.get(action),
      dataset: { action }, onclick: () => ctx.act(action) }, card.label);
  }
  return h("span", { class: `chip${card.playable ? " open" : ""}`,
    title: card.why_not || "can be played now", dataset: { card: action } }, card.label);
}

/** The viewer's cards, with the shot to answer and why a card cannot be played. */
function drawMine(obs, ctx) {
  const seat = obs.seats.find((entry) => entry.seat === ctx.you);
  const cards = seat ? seat.skill_cards.length + seat.strategy_cards.length : 0;
  const answer = obs.rally && obs.rally.to_answer;
  if (!seat || (!cards && !answer)) {
    update(parts.mine);
    return;
  }
  update(parts.mine,
    answer ? h("p", { class: "mine-answer" }, "Shot to answer: ", h("strong", {}, answer.label),
      ` (${answer.source}${answer.nice_shot ? ", a Nice Shot" : ""})`) : null,
    seat.skill_cards.length ? h("div", { class: "chips" }, h("small", {}, "Skill"),
      seat.skill_cards.map((card) => chip(seat, "skill", card, ctx))) : null,
    seat.strategy_cards.length ? h("div", { class: "chips" }, h("small", {}, "Strategy"),
      seat.strategy_cards.map((card) => chip(seat, "strategy", card, ctx))) : null,
    reasons(obs, seat));
}

/** On the hitter's own turn, why each card that cannot be played now cannot (once per reason). */
function reasons(obs, seat) {
  if (obs.to_act !== seat.seat || obs.step !== "hit") return null;
  const cards = seat.skill_cards.concat(seat.strategy_cards);
  const why = [...new Set(cards.filter((card) => !card.playable).map((card) => card.why_not))];
  return why.length ? h("ul", { class: "why-not" }, why.map((text) => h("li", {}, text))) : null;
}

/** A seat's piece mark (letter, and a number where two colours share one), from the view. */
function mark(seat) {
  return seat.mark || seat.name[0];
}

/** Each seat has its own shape too, so pieces differ without their colour. */
function shape(seatNumber, r, attrs) {
  const kind = SHAPES[seatNumber % SHAPES.length];
  if (kind === "circle") return s("circle", { r, ...attrs });
  if (kind === "square") return s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.25, ...attrs });
  const corners = kind === "diamond" ? 4 : 6;
  const start = kind === "diamond" ? -Math.PI / 2 : 0;
  const reach = kind === "diamond" ? r * 1.2 : r * 1.08;
  const points = Array.from({ length: corners }, (_, i) => {
    const angle = start + (2 * Math.PI * i) / corners;
    return `${(reach * Math.cos(angle)).toFixed(1)},${(reach * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
  return s("polygon", { points, ...attrs });
}

/** A small piece (shape, colour and mark) for the skill track and the players' cards. */
function token(seat) {
  return s("svg", { class: `token-piece ${seat.colour}`, viewBox: "-16 -16 32 32", width: 24, height: 24,
    "aria-hidden": "true" },
  shape(seat.seat, 13, { fill: COLOURS[seat.colour] || "#777", class: "token-body" }),
  s("text", { y: 4.5, class: `token-mark ${seat.colour}` }, mark(seat)));
}

function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}
