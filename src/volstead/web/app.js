// Volstead's browser shell: the lobby (/), a live game (/game/ID?token=...), a replay (/replay/ID).
// It knows no game: each game's board is the ES module its describe() names (else generic.js).
// Plain ES modules, no build step. The server owns the game: this page sends option ids, nothing else.
import { boardDecision, installBoardInput } from "./board_input.js";
import { installKeys } from "./keys.js";
import {
  chatLine,
  chatPanel,
  checkPanel,
  clockText,
  decisionPanel,
  logPanel,
  scoresPanel,
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

// ------------------------------------------------------------------ lobby
let infoCache = null;
async function info() {
  if (!infoCache) infoCache = await getJSON("/api/info");
  return infoCache;
}
const gameInfo = async (name) => (await info()).games.find((g) => g.name === name) || { name, factions: [] };

async function lobby() {
  document.getElementById("subtitle").textContent = "Lobby";
  const inf = await info();
  const strengths = [{ spec: "human", label: "Human" }, ...inf.strengths];
  app.innerHTML = `<div class="lobby"><div class="panel"><h2>New game</h2><form id="create">
    <label>Game <select name="game">${inf.games.map((x) => `<option value="${x.name}" ${x.name === inf.default_game ? "selected" : ""}>${esc(x.title)}</option>`).join("")}</select></label>
    <label>Players <select name="players"></select></label>
    <div id="seats"></div><div id="first"></div>
    <div id="options"></div>
    <label><input type="checkbox" name="hotseat"> Hot-seat (human seats share this screen)</label>
    <label title="Off: only the seat links open the game (the server refuses its spectator link)."><input type="checkbox" name="spectators" checked> Spectator link: anyone may watch</label>
    <label>Seed <input name="seed" type="number" min="0" placeholder="random"></label>
    <label title="When it runs out, the server decides for whoever is still deciding.">Time limit per turn or phase (seconds) <input name="time_limit" type="number" min="10" max="86400" placeholder="none"></label>
    <button class="primary" id="create-btn">Create game</button></form><div id="created"></div></div>
    <div class="panel"><h2>Games</h2><div id="games">…</div><h3>Your seats</h3><div id="mine"></div></div></div>`;
  const form = document.getElementById("create");
  const game = () => inf.games.find((x) => x.name === form.game.value);
  const seatRows = () => {
    const g = game(),
      n = Number(form.players.value);
    const factions = g.faction_option ? g.factions : [];
    // A bot's Elo in this game, where its ladder was measured (the game's data/bot_ratings.toml).
    const rated = (s) => (g.bot_ratings?.[s.spec] ? `${s.label} · Elo ${Math.round(g.bot_ratings[s.spec])}` : s.label);
    document.getElementById("seats").innerHTML = Array.from(
      { length: n },
      (
        _,
        i,
      ) => `<label>Seat ${i} <select name="seat${i}">${strengths.map((s, k) => `<option value="${s.spec}" ${(i === 0 ? k === 0 : k === 2) ? "selected" : ""}>${esc(rated(s))}</option>`).join("")}</select>
      ${factions.length ? `<select name="faction${i}" title="faction"><option value="random">random ${esc(g.faction_option.replace(/s$/, ""))}</option>${factions.map((f) => `<option value="${esc(f.id)}">${esc(f.name)}</option>`).join("")}</select>` : ""}</label>`,
    ).join("");
    document.getElementById("first").innerHTML = g.first_seat_option
      ? `<label>Who starts <select name="first"><option value="">random</option>${Array.from({ length: n }, (_, i) => `<option value="${i}">seat ${i}</option>`).join("")}</select></label>`
      : "";
  };
  // The number of players the game takes with the options chosen (e.g. 1 with a solo option ticked).
  const playerChoices = () => {
    const g = game();
    let [low, high] = [g.min_seats, g.max_seats];
    for (const [k, w] of Object.entries(g.seats_when || {})) {
      if (form[`opt_${k}`]?.checked === w.value) [low, high] = [w.min_seats, w.max_seats];
    }
    form.players.innerHTML = Array.from({ length: high - low + 1 }, (_, k) => low + k)
      .map((n) => `<option ${n === high ? "selected" : ""}>${n}</option>`)
      .join("");
    seatRows();
  };
  const gameChanged = () => {
    document.getElementById("options").innerHTML = optionInputs(game());
    for (const k of Object.keys(game().seats_when || {})) {
      if (form[`opt_${k}`]) form[`opt_${k}`].onchange = playerChoices;
    }
    playerChoices();
  };
  form.game.onchange = gameChanged;
  form.players.onchange = seatRows;
  gameChanged();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const g = game(),
      n = Number(form.players.value);
    const options = optionValues(form, g);
    if (g.faction_option && g.factions.length) {
      const chosen = Array.from({ length: n }, (_, i) => form[`faction${i}`].value);
      if (chosen.some((f) => f !== "random")) options[g.faction_option] = chosen;
    }
    if (g.first_seat_option && form.first.value !== "") options[g.first_seat_option] = Number(form.first.value);
    const body = {
      game: g.name,
      seats: Array.from({ length: n }, (_, i) => form[`seat${i}`].value),
      options,
      hotseat: form.hotseat.checked,
      spectators: form.spectators.checked,
    };
    if (form.seed.value !== "") body.seed = Number(form.seed.value);
    if (form.time_limit.value !== "") body.time_limit = Number(form.time_limit.value);
    const out = document.getElementById("created");
    try {
      const r = await getJSON("/api/games", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const mine = JSON.parse(localStorage.getItem("volstead:links") || "{}");
      mine[r.id] = r;
      localStorage.setItem("volstead:links", JSON.stringify(mine));
      out.innerHTML = linksHtml(r);
      listGames();
    } catch (e) {
      out.innerHTML = `<p class="error">${esc(e.message)}</p>`;
    }
  };
  listGames();
}

// The game's options, from the JSON Schema of its Options model: enum -> select, boolean ->
// checkbox, integer -> number; the faction and first-seat options have their own controls,
// and the options a lobby may not set keep their defaults.
function lobbyOptions(g) {
  const own = new Set([...(g.lobby_hidden_options || []), g.faction_option, g.first_seat_option]);
  return Object.entries(g.options_schema.properties || {}).filter(
    ([k, p]) => !own.has(k) && (p.enum || p.type === "boolean" || p.type === "integer"),
  );
}

function optionInputs(g) {
  return lobbyOptions(g)
    .map(([k, p]) => {
      const name = esc(k.replace(/_/g, " "));
      const help = esc(p.description || "");
      if (p.type === "boolean")
        return `<label title="${help}"><input type="checkbox" name="opt_${k}" ${p.default ? "checked" : ""}> ${name}</label>`;
      if (p.type === "integer")
        return `<label title="${help}">${name} <input type="number" name="opt_${k}" value="${esc(p.default)}" ${p.minimum !== undefined ? `min="${p.minimum}"` : ""} ${p.maximum !== undefined ? `max="${p.maximum}"` : ""}></label>`;
      return `<label title="${help}">${name} <select name="opt_${k}">${p.enum.map((v) => `<option ${v === p.default ? "selected" : ""}>${esc(String(v))}</option>`).join("")}</select></label>`;
    })
    .join("");
}

function optionValues(form, g) {
  const out = {};
  for (const [k, p] of lobbyOptions(g)) {
    const el = form[`opt_${k}`];
    out[k] = p.type === "boolean" ? el.checked : p.type === "integer" ? Number(el.value) : el.value;
  }
  return out;
}

function linksHtml(r) {
  const o = location.origin;
  const seatLinks = r.seats
    .filter((s) => s.url)
    .map((s) => `<li>Seat ${s.seat}: <a class="seat-link" data-seat="${s.seat}" href="${s.url}">${o}${s.url}</a></li>`)
    .join("");
  return `<div class="links"><h3>Game ${r.id}</h3><p class="small">Each link is secret: it plays that seat. Send one to each friend.</p><ul>${seatLinks}
    ${r.hotseat_url ? `<li>Hot-seat (every human seat): <a class="hotseat-link" href="${r.hotseat_url}">${o}${r.hotseat_url}</a></li>` : ""}
    <li>Spectators: ${r.spectator_url ? `<a class="spectator-link" href="${r.spectator_url}">${o}${r.spectator_url}</a>` : `<span class="spectators-off">off</span> (only the seat links open this game)`}</li></ul></div>`;
}

async function listGames() {
  const games = await getJSON("/api/games");
  const el = document.getElementById("games");
  el.innerHTML = games.length
    ? `<ul>${games.map((g) => `<li>${esc(g.title)} <code>${g.id}</code>${g.practice ? " (practice)" : ""} — ${g.kinds.map(esc).join(", ")} — ${g.status === "playing" ? `open, ${g.decisions} decisions · ${g.spectators === false ? `<span class="muted">no spectators</span>` : `<a href="/game/${g.id}">watch</a>`}` : `finished · <a href="/replay/${g.id}">replay</a>`}</li>`).join("")}</ul>`
    : `<p class="muted">No games yet.</p>`;
  const mine = JSON.parse(localStorage.getItem("volstead:links") || "{}");
  const known = new Set(games.map((g) => g.id));
  document.getElementById("mine").innerHTML =
    Object.values(mine)
      .filter((r) => known.has(r.id))
      .map(linksHtml)
      .join("") || `<p class="muted">Links of the games you create or open in this browser appear here.</p>`;
}

// ----------------------------------------------------------- shared render
// Each game draws its own board (its browser module, or the generic renderer); the shell draws
// the rest: final scores, the pending decision, the log.
const modules = {},
  catalogs = {};
async function gameModule(name) {
  if (!modules[name]) modules[name] = await import((await gameInfo(name)).web_module || "./generic.js");
  return modules[name];
}
async function catalog(name) {
  if (!catalogs[name]) catalogs[name] = await getJSON(`/api/catalog/${name}`);
  return catalogs[name];
}
const setDisabled = (value) => {
  for (const b of app.querySelectorAll("button.option")) b.disabled = value;
};

// The decision panel's markup last drawn: a state that leaves it unchanged (a rival's private
// step, a chat line, the log) keeps the panel's very elements — no jump, no lost click or hover.
let decisionShown = null;

async function render(state, extraTop = "", live = false) {
  const meta = state.meta;
  const [mod, g, cat] = await Promise.all([gameModule(meta.game), gameInfo(meta.game), catalog(meta.game)]);
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
    <div>${tools}${rulebook}${scoresPanel(state.result, g)}${state.result ? checkPanel(state.proof, meta.id) : ""}${decisionHtml}${clock}<div id="flash"></div>
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
  const label = (s) => (s.you === null ? "spectator" : `seat ${s.you}${s.table ? " (hot-seat)" : ""}`);
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
    document.getElementById("subtitle").textContent = `${state.meta.title} · game ${id} · ${label(state)}${fairness}`;
    if (state.table && state.you !== shownSeat && !state.view.over) {
      // Hot-seat: hide the previous seat's screen until the next player confirms.
      cover.innerHTML = `<div>Seat ${state.you}'s turn — pass the screen.</div><button class="primary" id="reveal">I am seat ${state.you}: show my screen</button>${undoButton(state)}`;
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
    await render(state, "", true);
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
    document.getElementById("subtitle").textContent = `Replay · ${r.meta.title} · game ${id} · seed ${r.meta.seed}`;
    const bar = `<div class="panel replaybar"><button id="first" title="first decision">|◀</button><button id="prev">◀</button>
      <input type="range" id="slider" min="0" max="${total}" value="${r.upto}"><button id="next">▶</button><button id="last" title="last decision">▶|</button>
      <span id="pos">decision ${r.upto} / ${total}</span>
      <select id="seatsel"><option value="">public view</option>${Array.from({ length: r.meta.seats }, (_, i) => `<option value="${i}" ${String(i) === seat ? "selected" : ""}>seat ${i}'s view</option>`).join("")}</select></div>`;
    await render({ ...r, thinking: [] }, bar);
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
  lobby().catch((e) => {
    app.innerHTML = `<p class="error">${esc(e.message)}</p>`;
  });
