// The keyboard, as in the terminal: a digit chooses the option of that number in the list (with
// more than 9 shown, a second digit within SECOND_DIGIT_MS makes 10-99), `u` takes back (the
// page's #undo button, when there is one), `?` opens or closes the rules, Esc cancels a choice
// under way on the board. Never while someone types in a field.
import { resetChoice, shownOptions } from "./board_input.js";
import { toggleRules } from "./rules.js";

const SECOND_DIGIT_MS = 700;
let first = null; // a first digit waiting for a second one
let timer = null;

const typing = (el) => el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

function choose(n) {
  const b = shownOptions()[n - 1];
  if (b && !b.disabled) b.click();
}

function digit(d) {
  const count = shownOptions().length;
  clearTimeout(timer);
  if (first !== null) {
    const n = first * 10 + d;
    first = null;
    choose(n);
    return;
  }
  if (count <= 9 || d * 10 > count) {
    if (d > 0) choose(d);
    return;
  }
  first = d; // perhaps the first digit of 10-99: chosen alone if no second comes
  timer = setTimeout(() => {
    const n = first;
    first = null;
    if (n > 0) choose(n);
  }, SECOND_DIGIT_MS);
}

export function installKeys() {
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    if (/^[0-9]$/.test(ev.key)) {
      if (!shownOptions().length) return;
      ev.preventDefault();
      digit(Number(ev.key));
    } else if (ev.key === "u") {
      const undo = document.getElementById("undo");
      if (undo && !undo.disabled) {
        ev.preventDefault();
        undo.click();
      }
    } else if (ev.key === "?") {
      ev.preventDefault();
      toggleRules();
    } else if (ev.key === "Escape") {
      if (resetChoice()) ev.preventDefault();
    }
  });
}
