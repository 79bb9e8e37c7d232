// A game's rules page, rendered from the same Markdown the terminal shows.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { markdown } from "./markdown.js";

const gameId = location.pathname.split("/")[2];

async function start() {
  let games = [];
  try {
    games = await api("/api/games");
  } catch (error) {
    document.getElementById("rules").textContent = `The rules cannot be loaded: ${error.message}`;
    return;
  }
  replace(document.getElementById("game-links"), games.map((game) =>
    h("a", { href: `/rules/${game.id}`, "aria-current": game.id === gameId ? "page" : null }, game.title)));
  if (!games.some((game) => game.id === gameId)) {
    noSuchGame(games);
    return;
  }
  try {
    const rules = await api(`/api/games/${gameId}/rules`);
    document.title = `pickletable — ${rules.title} rules`;
    replace(document.getElementById("rules"), markdown(rules.markdown));
  } catch (error) {
    document.getElementById("rules").textContent = error.message;
  }
}

/** A rules address for a game this server does not have: say so and list the games it has. */
function noSuchGame(games) {
  document.title = "pickletable — no such game";
  replace(document.getElementById("rules"),
    h("h1", { id: "missing" }, "No such game"),
    h("p", {}, `There is no game “${decodeURIComponent(gameId || "")}”. The games here are:`),
    h("ul", {}, games.map((game) => h("li", {}, h("a", { href: `/rules/${game.id}` }, game.title)))));
}

start();
