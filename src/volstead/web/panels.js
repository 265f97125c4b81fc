// The shell's panels, the same for every game: the pending decision, the log, the final scores.
import { esc, nice } from "./util.js";

// A seat by the name the game gives it (meta.seat_names), else its number
// as people count: from 1 ("Seat 1" is seat 0; the engine's default names count from 0).
export function seatName(meta, seat) {
  return countedFromOne(meta.seat_names?.[seat], seat);
}
const countedFromOne = (named, seat) => (named && named !== `Seat ${seat}` ? named : `Seat ${seat + 1}`);

// "Seat 1 (Faction Name)": the seat's number, counted from 1, and the name the game gives that seat.
export function seatTitle(meta, seat) {
  const name = seatName(meta, seat);
  return name === `Seat ${seat + 1}` ? name : `Seat ${seat + 1} (${name})`;
}

export function thinkingText(seats, meta) {
  return `${seats.map((s) => `${esc(seatName(meta, s))} (${esc(meta.kinds[s] || "bot")})`).join(", ")} ${seats.length > 1 ? "are" : "is"} thinking…`;
}

// Take back (server: the state's `undo`, set only for the seat whose decision it would be): the
// seat's last decision, while nothing new became known since (docs/server.md, "Take-back").
export function undoButton(state) {
  const u = state.undo;
  if (!u) return "";
  const whose = state.table && u.seat !== state.you ? ` ${esc(seatName(state.meta, u.seat))}'s last decision` : "";
  return `<button class="undo" id="undo" data-number="${u.number}" title="Take back your last decision (u)">Take back${whose}</button>`;
}

// `help`: what this kind of decision decides, in the game's words (its rules_help), if it says.
export function decisionPanel(state, meta, thinking, help) {
  const d = state.decision;
  const pending = state.pending || [];
  const undo = undoButton(state);
  if (!d) {
    if (!pending.length) return undo ? `<div class="panel" id="decision">${undo}</div>` : "";
    // a secret simultaneous phase: only who is still deciding is shown
    const text = thinking?.length
      ? thinkingText(thinking, meta)
      : `Waiting for ${pending.map((s) => esc(seatName(meta, s))).join(", ")} (deciding in private)`;
    return `<div class="panel" id="decision"><div class="thinking" id="waiting">${text}</div>${undo}</div>`;
  }
  const who = `${esc(seatName(meta, d.seat))} (${esc(meta.kinds[d.seat] || "")})`;
  if (!d.options) {
    return `<div class="panel" id="decision"><div class="thinking" id="waiting">${thinking?.length ? thinkingText(thinking, meta) : `Waiting for ${who}: ${esc(nice(d.kind))}`}</div>${undo}</div>`;
  }
  return `<div class="panel" id="decision"><div class="prompt">${state.you === d.seat ? "Your decision" : `${esc(seatName(meta, d.seat))}'s decision`}: ${esc(d.prompt)}</div>${help ? `<div class="small muted help">${esc(help)}</div>` : ""}
    ${optionGroups(d)}${unavailableHtml(d.unavailable)}${undo}</div>`;
}

function optionButton(d, o) {
  return `<button class="option${d.taken === o.id ? " taken" : ""}" data-id="${esc(o.id)}" title="${esc(o.help || o.label)}">${esc(o.label)}${o.help ? `<span class="opt-help">${esc(o.help)}</span>` : ""}${o.final ? `<span class="opt-final">cannot be taken back: ${esc(o.final)}</span>` : ""}</button>`;
}

// Options under the game's headings (Step.option_group), in the order the headings first appear.
function optionGroups(d) {
  const groups = new Map();
  for (const o of d.options) {
    const g = o.group || "";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(o);
  }
  return [...groups]
    .map(
      ([g, opts]) =>
        `${g ? `<div class="opt-group">${esc(g)}</div>` : ""}<div class="options">${opts.map((o) => optionButton(d, o)).join("")}</div>`,
    )
    .join("");
}

// Choices not legal now, greyed with the reason (Step.unavailable): never clickable.
function unavailableHtml(list) {
  if (!list?.length) return "";
  return `<div class="opt-group">Not possible now</div><div class="options">${list
    .map(
      (u) =>
        `<span class="unavailable" title="${esc(u.reason)}">${esc(u.label)}<span class="opt-help">${esc(u.reason)}</span></span>`,
    )
    .join("")}</div>`;
}

export function logPanel(entries, meta) {
  return `<div class="panel" id="logpanel" data-nav="Log"><h3>Game log</h3><div id="log">${entries.map((e) => `<div class="${e.mine ? "mine" : ""}${e.seat === null ? " note" : ""}">${e.i ? `<span class="muted">#${e.i}</span> ` : ""}${e.seat === null || e.seat === undefined ? "" : `<b>${esc(seatName(meta, e.seat))}</b>: `}${esc(e.text)}</div>`).join("")}</div></div>`;
}

// The final scores from the game's Result (scores, winners, each seat's faction), named by the
// game's factions (describe().factions) when it has them; seats counted from 1.
export function scoresPanel(result, info, meta = {}) {
  if (!result) return "";
  const winners = new Set(result.winners || []);
  const names = Object.fromEntries((info.factions || []).map((f) => [f.id, f]));
  const faction = (id) =>
    id
      ? `<span class="swatch" style="background:${esc(names[id]?.color || "#777")}"></span>${esc(names[id]?.name || nice(id))}`
      : "";
  const hasFactions = (result.factions || []).some((f) => f);
  return `<div class="panel" id="scores"><h3>Final scores</h3><table class="scores"><tr><th>Seat</th>${hasFactions ? "<th>Faction</th>" : ""}<th>Score</th></tr>
    ${result.scores.map((s, i) => `<tr class="${winners.has(i) ? "winner" : ""}"><td>${esc(hasFactions ? `${i + 1}` : seatName(meta, i))}</td>${hasFactions ? `<td>${faction((result.factions || [])[i])}</td>` : ""}<td>${s}</td></tr>`).join("")}</table></div>`;
}

// At the end of a live game: the record to download, with what this page saw while it was played —
// the commitment shown at the start and the last log hash — for `volstead verify` (docs/server.md).
export function checkPanel(proof, id) {
  if (!proof) return "";
  const file = `record-${id}.json`;
  const command = `volstead verify ${file} --commitment ${proof.commitment} --log-hash ${proof.hash}`;
  return `<div class="panel" id="check"><h3>Check this game</h3><p><a id="record-link" href="/api/games/${esc(id)}/record" download="${esc(file)}">Download the record</a>${proof.practice ? " (a practice game: its seed was chosen)" : ""}</p>
    ${proof.changed ? `<p class="error" id="check-changed">The server now shows another commitment than the one this page saw first.</p>` : ""}
    <div class="small">Commitment seen at the start: <code id="check-commitment">${esc(proof.commitment)}</code></div>
    <div class="small">Last log hash seen: <code id="check-hash">${esc(proof.hash)}</code></div>
    <div class="small muted">Check it: <code id="check-command">${esc(command)}</code></div></div>`;
}

// The table's talk (server/chat.py): every line as text, never markup; a box to talk for seats
// (spectators read only). The list is refreshed in place when a line arrives (chatLine).
export function chatPanel(chat, canTalk) {
  if (!chat) return ""; // a replay: the talk is the table's, not the game's record
  return `<div class="panel" id="chat" data-nav="Talk"><h3>Table talk</h3><div id="chat-lines">${chat.map(chatLine).join("") || `<div class="muted small" id="chat-empty">Nobody has said anything yet.</div>`}</div>
    ${canTalk ? `<form id="chat-form"><input id="chat-text" maxlength="300" autocomplete="off" placeholder="Say something to the table"><button>Say</button></form>` : `<div class="muted small">Spectators read the table's talk.</div>`}</div>`;
}

export function chatLine(line) {
  const at = new Date(line.at);
  const hhmm = Number.isNaN(at.getTime()) ? "" : at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `<div class="chat-line" data-k="${line.k}"><span class="muted small">${esc(hhmm)}</span> <b>${esc(countedFromOne(line.name, line.seat))}</b>: ${esc(line.text)}</div>`;
}

// The round timer (server/clock.py): how long the people deciding have been at it and, with a
// time limit, how long they have left. Updated every second by the page (app.js).
export function clockText(clock, meta, now = Date.now() / 1000) {
  if (!clock?.seats?.length) return "";
  const elapsed = Math.max(0, now - clock.since);
  const mmss = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  const who = clock.seats.map((s) => seatName(meta, s)).join(", ");
  const left = clock.limit === null || clock.limit === undefined ? "" : ` · ${mmss(Math.max(0, clock.limit - elapsed))} left`;
  return `${who}: ${mmss(elapsed)}${left}`;
}
