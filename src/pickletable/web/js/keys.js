// Keys for the listed moves: 1-9, then 0 for the tenth, then a-z for the 11th to the 36th.

const KEYS = "1234567890abcdefghijklmnopqrstuvwxyz";

/** The key for the move at `index` (0-based), or null past the 36th. */
export function keyFor(index) {
  return index >= 0 && index < KEYS.length ? KEYS[index] : null;
}

/** The 0-based index of the move a key picks, or -1 if the key picks none. */
export function indexFor(key) {
  return typeof key === "string" && key.length === 1 ? KEYS.indexOf(key.toLowerCase()) : -1;
}
