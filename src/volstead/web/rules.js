// Rules at hand: the rules panel (a side panel on a wide screen, a bottom sheet on a phone) with
// the passages that govern the pending decision (RulesHelp.sections whose `kinds` hold its kind),
// then the game in brief, its turn and its words; every "§X" in text people read opens passage X.
// Open by default until this browser has finished a game of that name. It knows no game.
import { esc } from "./util.js";

// engine.help.SECTION_KEY after "§" and an optional space (a trailing full stop is the sentence's).
const SECTION_REF = /§ ?([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)/g;
const FINISHED = (game) => `volstead:finished:${game}`;
const OPEN = (game) => `volstead:rules-open:${game}`;
const LEARN = (game) => `volstead:learn:${game}`;
const LEARN_DECISIONS = 5; // a first game's first decisions explain why options are greyed

let cited = null; // the passage a "§" link opened, shown first
let help = null;
let shownState = null;
let shownGame = "";

const stored = (key) => {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
};

// Whether the panel is open: as the person last left it in this browser for this game, else
// open until a game of this name was finished here.
export function rulesOpen(game) {
  shownGame = game;
  const chosen = stored(OPEN(game));
  return chosen === null ? !stored(FINISHED(game)) : chosen;
}

function setOpen(open) {
  localStorage.setItem(OPEN(shownGame), JSON.stringify(open));
  const panel = document.getElementById("rulebook");
  if (panel) panel.hidden = !open;
  document.querySelector(".layout")?.classList.toggle("with-rules", open);
  const b = document.getElementById("rules-toggle");
  if (b) b.setAttribute("aria-pressed", String(open));
}

export function toggleRules(open = document.getElementById("rulebook")?.hidden) {
  setOpen(Boolean(open));
}

// A game this browser played to its end (as a seat): its rules panel no longer opens by itself.
export function noteFinished(state) {
  if (state.view?.over && (state.you !== null || state.table)) localStorage.setItem(FINISHED(state.meta.game), "true");
}

// A first game's first decisions (this browser's first game of that name, its first
// LEARN_DECISIONS decisions for the viewer): explained in full.
export function learning(state) {
  const d = state.decision;
  if (!d?.options || stored(FINISHED(state.meta.game))) return false;
  const key = LEARN(state.meta.game);
  const learn = stored(key) || { game: state.meta.id, seen: [] };
  if (learn.game !== state.meta.id) return false;
  if (!learn.seen.includes(d.number)) {
    if (learn.seen.length >= LEARN_DECISIONS) return false;
    learn.seen.push(d.number);
    localStorage.setItem(key, JSON.stringify(learn));
  }
  return true;
}

const paragraphs = (text) =>
  String(text)
    .split(/\n\s*\n/)
    .map((p) => `<p>${esc(p.trim())}</p>`)
    .join("");

function sectionHtml(key, s, id = "") {
  return `<section class="rules-sec"${id ? ` id="${id}"` : ""} data-sec="${esc(key)}"><h4>§${esc(key)} ${esc(s.title)}</h4>${paragraphs(s.text)}</section>`;
}

// The panel's markup for this state (the pending decision's kind picks its passages).
export function rulebookHtml(rulesHelp, state, open) {
  help = rulesHelp;
  shownState = state;
  if (!help || (!help.summary && !help.turn && !help.glossary && !help.sections)) return "";
  const sections = Object.entries(help.sections || {});
  const kind = state.decision?.kind;
  const now = kind ? sections.filter(([, s]) => (s.kinds || []).includes(kind)) : [];
  if (cited && !help.sections?.[cited]) cited = null;
  const citedHtml = cited
    ? `<div id="rules-cited">${sectionHtml(cited, help.sections[cited])}<button type="button" class="small" id="rules-uncite">Back to this decision's rules</button></div>`
    : "";
  const nowHtml = now.length
    ? `<div id="rules-now"><h3>${kind ? `For this decision` : ""}</h3>${now.map(([k, s]) => sectionHtml(k, s)).join("")}</div>`
    : "";
  const turn = help.turn?.length ? `<h4>A turn</h4><ol>${help.turn.map((t) => `<li>${esc(t)}</li>`).join("")}</ol>` : "";
  const terms = Object.entries(help.glossary || {});
  const glossary = terms.length
    ? `<h4>Words of the game</h4><dl class="glossary">${terms.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`
    : "";
  const all = sections.length
    ? `<h4>All passages</h4>${sections.map(([k, s]) => `<details id="rules-sec-${esc(k)}"><summary>§${esc(k)} ${esc(s.title)}</summary>${paragraphs(s.text)}</details>`).join("")}`
    : "";
  return `<aside class="panel" id="rulebook" aria-label="Rules"${open ? "" : " hidden"}>
    <div class="rules-head"><h3>Rules</h3><button type="button" id="rules-close" aria-label="Close the rules">×</button></div>
    <div id="rules-body">${citedHtml}${nowHtml}${help.summary ? `<h4>The game</h4>${paragraphs(help.summary)}` : ""}${turn}${glossary}${all}</div></aside>`;
}

// The button that opens and closes the panel (with `?` on the keyboard).
export const rulesToggleHtml = (open) =>
  `<button type="button" id="rules-toggle" aria-pressed="${open}" title="Rules (key ?)">Rules <span class="key">?</span></button>`;

// Every "§X" in the text of these elements (reasons, option help, log lines, the rules' own text)
// becomes a link to passage X; a reference to a passage the game lacks stays plain text.
export function linkSections(elements) {
  const known = help?.sections || {};
  if (!Object.keys(known).length) return;
  for (const el of elements) {
    if (!el?.textContent.includes("§")) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (walker.currentNode.nodeValue.includes("§")) texts.push(walker.currentNode);
    for (const t of texts) {
      if (t.parentElement?.closest(".sec-link, h4, summary")) continue; // a passage's own heading is no link
      const value = t.nodeValue;
      let html = "",
        at = 0,
        linked = false;
      for (const m of value.matchAll(SECTION_REF)) {
        if (!known[m[1]]) continue;
        html += `${esc(value.slice(at, m.index))}<a href="#rulebook" class="sec-link" data-sec="${esc(m[1])}">${esc(m[0])}</a>`;
        at = m.index + m[0].length;
        linked = true;
      }
      if (!linked) continue;
      const span = document.createElement("span");
      span.innerHTML = html + esc(value.slice(at));
      t.replaceWith(...span.childNodes);
    }
  }
}

function refresh() {
  const el = document.getElementById("rulebook");
  if (!el || !shownState) return;
  el.outerHTML = rulebookHtml(help, shownState, true);
  linkSections([document.getElementById("rulebook")]);
}

// Opens the panel at passage `key` (shown first, above this decision's passages).
export function openSection(key) {
  cited = key;
  setOpen(true);
  refresh();
  const body = document.getElementById("rules-body");
  if (body) body.scrollTop = 0;
}

// Called once: the panel's buttons and the "§" links, wherever they are (a link inside an option
// button opens the passage and does not take the option).
export function installRules() {
  document.addEventListener(
    "click",
    (ev) => {
      const link = ev.target.closest?.(".sec-link");
      if (link) {
        ev.preventDefault();
        ev.stopPropagation();
        openSection(link.dataset.sec);
      } else if (ev.target.closest?.("#rules-toggle, .rules-toggle")) toggleRules();
      else if (ev.target.closest?.("#rules-close")) toggleRules(false);
      else if (ev.target.closest?.("#rules-uncite")) {
        cited = null;
        refresh();
      }
    },
    true,
  );
}

// The decision panel, drawn anew: a button to the rules beside its prompt (on a phone the panel is
// the part always on screen) and, in a first game's first decisions, a line on why options are
// greyed, with every option's help and reason shown in full.
export function explainOptions(state, live) {
  const panel = document.getElementById("decision");
  const prompt = panel?.querySelector(".prompt");
  if (!prompt) return;
  if (help && !prompt.querySelector(".rules-toggle"))
    prompt.insertAdjacentHTML(
      "beforeend",
      ` <button type="button" class="rules-toggle small" title="Rules (key ?)">Rules</button>`,
    );
  if (!live || !learning(state)) return;
  panel.classList.add("learning");
  const note = document.createElement("div");
  note.className = "learn-note small";
  note.textContent = state.decision.unavailable?.length
    ? "Your first game: under each option, what it does. The greyed choices are not possible now; each says why, with the rule (§ links open it)."
    : "Your first game: under each option, what it does. Choices that are not possible now would be greyed, each with the reason.";
  const helpLine = panel.querySelector(":scope > .help");
  (helpLine || prompt).after(note);
}

// On a narrow screen the rules are a bottom sheet; where the decision panel is itself fixed at the
// bottom (a phone), the sheet sits just above it, so that both can be read and the decision tapped.
let watched = null;
const sheetObserver = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => placeSheet());
export function placeSheet() {
  const decision = document.getElementById("decision");
  const fixed = decision && getComputedStyle(decision).position === "fixed";
  document.documentElement.style.setProperty("--decision-h", `${fixed ? decision.offsetHeight : 0}px`);
  if (sheetObserver && decision !== watched) {
    if (watched) sheetObserver.unobserve(watched);
    if (decision) sheetObserver.observe(decision);
    watched = decision;
  }
}
