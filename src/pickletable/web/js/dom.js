// Tiny DOM helpers: build elements and SVG without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Build an HTML element: h("button", {class: "x", onclick: f}, "text", child). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** Build an SVG element the same way. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
      listened.add(element);
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replace everything inside `element` with `children`. */
export function replace(element, ...children) {
  element.replaceChildren();
  fill(element, {}, children);
  return element;
}

/** The elements `h` and `s` gave a listener: `update` never keeps one of them with other
 * attributes or contents (its listener was made for what it read then). */
const listened = new WeakSet();

/** What the page adds to an element after it is drawn (movehelp.js: a card's line), which
 * the renderers never set: two elements that differ only in these read the same. */
const ADDED_LATER = new Set(["data-help", "aria-description", "data-help-title"]);

/**
 * Make what is inside `element` read as `children`, keeping every node that already reads
 * so: a view that changed one seat's cards leaves the other nodes, so a click under way
 * (its press and release on one button) and the focus survive it. An element with a
 * listener is kept only when it reads exactly the same, else replaced; one without is kept
 * and brought up to date (its attributes, then its children, the same way).
 * (Use only where every handler reads the page's current state, or what its element shows,
 * not other things it was built from.)
 */
export function update(element, ...children) {
  const next = fill(document.createElement("div"), {}, children);
  updateChildren(element, next);
  return element;
}

/** Bring `old` (in the page) up to date with `next` (just built) as `update` does its children.
 * Once its own attributes change, what the page added to it later goes too (to be added
 * anew for what it is now). */
export function updateElement(old, next) {
  if (!sameAttributes(old, next)) {
    for (const name of old.getAttributeNames()) {
      if (!next.hasAttribute(name) || ADDED_LATER.has(name)) old.removeAttribute(name);
    }
    for (const name of next.getAttributeNames()) old.setAttribute(name, next.getAttribute(name));
  }
  updateChildren(old, next);
}

/** Kept for the table's controls: `update` by its older name. */
export const replaceIfChanged = update;

function updateChildren(parent, next) {
  const fresh = [...next.childNodes];
  fresh.forEach((node, index) => {
    const old = parent.childNodes[index];
    if (!old) parent.append(node);
    else if (readsSame(old, node)) { /* kept as it is */ }
    else if (canUpdate(old, node)) updateElement(old, node);
    else old.replaceWith(node);
  });
  while (parent.childNodes.length > fresh.length) parent.lastChild.remove();
}

function canUpdate(old, node) {
  return old.nodeType === Node.ELEMENT_NODE && node.nodeType === Node.ELEMENT_NODE
    && old.namespaceURI === node.namespaceURI && old.localName === node.localName
    && !listened.has(old) && !listened.has(node);
}

/** Whether two nodes read the same: the same text, or the same tag, attributes (but what
 * the page added later) and children. */
function readsSame(old, node) {
  if (old.nodeType !== node.nodeType) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return old.nodeValue === node.nodeValue;
  if (old.namespaceURI !== node.namespaceURI || old.localName !== node.localName) return false;
  if (!sameAttributes(old, node) || old.childNodes.length !== node.childNodes.length) return false;
  return [...old.childNodes].every((child, index) => readsSame(child, node.childNodes[index]));
}

function sameAttributes(old, node) {
  const mine = ownAttributes(old);
  const theirs = ownAttributes(node);
  return mine.length === theirs.length && mine.every((name) => old.getAttribute(name) === node.getAttribute(name));
}

/** An element's attributes but those the page added after drawing it. */
function ownAttributes(element) {
  const added = element.hasAttribute("data-help-title");
  return element.getAttributeNames().filter((name) => !ADDED_LATER.has(name) && !(added && name === "title"));
}

/** One decimal place, as the skill track reads: 2 -> "2.0". */
export function level(value) {
  return Number(value).toFixed(1);
}
