// Enough Markdown for the rules pages: headings, paragraphs, lists, tables, code, emphasis.

import { h } from "./dom.js";

/** Render Markdown text into an array of elements. */
export function markdown(text) {
  const lines = text.replace(/\r/g, "").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i += 1; continue; }
    if (line.startsWith("```")) {
      const code = [];
      i += 1;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(lines[i++]);
      i += 1;
      out.push(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(h(`h${heading[1].length}`, {}, inline(heading[2])));
      i += 1;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      out.push(table(rows));
      continue;
    }
    if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      while (i < lines.length && lines[i].trim()) {
        const item = /^\s*([-*+]|\d+\.)\s+(.*)$/.exec(lines[i]);
        if (item) items.push(item[2]);
        else if (items.length) items[items.length - 1] += " " + lines[i].trim();
        i += 1;
      }
      out.push(h(ordered ? "ol" : "ul", {}, items.map((item) => h("li", {}, inline(item)))));
      continue;
    }
    const paragraph = [];
    while (i < lines.length && lines[i].trim() && !/^(#|```|\s*\||\s*([-*+]|\d+\.)\s)/.test(lines[i])) {
      paragraph.push(lines[i++].trim());
    }
    if (!paragraph.length) { paragraph.push(lines[i++].trim()); }
    out.push(h("p", {}, inline(paragraph.join(" "))));
  }
  return out;
}

function table(rows) {
  const cells = (row) => row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
  const [head, , ...body] = rows;
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Table (scrolls sideways)" }, h("table", {},
    h("thead", {}, h("tr", {}, cells(head).map((c) => h("th", {}, inline(c))))),
    h("tbody", {}, body.map((row) => h("tr", {}, cells(row).map((c) => h("td", {}, inline(c))))))));
}

/** Inline Markdown: `code`, **bold**, *em*, [links](url). */
function inline(text) {
  const parts = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*|\[[^\]]+\]\([^)]+\))/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("`")) parts.push(h("code", {}, token.slice(1, -1)));
    else if (token.startsWith("**")) parts.push(h("strong", {}, token.slice(2, -2)));
    else if (token.startsWith("*")) parts.push(h("em", {}, token.slice(1, -1)));
    else {
      const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(token);
      parts.push(h("a", { href: link[2] }, link[1]));
    }
    last = match.index + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
