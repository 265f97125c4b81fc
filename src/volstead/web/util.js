export const esc = (s) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
export const nice = (id) =>
  String(id ?? "")
    .replace(/_/g, " ")
    .replace(/\b\w/g, (c) => c.toUpperCase());
const PALETTE = {
  red: "#c0392b",
  blue: "#2e5fa8",
  green: "#2f7d32",
  purple: "#7b3fa0",
  black: "#222",
  yellow: "#c9a100",
  orange: "#d35400",
  white: "#888",
  brown: "#7a4a24",
  grey: "#666",
  gray: "#666",
};
export function colorOf(color) {
  return PALETTE[color] || color || "#777";
}
// The bots offered for a table of n seats of game g: the learned bot only where the game ships its
// policy network (describe(): learned_policy) and at tables of the size it was trained for (learned_seats).
export function botsFor(strengths, g, n) {
  return strengths.filter((s) => s.spec !== "learned" || (g.learned_policy && g.learned_seats === n));
}
export async function getJSON(url, opts) {
  const r = await fetch(url, opts);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.message || `${r.status} ${r.statusText}`);
  return body;
}
// A game module's stylesheet, resolved once it has loaded (or failed: the board still draws).
// Modules await it at top level, so the shell's import() resolves with the styles in place and
// the first board is not drawn unstyled (a phone's map measured before its min-width applied).
export function loadStyle(href) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.onload = link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}
