// What the workbench says of a set's changes: the entry a loader's message names, and the list of
// changes from the built-in set in the server's diff words.
import { esc } from "./util.js";
import { entryLists, S } from "./workbench_state.js";

// The entry a loader's message names ("card 'moonshiner'", "levels[2]", "x with id = y").
export function entryOfError(err) {
  if (!err?.file || !S.files[err.file]) return null;
  const lists = entryLists(err.file).map((l) => l.key);
  if (!err.entry) return null;
  const quoted = err.entry.match(/'([^']*)'$/);
  const indexed = err.entry.match(/^(\w+)\[(\d+)\]$/);
  const keyed = err.entry.match(/ with (\w+) = (.+)$/);
  for (const list of lists) {
    const entries = S.files[err.file][list];
    let index = -1;
    if (quoted) index = entries.findIndex((e) => e.id === quoted[1]);
    else if (indexed && indexed[1] === list) index = Number(indexed[2]);
    else if (keyed) index = entries.findIndex((e) => String(e[keyed[1]]) === keyed[2].replace(/^'|'$/g, ""));
    if (index >= 0 && index < entries.length) return { file: err.file, list, index };
  }
  return null;
}

export function drawChanges() {
  const el = document.getElementById("wb-changes");
  if (!el) return;
  const stale = S.error ? `<p class="small muted">As of the last edit that loaded.</p>` : "";
  el.innerHTML = `<h2>Changes from the built-in set <span class="muted small">${S.diff.length}</span></h2>${stale}${
    S.diff.length
      ? `<ul class="wb-diff">${S.diff.map(changeHtml).join("")}</ul>`
      : `<p class="muted">None: ${S.set.builtin ? "this is" : "this set is the same as"} the built-in set.</p>`
  }`;
}

// "associates.toml · card 'moonshiner' · muscle 1 → 3", an added or removed entry in words.
function changeHtml(c) {
  const where = [c.file, c.entry].filter(Boolean).map(esc).join(" · ");
  if (!c.field) {
    const what = c.before === null ? "added" : c.after === null ? "removed" : "changed";
    return `<li class="wb-change ${what}"><span class="wb-where">${where}</span> <span class="wb-tag ${what === "added" ? "new" : what}">${what}</span></li>`;
  }
  return `<li class="wb-change"><span class="wb-where">${where}</span> <b>${esc(c.field)}</b> <span class="wb-before">${esc(shown(c.before))}</span> → <span class="wb-after">${esc(shown(c.after))}</span></li>`;
}
const shown = (v) => {
  if (v === null || v === undefined) return "(none)";
  const text = typeof v === "string" ? `“${v}”` : typeof v === "object" ? JSON.stringify(v) : String(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};
