// Play on the board: choosing an option by clicking (or tapping) what it names, for any game.
// Each option of the pending decision may carry `refs` (Step.option_refs): what on the board it
// names, clicked in order. A game's module draws each referable thing with data-ref="<ref>"; this
// module marks what can be clicked now (`choosable`), what was clicked (`chosen`), what a hovered
// option button names (`hover`), and decides an option by clicking its button — the same message,
// with the decision's number, as a click on the list. It knows no game.
import { esc } from "./util.js";

let root = null;
let current = null; // the decision shown: {number, options}
let prefix = []; // the refs clicked so far for it
let hovered = null; // the option id whose button is hovered or focused

const startsWith = (refs, p) => refs.length >= p.length && p.every((x, i) => refs[i] === x);
// the options the clicks so far still fit (with no click yet: every option with refs)
const matching = (p = prefix) => (current?.options || []).filter((o) => o.refs?.length && startsWith(o.refs, p));
const byRef = (ref) => root.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`);

// What a person calls a drawn thing: its title (attribute or SVG <title>), its label, else its ref.
export function refName(ref) {
  for (const el of byRef(ref)) {
    const name = el.getAttribute("aria-label") || el.getAttribute("title") || el.querySelector(":scope > title")?.textContent;
    if (name?.trim()) return name.trim();
  }
  return ref;
}

// Called once: the listeners live on the page's root and survive every render.
export function installBoardInput(appRoot) {
  root = appRoot;
  root.addEventListener("click", (ev) => {
    const el = ev.target.closest?.("[data-ref].choosable");
    if (el && root.contains(el)) {
      ev.preventDefault();
      ev.stopPropagation();
      clickRef(el.dataset.ref);
      return;
    }
    if (ev.target.closest?.("#board-cancel")) resetChoice();
  });
  root.addEventListener("keydown", (ev) => {
    const el = ev.target.closest?.("[data-ref].choosable");
    if (el && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      clickRef(el.dataset.ref);
    }
  });
  const optionOf = (ev) => ev.target.closest?.("button.option");
  const enter = (ev) => {
    const b = optionOf(ev);
    if (b) setHovered(b.dataset.id);
  };
  const leave = (ev) => {
    const b = optionOf(ev);
    if (b && !b.contains(ev.relatedTarget)) setHovered(null);
  };
  root.addEventListener("mouseover", enter);
  root.addEventListener("mouseout", leave);
  root.addEventListener("focusin", enter);
  root.addEventListener("focusout", leave);
}

// After every render: the decision shown (null when none of the viewer's is pending). A state
// update for the same decision keeps the clicks made while they still fit an option.
export function boardDecision(decision) {
  const options = decision?.options?.length ? decision.options : null;
  const number = options ? decision.number : null;
  const keep = current?.number === number && prefix.length && options?.some((o) => o.refs?.length && startsWith(o.refs, prefix));
  current = options ? { number, options } : null;
  if (!keep) prefix = [];
  paint();
}

export function resetChoice() {
  if (!prefix.length) return false;
  prefix = [];
  paint();
  return true;
}

export const choosing = () => prefix.length > 0;

function clickRef(ref) {
  const next = [...prefix, ref];
  const fits = matching(next);
  if (!fits.length) return;
  if (fits.length === 1 && fits[0].refs.length === next.length) {
    prefix = [];
    decide(fits[0].id);
    return;
  }
  prefix = next;
  paint();
}

function decide(id) {
  const b = root.querySelector(`button.option[data-id="${CSS.escape(id)}"]`);
  paint();
  if (b && !b.disabled) b.click();
}

function setHovered(id) {
  hovered = id;
  for (const el of root.querySelectorAll("[data-ref].hover")) el.classList.remove("hover");
  const o = id && current?.options.find((x) => x.id === id);
  for (const ref of o?.refs || []) for (const el of byRef(ref)) el.classList.add("hover");
}

// Marks the board and filters the option list for the clicks made so far.
function paint() {
  if (!root) return;
  for (const el of root.querySelectorAll("[data-ref].choosable, [data-ref].chosen")) {
    el.classList.remove("choosable", "chosen");
    if (el.dataset.boardInput) {
      el.removeAttribute("role");
      el.removeAttribute("tabindex");
      delete el.dataset.boardInput;
    }
  }
  const fits = matching();
  const next = new Set(fits.filter((o) => o.refs.length > prefix.length).map((o) => o.refs[prefix.length]));
  for (const ref of next)
    for (const el of byRef(ref)) {
      el.classList.add("choosable");
      if (!el.hasAttribute("role")) {
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.dataset.boardInput = "1";
      }
    }
  for (const ref of prefix) for (const el of byRef(ref)) el.classList.add("chosen");
  setHovered(hovered && current?.options.some((o) => o.id === hovered) ? hovered : null);
  // the option list: while a choice is under way, only the options it still fits
  const panel = root.querySelector("#decision");
  if (!panel) return;
  const shown = prefix.length ? new Set(fits.map((o) => o.id)) : null;
  for (const b of panel.querySelectorAll("button.option")) b.hidden = shown ? !shown.has(b.dataset.id) : false;
  for (const el of panel.querySelectorAll(".options"))
    el.hidden = shown ? !el.querySelector("button.option:not([hidden])") : false;
  for (const el of panel.querySelectorAll(".opt-group"))
    el.hidden = shown ? !el.nextElementSibling?.querySelector("button.option:not([hidden])") : false;
  let line = panel.querySelector("#board-choice");
  if (!line) {
    line = document.createElement("div");
    line.id = "board-choice";
    line.setAttribute("aria-live", "polite");
    // under the prompt and its help lines, above the options
    const above = [...panel.querySelectorAll(":scope > .prompt, :scope > .help, :scope > .learn-note")].pop();
    if (above) above.after(line);
    else panel.prepend(line);
  }
  line.innerHTML = choiceLine(fits, next);
  line.hidden = !line.innerHTML;
  numberButtons(panel);
}

// The line that leads a choice on the board: what to click first, what was chosen, what next.
function choiceLine(fits, next) {
  if (!prefix.length) {
    if (!next.size) return "";
    const steps = Math.max(...fits.map((o) => o.refs.length));
    return `<span class="muted">Or click a highlighted place on the board${steps > 1 ? ` (a choice of ${steps} clicks, led step by step)` : ""}.</span>`;
  }
  const chosen = prefix.map((r) => `<b>${esc(refName(r))}</b>`).join(" → ");
  const cancel = ` <button type="button" id="board-cancel" class="small">Cancel</button>`;
  if (!next.size) return `Chosen: ${chosen}. Choose one:${cancel}`;
  const names = [...next].map(refName);
  const what = names.length <= 4 ? names.map((n) => `<b>${esc(n)}</b>`).join(", ") : "a highlighted place";
  const done = fits.some((o) => o.refs.length === prefix.length) ? ", or choose below" : "";
  return `Chosen: ${chosen}. Now click ${what}${done}.${cancel}`;
}

// The number each shown option answers to on the keyboard (keys.js), on its button.
function numberButtons(panel) {
  let n = 0;
  for (const b of panel.querySelectorAll("button.option")) {
    let key = b.querySelector(":scope > .key");
    if (b.hidden) {
      key?.remove();
      continue;
    }
    n += 1;
    if (!key) {
      key = document.createElement("span");
      key.className = "key";
      key.setAttribute("aria-hidden", "true");
      b.prepend(key);
    }
    key.textContent = String(n);
  }
}

// The option buttons a digit answers to, in order (the shown ones).
export const shownOptions = () => [...(root?.querySelectorAll("#decision button.option:not([hidden])") || [])];
