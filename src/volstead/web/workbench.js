// The designer's workbench (/workbench, /workbench/GAME[?set=ID], /workbench/v/ID read-only):
// pick a game and a card set, browse its decks as `volstead cards` shows them, edit an entry in a
// form generated from the file's JSON Schema (workbench_form.js), every edit checked by the server
// with the loader's own message (shown beside the field it names), the changes from the built-in
// set as a list; save, export, import, share; run an experiment and read the comparison
// (workbench_experiment.js). Its parts: the state (workbench_state.js), the decks' tables
// (workbench_decks.js), the changes and the entry a message names (workbench_changes.js). It
// knows no game: everything comes from /api/workbench and /api/info.
import { esc, getJSON } from "./util.js";
import { drawChanges, entryOfError } from "./workbench_changes.js";
import { browseTableHtml, cut, listHtml, tableLists } from "./workbench_decks.js";
import { experimentPanel } from "./workbench_experiment.js";
import { fieldsHtml, getAt, readControl, resolve, schemaAt, setAt, skeleton, splitPath, unwrap } from "./workbench_form.js";
import {
  api,
  bodyOf,
  changedFiles,
  clone,
  dirtyFiles,
  entryLists,
  entryName,
  fileOf,
  post,
  S,
  same,
  stem,
} from "./workbench_state.js";

const app = document.getElementById("app");
const subtitle = document.getElementById("subtitle");
const CHECK_DELAY_MS = 350; // an edit is checked this long after the last keystroke
const AUTHOR_KEY = "volstead:workbench-author";

let checkTimer = null;
let experiment = null;

// ------------------------------------------------------------------ routing
// Where the address points: {game, set, readOnly} ("/workbench/v/ID" names no game: found below).
function route() {
  const parts = location.pathname.split("/").filter(Boolean);
  const q = new URLSearchParams(location.search);
  if (parts[1] === "v" && parts[2]) return { game: null, set: decodeURIComponent(parts[2]), readOnly: true };
  return { game: parts[1] ? decodeURIComponent(parts[1]) : q.get("game"), set: q.get("set") || "base", readOnly: false };
}

function go(url) {
  history.pushState(null, "", url);
  start();
}
const editUrl = (game, set) =>
  `/workbench/${encodeURIComponent(game)}${set && set !== "base" ? `?set=${encodeURIComponent(set)}` : ""}`;

async function start() {
  try {
    if (!S.info) [S.info, S.games] = await Promise.all([getJSON("/api/info"), api("/games")]);
    const r = route();
    let game = r.game;
    if (r.readOnly) game = await gameOfSet(r.set);
    if (!S.games.length) throw new Error("no game on this server has a card set to edit");
    if (!S.games.some((g) => g.name === game)) {
      if (game) throw new Error(`no game ${game} with a card set here (${S.games.map((g) => g.name).join(", ")})`);
      game = (S.games.find((g) => g.name === S.info.default_game) || S.games[0]).name;
    }
    await openSet(game, r.set, r.readOnly);
  } catch (e) {
    app.innerHTML = `<div class="panel"><h2>Workbench</h2><p class="error" id="wb-fatal">${esc(e.message)}</p>
      <p><a href="/workbench">Open the workbench</a> · <a href="/">The lobby</a></p></div>`;
  }
}

// The game a saved set belongs to (a share link names only the set).
async function gameOfSet(id) {
  for (const g of S.games) {
    const sets = await api(`/${encodeURIComponent(g.name)}/sets`);
    if (sets.some((s) => s.id === id)) return g.name;
  }
  throw new Error(`no saved card set ${id}: it may have been deleted`);
}

async function openSet(gameName, setId, readOnly) {
  const [sets, set] = await Promise.all([
    api(`/${encodeURIComponent(gameName)}/sets`),
    api(`/${encodeURIComponent(gameName)}/sets/${encodeURIComponent(setId)}`),
  ]);
  Object.assign(S, {
    game: S.games.find((g) => g.name === gameName),
    sets,
    set,
    files: Object.fromEntries(set.files.map((f) => [f.file, clone(f.data)])),
    readOnly: readOnly || false,
    tab: set.files[0]?.file,
    open: null,
    diff: set.diff,
    error: null,
    tables: set.tables,
  });
  subtitle.textContent = `Workbench · ${S.game.title} · ${set.builtin ? "the built-in set" : set.name}`;
  document.title = `Workbench · ${S.game.title} · Volstead`;
  drawPage();
}

// ------------------------------------------------------------------ the page
function drawPage() {
  // a phone's jump bar (style.css #jump): one button a part of the long page
  const jumps = [
    ["wb-decks", "Decks"],
    ["wb-editor", "Edit"],
    ["wb-changes", "Changes"],
    ["wb-experiment", "Experiment"],
  ];
  app.innerHTML = `<div class="wb">
    <nav id="jump" aria-label="Parts of the page">${jumps.map(([id, label]) => `<button type="button" data-jump="${id}">${label}</button>`).join("")}</nav>
    <section class="panel wb-bar" aria-label="Card set"></section>
    <div id="wb-banner" role="status" aria-live="polite"></div>
    <div class="wb-main">
      <section class="panel wb-decks" id="wb-decks" data-nav aria-label="Decks"><div class="wb-tabs" role="tablist" aria-label="Files of the card set"></div><div id="wb-tab" role="tabpanel"></div></section>
      <div class="wb-side">
        <section class="panel" id="wb-editor" data-nav aria-label="Edit an entry"></section>
        <section class="panel" id="wb-changes" data-nav aria-label="Changes from the built-in set"></section>
      </div>
    </div>
    <section class="panel" id="wb-experiment" data-nav aria-label="Experiment"></section>
    <dialog id="wb-dialog"></dialog>
  </div>`;
  for (const b of app.querySelectorAll("#jump button"))
    b.onclick = () => document.getElementById(b.dataset.jump).scrollIntoView();
  drawBar();
  drawTabs();
  drawTab();
  drawEditor();
  drawChanges();
  drawBanner();
  experiment = experimentPanel(document.getElementById("wb-experiment"), {
    info: S.info,
    game: S.game,
    sets: S.sets,
    set: S.set,
    dirty: () => dirtyFiles().length > 0,
  });
}

function drawBar() {
  const bar = app.querySelector(".wb-bar");
  const saved = !S.set.builtin;
  const dirty = dirtyFiles().length > 0;
  const ro = S.readOnly;
  const state = ro
    ? `<span class="wb-tag ro">read-only</span> a shared link: nothing here can be changed`
    : dirty
      ? `<span class="wb-tag unsaved">unsaved changes</span> in ${dirtyFiles().map(esc).join(", ")}`
      : saved
        ? `<span class="wb-tag saved">saved</span>`
        : `<span class="wb-tag">the built-in set</span> edit a card, then “Save as…”`;
  const about = saved
    ? `<p class="wb-about"><b id="wb-set-name">${esc(S.set.name)}</b>${S.set.author ? ` by ${esc(S.set.author)}` : ""}${S.set.updated ? ` <span class="muted small">· saved ${esc(String(S.set.updated).slice(0, 16).replace("T", " "))}</span>` : ""}${S.set.note ? `<span class="wb-note">${esc(S.set.note)}</span>` : ""}</p>`
    : "";
  const share = `${location.origin}/workbench/v/${encodeURIComponent(S.set.id)}`;
  bar.innerHTML = `<div class="wb-pickers">
      <label>Game <select id="wb-game" ${ro ? "disabled" : ""}>${S.games.map((g) => `<option value="${esc(g.name)}" ${g.name === S.game.name ? "selected" : ""}>${esc(g.title)}</option>`).join("")}</select></label>
      <label>Card set <select id="wb-set" ${ro ? "disabled" : ""}>${S.sets.map((s) => `<option value="${esc(s.id)}" ${s.id === S.set.id ? "selected" : ""}>${esc(s.builtin ? "the built-in set" : s.name)}</option>`).join("")}</select></label>
      <span id="wb-state">${state}</span></div>
    ${about}
    <div class="wb-actions">${
      ro
        ? `<button type="button" class="primary" id="wb-edit-copy">Edit this set</button>`
        : `${saved ? `<button type="button" class="primary" id="wb-save" ${dirty ? "" : "disabled"}>Save</button>` : ""}
      <button type="button" id="wb-save-as" ${!saved && dirty ? 'class="primary"' : ""}>Save as…</button>
      <button type="button" id="wb-discard" ${dirty ? "" : "disabled"}>Discard changes</button>
      <button type="button" id="wb-import">Import…</button><input type="file" id="wb-import-file" accept=".zip,application/zip" hidden>`
    }
      ${saved ? `<a class="button" id="wb-export" href="/api/workbench/variants/${encodeURIComponent(S.set.id)}/export" download>Export (TOML files)</a>` : ""}
      ${saved && S.game.playable_variants ? `<a class="button" id="wb-play" href="/?game=${encodeURIComponent(S.game.name)}&card_set=${encodeURIComponent(S.set.id)}">Play at a table</a>` : ""}
      ${saved && !ro ? `<button type="button" id="wb-delete">Delete</button>` : ""}
    </div>
    ${saved ? `<div class="wb-share"><label for="wb-share-link">Share (opens read-only)</label> <input id="wb-share-link" readonly value="${esc(share)}"> <button type="button" id="wb-copy-link">Copy link</button></div>` : ""}`;
  const on = (id, fn) => {
    const el = document.getElementById(id);
    if (el) el.onclick = fn;
  };
  const gameSel = document.getElementById("wb-game");
  gameSel.onchange = () => {
    if (leave()) go(editUrl(gameSel.value, "base"));
    else gameSel.value = S.game.name;
  };
  const setSel = document.getElementById("wb-set");
  setSel.onchange = () => {
    if (leave()) go(editUrl(S.game.name, setSel.value));
    else setSel.value = S.set.id;
  };
  on("wb-edit-copy", () => go(editUrl(S.game.name, S.set.id)));
  on("wb-save", saveChanges);
  on("wb-save-as", () => saveDialog("save-as"));
  on("wb-discard", discard);
  on("wb-import", () => document.getElementById("wb-import-file").click());
  on("wb-delete", deleteSet);
  on("wb-copy-link", copyLink);
  const file = document.getElementById("wb-import-file");
  if (file) file.onchange = () => file.files[0] && saveDialog("import", file.files[0]);
}

// Leaving the set (another set, another game): only with the edits saved, or given up.
const leave = () => !dirtyFiles().length || confirm("Leave this set? Its unsaved changes will be lost.");
addEventListener("beforeunload", (e) => {
  if (S.set && !S.readOnly && dirtyFiles().length) e.preventDefault();
});
addEventListener("popstate", () => start());

// ------------------------------------------------------------------ decks: one tab a file
function drawTabs() {
  const tabs = app.querySelector(".wb-tabs");
  const dirty = new Set(dirtyFiles());
  tabs.innerHTML = S.set.files
    .map(
      (f) =>
        `<button type="button" role="tab" id="tab-${esc(f.file)}" data-file="${esc(f.file)}" aria-selected="${f.file === S.tab}" aria-controls="wb-tab" tabindex="${f.file === S.tab ? 0 : -1}">${esc(stem(f.file))}${dirty.has(f.file) ? ` <span class="wb-tag unsaved small">edited</span>` : ""}</button>`,
    )
    .join("");
  for (const b of tabs.querySelectorAll("[role=tab]")) b.onclick = () => showTab(b.dataset.file);
  // the arrow keys move along the tabs (the tab list is one stop of the Tab key)
  tabs.onkeydown = (e) => {
    const i = S.set.files.findIndex((f) => f.file === S.tab);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = S.set.files[(i + step + S.set.files.length) % S.set.files.length].file;
    showTab(next);
    document.getElementById(`tab-${next}`).focus();
  };
}

function showTab(file) {
  S.tab = file;
  drawTabs();
  drawTab();
}

function drawTab() {
  const el = document.getElementById("wb-tab");
  el.setAttribute("aria-labelledby", `tab-${S.tab}`);
  const f = fileOf(S.tab);
  const { matched, loose } = tableLists();
  const lists = entryLists(S.tab);
  const values = Object.keys(f.data).filter((k) => !lists.some((l) => l.key === k));
  const parts = lists.map((l) => listHtml(l, matched.get(`${S.tab}/${l.key}`)));
  for (const t of loose.get(S.tab) || []) parts.push(browseTableHtml(t));
  if (values.length) {
    const scalar = values.filter((k) => typeof S.files[S.tab][k] !== "object");
    parts.push(`<div class="wb-list"><div class="wb-list-head"><h3>The file’s own values</h3>
      <button type="button" data-act="open-values">${S.readOnly ? "Show" : "Edit"} ${values.length} value${values.length === 1 ? "" : "s"}</button></div>
      <dl class="gv small">${scalar.map((k) => `<dt>${esc(k)}</dt><dd>${esc(cut(String(S.files[S.tab][k]), 140))}</dd>`).join("")}</dl></div>`);
  }
  el.innerHTML = parts.join("") || `<p class="muted">This file has nothing to show.</p>`;
  el.onclick = (e) => {
    const b = e.target.closest("button, tr[data-index]");
    if (!b) return;
    if (b.dataset.act === "open-values") openEntry({ file: S.tab, list: null });
    else if (b.dataset.act === "add") addEntry(b.dataset.list);
    else if (b.dataset.index !== undefined) openEntry({ file: S.tab, list: b.dataset.list, index: Number(b.dataset.index) });
  };
}

// ------------------------------------------------------------------ the entry form
function openEntry(open) {
  S.open = open;
  drawTab();
  drawEditor();
  placeError();
  const ed = document.getElementById("wb-editor");
  if (innerWidth <= 1000) ed.scrollIntoView({ block: "start" });
  ed.querySelector("input:not([disabled]), select:not([disabled]), textarea:not([disabled])")?.focus({ preventScroll: true });
}

// What the form edits: the entry (or the file's data, for its own values) and its schema.
function target() {
  const o = S.open;
  const f = fileOf(o.file);
  const root = f.schema;
  if (o.list === null) return { root, schema: root, value: S.files[o.file], path: [] };
  const listSchema = unwrap(resolve(root, root).properties[o.list], root).schema;
  return { root, schema: listSchema.items, value: S.files[o.file][o.list][o.index], path: [o.list, o.index] };
}

// The entry as the opened set has it (by id, else by place): what "edited" is measured from.
function savedEntry() {
  const o = S.open;
  if (o.list === null) return fileOf(o.file).data;
  const e = S.files[o.file][o.list][o.index];
  const before = fileOf(o.file).data[o.list] || [];
  return e?.id !== undefined ? before.find((x) => x.id === e.id) : before[o.index];
}

function drawEditor() {
  const ed = document.getElementById("wb-editor");
  if (!S.open || (S.open.list !== null && !S.files[S.open.file][S.open.list]?.[S.open.index])) {
    S.open = null;
    ed.innerHTML = `<h2>Edit</h2><p class="muted">${S.readOnly ? "Choose “Show” on a row to see every value of that entry." : "Choose “Edit” on a row (or press Enter on it) to change that card: its numbers and text, checked as the game loads a file."}</p>`;
    return;
  }
  const t = target();
  const o = S.open;
  const title = o.list === null ? `${o.file}: the file’s own values` : `${o.file} · ${entryName(t.value, o.index)}`;
  const lists = entryLists(o.file).map((l) => l.key);
  const keys = o.list === null ? Object.keys(resolve(t.root, t.root).properties || {}).filter((k) => !lists.includes(k)) : null;
  const tools =
    o.list !== null && !S.readOnly
      ? `<button type="button" data-act="copy">Copy</button><button type="button" data-act="remove">Remove</button>`
      : "";
  ed.innerHTML = `<div class="wb-editor-head"><h2 id="wb-editor-title">${esc(title)}</h2><div class="wb-editor-tools">${tools}<button type="button" data-act="close">Close</button></div></div>
    ${S.readOnly ? `<p class="small muted">Read-only (a shared link): “Edit this set” above opens it for editing.</p>` : ""}
    <p class="field-error wb-form-error" data-error-for="" role="alert" hidden></p>
    <form id="wb-form" novalidate>${fieldsHtml(t.schema, t.value, t.root, { readOnly: S.readOnly, keys })}</form>`;
  const form = document.getElementById("wb-form");
  form.oninput = (e) => edited(e.target, false);
  form.onchange = (e) => edited(e.target, true);
  form.onsubmit = (e) => e.preventDefault();
  ed.onkeydown = (e) => {
    if (e.key === "Escape") closeEditor();
  };
  ed.onclick = (e) => {
    const b = e.target.closest("button[data-act]");
    if (!b) return;
    const act = b.dataset.act;
    if (act === "close") closeEditor();
    else if (act === "copy") copyEntry();
    else if (act === "remove") removeEntry();
    else if (act === "add-item" || act === "remove-item") changeItems(b.dataset.path, act === "add-item");
  };
}

function closeEditor() {
  const back = S.open?.list != null ? app.querySelector(`#wb-tab button.wb-edit[data-index="${S.open.index}"]`) : null;
  S.open = null;
  drawEditor();
  drawTab();
  (back && app.querySelector(`#wb-tab button.wb-edit[data-index="${back.dataset.index}"]`))?.focus();
}

// A control changed: its value written into the entry; the set checked after a pause.
function edited(el, final) {
  if (!el.dataset?.path || S.readOnly) return;
  if (!final && (el.type === "checkbox" || el.tagName === "SELECT")) return; // their change event follows
  const t = target();
  const path = splitPath(el.dataset.path);
  const fieldSchema = schemaAt(t.schema, path, t.root);
  if (el.dataset.kind === "present") {
    setAt(
      t.value,
      path,
      el.checked ? (getAt(savedEntry(), path) ?? skeleton(unwrap(fieldSchema, t.root).schema, t.root)) : undefined,
    );
    drawEditor();
    afterEdit();
    return;
  }
  const read = readControl(el, fieldSchema, t.root);
  const err = app.querySelector(`#wb-editor [data-error-for="${CSS.escape(el.dataset.path)}"]`);
  if (read.error) {
    showFieldError(err, el, read.error);
    return;
  }
  let value = read.absent ? undefined : read.value;
  // a field the entry left out, set to its default, stays out (the file keeps its shape)
  const def = unwrap(fieldSchema, t.root).schema.default;
  if (value !== undefined && def !== undefined && same(value, def) && getAt(savedEntry(), path) === undefined) value = undefined;
  if (err && !err.hidden && err.dataset.local) clearFieldError(err, el);
  // a text's change event (on leaving it) repeats its last input: nothing is redrawn, so the
  // button the pointer is pressing (Save as…) is still there when it is released
  if (same(getAt(t.value, path), value)) return;
  setAt(t.value, path, value);
  afterEdit();
}

function changeItems(pathText, add) {
  const t = target();
  const path = splitPath(pathText);
  const items = getAt(t.value, path) || [];
  const s = unwrap(schemaAt(t.schema, path, t.root), t.root).schema;
  if (add) items.push(items.length ? clone(items[items.length - 1]) : skeleton(s.items, t.root));
  else items.pop();
  setAt(t.value, path, items);
  drawEditor();
  afterEdit();
}

// A new entry: the schema's skeleton with an id no entry has (the check names what is missing).
function addEntry(list) {
  const f = fileOf(S.tab);
  const s = unwrap(resolve(f.schema, f.schema).properties[list], f.schema).schema;
  const entry = skeleton(s.items, f.schema);
  if ("id" in entry || resolve(s.items, f.schema).properties?.id) entry.id = freshId(list, "new_entry");
  S.files[S.tab][list].push(entry);
  afterEdit();
  openEntry({ file: S.tab, list, index: S.files[S.tab][list].length - 1 });
}

function copyEntry() {
  const { file, list, index } = S.open;
  const entries = S.files[file][list];
  const copy = clone(entries[index]);
  if (typeof copy.id === "string") copy.id = freshId(list, `${copy.id}_copy`);
  if (typeof copy.name === "string") copy.name = `${copy.name} (copy)`;
  entries.splice(index + 1, 0, copy);
  afterEdit();
  openEntry({ file, list, index: index + 1 });
}

function removeEntry() {
  const { file, list, index } = S.open;
  S.files[file][list].splice(index, 1);
  S.open = null;
  afterEdit();
  drawEditor();
}

function freshId(list, wanted) {
  const ids = new Set((S.files[S.tab][list] || []).map((e) => e.id));
  let id = wanted;
  for (let n = 2; ids.has(id); n++) id = `${wanted}_${n}`;
  return id;
}

function afterEdit() {
  drawTabs();
  drawTab();
  drawBar();
  experiment?.refresh();
  scheduleCheck();
}

// ------------------------------------------------------------------ checking and the changes
function scheduleCheck() {
  clearTimeout(checkTimer);
  S.checking = true;
  drawBanner();
  checkTimer = setTimeout(check, CHECK_DELAY_MS);
}

async function check() {
  const seq = ++S.checkSeq;
  let r, body;
  try {
    r = await post(`/${encodeURIComponent(S.game.name)}/check`, { base: S.set.id, files: changedFiles() });
    body = await bodyOf(r);
  } catch (e) {
    r = { ok: false, status: 0 };
    body = { message: `the server did not answer: ${e.message}` };
  }
  if (seq !== S.checkSeq) return; // a later edit's check is on its way
  S.checking = false;
  if (r.ok) {
    S.error = null;
    S.diff = body.diff;
    if (body.tables) {
      S.tables = body.tables; // the edited set's: its rows show the edited values
      drawTab();
    }
  } else S.error = { file: null, entry: null, field: null, ...body, status: r.status };
  drawBanner();
  drawChanges();
  placeError();
}

function drawBanner() {
  const el = document.getElementById("wb-banner");
  if (!el) return;
  if (S.error) {
    const where = entryOfError(S.error);
    const elsewhere =
      where && !(S.open && S.open.file === where.file && S.open.list === where.list && S.open.index === where.index);
    el.className = "wb-banner bad";
    el.dataset.state = "bad";
    el.innerHTML = `<span class="wb-tag bad">does not load</span> <span id="wb-error-text">${esc(S.error.message)}</span>${elsewhere ? ` <button type="button" id="wb-error-go">Show it</button>` : ""}`;
    const goTo = document.getElementById("wb-error-go");
    if (goTo)
      goTo.onclick = () => {
        S.tab = where.file;
        drawTabs();
        openEntry(where);
      };
  } else if (S.checking) {
    el.className = "wb-banner";
    el.dataset.state = "checking";
    el.innerHTML = `<span class="muted">Checking the set…</span>`;
  } else if (dirtyFiles().length) {
    el.className = "wb-banner good";
    el.dataset.state = "loads";
    el.innerHTML = `<span class="wb-tag good">loads</span> The edited set loads as the game loads a card set. Save it to keep it or to run an experiment.`;
  } else {
    el.className = "wb-banner";
    el.dataset.state = "saved";
    el.innerHTML = "";
  }
}

// The check's message beside the field it names (or its nearest enclosing group), else at the
// top of the form; the control marked invalid.
function placeError() {
  const ed = document.getElementById("wb-editor");
  if (!ed) return;
  for (const e of ed.querySelectorAll(".field-error:not([data-local])")) e.hidden = true;
  for (const c of ed.querySelectorAll("[aria-invalid]")) if (!c.dataset.localError) c.removeAttribute("aria-invalid");
  const err = S.error;
  if (!err || !S.open) return;
  const where = entryOfError(err);
  const here =
    (where && S.open.file === where.file && S.open.list === where.list && S.open.index === where.index) ||
    (S.open.list === null && err.file === S.open.file && !err.entry);
  if (!here) return;
  let path = err.field ? err.field.split(".") : [];
  if (S.open.list === null && !err.entry && err.message) {
    const top = err.message.split(": ")[1];
    if (top) path = top.split(".");
  }
  let slot = null;
  for (; path.length && !slot; path = path.slice(0, -1))
    slot = ed.querySelector(`[data-error-for="${CSS.escape(path.join("."))}"]`);
  slot = slot || ed.querySelector('[data-error-for=""]');
  slot.textContent = err.message;
  slot.hidden = false;
  slot.scrollIntoView({ block: "nearest" }); // in view inside the form's own scroll
  const control = ed.querySelector(`[data-path="${CSS.escape(slot.dataset.errorFor)}"]`);
  if (control && slot.dataset.errorFor) control.setAttribute("aria-invalid", "true");
}

function showFieldError(slot, control, text) {
  if (!slot) return;
  slot.textContent = text;
  slot.hidden = false;
  slot.dataset.local = "1";
  control.setAttribute("aria-invalid", "true");
  control.dataset.localError = "1";
}
function clearFieldError(slot, control) {
  slot.hidden = true;
  delete slot.dataset.local;
  control.removeAttribute("aria-invalid");
  delete control.dataset.localError;
}

// ------------------------------------------------------------------ keeping and sharing
function discard() {
  S.files = Object.fromEntries(S.set.files.map((f) => [f.file, clone(f.data)]));
  S.diff = S.set.diff;
  S.tables = S.set.tables;
  S.error = null;
  S.checking = false;
  clearTimeout(checkTimer);
  S.checkSeq++;
  drawTabs();
  drawTab();
  drawEditor();
  drawChanges();
  drawBanner();
  drawBar();
  experiment?.refresh();
}

async function saveChanges() {
  const r = await post(
    `/variants/${encodeURIComponent(S.set.id)}`,
    { name: S.set.name, note: S.set.note || "", author: S.set.author || "", base: S.set.id, files: changedFiles() },
    "PUT",
  );
  const body = await bodyOf(r);
  if (!r.ok) return saveFailed(body, r.status);
  await openSet(S.game.name, S.set.id, false);
  flash(`Saved “${body.name}”.`);
}

function saveFailed(body, status) {
  if (status === 422) {
    S.error = { file: null, entry: null, field: null, ...body, status };
    drawBanner();
    placeError();
  } else flash(body.message || `not saved (${status})`, true);
}

function flash(text, bad = false) {
  const el = document.getElementById("wb-banner");
  el.className = `wb-banner ${bad ? "bad" : "good"}`;
  el.dataset.state = bad ? "refused" : "done";
  el.innerHTML = `<span class="wb-tag ${bad ? "bad" : "good"}">${bad ? "not done" : "done"}</span> <span id="wb-flash">${esc(text)}</span>`;
}

// "Save as…" (the edited set as a new variant) or "Import…" (a zip of the game's files): a name,
// a note on what the set tries, an author.
function saveDialog(mode, zip = null) {
  const dlg = document.getElementById("wb-dialog");
  const suggested =
    mode === "import"
      ? zip.name.replace(/\.zip$/i, "").replace(new RegExp(`^${S.game.name}-`), "")
      : S.set.builtin
        ? ""
        : `${S.set.name} (2)`;
  dlg.innerHTML = `<form method="dialog" id="wb-save-form"><h2>${mode === "import" ? `Import ${esc(zip.name)}` : "Save the set as…"}</h2>
    <label class="field"><span class="field-title">Name</span> <input name="name" required maxlength="80" value="${esc(suggested)}"><span class="field-help">Unique among ${esc(S.game.title)}’s saved sets; the lobby lists it by this name.</span></label>
    <label class="field"><span class="field-title">Note</span> <textarea name="note" rows="3" maxlength="2000" placeholder="What this set tries, and why">${mode === "import" ? "" : esc(S.set.builtin ? "" : S.set.note || "")}</textarea></label>
    <label class="field"><span class="field-title">Author</span> <input name="author" maxlength="80" value="${esc(localStorage.getItem(AUTHOR_KEY) || "")}"></label>
    <p class="field-error" id="wb-save-error" role="alert" hidden></p>
    <div class="wb-actions"><button class="primary" value="save" id="wb-save-ok">${mode === "import" ? "Import" : "Save"}</button><button type="button" value="cancel" id="wb-save-cancel">Cancel</button></div></form>`;
  const form = dlg.querySelector("form");
  document.getElementById("wb-save-cancel").onclick = () => dlg.close();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const name = form.name.value.trim();
    const out = document.getElementById("wb-save-error");
    if (!name) {
      out.textContent = "A saved set needs a name.";
      out.hidden = false;
      return;
    }
    localStorage.setItem(AUTHOR_KEY, form.author.value);
    const about = { name, note: form.note.value, author: form.author.value };
    const r =
      mode === "import"
        ? await fetch(`/api/workbench/${encodeURIComponent(S.game.name)}/import?${new URLSearchParams(about)}`, {
            method: "POST",
            headers: { "content-type": "application/zip" },
            body: zip,
          })
        : await post(`/${encodeURIComponent(S.game.name)}/variants`, { ...about, base: S.set.id, files: changedFiles() });
    const body = await bodyOf(r);
    if (!r.ok) {
      out.textContent = body.message || `${r.status}`;
      out.hidden = false;
      return;
    }
    dlg.close();
    history.pushState(null, "", editUrl(S.game.name, body.id));
    await openSet(S.game.name, body.id, false);
    flash(`Saved “${body.name}”. Its link opens it read-only; “Export” gives its TOML files.`);
  };
  dlg.onclose = () => {
    const file = document.getElementById("wb-import-file");
    if (file) file.value = "";
  };
  dlg.showModal();
}

async function deleteSet() {
  if (!confirm(`Delete the saved set “${S.set.name}”? Its link will stop working.`)) return;
  const r = await fetch(`/api/workbench/variants/${encodeURIComponent(S.set.id)}`, { method: "DELETE" });
  if (!r.ok) return flash((await bodyOf(r)).message, true);
  go(editUrl(S.game.name, "base"));
}

async function copyLink() {
  const input = document.getElementById("wb-share-link");
  try {
    await navigator.clipboard.writeText(input.value);
    flash("The link is copied: it opens this set read-only.");
  } catch {
    input.select();
    flash("Select the link and copy it (the browser refused to copy it here).");
  }
}

start();
