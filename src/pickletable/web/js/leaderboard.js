// Leaderboards per game and mode (the modes a game's table sizes make).

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { ratingText } from "./player.js";

const gameSelect = document.getElementById("board-game");
const modeSelect = document.getElementById("board-mode");
let games = [];

function modes(game) {
  return game.player_counts.flatMap((n) => (n === 2 ? ["singles"] : n === 4 ? ["doubles", "4 players"] : [`${n} players`]));
}

function showModes() {
  const game = games.find((g) => g.id === gameSelect.value);
  replace(modeSelect, modes(game).map((mode) => h("option", { value: mode }, mode)));
  showBoard();
}

async function showBoard() {
  try {
    const rows = await api(`/api/leaderboards/${encodeURIComponent(gameSelect.value)}/${encodeURIComponent(modeSelect.value)}`);
    replace(document.querySelector("#board tbody"), rows.map((row, index) =>
      h("tr", {}, h("td", {}, index + 1), h("td", {}, h("a", { href: `/player/${row.user}` }, row.name)),
        h("td", {}, ratingText(row)), h("td", {}, row.games))));
  } catch (error) {
    document.getElementById("board-error").textContent = error.message;
  }
}

async function start() {
  games = await api("/api/games");
  replace(gameSelect, games.map((g) => h("option", { value: g.id }, g.title)));
  gameSelect.addEventListener("change", showModes);
  modeSelect.addEventListener("change", showBoard);
  showModes();
}

start();
