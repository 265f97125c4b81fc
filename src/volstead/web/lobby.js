// The lobby (/): a tile for each registered game (its picture, players, length, one line on what
// it is) with one-click play against bots; "More options" opens the full form for that game
// (also at /?game=NAME); the games on the server and the seats this browser has opened.
// It knows no game: everything it shows comes from each game's describe() (/api/info).
import { botsFor, esc, getJSON } from "./util.js";

// The bot a one-click game seats in every other chair: quick to answer, and beatable (docs/bots.md).
const QUICK_BOT = "greedy";

export async function lobbyPage(app, inf) {
  document.getElementById("subtitle").textContent = "Lobby";
  app.innerHTML = `<div class="lobby-page">
    <section class="tiles" aria-label="Games">${byDefaultFirst(inf).map(tileHtml).join("")}</section>
    <div class="lobby">
      <div class="panel" id="new-game" hidden></div>
      <div class="panel" id="lists"><h2>Games on this server</h2><div id="games">…</div><h3>Your seats</h3><div id="mine"></div></div>
    </div><div id="quick-error"></div></div>`;
  for (const tile of app.querySelectorAll(".tile")) {
    const g = inf.games.find((x) => x.name === tile.dataset.game);
    tile.querySelector(".play").onclick = () => quickGame(g, tile);
    tile.querySelector(".more").onclick = () => openForm(inf, g.name, true);
  }
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && inf.games.some((g) => g.name === asked)) openForm(inf, asked, false);
  listGames();
}

// The server's default game first, then the others as the registry lists them.
const byDefaultFirst = (inf) => [...inf.games].sort((a, b) => (b.name === inf.default_game) - (a.name === inf.default_game));

// "2–4 players or solo", "4 players": the seat range, and a one-seat mode where an option gives one.
export function playersText(g) {
  const range = g.min_seats === g.max_seats ? `${g.min_seats}` : `${g.min_seats}–${g.max_seats}`;
  const solo = Object.values(g.seats_when || {}).some((w) => w.min_seats === 1 && w.max_seats === 1);
  return `${range} player${g.max_seats === 1 ? "" : "s"}${solo && g.min_seats > 1 ? " or solo" : ""}`;
}

function tileHtml(g) {
  const picture = g.table_picture
    ? `<img class="tile-picture" src="${esc(g.table_picture)}" alt="${esc(g.title)}: a game under way" loading="lazy">`
    : `<div class="tile-picture none" aria-hidden="true">${esc(g.title.slice(0, 1))}</div>`;
  const facts = [playersText(g), g.play_time].filter(Boolean).map(esc).join(" · ");
  return `<article class="tile panel" data-game="${esc(g.name)}">${picture}<div class="tile-text">
    <h2>${esc(g.title)}</h2><div class="tile-facts small">${facts}</div>${g.blurb ? `<p class="tile-blurb">${esc(g.blurb)}</p>` : ""}
    <div class="tile-buttons"><button class="primary play" type="button">Play against bots</button><button class="more" type="button">More options</button></div></div></article>`;
}

// One click: the person in the first seat, the quick bot in the others (the game's full table),
// the game's default options; then straight to the seat's page.
async function quickGame(g, tile) {
  const out = document.getElementById("quick-error");
  for (const b of tile.querySelectorAll("button")) b.disabled = true;
  try {
    const r = await createGame({
      game: g.name,
      seats: Array.from({ length: g.max_seats }, (_, i) => (i === 0 ? "human" : QUICK_BOT)),
      options: {},
    });
    location.href = r.seats[0].url;
  } catch (e) {
    out.innerHTML = `<p class="error" id="quick-error-text">${esc(g.title)}: ${esc(e.message)}</p>`;
    for (const b of tile.querySelectorAll("button")) b.disabled = false;
  }
}

async function createGame(body) {
  const r = await getJSON("/api/games", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const mine = JSON.parse(localStorage.getItem("volstead:links") || "{}");
  mine[r.id] = r;
  localStorage.setItem("volstead:links", JSON.stringify(mine));
  return r;
}

// The full form for a game: every option the lobby may set, with its title and its description
// shown under it (a phone has no hover), seats numbered from 1, each bot with its strength.
function openForm(inf, name, scroll) {
  const panel = document.getElementById("new-game");
  const strengths = [{ spec: "human", label: "Human" }, ...inf.strengths];
  panel.hidden = false;
  panel.innerHTML = `<h2>New game</h2><form id="create">
    <label>Game <select name="game">${inf.games.map((x) => `<option value="${esc(x.name)}" ${x.name === name ? "selected" : ""}>${esc(x.title)}</option>`).join("")}</select></label>
    <label>Players <select name="players"></select></label>
    <div id="seats"></div><div id="first"></div>
    <div id="options"></div><div id="card-set"></div>
    ${checkField("hotseat", false, "Hot-seat", "Human seats share this screen: the page hides each seat's cards until its player confirms.")}
    ${checkField("spectators", true, "Spectator link", "Anyone with the link may watch. Off: only the seat links open the game (the server refuses its spectator link).")}
    ${field("Seed", `<input name="seed" type="number" min="0" placeholder="random">`, "A chosen seed makes a practice game (the same deal again); left empty, the server draws one and commits to it.")}
    ${field("Time limit per turn or phase (seconds)", `<input name="time_limit" type="number" min="10" max="86400" placeholder="none">`, "When it runs out, the server decides for whoever is still deciding.")}
    <button class="primary" id="create-btn">Create game</button></form><div id="created"></div>`;
  const form = document.getElementById("create");
  const game = () => inf.games.find((x) => x.name === form.game.value);
  const seatRows = () => {
    const g = game(),
      n = Number(form.players.value);
    const factions = g.faction_option ? g.factions : [];
    const offered = botsFor(strengths, g, n);
    // A bot's Elo in this game, where its ladder was measured (the game's data/bot_ratings.toml).
    const rated = (s) => (g.bot_ratings?.[s.spec] ? `${s.label} · Elo ${Math.round(g.bot_ratings[s.spec])}` : s.label);
    const quick = offered.findIndex((s) => s.spec === QUICK_BOT);
    document.getElementById("seats").innerHTML = Array.from(
      { length: n },
      (_, i) => `<label class="seat-row">Seat ${i + 1} <select name="seat${i}">${offered
        .map(
          (s, k) =>
            `<option value="${esc(s.spec)}" ${(i === 0 ? k === 0 : k === quick) ? "selected" : ""}>${esc(rated(s))}</option>`,
        )
        .join("")}</select>
      ${factions.length ? `<select name="faction${i}" aria-label="Seat ${i + 1}'s ${esc(g.faction_option.replace(/s$/, ""))}"><option value="random">random ${esc(g.faction_option.replace(/s$/, ""))}</option>${factions.map((f) => `<option value="${esc(f.id)}">${esc(f.name)}</option>`).join("")}</select>` : ""}</label>`,
    ).join("");
    document.getElementById("first").innerHTML = g.first_seat_option
      ? `<label>Who starts <select name="first"><option value="">random</option>${Array.from({ length: n }, (_, i) => `<option value="${i}">Seat ${i + 1}</option>`).join("")}</select></label>`
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
  // The workbench's "Play at a table" names its set (/?game=NAME&card_set=ID): chosen when listed.
  const askedSet = new URLSearchParams(location.search).get("card_set");
  // The card sets saved in the designer's workbench, for a game that can be played with another set.
  const cardSets = async (g) => {
    const box = document.getElementById("card-set");
    box.innerHTML = "";
    if (!g.card_set_option) return;
    let sets = [];
    try {
      const r = await fetch(`/api/workbench/${encodeURIComponent(g.name)}/sets`);
      if (r.ok) sets = await r.json();
    } catch {}
    const saved = sets.filter((s) => !s.builtin);
    if (!saved.length || game().name !== g.name) return;
    box.innerHTML = field(
      "Card set",
      `<select name="card_set"><option value="">the built-in set</option>${saved.map((s) => `<option value="${esc(s.id)}">${esc(s.name)}</option>`).join("")}</select>`,
      "A set saved in the designer's workbench: its cards, played at this table.",
    );
    if (askedSet && saved.some((s) => s.id === askedSet)) form.card_set.value = askedSet;
  };
  const gameChanged = () => {
    cardSets(game());
    document.getElementById("options").innerHTML = optionInputs(game());
    for (const k of Object.keys(game().seats_when || {})) {
      if (form[`opt_${k}`]) form[`opt_${k}`].onchange = playerChoices;
    }
    playerChoices();
    history.replaceState(null, "", `/?game=${encodeURIComponent(game().name)}`);
  };
  form.game.onchange = gameChanged;
  form.players.onchange = seatRows;
  gameChanged();
  if (scroll) panel.scrollIntoView({ block: "start" });
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
    if (form.card_set?.value) body.card_set = form.card_set.value;
    const out = document.getElementById("created");
    try {
      out.innerHTML = linksHtml(await createGame(body));
      listGames();
    } catch (e) {
      out.innerHTML = `<p class="error">${esc(e.message)}</p>`;
    }
  };
}

// A form field: its title, the control, and what it does in a line of its own under it.
const field = (title, control, help) =>
  `<label class="field"><span class="field-title">${esc(title)}</span> ${control}${help ? `<span class="field-help">${esc(help)}</span>` : ""}</label>`;
const checkField = (name, checked, title, help) =>
  `<label class="field"><input type="checkbox" name="${name}" ${checked ? "checked" : ""}> <span class="field-title">${esc(title)}</span><span class="field-help">${esc(help)}</span></label>`;

// An option's title as the schema gives it, else its key in words ("job_draft" -> "Job draft").
const optionTitle = (k, p) => p.title || (k.charAt(0).toUpperCase() + k.slice(1)).replace(/_/g, " ");

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
      const title = optionTitle(k, p);
      if (p.type === "boolean") return checkField(`opt_${k}`, p.default, title, p.description || "");
      if (p.type === "integer")
        return field(
          title,
          `<input type="number" name="opt_${k}" value="${esc(p.default)}" ${p.minimum !== undefined ? `min="${p.minimum}"` : ""} ${p.maximum !== undefined ? `max="${p.maximum}"` : ""}>`,
          p.description,
        );
      return field(
        title,
        `<select name="opt_${k}">${p.enum.map((v) => `<option ${v === p.default ? "selected" : ""}>${esc(String(v))}</option>`).join("")}</select>`,
        p.description,
      );
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
    .map((s) => `<li>Seat ${s.seat + 1}: <a class="seat-link" data-seat="${s.seat}" href="${s.url}">${o}${s.url}</a></li>`)
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
