// Prohibition's browser module: the New York map (Neighborhoods of 8 Blocks with Turf, Goons,
// Guards, buildings stocked or not, HQs, Gangsters), the action board, the Heat scale with its
// Outrage Thresholds and badges, each gang's mat, the Attack in progress with its dice, and your
// Schemes and Infamy. The shell (src/volstead/web) imports it from describe()["web_module"] and
// calls render(state, ctx) -> { main, side }.
// Everything an option can name is drawn with data-ref="<ref>" (Step.option_refs): "block:hk5" (a Block,
// named "Hell's Kitchen 5" for people), "space:<id>" (an action space), "stack:<kind>" (a building
// stack), "scheme:<id>", "infamy:<id>", "fed:<id>" (cards) and "die:attacker|defender:<value>" (the
// Conflict's dice). The shell highlights and clicks them from the pending options' refs.
import { colorOf, esc, loadStyle, nice } from "/static/util.js";

await loadStyle(new URL("./board.css", import.meta.url).href);

const CELL = 92; // one Block, in SVG units (the map's text stays 12 units: 11 px or more at 1400 px)
const plural = (n, word) => `${n} ${n === 1 ? word : `${word}s`}`;
const gangColor = (view, seat) => colorOf(view.gangs[seat]?.color);
const gangName = (view, seat) => view.gangs[seat]?.name || `seat ${seat + 1}`;
// A Block as people name it: its Neighborhood and number ("hk5" -> "Hell's Kitchen 5").
const placeName = (cat, id) => {
  const m = /^([a-z]+)(\d+)$/.exec(id || "");
  const hood = m && (cat.neighborhoods || []).find((n) => n.id === m[1]);
  return hood ? `${hood.name} ${m[2]}` : id;
};

// ------------------------------------------------------------------ the map
function blockSvg(view, b, cat) {
  const [row, col] = b.cell;
  const x = col * CELL,
    y = row * CELL;
  const owner = b.owner;
  const fill = owner === null ? "#f6efdc" : `${gangColor(view, owner)}22`;
  const words = [];
  if (b.goons) words.push(plural(b.goons, "Goon"));
  if (b.guards) words.push(plural(b.guards, "Guard"));
  const building = b.building ? cat.buildings?.[b.building]?.name || nice(b.building) : "";
  const title = [
    `${placeName(cat, b.id)}${owner === null ? " (nobody's Turf)" : ` — ${gangName(view, owner)}'s Turf`}`,
    b.hq !== null ? `HQ of ${gangName(view, b.hq)}${view.gangs[b.hq]?.hq_robbed ? " (robbed)" : ""}` : "",
    building ? `${building}, ${b.stocked ? "stocked" : "not stocked"}` : "",
    words.join(", "),
    b.gangsters.length ? `Gangster of ${b.gangsters.map((s) => gangName(view, s)).join(", ")} (laying low)` : "",
    b.conflict_this_year ? "a Conflict here this year" : "",
  ]
    .filter(Boolean)
    .join("\n");
  // the Block's number in its Neighborhood (the Neighborhood's name is written on its outline)
  let svg = `<g class="block" data-id="${esc(b.id)}" data-ref="block:${esc(b.id)}"><title>${esc(title)}</title>
    <rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="4" fill="${fill}"></rect>
    <text class="pt-small" x="${x + 7}" y="${y + 16}">${esc(b.id.replace(/^[a-z]+/, ""))}</text>`;
  if (owner !== null)
    svg += `<circle class="turf" cx="${x + CELL - 14}" cy="${y + 13}" r="7" fill="${gangColor(view, owner)}"><title>Turf marker</title></circle>`;
  if (b.hq !== null)
    svg += `<rect x="${x + 6}" y="${y + 22}" width="${CELL - 12}" height="18" rx="3" fill="#555"></rect><text class="pt-small pt-light" x="${x + 10}" y="${y + 35}">HQ${view.gangs[b.hq]?.hq_robbed ? " (robbed)" : ""}</text>`;
  else if (building)
    svg += `<rect class="tile${b.stocked ? " stocked" : ""}" x="${x + 6}" y="${y + 22}" width="${CELL - 12}" height="18" rx="3"></rect><text class="pt-small" x="${x + 10}" y="${y + 35}">${esc(building)}${b.stocked ? " ●" : ""}</text>`;
  // Units: Goons as cubes in the gang's colour, Guards as pink cubes, a Gangster as a meeple.
  let ux = x + 7;
  const uy = y + 50;
  for (let i = 0; i < b.goons; i++, ux += 15)
    svg += `<rect class="goon" x="${ux}" y="${uy}" width="12" height="12" fill="${gangColor(view, owner ?? 0)}"></rect>`;
  for (let i = 0; i < b.guards; i++, ux += 15) svg += `<rect class="guard" x="${ux}" y="${uy}" width="12" height="12"></rect>`;
  b.gangsters.forEach((s, i) => {
    svg += `<use href="#pr-meeple" x="${x + 7 + i * 18}" y="${y + 66}" width="16" height="20" fill="${gangColor(view, s)}"></use>`;
  });
  if (b.conflict_this_year)
    svg += `<text class="pt-small pt-warn" x="${x + CELL - 24}" y="${y + CELL - 8}"><title>a Conflict here this year</title>✶</text>`;
  return `${svg}</g>`;
}

function mapSvg(view, cat) {
  const blocks = view.blocks;
  const rows = Math.max(...blocks.map((b) => b.cell[0])) + 1;
  const rowsUsed = [...new Set(blocks.map((b) => b.cell[0]))];
  const top = Math.min(...rowsUsed);
  const height = (rows - top) * CELL;
  let svg = `<svg viewBox="0 ${top * CELL - 4} ${8 * CELL + 4} ${height + 8}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Map of New York">
    <defs><symbol id="pr-meeple" viewBox="0 0 20 24"><circle cx="10" cy="5" r="4.5" stroke="#000"></circle><path d="M1 23 L4 11 L16 11 L19 23 Z" stroke="#000"></path></symbol></defs>`;
  for (const b of blocks) svg += blockSvg(view, b, cat);
  // Neighborhoods: a thick outline around their Blocks and their name
  for (const n of cat.neighborhoods || []) {
    const mine = blocks.filter((b) => b.neighborhood === n.id);
    if (!mine.length) continue;
    const xs = mine.map((b) => b.cell[1]),
      ys = mine.map((b) => b.cell[0]);
    const x0 = Math.min(...xs) * CELL,
      y0 = Math.min(...ys) * CELL,
      x1 = (Math.max(...xs) + 1) * CELL,
      y1 = (Math.max(...ys) + 1) * CELL;
    svg += `<rect class="hoodline" x="${x0 + 1}" y="${y0 + 1}" width="${x1 - x0 - 2}" height="${y1 - y0 - 2}"></rect>
      <text class="pt-hood" x="${x0 + 8}" y="${y1 - 7}">${esc(n.name)}</text>`;
  }
  return `${svg}</svg>`;
}

// ------------------------------------------------------------ action board
function actionBoard(view, cat) {
  const groups = {
    building: "Buildings (one gang each a year)",
    extortion: "Extortion (one a gang a year)",
    open: "Open (every gang once)",
  };
  let html = `<div class="panel" id="actions" data-nav="Actions"><h3>Action board · ${view.year}${view.overlay ? " (the 1926 overlay)" : ""}</h3>`;
  for (const [kind, title] of Object.entries(groups)) {
    html += `<div class="opt-group">${title}</div><div class="spaces">`;
    for (const sp of view.spaces.filter((x) => x.kind === kind)) {
      const taken = sp.gangs
        .map((s) => `<span class="swatch" style="background:${gangColor(view, s)}" title="${esc(gangName(view, s))}"></span>`)
        .join("");
      html += `<div class="space" data-id="${esc(sp.id)}" data-ref="space:${esc(sp.id)}"><b>${esc(sp.name)}</b>${sp.cost ? ` <span class="muted small">${sp.cost} Gs</span>` : ""} ${taken}</div>`;
    }
    html += `</div>`;
  }
  const stacks = Object.entries(view.stacks)
    .map(
      ([k, st]) =>
        `<span class="stack" data-ref="stack:${esc(k)}">${esc(cat.buildings?.[k]?.name || nice(k))}: ${st.left} left${st.next_cost !== null ? ` (next ${st.next_cost} Gs)` : ""}</span>`,
    )
    .join(" · ");
  return `${html}<div class="small muted">Building tiles: ${stacks}</div></div>`;
}

// ---------------------------------------------------------------- Heat scale
function heatScale(view, cat) {
  const h = cat.heat || { thresholds: [1, 20, 37, 55], badges: [] };
  const top = Math.max(70, ...view.gangs.map((g) => g.heat + 1));
  const w = 700 / top;
  const bands = ["#f3e3a8", "#f2c07a", "#e88f5a", "#d2553e"];
  let svg = `<svg viewBox="0 0 720 96" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Heat scale">`;
  h.thresholds.forEach((t, i) => {
    const end = i + 1 < h.thresholds.length ? h.thresholds[i + 1] : top + 1;
    svg += `<rect x="${10 + (t - 1) * w}" y="20" width="${(end - t) * w}" height="22" fill="${bands[i]}"></rect><text class="pt-small" x="${12 + (t - 1) * w}" y="15">Outrage ${["I", "II", "III", "IV"][i]}</text>`;
  });
  for (const b of h.badges)
    svg += `<text class="pt-small" x="${6 + (b - 1) * w}" y="36"><title>badge at ${b}: a Fed card the first time a gang reaches it</title>★</text>`;
  view.gangs.forEach((g, j) => {
    svg += `<g><title>${esc(g.name)}: Heat ${g.heat} (Outrage Threshold ${g.threshold})</title><circle cx="${10 + (g.heat - 0.5) * w}" cy="${54 + j * 10}" r="5" fill="${colorOf(g.color)}" stroke="#000"></circle></g>`;
  });
  return `<div class="panel" id="heat" data-nav="Heat"><h3>Heat scale</h3>${svg}</svg>
    <div class="small">${view.gangs.map((g) => `<span class="swatch" style="background:${colorOf(g.color)}"></span>${esc(g.name)} ${g.heat}`).join(" · ")}</div></div>`;
}

// ------------------------------------------------------------------- gangs
const schemeCard = (id, cat, extra = "") => {
  const sc = cat.schemes?.[id];
  if (!sc) return `<div class="cardx">${esc(nice(id))}</div>`;
  return `<div class="cardx" data-card="${esc(id)}" data-ref="scheme:${esc(id)}"><b>${esc(sc.name)}</b><span class="muted">${sc.prestige} PP · ${esc(sc.requires)}</span><br>Tactic — ${esc(sc.tactic)}: ${esc(sc.tactic_text)}${extra}</div>`;
};

function matPanel(view, g, cat, me) {
  const rows = [
    ["Gs", `${g.gs} Gs`],
    ["Booze", g.booze],
    ["Headlines", g.headlines],
    ["Jailtime", `${g.jailtime} months`],
    ["Heat", `${g.heat} (Outrage ${["I", "II", "III", "IV"][g.threshold - 1] || g.threshold})`],
    ["Turf", `${g.blocks} Blocks`],
    ["Gangsters", `${g.gangsters_left} to place of ${g.gangsters}`],
    ["Goons", `${g.goon_supply} in supply${g.goons_to_place ? `, ${g.goons_to_place} to place` : ""}`],
    [
      "Hospital",
      g.hospital.goons || g.hospital.guards
        ? `${plural(g.hospital.goons, "Goon")}, ${plural(g.hospital.guards, "Guard")}`
        : "empty",
    ],
    ["Extortion", g.extortion ? (cat.spaces?.[g.extortion] ?? nice(g.extortion)) : "none this year"],
    ["Prestige", me ? `${g.prestige} (Infamy not counted)` : `${g.prestige} (public part)`],
  ];
  const mat = cat.mats?.[g.mat];
  let html = `<div class="panel gang" id="${me ? "me" : `gang-${g.seat}`}" ${me ? 'data-nav="Your gang"' : ""} style="border-left: 6px solid ${colorOf(g.color)}">
    <h3><span class="swatch" style="background:${colorOf(g.color)}"></span>${esc(g.name)}${me ? " (you)" : ""}</h3>
    ${mat?.text ? `<div class="small muted">${esc(mat.text)}</div>` : ""}
    <dl class="kv">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`;
  if (g.hand)
    html += `<h4>Schemes in hand</h4><div class="cards">${g.hand.map((x) => schemeCard(x, cat)).join("") || '<span class="muted">none</span>'}</div>`;
  else html += `<div class="small">${plural(g.hand_count, "Scheme")} in hand</div>`;
  if (g.completed.length)
    html += `<h4>Completed Schemes</h4><div class="cards">${g.completed.map((x) => schemeCard(x, cat)).join("")}</div>`;
  if (g.infamy) {
    const inf = cat.infamy?.[g.infamy];
    html += `<h4>Infamy${view.over ? "" : " (secret)"}</h4><div class="cardx"><b>${esc(inf?.name || g.infamy)}</b>${inf ? `${inf.prestige} PP · ${esc(inf.requires)}` : ""}</div>`;
  }
  if (g.fed_cards.length)
    html += `<h4>Fed cards to deal with</h4><div class="cards">${g.fed_cards.map((f) => fedCard(f, cat, g.threshold)).join("")}</div>`;
  return `${html}</div>`;
}

function fedCard(id, cat, threshold) {
  const f = cat.feds?.[id];
  if (!f) return `<div class="cardx">${esc(nice(id))}</div>`;
  return `<div class="cardx fed" data-ref="fed:${esc(id)}"><b>${f.number}. ${esc(f.name)}</b>${f.levels
    .map(
      (lv, i) =>
        `<div class="${i + 1 === threshold ? "now" : "muted"}">${["I", "II", "III", "IV"][i]}: bribe ${lv.bribe} Gs · ${esc(lv.consequence)} · or ${lv.months} mo.</div>`,
    )
    .join("")}</div>`;
}

// ----------------------------------------------------------- attack & dice
// A die as a small square with its number (4 or more hits: red); fonts' die glyphs vary too much.
// `side` ("attacker", "defender"): the Conflict's dice carry data-ref="die:<side>:<value>" (a pip's choice).
const dice = (list, side = "") =>
  list
    .map(
      (d) =>
        `<span class="die${d >= 4 ? " hit" : ""}"${side ? ` data-ref="die:${side}:${d}"` : ""} title="${d >= 4 ? "a hit" : "a miss"}">${d}</span>`,
    )
    .join("");

function attackPanel(view, cat) {
  const a = view.attack;
  const roll = view.last_roll;
  if (!a && !roll) return "";
  let html = `<div class="panel" id="attack" data-nav="Attack"><h3>${a ? (a.conflict ? "Conflict" : "Attack") : "Last roll"}</h3>`;
  if (a) {
    html += `<div>${esc(gangName(view, a.attacker))} attacks ${esc(placeName(cat, a.block))} from ${esc(placeName(cat, a.from))} with ${plural(a.goons, "Goon")}${a.defender !== null ? `; ${esc(gangName(view, a.defender))} defends` : ""}${a.hq ? " (an HQ)" : ""}${a.conflict ? ` · round ${a.round}` : ""}</div>`;
    if (a.attacker_dice.length || a.defender_dice.length)
      html += `<div class="dice">Attacker ${dice(a.attacker_dice, "attacker")}</div><div class="dice">Defender ${dice(a.defender_dice, "defender")}</div>`;
    if (a.tactics.length)
      html += `<div class="small">Tactics: ${a.tactics.map((t) => `${esc(gangName(view, t.seat))} — ${esc(cat.schemes?.[t.scheme]?.tactic || t.scheme)}`).join("; ")}</div>`;
  }
  if (roll)
    html += `<div class="dice small">${esc(gangName(view, roll.seat))} rolled for ${esc(nice(roll.for))}: ${dice(roll.dice)}</div>`;
  return `${html}</div>`;
}

function draftPanel(view, cat) {
  let html = "";
  if (view.draft)
    html += `<h3>Scheme draft · pick ${view.draft.round}</h3><div class="cards">${view.draft.packet.map((x) => schemeCard(x, cat, view.draft.pick === x ? " <b>(picked)</b>" : "")).join("")}</div>`;
  if (view.infamy_dealt?.length && !view.gangs[view.seat]?.infamy)
    html += `<h3>Infamy dealt to you</h3><div class="cards">${view.infamy_dealt.map((x) => `<div class="cardx" data-ref="infamy:${esc(x)}"><b>${esc(cat.infamy?.[x]?.name || x)}</b>${esc(cat.infamy?.[x]?.requires || "")}</div>`).join("")}</div>`;
  return html ? `<div class="panel" id="draft" data-nav="Draft">${html}</div>` : "";
}

export function render(state, ctx) {
  const view = state.view;
  const cat = ctx.catalog;
  const me = view.seat !== null && view.seat !== undefined ? view.seat : null;
  const phase = `${view.year} · ${nice(view.phase)}${view.start !== null && view.start !== undefined ? ` · starting gang: ${gangName(view, view.start)}` : ""}`;
  return {
    main: `<div id="board" data-nav="Map"><div class="small muted">${esc(phase)}</div>${mapSvg(view, cat)}</div>${attackPanel(view, cat)}${actionBoard(view, cat)}${heatScale(view, cat)}`,
    side: `${draftPanel(view, cat)}${me !== null ? matPanel(view, view.gangs[me], cat, true) : ""}<div id="rivals" data-nav="${me === null ? "Gangs" : "Rivals"}">${view.gangs
      .filter((g) => g.seat !== me)
      .map((g) => matPanel(view, g, cat, false))
      .join("")}</div>`,
  };
}
