// The generic renderer: any game's view, readably, for a game without a browser module of its
// own (a new game is playable in the browser from its first commit). Objects become labelled
// rows, lists of records tables, lists of plain values one line.
import { esc, nice } from "./util.js";

const scalar = (v) => v === null || v === undefined || typeof v !== "object";
const show = (v) =>
  v === null || v === undefined ? `<span class="muted">—</span>` : typeof v === "boolean" ? (v ? "yes" : "no") : esc(v);
const isRecords = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === "object" && !Array.isArray(x));

export function valueHtml(v, depth = 0) {
  if (scalar(v)) return show(v);
  if (Array.isArray(v)) {
    if (!v.length) return `<span class="muted">none</span>`;
    if (v.every(scalar)) return v.map(show).join(", ");
    if (isRecords(v) && depth < 4) {
      const keys = [...new Set(v.flatMap((x) => Object.keys(x)))];
      return `<table class="gv-table"><tr>${keys.map((k) => `<th>${esc(nice(k))}</th>`).join("")}</tr>${v.map((x) => `<tr>${keys.map((k) => `<td>${valueHtml(x[k], depth + 1)}</td>`).join("")}</tr>`).join("")}</table>`;
    }
    return v.map((x) => `<div>${valueHtml(x, depth + 1)}</div>`).join("");
  }
  const entries = Object.entries(v);
  if (!entries.length) return `<span class="muted">—</span>`;
  return `<dl class="gv">${entries.map(([k, x]) => `<dt>${esc(nice(k))}</dt><dd>${valueHtml(x, depth + 1)}</dd>`).join("")}</dl>`;
}

export function render(state) {
  const view = { ...state.view };
  delete view.result; // the shell shows the final scores
  return {
    main: `<div class="panel" id="view"><h3>${state.you === null ? "The table" : `What seat ${state.you + 1} sees`}</h3>${valueHtml(view)}</div>`,
    side: "",
  };
}
