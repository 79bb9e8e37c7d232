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

/** Replace what is inside `element` only if the new children read differently: a view that
 * changed nothing here leaves the old nodes, so a click under way and the focus survive it.
 * (Use only where every handler reads the page's current state, not what it was built from.) */
export function replaceIfChanged(element, ...children) {
  const next = fill(document.createElement(element.tagName), {}, children);
  const old = element.childNodes;
  const same = next.childNodes.length === old.length
    && [...next.childNodes].every((node, index) => node.isEqualNode(old[index]));
  if (same) return element;
  element.replaceChildren(...next.childNodes);
  return element;
}

/** One decimal place, as the skill track reads: 2 -> "2.0". */
export function level(value) {
  return Number(value).toFixed(1);
}
