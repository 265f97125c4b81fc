// An experiment's comparison (the simulator's compare.json) drawn in the workbench: what moved
// beyond noise first, then win rates with their 95 % intervals (dot and whisker, SVG drawn here:
// no chart library, the page works offline), score and length distributions, the game's own
// figures, each card's plays and win-when-played, and how the bots decided. A figure beyond
// noise is marked by a word and a sign as well as a colour.
import { esc } from "./util.js";

const pct = (x) => (x === null || x === undefined ? "—" : `${(100 * x).toFixed(1)} %`);
const pts = (x) => (x === null || x === undefined ? "—" : `${x >= 0 ? "+" : "−"}${Math.abs(100 * x).toFixed(1)} pts`);
const num = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x) ? "—" : Number(x).toFixed(d));
const signed = (x, d = 1) => (x === null || x === undefined ? "—" : `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(d)}`);

// The mark of a change beyond noise: the word, and which way it went.
const moved = (row, change) =>
  row?.beyond_noise ? ` <span class="wb-tag moved">${change > 0 ? "▲" : change < 0 ? "▼" : ""} beyond noise</span>` : "";

// `names`: {faction: id -> name} from the game's describe(); seats are numbered from 1.
export function compareHtml(comp, { names = {}, reportUrl = null } = {}) {
  const la = comp.labels.a,
    lb = comp.labels.b;
  const keyName = (kind, key) => (kind === "seat" ? `Seat ${Number(key) + 1}` : kind === "faction" ? names[key] || key : key);
  const fragile = new Map((comp.fragile || []).map((f) => [`${f.kind}/${f.key}`, f]));
  const legend = `<p class="wb-legend small"><span class="wb-key a" aria-hidden="true">○</span> ${esc(la)} <span class="wb-key b" aria-hidden="true">●</span> ${esc(lb)} · lines: 95 % intervals</p>`;
  const rateCharts = [
    ["faction", "Win rate by faction"],
    ["seat", "Win rate by seat"],
    ["bot", "Win rate by bot"],
  ]
    .filter(([kind]) => (comp.rates[kind] || []).length > (kind === "bot" ? 1 : 0))
    .map(([kind, title]) => ratesHtml(title, kind, comp.rates[kind], keyName, fragile))
    .join("");
  const report = reportUrl
    ? `<a href="${esc(reportUrl)}" id="wb-report-link" target="_blank" rel="noopener">The report (Markdown)</a>`
    : "";
  return `<div class="wb-compare">
    <h3 id="wb-compare-title">${esc(la)} → ${esc(lb)}</h3>
    <p class="small">${comp.games.a} and ${comp.games.b} games, the same seeds and seats (${(comp.seats || []).map(esc).join(", ")})${comp.seats2 ? `, and again at a second strength (${comp.seats2.map(esc).join(", ")})` : ""}. A change is <b>beyond noise</b> when a 95 % test says it is (a win rate: the two-proportion z-test; a mean: Welch’s t). ${report}</p>
    ${summaryHtml(comp, keyName)}
    ${fragileHtml(comp, keyName)}
    ${legend}${rateCharts}
    ${spreadsHtml(comp, la, lb)}
    ${statsHtml(comp, la, lb)}
    ${cardsHtml(comp, la, lb)}
    ${mixHtml(comp, la, lb)}
  </div>`;
}

// Every figure beyond noise, in words: the answer a designer came for.
function summaryHtml(comp, keyName) {
  const lines = [];
  for (const kind of ["faction", "seat", "bot"])
    for (const r of comp.rates[kind] || [])
      if (r.beyond_noise)
        lines.push(`${esc(keyName(kind, r.key))}: win rate ${pct(r.a?.rate)} → ${pct(r.b?.rate)} (${pts(r.change)})`);
  for (const [name, fig] of [
    ["mean score", comp.scores],
    ["mean winning score", comp.winning_score],
    ["mean decisions a game", comp.length],
  ])
    if (fig?.beyond_noise && fig.a?.n && fig.b?.n)
      lines.push(`${name}: ${num(fig.a.mean)} → ${num(fig.b.mean)} (${signed(fig.change)})`);
  for (const s of comp.stats || [])
    if (s.beyond_noise) lines.push(`mean ${esc(s.key)} a game: ${num(s.a)} → ${num(s.b)} (${signed(s.change)})`);
  for (const c of comp.cards || [])
    if (c.beyond_noise) lines.push(`card ${esc(c.id)}: played ${num(c.plays_a, 2)} → ${num(c.plays_b, 2)} times a game`);
  for (const m of comp.decision_mix || [])
    if (m.beyond_noise) lines.push(`decisions of kind ${esc(m.kind)}: ${pct(m.a)} → ${pct(m.b)} of all`);
  if (!lines.length)
    return `<div class="wb-summary none" id="wb-summary"><h4>Nothing moved beyond noise</h4><p>In ${comp.games.b} games no figure changed by more than chance explains: an effect of the change, if any, is smaller than these games can show. More games narrow the intervals.</p></div>`;
  return `<div class="wb-summary" id="wb-summary"><h4>${lines.length} figure${lines.length === 1 ? "" : "s"} moved beyond noise</h4><ul>${lines.map((l) => `<li>${l}</li>`).join("")}</ul>
    <p class="small muted">With many figures compared, about one in twenty unchanged ones is flagged by chance: read a flag with the rest.</p></div>`;
}

function fragileHtml(comp, keyName) {
  if (!comp.fragile?.length) return "";
  return `<div class="wb-fragile" id="wb-fragile"><h4><span class="wb-tag fragile">fragile</span> The two strengths of play disagree</h4><ul>${comp.fragile
    .map(
      (f) =>
        `<li>${esc(keyName(f.kind, f.key))}: ${signed(f.strength1_change)} pts with the first bots, ${signed(f.strength2_change)} pts with the second</li>`,
    )
    .join(
      "",
    )}</ul><p class="small muted">A finding that holds for one strength of play only may say more about the bots than the cards.</p></div>`;
}

// One row a key: the base's and the variant's rate, each with its interval, on a shared scale.
function ratesHtml(title, kind, rows, keyName, fragile) {
  // a shared scale, in round steps: to the highest interval's end
  const high = Math.max(0.05, ...rows.flatMap((r) => [r.a?.hi ?? 0, r.b?.hi ?? 0]));
  const step = high <= 0.25 ? 0.05 : high <= 0.5 ? 0.1 : 0.2;
  const top = Math.min(1, Math.ceil(high / step - 1e-9) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  // positions in per cent of the chart's width (an SVG without a viewBox: the dots stay round)
  const x = (v) => `${(2 + (Math.min(v, top) / top) * 96).toFixed(2)}%`;
  const grid = ticks.map((t) => `<line x1="${x(t)}" x2="${x(t)}" y1="0" y2="34" class="grid"/>`).join("");
  const whisker = (side, y, cls) =>
    side
      ? `<line x1="${x(side.lo)}" x2="${x(side.hi)}" y1="${y}" y2="${y}" class="${cls}"/><line x1="${x(side.lo)}" x2="${x(side.lo)}" y1="${y - 4}" y2="${y + 4}" class="${cls}"/><line x1="${x(side.hi)}" x2="${x(side.hi)}" y1="${y - 4}" y2="${y + 4}" class="${cls}"/><circle cx="${x(side.rate)}" cy="${y}" r="5" class="${cls} dot"/>`
      : "";
  const body = rows
    .map((r) => {
      const frag = fragile.get(`${kind}/${r.key}`);
      const label = `${keyName(kind, r.key)}: ${pct(r.a?.rate)} (${pct(r.a?.lo)} to ${pct(r.a?.hi)}) then ${pct(r.b?.rate)} (${pct(r.b?.lo)} to ${pct(r.b?.hi)})`;
      return `<div class="wb-rate${r.beyond_noise ? " moved" : ""}" data-key="${esc(r.key)}">
        <div class="wb-rate-key">${esc(keyName(kind, r.key))}</div>
        <svg class="wb-whiskers" role="img" aria-label="${esc(label)}">${grid}${whisker(r.a, 11, "a")}${whisker(r.b, 24, "b")}</svg>
        <div class="wb-rate-figs"><span class="wb-a">${pct(r.a?.rate)}</span> → <span class="wb-b">${pct(r.b?.rate)}</span> <span class="wb-change">${pts(r.change)}</span>${moved(r, r.change)}${frag ? ` <span class="wb-tag fragile">fragile</span>` : ""}</div>
      </div>`;
    })
    .join("");
  const axis = `<div class="wb-rate wb-axis" aria-hidden="true"><div></div><div class="wb-ticks">${ticks
    .map((t) => `<span style="left:${x(t)}">${Math.round(100 * t)} %</span>`)
    .join("")}</div><div></div></div>`;
  return `<div class="wb-chart" data-kind="${kind}"><h4>${esc(title)}</h4>${body}${axis}</div>`;
}

// Scores, winning scores and game length: the two distributions over shared bins, and their figures.
function spreadsHtml(comp, la, lb) {
  const figs = [
    ["Scores (every seat)", comp.scores],
    ["Winning score", comp.winning_score],
    ["Game length (decisions)", comp.length],
  ].filter(([, f]) => f?.a?.n && f?.b?.n);
  if (!figs.length) return "";
  const row = (side, label) =>
    `<tr><th scope="row">${esc(label)}</th><td>${num(side.mean)}</td><td>${num(side.sd)}</td><td>${num(side.p10)}</td><td>${num(side.p50)}</td><td>${num(side.p90)}</td></tr>`;
  const legend = `<p class="wb-legend small">In each pair of bars, the left is ${esc(la)} <span class="wb-swatch a" aria-hidden="true"></span>, the right ${esc(lb)} <span class="wb-swatch b" aria-hidden="true"></span>: the share of games (or seats) in each range.</p>`;
  return `${legend}<div class="wb-spreads">${figs
    .map(
      ([title, f]) => `<div class="wb-spread"><h4>${esc(title)}${moved(f, f.change)}</h4>${histogram(f, title)}
      <div class="wb-table-wrap"><table class="wb-figs small"><thead><tr><th></th><th>mean</th><th>sd</th><th>p10</th><th>median</th><th>p90</th></tr></thead>
      <tbody>${row(f.a, la)}${row(f.b, lb)}</tbody></table></div></div>`,
    )
    .join("")}</div>`;
}

function histogram(f, title) {
  const bins = f.a.hist.length;
  const peak = Math.max(...f.a.hist.map((h) => h[2] / f.a.n), ...f.b.hist.map((h) => h[2] / f.b.n));
  const H = 70,
    W = 300,
    bw = W / bins;
  const bars = (side, cls, dx) =>
    side.hist
      .map((h, i) => {
        const hgt = ((h[2] / side.n) * (H - 4)) / (peak || 1);
        return `<rect x="${(i * bw + dx).toFixed(1)}" y="${(H - hgt).toFixed(1)}" width="${(bw / 2 - 1).toFixed(1)}" height="${hgt.toFixed(1)}" class="${cls}"/>`;
      })
      .join("");
  const lo = f.a.hist[0][0],
    hi = f.a.hist[bins - 1][1];
  return `<svg class="wb-hist" viewBox="0 0 ${W} ${H + 14}" role="img" aria-label="${esc(title)}: two histograms from ${num(lo)} to ${num(hi)}">${bars(f.a, "a", 1)}${bars(f.b, "b", bw / 2)}
    <text x="0" y="${H + 12}" class="tick">${num(lo, 0)}</text><text x="${W}" y="${H + 12}" class="tick" text-anchor="end">${num(hi, 0)}</text></svg>`;
}

function statsHtml(comp, la, lb) {
  const rows = (comp.stats || []).filter((s) => s.a !== null || s.b !== null);
  if (!rows.length) return "";
  return `<div class="wb-stats"><h4>The game’s own figures (mean a game)</h4><div class="wb-table-wrap"><table class="wb-figs"><thead><tr><th>figure</th><th>${esc(la)}</th><th>${esc(lb)}</th><th>change</th><th></th></tr></thead>
    <tbody>${rows.map((s) => `<tr class="${s.beyond_noise ? "moved" : ""}"><th scope="row">${esc(s.key)}</th><td>${num(s.a)}</td><td>${num(s.b)}</td><td>${signed(s.change)}</td><td>${moved(s, s.change)}</td></tr>`).join("")}</tbody></table></div></div>`;
}

// Each card's plays a game and how often its player won: the cards that moved most first.
function cardsHtml(comp, la, lb) {
  const cards = [...(comp.cards || [])].sort(
    (x, y) =>
      y.beyond_noise - x.beyond_noise ||
      Math.abs(y.plays_b - y.plays_a) - Math.abs(x.plays_b - x.plays_a) ||
      (x.id < y.id ? -1 : 1),
  );
  if (!cards.length) return "";
  const SHOWN = 12;
  const row = (c) =>
    `<tr class="${c.beyond_noise ? "moved" : ""}"><th scope="row">${esc(c.id)}</th><td>${num(c.plays_a, 2)}</td><td>${num(c.plays_b, 2)}</td><td>${pct(c.win_when_played_a)}</td><td>${pct(c.win_when_played_b)}</td><td>${moved(c, c.plays_b - c.plays_a)}</td></tr>`;
  const head = `<thead><tr><th>card</th><th>plays a game, ${esc(la)}</th><th>${esc(lb)}</th><th>player won, ${esc(la)}</th><th>${esc(lb)}</th><th></th></tr></thead>`;
  const never = comp.never_played?.b?.length
    ? `<p class="small muted">Never played with ${esc(lb)}: ${comp.never_played.b.map(esc).join(", ")}.</p>`
    : "";
  return `<div class="wb-cards"><h4>Cards: how often played, and how often their player won</h4>
    <div class="wb-table-wrap"><table class="wb-figs" id="wb-cards-table">${head}<tbody>${cards.slice(0, SHOWN).map(row).join("")}</tbody></table></div>
    ${cards.length > SHOWN ? `<details><summary>All ${cards.length} cards</summary><div class="wb-table-wrap"><table class="wb-figs">${head}<tbody>${cards.slice(SHOWN).map(row).join("")}</tbody></table></div></details>` : ""}${never}</div>`;
}

function mixHtml(comp, la, lb) {
  const change = (m) => (m.a === null || m.b === null ? 0 : m.b - m.a);
  const mix = [...(comp.decision_mix || [])].sort(
    (x, y) => y.beyond_noise - x.beyond_noise || Math.abs(change(y)) - Math.abs(change(x)) || (y.b ?? 0) - (x.b ?? 0),
  );
  if (!mix.length) return "";
  const SHOWN = 10;
  const head = `<thead><tr><th>kind</th><th>${esc(la)}</th><th>${esc(lb)}</th><th>change</th><th></th></tr></thead>`;
  const row = (m) =>
    `<tr class="${m.beyond_noise ? "moved" : ""}"><th scope="row">${esc(m.kind)}</th><td>${pct(m.a)}</td><td>${pct(m.b)}</td><td>${m.a === null || m.b === null ? "—" : pts(change(m))}</td><td>${moved(m, change(m))}</td></tr>`;
  return `<div class="wb-mix"><h4>How the bots decided (share of all decisions; the kinds that moved most first)</h4>
    <div class="wb-table-wrap"><table class="wb-figs" id="wb-mix-table">${head}<tbody>${mix.slice(0, SHOWN).map(row).join("")}</tbody></table></div>
    ${mix.length > SHOWN ? `<details><summary>All ${mix.length} kinds of decision</summary><div class="wb-table-wrap"><table class="wb-figs">${head}<tbody>${mix.slice(SHOWN).map(row).join("")}</tbody></table></div></details>` : ""}</div>`;
}
