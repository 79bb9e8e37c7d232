// A player's profile: ratings per game and mode, finished tables with result and change,
// each with its replay, its record and the review of the player's seat.

import { api } from "./api.js";
import { h, replace } from "./dom.js";

export function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? "?" : ""}`;
}

async function show() {
  const id = location.pathname.split("/").pop();
  try {
    const player = await api(`/api/players/${encodeURIComponent(id)}`);
    document.getElementById("player-name").textContent = player.name;
    document.title = `pickletable — ${player.name}`;
    replace(document.querySelector("#ratings tbody"), player.ratings.map((r) =>
      h("tr", {}, h("td", {}, r.game), h("td", {}, r.mode),
        h("td", { title: r.provisional ? "provisional: fewer than 10 rated games" : "" }, ratingText(r)),
        h("td", {}, r.games))));
    replace(document.getElementById("graphs"), player.ratings.map((r) =>
      h("figure", { class: "rating-graph" },
        h("img", { src: r.graph, width: 480, height: 180,
          alt: `Rating in ${r.game}, ${r.mode}: ${ratingText(r)} after ${r.games} rated game${r.games === 1 ? "" : "s"}` }),
        h("figcaption", {}, `${r.game}, ${r.mode}`))));
    replace(document.querySelector("#tables tbody"), player.tables.map((t) =>
      h("tr", {}, h("td", {}, `${t.game}, ${t.players} players`),
        h("td", {}, t.status === "over" ? (t.result || "finished") : t.status),
        h("td", {}, t.rating_change === undefined ? "" : `${t.rating_change > 0 ? "+" : ""}${t.rating_change}`),
        h("td", {}, t.status === "over"
          ? [h("a", { href: t.replay }, "replay"), " · ", h("a", { href: t.record }, "record"),
            " · ", h("a", { href: t.review, class: "review-link" }, "review")]
          : h("a", { href: t.link }, "watch")))));
  } catch (error) {
    document.getElementById("player-error").textContent = error.message;
  }
}

show();
