// Talking to the server: REST calls, seat tokens kept in this browser, the live socket.

const TOKEN_KEY = (tableId) => `pickletable:seat:${tableId}`;

/** The seat token this browser holds for a table, if any. */
export function seatToken(tableId) {
  return localStorage.getItem(TOKEN_KEY(tableId));
}

/** Remember (or, with null, forget) this browser's seat token for a table. */
export function keepSeatToken(tableId, token) {
  if (token) localStorage.setItem(TOKEN_KEY(tableId), token);
  else localStorage.removeItem(TOKEN_KEY(tableId));
}

/** Every table this browser holds a seat token for: [{ tableId, token }]. */
export function heldSeats() {
  const prefix = TOKEN_KEY("");
  const held = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key && key.startsWith(prefix)) held.push({ tableId: key.slice(prefix.length), token: localStorage.getItem(key) });
  }
  return held;
}

/** Call the REST API; a refusal throws an Error carrying the server's message. */
/**
 * The whole view a patch makes of `view` (see `pickletable.server.patches`), or null when
 * the patch is for another version than the one held (then ask for the whole view).
 */
export function applyPatch(view, patch) {
  if (!view || patch.base !== view.version) return null;
  const result = { ...view };
  for (const key of patch.remove || []) delete result[key];
  Object.assign(result, patch.set || {});
  for (const [key, merged] of Object.entries(patch.merge || {})) result[key] = { ...result[key], ...merged };
  for (const [key, gone] of Object.entries(patch.drop || {})) {
    const kept = { ...result[key] };
    for (const sub of gone) delete kept[sub];
    result[key] = kept;
  }
  return { ...result, type: "view", version: patch.version, log_start: patch.log_start, log: patch.log };
}

/** The CSRF token the server set in a cookie, sent back as a header (docs/accounts.md). */
export function csrfToken() {
  const found = document.cookie.split("; ").find((part) => part.startsWith("pickletable_csrf="));
  return found ? decodeURIComponent(found.slice("pickletable_csrf=".length)) : "";
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken();
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((d) => `${d.loc.slice(-1)[0]}: ${d.msg}`).join("; ")
      : data.detail;
    const error = new Error(detail || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

/**
 * The live connection to a table. Reconnects by itself (a restarted server
 * or a dropped network), and says hello with the seat token each time so
 * the view comes back as it was.
 */
export class TableSocket {
  constructor(tableId, token, { onMessage, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = 250;
    this.closed = false;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 250;
      socket.send(JSON.stringify({ type: "hello", token: this.token }));
      this.onStatus("connected");
    });
    socket.addEventListener("message", (event) => this.onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (this.closed) return;
      this.onStatus("reconnecting");
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 4000);
    });
  }

  /**
   * Send a move for the view at `step`; the answer comes back as a view (or a refusal).
   * A move sent twice for one step is played once. False when it could not be sent (the
   * connection is down: the view that comes back with it asks again).
   */
  act(action, step) {
    return this.send({ type: "act", token: this.token, action, step });
  }

  /** Ask for the whole view and log again. */
  sync() {
    this.send({ type: "sync" });
  }

  /** Send `message` if the connection is open; whether it was. */
  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}
