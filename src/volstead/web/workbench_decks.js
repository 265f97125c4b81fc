// The decks of the workbench: each entry list of a file shown with the game's card table for it
// (matched by the table's `id` column; a table that matches no list is shown for browsing), an
// edited entry marked, a new one added, a removed one struck out.
import { esc } from "./util.js";
import { entryLists, entryName, fileOf, S, same } from "./workbench_state.js";

export function tableLists() {
  const matched = new Map(); // "file/list" -> table
  const loose = new Map(); // file -> [tables]
  const idsOf = (file, list) => new Set((fileOf(file).data[list] || []).map((e) => e.id));
  for (const t of S.tables) {
    const col = t.columns.indexOf("id");
    let best = null;
    if (col >= 0) {
      for (const f of S.set.files) {
        for (const l of entryLists(f.file)) {
          const ids = idsOf(f.file, l.key);
          const hits = t.rows.filter((r) => ids.has(r[col])).length;
          if (hits * 2 > t.rows.length && (!best || hits > best.hits) && !matched.has(`${f.file}/${l.key}`))
            best = { key: `${f.file}/${l.key}`, hits };
        }
      }
    }
    if (best) matched.set(best.key, t);
    else {
      const home =
        S.set.files.find((f) => [t.deck, `${t.deck}s`].includes(f.file.replace(/\.toml$/, "")))?.file ||
        [...matched.keys()].find((k) => matched.get(k).deck === t.deck)?.split("/")[0] ||
        S.set.files[0].file;
      loose.set(home, [...(loose.get(home) || []), t]);
    }
  }
  return { matched, loose };
}

// An entry list as its card table shows it (the set as saved: an edited entry is marked, a new
// one added at the end, a removed one struck out), with an Edit button a row.
export function listHtml(list, table) {
  const now = S.files[S.tab][list.key] || [];
  const before = fileOf(S.tab).data[list.key] || [];
  const byId = new Map(now.map((e, i) => [e.id ?? `#${i}`, i]));
  const beforeById = new Map(before.map((e, i) => [e.id ?? `#${i}`, e]));
  const columns = table ? table.columns : genericColumns(before.length ? before : now);
  const col = table ? table.columns.indexOf("id") : -1;
  const rows = [];
  const seen = new Set();
  const gone = new Set();
  const sourceRows = table ? table.rows : before.map((e) => columns.map((c) => cellText(e[c])));
  sourceRows.forEach((cells, r) => {
    const key = table ? cells[col] : (before[r]?.id ?? `#${r}`);
    const i = byId.get(key);
    if (i === undefined) {
      gone.add(key);
      rows.push(rowHtml(list, null, cells, "removed"));
      return;
    }
    seen.add(i);
    const mark = !beforeById.has(key) ? "new" : same(beforeById.get(key), now[i]) ? "" : "edited";
    rows.push(rowHtml(list, i, cells, mark));
  });
  now.forEach((e, i) => {
    if (seen.has(i)) return;
    const cells = columns.map((c) => (["id", "name"].includes(c) || !table ? cellText(e[c]) : ""));
    rows.push(rowHtml(list, i, cells, "new"));
  });
  // an entry the edits removed, which a table of the edited set (the check's) no longer shows:
  // its row as the set was opened, struck out
  const savedRows = new Map((S.set.tables.find((t) => t.title === table?.title)?.rows || []).map((r) => [r[col], r]));
  before.forEach((e, r) => {
    const key = e.id ?? `#${r}`;
    if (byId.has(key) || gone.has(key)) return;
    const cells = savedRows.get(key) || columns.map((c) => (["id", "name"].includes(c) || !table ? cellText(e[c]) : ""));
    rows.push(rowHtml(list, null, cells, "removed"));
  });
  const add = S.readOnly ? "" : `<button type="button" data-act="add" data-list="${esc(list.key)}">Add</button>`;
  const title = table?.title || list.title;
  return `<div class="wb-list"><div class="wb-list-head"><h3>${esc(title)} <span class="muted small">${now.length} ${now.length === 1 ? "entry" : "entries"}${table?.total ? ` · ${table.total} cards` : ""}</span></h3>${add}</div>
    <div class="wb-table-wrap"><table class="wb-table"><thead><tr><th scope="col"><span class="sr">Edit</span></th>${columns.map((c) => `<th scope="col">${esc(c)}</th>`).join("")}</tr></thead>
    <tbody>${rows.join("")}</tbody></table></div>${table?.note ? `<p class="small muted">${esc(table.note)}</p>` : ""}</div>`;
}

function rowHtml(list, index, cells, mark) {
  const open = S.open?.file === S.tab && S.open.list === list.key && S.open.index === index && index !== null;
  const name = index === null ? cells.join(" ") : entryName(S.files[S.tab][list.key][index], index);
  const badge = mark ? ` <span class="wb-tag ${mark}">${mark}</span>` : "";
  const button =
    index === null
      ? `<td>${badge}</td>`
      : `<td><button type="button" class="wb-edit" data-list="${esc(list.key)}" data-index="${index}" aria-label="${S.readOnly ? "Show" : "Edit"} ${esc(name)}">${S.readOnly ? "Show" : "Edit"}</button>${badge}</td>`;
  const attrs = index === null ? "" : `data-list="${esc(list.key)}" data-index="${index}"`;
  return `<tr class="${mark}${open ? " open" : ""}" ${attrs} ${open ? 'aria-current="true"' : ""}>${button}${cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`;
}

// A list no card table shows: its id and name, then its first few plain values.
function genericColumns(entries) {
  const first = entries[0] || {};
  const keys = Object.keys(first).filter((k) => typeof first[k] !== "object");
  const lead = ["id", "name"].filter((k) => k in first);
  return [...lead, ...keys.filter((k) => !lead.includes(k)).slice(0, 5 - lead.length)];
}
export const cut = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
const cellText = (v) => (v === undefined ? "" : String(v));

export function browseTableHtml(t) {
  return `<div class="wb-list"><div class="wb-list-head"><h3>${esc(t.title)} <span class="muted small">${t.rows.length} rows · to browse</span></h3></div>
    <div class="wb-table-wrap"><table class="wb-table"><thead><tr>${t.columns.map((c) => `<th scope="col">${esc(c)}</th>`).join("")}</tr></thead>
    <tbody>${t.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("")}</tbody></table></div></div>`;
}
