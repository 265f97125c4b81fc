// Your turn, noticed: when a decision waits for the viewer (or for the hot-seat table) the tab's
// title reads "● Your turn · <game> · Volstead" and its icon shows a red dot; an optional short
// tone (off by default, remembered in this browser); a browser notification when the tab is
// hidden (permission asked once, on a click of the page); and the round timer large in the
// decision panel when the game has a time limit, red under 30 seconds. It knows no game.
import { esc } from "./util.js";

const SOUND = "volstead:sound";
const ASKED = "volstead:notify-asked";
const URGENT_S = 30;

const icon = (dot) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#231f1a"/><text x="16" y="23" font-family="Georgia,serif" font-size="20" font-weight="bold" fill="#f0c060" text-anchor="middle">V</text>${dot ? `<circle cx="25" cy="7" r="6.5" fill="#d01c1c" stroke="#fff" stroke-width="1.5"/>` : ""}</svg>`,
  )}`;
const ICONS = { idle: icon(false), turn: icon(true) };

let audio = null; // one AudioContext for the page's tones
let wasYours = null; // null before the first state: a page opened on your turn does not ring
let shownNumber = null;

// Whether the pending decision is the viewer's to take (a seat's own, or the hot-seat table's).
export const yourTurn = (state) =>
  Boolean(state.decision?.options?.length) && !state.view?.over && (state.you === state.decision.seat || state.table);

export function soundOn() {
  return localStorage.getItem(SOUND) === "on";
}

function setIcon(which) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  if (link.getAttribute("href") !== ICONS[which]) link.setAttribute("href", ICONS[which]);
  link.dataset.state = which;
}

// After each state of a live game: the title, the icon, and (on the turn's arrival) the tone and
// the notification.
export function noticeTurn(state) {
  const mine = yourTurn(state);
  const title = state.meta.title;
  document.title = mine ? `● Your turn · ${title} · Volstead` : `${title} · Volstead`;
  setIcon(mine ? "turn" : "idle");
  const arrived = mine && wasYours === false;
  const fresh = mine && state.decision.number !== shownNumber;
  if (arrived && soundOn()) tone();
  if (mine && fresh && wasYours !== null && document.hidden) notify(state);
  wasYours = mine;
  shownNumber = mine ? state.decision.number : null;
}

// A short two-note chime (WebAudio), quiet.
export function tone() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    const t = ctx.currentTime;
    for (const [f, at] of [
      [660, 0],
      [880, 0.12],
    ]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + at);
      gain.gain.exponentialRampToValueAtTime(0.15, t + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t + at);
      osc.stop(t + at + 0.3);
    }
  } catch {
    // no sound is no harm
  }
}

function notify(state) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(`Your turn · ${state.meta.title}`, {
      body: state.decision.prompt || "",
      tag: `volstead-${state.meta.id}`,
    });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    // some browsers allow notifications from a service worker only
  }
}

// The permission to notify is asked once, on the first click in a game page (a user gesture),
// and the answer is the browser's to remember; we remember that we asked.
export function askNotifyOnce() {
  if (!("Notification" in window) || Notification.permission !== "default" || localStorage.getItem(ASKED)) return;
  localStorage.setItem(ASKED, "1");
  try {
    Notification.requestPermission().catch(() => {});
  } catch {
    // an old browser's callback form: not asked
  }
}

export const soundToggleHtml = () =>
  `<button type="button" id="sound-toggle" aria-pressed="${soundOn()}" title="A short tone when it is your turn">Sound ${soundOn() ? "on" : "off"}</button>`;

export function installTurn() {
  document.addEventListener("click", (ev) => {
    const b = ev.target.closest?.("#sound-toggle");
    if (b) {
      const on = !soundOn();
      localStorage.setItem(SOUND, on ? "on" : "off");
      b.outerHTML = soundToggleHtml();
      if (on) tone(); // heard once, so that the person knows what it sounds like
    }
    askNotifyOnce();
  });
}

// The round timer, large in the decision panel when a time limit is set (server/clock.py):
// the time left; red under 30 seconds. Kept up to date every second by the page.
export function updateTimer(clock, now = Date.now() / 1000) {
  const panel = document.getElementById("decision");
  let el = document.getElementById("timer");
  const limited = clock?.seats?.length && clock.limit !== null && clock.limit !== undefined;
  if (!panel || !limited) {
    el?.remove();
    return;
  }
  const left = Math.max(0, clock.limit - Math.max(0, now - clock.since));
  if (!el) {
    el = document.createElement("div");
    el.id = "timer";
    el.setAttribute("role", "timer");
    panel.prepend(el);
  }
  const text = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
  el.innerHTML = `${esc(text)}<span class="small"> left</span>`;
  el.classList.toggle("urgent", left < URGENT_S);
}
