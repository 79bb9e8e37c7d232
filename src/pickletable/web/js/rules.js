// A game's rules page, rendered from the same Markdown the terminal shows.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { markdown } from "./markdown.js";

const gameId = location.pathname.split("/")[2];

async function start() {
  const games = await api("/api/games");
  replace(document.getElementById("game-links"), games.map((game) =>
    h("a", { href: `/rules/${game.id}`, "aria-current": game.id === gameId ? "page" : null }, game.title)));
  try {
    const rules = await api(`/api/games/${gameId}/rules`);
    document.title = `pickletable — ${rules.title} rules`;
    replace(document.getElementById("rules"), markdown(rules.markdown));
    replace(document.getElementById("options"),
      h("thead", {}, h("tr", {}, ["name", "default", "what it does"].map((c) => h("th", {}, c)))),
      h("tbody", {}, rules.options.map((option) => h("tr", {},
        h("td", {}, h("code", {}, option.name)), h("td", {}, String(option.default)), h("td", {}, option.help)))));
  } catch (error) {
    document.getElementById("rules").textContent = error.message;
  }
}

start();
