// Volstead's browser shell: the lobby (/, lobby.js), a live game (/game/ID?token=...), a replay (/replay/ID).
// It knows no game: each game's board is the ES module its describe() names (else generic.js).
// Plain ES modules, no build step. The server owns the game: this page sends option ids, nothing else.
import { boardDecision, installBoardInput } from "./board_input.js";
import { installKeys } from "./keys.js";
import { lobbyPage } from "./lobby.js";
import {
  chatLine,
  chatPanel,
  checkPanel,
  clockText,
  decisionPanel,
  logPanel,
  scoresPanel,
  seatTitle,
  thinkingText,
  undoButton,
} from "./panels.js";
import {
  explainOptions,
  installRules,
  linkSections,
  noteFinished,
  placeSheet,
  rulebookHtml,
  rulesOpen,
  rulesToggleHtml,
} from "./rules.js";
import { installTurn, noticeTurn, soundToggleHtml, updateTimer, yourTurn } from "./turn.js";
import { esc, getJSON } from "./util.js";

const app = document.getElementById("app");
const conn = document.getElementById("conn");
const cover = document.getElementById("cover");

// ------------------------------------------------------------ game info
// Each cache holds the request's promise, not its answer: renders in flight share one request and
// resume in the order they began (a failed request is asked again next time).
let infoCache = null;
function info() {
  if (!infoCache)
    infoCache = getJSON("/api/info").catch((e) => {
      infoCache = null;
      throw e;
    });
  return infoCache;
}
const gameInfo = async (name) => (await info()).games.find((g) => g.name === name) || { name, factions: [] };

// ----------------------------------------------------------- shared render
// Each game draws its own board (its browser module, or the generic renderer); the shell draws
// the rest: final scores, the pending decision, the log.
const modules = {},
  catalogs = {};
function cached(cache, name, load) {
  if (!cache[name])
    cache[name] = load().catch((e) => {
      delete cache[name];
      throw e;
    });
  return cache[name];
}
const gameModule = (name) => cached(modules, name, async () => import((await gameInfo(name)).web_module || "./generic.js"));
const catalog = (name) => cached(catalogs, name, () => getJSON(`/api/catalog/${name}`));
const setDisabled = (value) => {
  for (const b of app.querySelectorAll("button.option")) b.disabled = value;
};

// The decision panel's markup last drawn: a state that leaves it unchanged (a rival's private
// step, a chat line, the log) keeps the panel's very elements — no jump, no lost click or hover.
let decisionShown = null;

// The latest render begun: one that finishes loading after a later one has begun draws nothing
// (states come faster than a first page load: the first, older state must not be drawn last).
let renderSeq = 0;

// Draws `state`; false when a later render has begun meanwhile (this one drew nothing).
async function render(state, extraTop = "", live = false) {
  const meta = state.meta;
  const mine = ++renderSeq;
  const [mod, g, cat] = await Promise.all([gameModule(meta.game), gameInfo(meta.game), catalog(meta.game)]);
  if (mine !== renderSeq) return false;
  const ctx = { catalog: cat, info: g };
  const parts = mod.render(state, ctx);
  const logEl = document.getElementById("log");
  const atBottom = !logEl || logEl.scrollTop + logEl.clientHeight >= logEl.scrollHeight - 10;
  // what someone is typing to the table survives the update
  const typing = document.getElementById("chat-text");
  const draft = typing ? [typing.value, document.activeElement === typing] : ["", false];
  const clock = state.clock ? `<div class="small muted" id="clock">${esc(clockText(state.clock, meta))}</div>` : "";
  const decisionHtml = decisionPanel(state, meta, state.thinking, g.rules_help?.kinds?.[state.decision?.kind]);
  const kept = decisionHtml && decisionHtml === decisionShown ? document.getElementById("decision") : null;
  const keptScroll = kept?.scrollTop; // lost while the panel is out of the page (a phone's panel scrolls)
  decisionShown = decisionHtml;
  const open = rulesOpen(meta.game);
  const rulebook = rulebookHtml(g.rules_help, state, open);
  const tools = `<div id="table-tools">${rulebook ? rulesToggleHtml(open) : ""}${live ? soundToggleHtml() : ""}</div>`;
  app.innerHTML = `${extraTop}${state.error ? `<p class="error">${esc(state.error)}</p>` : ""}<div class="layout${rulebook && open ? " with-rules" : ""}">
    <div>${parts.main}</div>
    <div>${tools}${rulebook}${scoresPanel(state.result, g, meta)}${state.result ? checkPanel(state.proof, meta.id) : ""}${decisionHtml}${clock}<div id="flash"></div>
      ${parts.side || ""}${logPanel(state.log, meta)}${chatPanel(state.chat, state.you !== null || state.table)}</div></div>`;
  if (kept) document.getElementById("decision").replaceWith(kept);
  const input = document.getElementById("chat-text");
  if (input) {
    input.value = draft[0];
    if (draft[1]) input.focus();
  }
  addJumpBar(app);
  if (keptScroll) kept.scrollTop = keptScroll; // once the page is whole: no layout of half a page
  const newLog = document.getElementById("log");
  if (atBottom) newLog.scrollTop = newLog.scrollHeight;
  if (mod.afterRender) mod.afterRender(app, state, ctx);
  // the shell's own input on top of the game's drawing: the board's refs, "§" links, the timer
  boardDecision(live && yourTurn(state) ? state.decision : null);
  if (!kept) {
    linkSections([document.getElementById("decision")]);
    explainOptions(state, live);
  }
  linkSections([document.getElementById("log"), document.getElementById("rulebook")]);
  updateTimer(live ? state.clock : null);
  placeSheet();
  return true;
}

// On a phone the page is one long column: a bar at the top jumps to each part the game and the
// shell mark with data-nav="label" (the board, your area, the rivals, the log...). Hidden on wide
// screens by the stylesheet.
function addJumpBar(root) {
  const parts = [...root.querySelectorAll(".layout [data-nav]")];
  if (parts.length < 2) return;
  const nav = document.createElement("nav");
  nav.id = "jump";
  nav.setAttribute("aria-label", "Parts of the page");
  for (const el of parts) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = el.dataset.nav;
    b.onclick = () => {
      if (el.tagName === "DETAILS") el.open = true;
      el.scrollIntoView({ block: "start" });
    };
    nav.append(b);
  }
  root.querySelector(".layout").before(nav);
}

// ------------------------------------------------------------------- game
// A seat link opened here (from `volstead play`, or sent by a friend) is kept in this browser,
// so that the lobby lists the game to rejoin under "Your games".
function rememberLink(id, state, token) {
  const mine = JSON.parse(localStorage.getItem("volstead:links") || "{}");
  if (mine[id]) return;
  const url = `/game/${id}?token=${encodeURIComponent(token)}`;
  mine[id] = {
    id,
    game: state.meta.game,
    seats: state.meta.kinds.map((kind, seat) => (seat === state.you && !state.table ? { seat, kind, url } : { seat, kind })),
    hotseat_url: state.table ? url : undefined,
    spectator_url: state.meta.spectators === false ? null : `/game/${id}`,
  };
  localStorage.setItem("volstead:links", JSON.stringify(mine));
}

// What the page saw of a game, to check its record at the end (volstead verify): the commitment
// first shown (kept across reloads: a server that showed another later is caught) and the last
// log hash of the decisions.
function keepProof(id, state) {
  const key = `volstead:proof:${id}`;
  const kept = JSON.parse(localStorage.getItem(key) || "null");
  const commitment = kept?.commitment || state.meta.commitment;
  const proof = {
    commitment,
    hash: state.log_hash,
    practice: state.meta.practice,
    changed: commitment !== state.meta.commitment,
  };
  localStorage.setItem(key, JSON.stringify({ commitment, hash: proof.hash }));
  return proof;
}

function gamePage(id) {
  const token = new URLSearchParams(location.search).get("token");
  let ws = null,
    last = null,
    shownSeat = null,
    retry = 0;
  const label = (s) => (s.you === null ? "spectator" : `${seatTitle(s.meta, s.you)}${s.table ? " (hot-seat)" : ""}`);
  const flash = (msg) => {
    const f = document.getElementById("flash");
    if (f) f.innerHTML = `<p class="error" id="error">${esc(msg)}</p>`;
  };
  // The log: a broadcast carries only its last entries; the page keeps what it has seen, by "k"
  // (for the seat shown: another seat reads other texts, so a new seat asks for the whole log).
  const seen = new Map();
  let logSeat;
  function mergeLog(state) {
    if (state.you !== logSeat) {
      if (logSeat !== undefined && ws) ws.send(JSON.stringify({ type: "refresh" }));
      seen.clear();
      logSeat = state.you;
    }
    for (const e of state.log) seen.set(e.k, e);
    // a take-back removes entries: those past the viewer's log size are gone
    if (state.log_size !== undefined) for (const k of seen.keys()) if (k >= state.log_size) seen.delete(k);
    state.log = [...seen.values()].sort((x, y) => x.k - y.k).slice(-200);
  }
  async function show(state) {
    mergeLog(state);
    if (state.meta.commitment && state.log_hash) state.proof = keepProof(id, state);
    if (!last && token && (state.you !== null || state.table)) rememberLink(id, state, token);
    last = state;
    noticeTurn(state);
    noteFinished(state);
    // A practice game's seed was chosen by a player: said on every page. Otherwise the seed's
    // commitment is shown, to check against the record at the end (volstead verify).
    const fairness = state.meta.practice
      ? " · practice game (seed chosen)"
      : ` · seed committed ${(state.meta.commitment || "").slice(0, 12)}…`;
    // on a phone the header keeps one line: the game's details (.sub-more) are left out there
    document.getElementById("subtitle").innerHTML =
      `${esc(state.meta.title)} · ${esc(label(state))}<span class="sub-more">${state.meta.card_set ? ` · <span class="card-set">card set: ${esc(state.meta.card_set)}</span>` : ""} · game ${esc(id)}${esc(fairness)}</span>`;
    if (state.table && state.you !== shownSeat && !state.view.over) {
      // Hot-seat: hide the previous seat's screen until the next player confirms.
      const who = esc(seatTitle(state.meta, state.you));
      cover.innerHTML = `<div>${who}'s turn — pass the screen.</div><button class="primary" id="reveal">I am ${who}: show my screen</button>${undoButton(state)}`;
      cover.hidden = false;
      app.innerHTML = "";
      bindUndo(cover);
      document.getElementById("reveal").onclick = () => {
        shownSeat = state.you;
        cover.hidden = true;
        show(last);
      };
      return;
    }
    if (!(await render(state, "", true))) return; // a later state is drawn instead
    const form = document.getElementById("chat-form");
    if (form)
      form.onsubmit = (ev) => {
        ev.preventDefault();
        const input = document.getElementById("chat-text");
        if (!input.value.trim()) return;
        ws.send(JSON.stringify({ type: "chat", text: input.value }));
        input.value = "";
      };
    bindUndo(app);
    app.querySelectorAll("button.option").forEach((b) => {
      b.onclick = () => {
        setDisabled(true);
        // the decision's number: a resent or late click cannot land on a later decision
        ws.send(JSON.stringify({ type: "decide", option: b.dataset.id, decision: last.decision.number }));
      };
    });
  }
  // Take back (#undo, shown while the state's `undo` allows it): the number names the decision, so a
  // doubled click cannot take back two.
  function bindUndo(root) {
    const b = root.querySelector("#undo");
    if (b)
      b.onclick = () => {
        b.disabled = true;
        ws.send(JSON.stringify({ type: "undo", decision: Number(b.dataset.number) }));
      };
  }
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/games/${id}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
    ws.onopen = () => {
      retry = 0;
      conn.textContent = "connected";
    };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "state") show(m);
      else if (m.type === "chat" && last) {
        // a line said: added in place (a re-render would disturb what someone is typing)
        last.chat = [...(last.chat || []), m.line].slice(-100);
        document.getElementById("chat-empty")?.remove();
        const lines = document.getElementById("chat-lines");
        if (lines && !lines.querySelector(`[data-k="${m.line.k}"]`)) {
          lines.insertAdjacentHTML("beforeend", chatLine(m.line));
          lines.scrollTop = lines.scrollHeight;
        }
      } else if (m.type === "thinking" && last) {
        last.thinking = m.seats;
        const w = document.getElementById("waiting");
        if (w && m.seats.length) w.textContent = thinkingText(m.seats, last.meta);
      } else if (m.type === "error") {
        // refused before any state (a bad link, no spectators, the caps): said where the board would be
        if (!last) app.innerHTML = `<p class="error" id="error">${esc(m.message)}</p>`;
        else flash(m.message);
        setDisabled(false);
      }
    };
    ws.onclose = (ev) => {
      // Refused for good (docs/server.md, "Connections"): an unknown game, a bad seat link, or the
      // spectator link of a game that takes no spectators. Retrying would be refused again.
      if (ev.code === 4403 || ev.code === 4404) {
        if (!document.getElementById("error")) app.innerHTML = `<p class="error" id="error">${esc(ev.reason)}</p>`;
        conn.textContent = "closed";
        return;
      }
      if (ev.code === 1009) flash(ev.reason); // a message over the server's limit (docs/server.md, "Limits")
      // over the connection caps (4429): said, and retried as any other close, slower and slower
      conn.textContent = ev.code === 4429 ? "too many connections — retrying…" : "disconnected — reconnecting…";
      setTimeout(connect, Math.min(5000, 500 * 2 ** retry++));
    };
  }
  connect();
  setInterval(() => {
    const el = document.getElementById("clock");
    if (el && last?.clock) el.textContent = clockText(last.clock, last.meta);
    updateTimer(last?.clock);
  }, 1000);
}

// ----------------------------------------------------------------- replay
async function replayPage(id) {
  let upto = 0,
    seat = "",
    total = 0;
  const go = async () => {
    const q = new URLSearchParams({ upto });
    if (seat !== "") q.set("seat", seat);
    let r;
    try {
      r = await getJSON(`/api/games/${id}/replay?${q}`);
    } catch (e) {
      app.innerHTML = `<p class="error">${esc(e.message)}</p>`;
      return;
    }
    total = r.total;
    document.getElementById("subtitle").innerHTML =
      `Replay · ${esc(r.meta.title)}<span class="sub-more"> · game ${esc(id)} · seed ${esc(r.meta.seed)}</span>`;
    const bar = `<div class="panel replaybar"><button id="first" title="first decision">|◀</button><button id="prev">◀</button>
      <input type="range" id="slider" min="0" max="${total}" value="${r.upto}"><button id="next">▶</button><button id="last" title="last decision">▶|</button>
      <span id="pos">decision ${r.upto} / ${total}</span>
      <select id="seatsel"><option value="">public view</option>${Array.from({ length: r.meta.seats }, (_, i) => `<option value="${i}" ${String(i) === seat ? "selected" : ""}>${esc(seatTitle(r.meta, i))}'s view</option>`).join("")}</select></div>`;
    if (!(await render({ ...r, thinking: [] }, bar))) return; // a later step is drawn instead
    const set = (n) => {
      upto = Math.max(0, Math.min(total, n));
      go();
    };
    document.getElementById("first").onclick = () => set(0);
    document.getElementById("prev").onclick = () => set(upto - 1);
    document.getElementById("next").onclick = () => set(upto + 1);
    document.getElementById("last").onclick = () => set(total);
    document.getElementById("slider").onchange = (e) => set(Number(e.target.value));
    document.getElementById("seatsel").onchange = (e) => {
      seat = e.target.value;
      go();
    };
    setDisabled(true);
  };
  go();
}

installBoardInput(app);
installRules();
installTurn();
installKeys();

const path = location.pathname;
const gameId = path.match(/^\/game\/([\w-]+)/);
const replayId = path.match(/^\/replay\/([\w-]+)/);
if (gameId) gamePage(gameId[1]);
else if (replayId) replayPage(replayId[1]);
else
  info()
    .then((inf) => lobbyPage(app, inf))
    .catch((e) => {
      app.innerHTML = `<p class="error">${esc(e.message)}</p>`;
    });
