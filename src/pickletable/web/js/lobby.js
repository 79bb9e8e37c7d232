// The lobby: create a table (game, seats, options), list the open tables.

import { api, keepSeatToken } from "./api.js";
import { h, replace } from "./dom.js";
import { ageLine, showMyTables } from "./mytables.js";

const form = document.getElementById("create-form");
const gameSelect = document.getElementById("game");
const playersSelect = document.getElementById("players");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const errorBox = document.getElementById("create-error");
const nameInput = document.getElementById("name");
let games = [];

const NOTES = {
  board: "Dice, a court and a skill track. Tip: under Options, a target of 1.5 makes a quick game.",
  card: "A rummy of sets and straights. Tip: under Options, a lower target score makes a short game.",
  slam: "Draw phase, play phase, twist cards. Tip: under Options, 1 token to win is a one-round game.",
};

async function start() {
  nameInput.value = localStorage.getItem("pickletable:name") || "";
  games = await api("/api/games");
  replace(gameSelect, games.map((g) => h("option", { value: g.id }, g.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) gameSelect.value = wanted;
  gameSelect.addEventListener("change", showGame);
  playersSelect.addEventListener("change", showSeats);
  playersSelect.addEventListener("change", showApplicable);
  optionsBox.addEventListener("change", showApplicable);
  form.addEventListener("submit", create);
  showGame();
  refreshTables();
  setInterval(refreshTables, 3000);
  const mine = () => showMyTables(document.getElementById("my-tables-panel"), document.getElementById("my-tables"));
  mine();
  setInterval(mine, 30000);
}

function currentGame() {
  return games.find((g) => g.id === gameSelect.value);
}

function showGame() {
  const game = currentGame();
  document.getElementById("game-note").textContent = NOTES[game.id] || "";
  replace(playersSelect, game.player_counts.map((n) =>
    h("option", { value: n, selected: n === game.default_players }, `${n} players`)));
  replace(optionsBox, game.options.map(optionField));
  showSeats();
  showApplicable();
}

/** Offer only the options that mean something with the others and the players chosen
 * (the board game's Skill Card options at the advanced level, Slam's doubles at 4). */
function showApplicable() {
  const game = currentGame();
  const values = { ...Object.fromEntries(game.options.map((o) => [o.name, o.default])), ...chosenOptions() };
  values.players = Number(playersSelect.value);
  for (const option of game.options) {
    const needs = Object.entries(option.only_with || {});
    const field = document.getElementById(`opt-${option.name}`).closest(".option");
    field.hidden = !needs.every(([name, value]) => values[name] === value);
  }
}

function showSeats() {
  const game = currentGame();
  const names = game.seat_names[playersSelect.value];
  replace(seatsBox, h("legend", {}, "Seats"), names.map((seatName, index) => {
    const choices = [["human", index === 0 ? "you" : "a friend (invite link)"],
      ...game.bot_levels.map((level) => [`bot:${level}`, `bot, ${level}`])];
    // Someone alone can create and start at once; a friend's seat is one click away.
    const preset = index === 0 ? "human" : `bot:${game.default_bot_level}`;
    return h("label", { class: "seat-choice" }, h("span", {}, seatName),
      h("select", { name: `seat-${index}`, "aria-label": `${seatName} is played by`, disabled: index === 0 },
        choices.map(([value, text]) => h("option", { value, selected: value === preset }, text))));
  }));
}

function optionField(option) {
  const id = `opt-${option.name}`;
  const label = sentence(option.name.replaceAll("_", " "));
  let input;
  if (option.type === "bool") {
    input = h("input", { type: "checkbox", id, name: id, checked: option.default });
  } else if (option.choices) {
    input = h("select", { id, name: id }, option.choices.map((c) =>
      h("option", { value: c, selected: c === option.default }, c)));
  } else if (option.type === "int" || option.type === "float") {
    input = h("input", { type: "number", id, name: id, value: option.default,
      step: option.type === "int" ? 1 : "any", min: option.minimum, max: option.maximum });
  } else {
    input = h("input", { type: "text", id, name: id, value: option.default });
  }
  return h("div", { class: "option" },
    h("label", { for: id }, label), input, h("small", {}, sentence(option.help)));
}

/** "serve after point" as a label reads "Serve after point", like the form's other labels. */
function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function chosenOptions() {
  const values = {};
  for (const option of currentGame().options) {
    const input = document.getElementById(`opt-${option.name}`);
    if (input.closest(".option").hidden) continue; // not offered: the game's default
    let value = option.type === "bool" ? input.checked : input.value;
    if (option.type === "int") value = parseInt(value, 10);
    if (option.type === "float") value = parseFloat(value);
    if (value !== option.default) values[option.name] = value;
  }
  return values;
}

async function create(event) {
  event.preventDefault();
  errorBox.textContent = "";
  const seats = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
  localStorage.setItem("pickletable:name", nameInput.value.trim());
  try {
    const made = await api("/api/tables", {
      method: "POST",
      body: {
        game: gameSelect.value,
        players: parseInt(playersSelect.value, 10),
        seats,
        options: chosenOptions(),
        name: nameInput.value.trim(),
        turn_seconds: parseInt(document.getElementById("clock").value, 10),
      },
    });
    keepSeatToken(made.table.id, made.token);
    location.href = `/table/${made.table.id}`;
  } catch (error) {
    errorBox.textContent = error.message;
  }
}

async function refreshTables() {
  const list = document.getElementById("tables");
  let tables;
  try {
    tables = await api("/api/tables");
  } catch {
    return;
  }
  if (!tables.length) {
    replace(list, h("li", { class: "empty" }, "No open tables yet: create one."));
    return;
  }
  replace(list, tables.map((table) => {
    const free = table.free_seats.length;
    const who = table.seats.map((seat) => `${seat.name}: ${seat.label}`).join(", ");
    const action = table.status === "waiting" && free ? "Join" : "Watch";
    return h("li", {},
      h("a", { href: `/table/${table.id}`, class: "table-link" },
        h("strong", {}, table.title),
        h("span", { class: `badge ${table.status}` }, status(table.status, free)),
        h("span", { class: "who" }, who),
        h("span", { class: "age" }, ageLine(table)),
        h("span", { class: "go" }, action)));
  }));
}

/** A listed table's badge: "2 seats free", "ready to start" (all seated, not started) or "playing". */
function status(tableStatus, free) {
  if (tableStatus !== "waiting") return "playing";
  return free ? `${free} seat${free === 1 ? "" : "s"} free` : "ready to start";
}

start();
