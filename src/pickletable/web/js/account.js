// The account page: sign in, sign up, sign out, change password, delete the account.

import { api, heldSeats, keepSeatToken } from "./api.js";
import { h, replace } from "./dom.js";

const $ = (id) => document.getElementById(id);

async function show() {
  const { user } = await api("/api/account");
  $("guest").hidden = Boolean(user);
  $("member").hidden = !user;
  if (user) {
    $("member-name").textContent = user.name;
    $("profile-link").href = `/player/${user.id}`;
  }
}

function credentials() {
  const seats = heldSeats().map(({ tableId, token }) => ({ table: tableId, token }));
  return { name: $("account-name").value, password: $("account-password").value, seats };
}

async function enter(path) {
  $("credentials-error").textContent = "";
  try {
    await api(path, { method: "POST", body: credentials() });
    $("account-password").value = "";
    await show();
    await startQueue();
  } catch (error) {
    $("credentials-error").textContent = error.message;
  }
}

async function member(work) {
  $("member-error").textContent = "";
  try {
    await work();
  } catch (error) {
    $("member-error").textContent = error.message;
  }
}

$("credentials").addEventListener("submit", (event) => {
  event.preventDefault();
  enter("/api/account/sign-in");
});
$("sign-up").addEventListener("click", () => {
  if ($("credentials").reportValidity()) enter("/api/account/sign-up");
});
$("sign-out").addEventListener("click", () => member(async () => {
  await api("/api/account/sign-out", { method: "POST" });
  await show();
}));
$("password-form").addEventListener("submit", (event) => {
  event.preventDefault();
  member(async () => {
    await api("/api/account/password", { method: "POST", body: { old: $("old-password").value, new: $("new-password").value } });
    $("old-password").value = $("new-password").value = "";
    $("password-note").textContent = "Password changed; your other browsers are signed out.";
  });
});
$("delete-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!confirm("Delete your account? This cannot be undone.")) return;
  member(async () => {
    await api("/api/account/delete", { method: "POST", body: { password: $("delete-password").value } });
    await show();
  });
});

let games = [];
let polling = null;

async function setUpQueue() {
  games = await api("/api/games");
  replace($("queue-game"), games.map((g) => h("option", { value: g.id }, g.title)));
  const players = () => {
    const game = games.find((g) => g.id === $("queue-game").value);
    replace($("queue-players"), game.player_counts.map((n) => h("option", { value: n }, `${n} players`)));
  };
  $("queue-game").addEventListener("change", players);
  players();
  $("queue-form").addEventListener("submit", (event) => {
    event.preventDefault();
    member(async () => {
      const body = { game: $("queue-game").value, players: Number($("queue-players").value),
        doubles: $("queue-doubles").checked, bots: $("queue-bots").checked };
      showQueue(await api("/api/queue", { method: "POST", body }));
    });
  });
  $("queue-leave").addEventListener("click", () => member(async () => {
    await api("/api/queue/leave", { method: "POST" });
    showQueue({ queued: false });
  }));
}

/** Go to the table the queue found: its seat token comes with a POST (as often as asked). */
async function goToTable(state) {
  const seat = state.token ? state : await api("/api/queue/seat", { method: "POST" });
  keepSeatToken(seat.table, seat.token);
  location.href = `/table/${seat.table}`;
}

/** Show where the player stands; a match found while the page waits is followed at once,
 * one found before the page opened is offered (`follow` false). */
function showQueue(state, follow = true) {
  clearTimeout(polling);
  if (state.table && follow) {
    member(() => goToTable(state));
    return;
  }
  $("queue-table").hidden = !state.table;
  $("queue-table").onclick = () => member(() => goToTable(state));
  $("queue-leave").hidden = !state.queued;
  $("queue-join").hidden = state.queued;
  $("queue-note").textContent = state.queued
    ? `Looking for ${state.mode} players of your rating (within ${Math.round(state.window)} points), ${state.waiting_seconds} s so far…`
    : "";
  if (state.queued) polling = setTimeout(() => member(async () => showQueue(await api("/api/queue"))), 2000);
}

async function startQueue() {
  if ($("member").hidden) return;
  if (!games.length) await setUpQueue();
  showQueue(await api("/api/queue"), false);
}

show().then(startQueue);
