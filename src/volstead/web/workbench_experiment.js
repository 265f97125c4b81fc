// The workbench's experiment panel: the same games played with two card sets (the saved set
// open, against the built-in set or another saved one), by the bots chosen, in the background on
// the server; live progress over the WebSocket (games done, time left), cancel, and the
// comparison drawn when it is done (workbench_compare.js). The server queues runs per client: a
// refusal (429) is shown in its words.
import { botsFor, esc, getJSON } from "./util.js";
import { compareHtml } from "./workbench_compare.js";

const POLL_MS = 2000; // without a WebSocket, the experiment is asked this often
const DEFAULT_GAMES = 200;
const DEFAULT_BOT = "greedy";
const LIVE = new Set(["queued", "running"]);

export function experimentPanel(el, ctx) {
  const g = ctx.info.games.find((x) => x.name === ctx.game.name) || { min_seats: 2, max_seats: 4, factions: [] };
  // the second strength's list, made once: for the number of seats chosen first (the most)
  const strengths = botsFor(ctx.info.strengths, g, g.max_seats);
  const names = Object.fromEntries((g.factions || []).map((f) => [f.id, f.name]));
  const others = ctx.sets.filter((s) => s.id !== ctx.set.id);
  let watching = null; // {id, socket, timer}

  el.innerHTML = `<h2>Experiment: does the change move the balance?</h2>
    <p class="small muted">The same games — the same seeds, seats and bots — played with two card sets, then every figure compared.</p>
    <form id="wb-run" class="wb-run">
      <label class="field"><span class="field-title">Compare</span> <select name="base">${others
        .map((s) => `<option value="${esc(s.id)}">${esc(s.builtin ? "the built-in set" : s.name)}</option>`)
        .join(
          "",
        )}</select> <span class="wb-with">with <b>${esc(ctx.set.builtin ? "the built-in set" : ctx.set.name)}</b></span></label>
      <label class="field"><span class="field-title">Seats</span> <select name="seats">${Array.from(
        { length: g.max_seats - g.min_seats + 1 },
        (_, i) => g.min_seats + i,
      )
        .map((n) => `<option ${n === g.max_seats ? "selected" : ""}>${n}</option>`)
        .join("")}</select></label>
      <fieldset class="wb-bots"><legend>Bots, a seat each (rotated every game)</legend><div id="wb-bot-seats"></div></fieldset>
      <label class="field"><span class="field-title">Second strength</span> <select name="bots2"><option value="">none</option>${strengths
        .map((s) => `<option value="${esc(s.spec)}">${esc(s.label)}</option>`)
        .join(
          "",
        )}</select><span class="field-help">Plays the games again with every seat at this strength: a change the two strengths disagree on is marked fragile.</span></label>
      <label class="field"><span class="field-title">Games</span> <input name="games" type="number" min="1" max="5000" value="${DEFAULT_GAMES}" required><span class="field-help">1 to 5000 a set. A few hundred show a change of about 5 points in a win rate.</span></label>
      <label class="field"><span class="field-title">Seed</span> <input name="seed" type="number" min="0" value="1"></label>
      <p class="wb-run-why small" id="wb-run-why"></p>
      <button class="primary" id="wb-run-btn">Run</button>
    </form>
    <div id="wb-run-status" role="status" aria-live="polite"></div>
    <div id="wb-runs"></div>
    <div id="wb-results"></div>`;
  const form = el.querySelector("#wb-run");
  const status = el.querySelector("#wb-run-status");

  const seatRows = () => {
    const n = Number(form.seats.value);
    const kept = [...el.querySelectorAll("#wb-bot-seats select")].map((s) => s.value);
    el.querySelector("#wb-bot-seats").innerHTML = Array.from(
      { length: n },
      (_, i) =>
        `<label class="wb-seat">Seat ${i + 1} <select name="bot${i}">${botsFor(ctx.info.strengths, g, n)
          .map(
            (s) =>
              `<option value="${esc(s.spec)}" ${(kept[i] || kept[0] || DEFAULT_BOT) === s.spec ? "selected" : ""}>${esc(s.label)}</option>`,
          )
          .join("")}</select></label>`,
    ).join("");
  };
  form.seats.onchange = seatRows;
  seatRows();

  // An experiment plays saved sets: the one open must be saved, its edits too.
  const refresh = () => {
    const why = ctx.set.builtin
      ? "Save this set first (“Save as…”): an experiment plays saved sets."
      : ctx.dirty()
        ? "Save the changes first: an experiment plays the set as saved."
        : !others.length
          ? "No other set to compare with."
          : "";
    form.querySelector("#wb-run-why").textContent = why;
    form.querySelector("#wb-run-btn").disabled = Boolean(why) || Boolean(watching);
  };

  form.onsubmit = async (e) => {
    e.preventDefault();
    const n = Number(form.seats.value);
    const bots = Array.from({ length: n }, (_, i) => form[`bot${i}`].value);
    const body = {
      game: ctx.game.name,
      base: form.base.value,
      variant: ctx.set.id,
      bots,
      bots2: form.bots2.value ? Array(n).fill(form.bots2.value) : null,
      seats: n,
      games: Number(form.games.value),
      seed: Number(form.seed.value || 0),
    };
    const r = await fetch("/api/workbench/experiments", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const out = await r.json().catch(() => ({ message: `${r.status} ${r.statusText}` }));
    if (!r.ok) {
      status.innerHTML = `<p class="error" id="wb-run-error">${esc(out.message || r.status)}</p>`;
      return;
    }
    el.querySelector("#wb-results").innerHTML = ""; // the last comparison is not this run's
    watch(out.id, { status: out.status, position: out.position, done: 0, total: out.total ?? body.games * (body.bots2 ? 4 : 2) });
    listRuns();
  };

  // Live progress: the WebSocket's messages; if it cannot be opened, the experiment is polled.
  function watch(id, first) {
    stop();
    watching = { id };
    refresh();
    drawProgress(id, first);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    let socket;
    try {
      socket = new WebSocket(`${proto}://${location.host}/ws/workbench/experiments/${encodeURIComponent(id)}`);
    } catch {
      return poll(id);
    }
    watching.socket = socket;
    let finished = false;
    socket.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "progress") drawProgress(id, m);
      else if (m.type === "done") {
        finished = true;
        socket.close();
        finish(id);
      }
    };
    socket.onclose = () => {
      if (!finished && watching?.id === id) poll(id);
    };
  }

  function poll(id) {
    if (watching?.id !== id) return;
    watching.timer = setTimeout(async () => {
      try {
        const x = await getJSON(`/api/workbench/experiments/${encodeURIComponent(id)}`);
        if (LIVE.has(x.status)) {
          drawProgress(id, x);
          poll(id);
        } else finish(id, x);
      } catch {
        poll(id);
      }
    }, POLL_MS);
  }

  function stop() {
    if (!watching) return;
    clearTimeout(watching.timer);
    if (watching.socket) {
      watching.socket.onclose = null;
      watching.socket.close();
    }
    watching = null;
  }

  function drawProgress(id, m) {
    const done = m.done ?? 0,
      total = m.total || 0;
    const share = total ? Math.round((100 * done) / total) : 0;
    const what =
      m.status === "queued"
        ? `Queued${m.position ? ` (${ordinal(m.position)} in line)` : ""}: it starts when the runs before it are done.`
        : `${done} of ${total} games played (${share} %)${m.eta_s !== null && m.eta_s !== undefined ? ` · ${timeLeft(m.eta_s)}` : ""}`;
    status.innerHTML = `<div class="wb-progress" data-id="${esc(id)}" data-status="${esc(m.status || "running")}">
      <progress max="${total || 1}" value="${done}" aria-label="games played">${share} %</progress>
      <span id="wb-progress-text">${esc(what)}</span> <button type="button" id="wb-cancel">Cancel</button></div>`;
    status.querySelector("#wb-cancel").onclick = async () => {
      const r = await fetch(`/api/workbench/experiments/${encodeURIComponent(id)}/cancel`, { method: "POST" });
      if (!r.ok) return;
      stop();
      status.innerHTML = `<p id="wb-run-ended"><span class="wb-tag">cancelled</span> The experiment was cancelled.</p>`;
      refresh();
      listRuns();
    };
  }

  async function finish(id, known = null) {
    stop();
    refresh();
    let x = known;
    try {
      if (!x?.comparison) x = await getJSON(`/api/workbench/experiments/${encodeURIComponent(id)}`);
    } catch (e) {
      status.innerHTML = `<p class="error">${esc(e.message)}</p>`;
      return;
    }
    listRuns();
    show(x);
  }

  function show(x) {
    const results = el.querySelector("#wb-results");
    if (x.status !== "done" || !x.comparison) {
      status.innerHTML = `<p id="wb-run-ended"><span class="wb-tag ${x.status === "failed" ? "bad" : ""}">${esc(x.status)}</span> ${esc(x.message || "")}</p>`;
      return;
    }
    status.innerHTML = `<p id="wb-run-ended"><span class="wb-tag good">done</span> ${x.total ?? ""} games played.</p>`;
    results.innerHTML = compareHtml(x.comparison, { names, reportUrl: x.report_url });
  }

  // This browser's recent experiments of the game: a running one is followed again after a
  // reload (or a server restart: the server resumes it), a finished one can be shown.
  async function listRuns() {
    let runs = [];
    try {
      runs = await getJSON(`/api/workbench/experiments?game=${encodeURIComponent(ctx.game.name)}`);
    } catch {
      return;
    }
    const box = el.querySelector("#wb-runs");
    if (!runs.length) {
      box.innerHTML = "";
      return;
    }
    box.innerHTML = `<details ${runs.length ? "" : ""}><summary>Your experiments with ${esc(ctx.game.title)} (${runs.length})</summary><ul class="wb-run-list">${runs
      .map(
        (x) =>
          `<li><span class="wb-tag ${x.status === "done" ? "good" : x.status === "failed" ? "bad" : ""}">${esc(x.status)}</span> ${esc(runLabel(x))} <button type="button" data-run="${esc(x.id)}">${LIVE.has(x.status) ? "Follow" : "Show"}</button></li>`,
      )
      .join("")}</ul></details>`;
    for (const b of box.querySelectorAll("button[data-run]"))
      b.onclick = async () => {
        const x = await getJSON(`/api/workbench/experiments/${encodeURIComponent(b.dataset.run)}`);
        if (LIVE.has(x.status)) watch(x.id, x);
        else show(x);
        status.scrollIntoView({ block: "nearest" });
      };
    const live = runs.find((x) => LIVE.has(x.status) && (x.variant_id ?? x.variant) === ctx.set.id);
    if (live && !watching) watch(live.id, live);
  }

  refresh();
  listRuns();
  return { refresh };
}

function runLabel(x) {
  const when = x.created ? String(x.created).slice(0, 16).replace("T", " ") : "";
  const sets = x.labels ? `${x.labels.a} → ${x.labels.b}` : "";
  return [when, sets, x.total ? `${x.total} games` : ""].filter(Boolean).join(" · ");
}

const ordinal = (n) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

function timeLeft(s) {
  if (s < 1) return "almost done";
  if (s < 90) return `about ${Math.max(1, Math.round(s))} s left`;
  if (s < 5400) return `about ${Math.round(s / 60)} min left`;
  return `about ${(s / 3600).toFixed(1)} h left`;
}
