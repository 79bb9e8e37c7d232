// Step forward and back through a finished game's record (arrow keys work too); a read-only
// table's replay ends where its steps stop replaying, and its last step says why.

import { api, seatToken } from "./api.js";
import { h, replace } from "./dom.js";

const tableId = location.pathname.split("/")[2];
const el = (id) => document.getElementById(id);
let frames = [];
let index = 0;
let renderer = null;
let info = null;

async function start() {
  info = await api(`/api/tables/${tableId}`, { token: seatToken(tableId) });
  renderer = await import(`/static/js/games/${info.game}.js`);
  el("title").textContent = `Replay: ${info.title}`;
  el("back-link").href = `/table/${tableId}`;
  el("record-link").href = `/api/tables/${tableId}/record`;
  replace(el("as"), h("option", { value: "" }, "spectator"),
    info.seats.map((seat) => h("option", { value: seat.seat, selected: seat.seat === info.you }, `${seat.name} (${seat.label})`)));
  el("as").addEventListener("change", load);
  el("first").addEventListener("click", () => go(0));
  el("prev").addEventListener("click", () => go(index - 1));
  el("next").addEventListener("click", () => go(index + 1));
  el("last").addEventListener("click", () => go(frames.length - 1));
  el("scrub").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("select, input")) return;
    if (event.key === "ArrowRight") go(index + 1);
    if (event.key === "ArrowLeft") go(index - 1);
    if (event.key === "Home") go(0);
    if (event.key === "End") go(frames.length - 1);
  });
  await load();
}

async function load() {
  const seat = el("as").value;
  try {
    const replay = await api(`/api/tables/${tableId}/replay${seat === "" ? "" : `?seat=${seat}`}`);
    frames = replay.frames;
  } catch (error) {
    el("prompt").textContent = error.message;
    return;
  }
  el("scrub").max = frames.length - 1;
  go(Math.min(index, frames.length - 1));
}

function go(to) {
  index = Math.max(0, Math.min(frames.length - 1, to));
  const frame = frames[index];
  el("scrub").value = index;
  el("where").textContent = `Step ${index} of ${frames.length - 1}` + (frame.action
    ? ` — ${frame.by ? `${frame.by}: ${frame.label || frame.action}` : `chance: ${frame.action}`}` : "");
  el("prompt").textContent = info.read_only && index === frames.length - 1
    ? `${frame.prompt} — ${info.read_only.message}` : frame.prompt;
  const seat = el("as").value === "" ? null : Number(el("as").value);
  const view = { observation: frame.observation, legal: [], you: seat, status: "replay", table: info,
    prompt: frame.prompt, step: index };
  renderer.render(el("board"), view, {
    you: seat, legal: new Map(), act: () => {}, seatLabel: (n) => (info.seats.find((s) => s.seat === n) || {}).label || "",
  });
  const lines = frames.slice(0, index + 1).flatMap((f) => f.log);
  replace(el("log"), lines.map((line) => h("li", {}, line)));
  el("log").scrollTop = el("log").scrollHeight;
}

start().catch((error) => {
  el("title").textContent = error.message;
});
