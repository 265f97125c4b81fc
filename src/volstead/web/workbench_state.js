// The workbench page's state (the opened set as saved, its files as edited, what is open) and the
// small helpers every part of the page reads; workbench.js draws the page from it.
import { getJSON } from "./util.js";
import { kindOf, resolve, unwrap } from "./workbench_form.js";

// The page's state: the opened set as saved (`set`), its files as edited (`files`), what is open.
export const S = {
  info: null,
  games: [],
  game: null,
  sets: [],
  set: null,
  files: {},
  readOnly: false,
  tab: null,
  open: null, // {file, list, index} an entry; {file, list: null} the file's own values
  diff: [],
  error: null,
  checkSeq: 0,
  tables: [],
};

export const api = (path, opts) => getJSON(`/api/workbench${path}`, opts);
export const post = (path, body, method = "POST") =>
  fetch(`/api/workbench${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
export const bodyOf = async (r) => r.json().catch(() => ({ message: `${r.status} ${r.statusText}` }));
export const clone = (x) => structuredClone(x);
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const stem = (file) => file.replace(/\.toml$/, "").replace(/_/g, " ");
export const fileOf = (name) => S.set.files.find((f) => f.file === name);
export const dirtyFiles = () => S.set.files.filter((f) => !same(f.data, S.files[f.file])).map((f) => f.file);
export const changedFiles = () => Object.fromEntries(dirtyFiles().map((f) => [f, S.files[f]]));

// A file's entry lists: its top-level arrays of tables (cards, mats, neighbourhoods…).
export function entryLists(file) {
  const f = fileOf(file);
  return Object.entries(resolve(f.schema, f.schema).properties || {})
    .filter(([, p]) => kindOf(unwrap(p, f.schema).schema, f.schema) === "objects")
    .map(([key, p]) => ({ key, title: unwrap(p, f.schema).schema.title || key }));
}

export const entryName = (e, i) => e?.name || e?.id || `#${i + 1}`;
