// The Mafia Chronicles' browser module: the round and phase, the Event, the dice, every
// syndicate's area (4 columns of business / Boss or Gangster / two assets, with Heat, damage,
// Jail and exhaustion), your stash and your private market, and the negotiation you are part of.
// The shell (src/volstead/web) imports it from describe()["web_module"] and calls
// render(state, ctx) -> { main, side } and afterRender(root, state, ctx).
import { colorOf, esc, loadStyle, nice } from "/static/util.js";

await loadStyle(new URL("./board.css", import.meta.url).href);

const money = (k) => (k < 0 ? `−$${Math.abs(k)}K` : `$${k}K`);
const PHASES = { market: "Market", events: "Events", moves: "Moves", income: "Income", setup: "Set-up" };

function details(card, cat) {
  return cat.gangsters?.[card] || cat.businesses?.[card] || cat.assets?.[card] || null;
}

// ------------------------------------------------------------- one card
function mobCard(mob, cat) {
  const info = cat.gangsters?.[mob.card];
  const flags = [
    mob.jailed ? '<span class="flag jail">in Jail</span>' : "",
    mob.exhausted ? '<span class="flag">exhausted</span>' : "",
    mob.heat ? `<span class="flag heat" title="Heat: 5 means Jail">Heat ${mob.heat}</span>` : "",
  ].join("");
  const dmg = Object.entries(mob.damage)
    .filter(([, v]) => v)
    .map(([k, v]) => `${nice(k)} −${v}`)
    .join(", ");
  const ratings = Object.entries(mob.ratings)
    .map(([k, v]) => `<span class="rating"><b>${v}</b> ${esc(nice(k))}</span>`)
    .join("");
  return `<div class="mcard mob${mob.jailed ? " jailed" : ""}${mob.exhausted ? " exhausted" : ""}" data-card="${esc(mob.card)}" data-inst="${mob.inst}">
    <div class="role">${esc(nice(mob.role))}</div><b>${esc(mob.name)}</b>${flags}
    <div class="ratings">${ratings}</div>
    ${dmg ? `<div class="small dmg">damage: ${esc(dmg)}</div>` : ""}
    ${info?.ability ? `<div class="small muted">${esc(info.ability)}</div>` : ""}</div>`;
}

function plainCard(c, cat, kind) {
  if (!c) return `<div class="mcard empty">${kind}</div>`;
  const info = details(c.card, cat);
  const bonus = info?.bonus?.length ? info.bonus.map(([to, n]) => `+${n} ${nice(to)}`).join(", ") : "";
  const income = info?.income ? `income ${money(info.income)}` : "";
  return `<div class="mcard ${kind}" data-card="${esc(c.card)}" data-inst="${c.inst}"><b>${esc(c.name)}</b>
    <div class="small muted">${esc([income, bonus, info?.perk || ""].filter(Boolean).join(" · "))}</div></div>`;
}

// ------------------------------------------------------------- a syndicate
function area(y, cat, me) {
  const status = y.status ? ` <span class="flag">${y.status === "done" ? "done" : "deciding…"}</span>` : "";
  const stash =
    y.stash !== null && y.stash !== undefined
      ? ` · stash ${money(y.stash)}${y.went_negative ? " (went negative: −5 VP)" : ""}`
      : "";
  const wins = Object.entries(y.wins)
    .filter(([, n]) => n)
    .map(([k, n]) => `${nice(k)} ${n}`)
    .join(", ");
  const cols = y.columns
    .map(
      (
        c,
        i,
      ) => `<div class="col"><div class="colhead small muted">${i === 0 ? "Boss column" : i === 1 ? "Underboss column" : `Column ${i + 1}`}</div>
      ${plainCard(c.business, cat, "business")}
      ${c.boss_or_gangster ? mobCard(c.boss_or_gangster, cat) : `<div class="mcard empty">${i === 0 ? "no Boss" : "no Gangster"}</div>`}
      ${c.assets.map((a) => plainCard(a, cat, "asset")).join("")}</div>`,
    )
    .join("");
  return `<div class="panel syndicate" ${me ? 'id="me" data-nav="Your syndicate"' : `id="syn-${y.seat}"`} style="border-left: 6px solid ${colorOf(y.color)}">
    <h3><span class="swatch" style="background:${colorOf(y.color)}"></span>${esc(y.name)}${me ? " (you)" : ""}${status}<span class="small muted">${esc(stash)}</span></h3>
    <div class="cols">${cols}</div>
    ${wins ? `<div class="small">Successful moves: ${esc(wins)}</div>` : ""}</div>`;
}

function market(y, cat) {
  if (!y?.market) return "";
  const m = y.market;
  const row = (title, list, kind) =>
    `<div class="opt-group">${title}</div><div class="mrow">${list.map((c) => marketCard(c, cat, kind)).join("") || '<span class="muted">none</span>'}</div>`;
  const known = (y.known_stashes || []).map((k) => `seat ${k.seat}: ${money(k.stash)} (round ${k.round})`).join("; ");
  return `<div class="panel" id="market" data-nav="Market"><h3>Your market <span class="small muted">(private) · bought this round: ${m.purchases.join(" / ")} · decks ${m.deck_sizes.join(" / ")}</span></h3>
    ${row("Gangsters", m.gangsters, "gangster")}${row("Businesses", m.businesses, "business")}${row("Assets", m.assets, "asset")}
    ${known ? `<div class="small">Stashes you learnt by stealing: ${esc(known)}</div>` : ""}</div>`;
}

function marketCard(c, cat, kind) {
  const info = details(c.card, cat) || {};
  let lines = "";
  if (kind === "gangster")
    lines = `level ${info.level} · smarts ${info.smarts} · grit ${info.grit} · ${(info.moves || []).map(([m, r]) => `${nice(m)} ${r}`).join(", ")}`;
  else
    lines = [
      info.income ? `income ${money(info.income)}` : "",
      (info.bonus || []).map(([to, n]) => `+${n} ${nice(to)}`).join(", "),
      info.perk || info.text || "",
    ]
      .filter(Boolean)
      .join(" · ");
  return `<div class="mcard ${kind}" data-card="${esc(c.card)}" data-inst="${c.inst}"><b>${esc(c.name)}</b> <span class="price">${money(info.price ?? 0)}</span>
    <div class="small muted">${esc(lines)}</div>${info.ability ? `<div class="small">${esc(info.ability)}</div>` : ""}</div>`;
}

// -------------------------------------------------------------- the table
function tablePanel(view, names) {
  const e = view.event;
  const first = view.first_seat !== null && view.first_seat !== undefined ? `first: ${esc(names[view.first_seat])}` : "";
  const roll = view.last_roll?.seat !== undefined ? `<div class="dice">Last move: ${rollText(view.last_roll, names)}</div>` : "";
  const deal = view.last_deal ? `<div class="small">Last negotiation: ${esc(view.last_deal)}.</div>` : "";
  return `<div class="panel" id="table" data-nav="Table"><h3>Round ${view.round} of 4 · ${esc(PHASES[view.phase] || nice(view.phase))}</h3>
    <div class="small muted">${first}${view.events_left !== undefined ? ` · ${view.events_left} Events left` : ""} · damage bands: ${esc(view.damage_bands)}</div>
    ${e ? `<div class="event"><b>Event: ${esc(e.name)}</b> — ${esc(e.text)}</div>` : ""}${roll}${deal}</div>`;
}

// The last move as the game reports it (state.last_roll): who, which move, the dice, the Edges and
// what came of it.
function rollText(r, names) {
  const who = esc(names[r.seat] || `seat ${r.seat}`);
  if (r.out) return `${who} is out of moves.`;
  if (r.pass) return `${who} passes with a card.`;
  // each throw: the attacker's die, then the defender's (a tie is thrown again)
  const die = (d) => `<span class="die">${esc(d)}</span>`;
  const dice = (r.rolls || [])
    .map((group) =>
      Array.isArray(group)
        ? group
            .filter((d, i) => i === 0 || d !== 0)
            .map(die)
            .join(" vs ")
        : die(group),
    )
    .join(" · a tie, thrown again: ");
  const edges =
    r.edge !== undefined ? ` · Edge ${r.edge}${r.defence !== null && r.defence !== undefined ? ` vs ${r.defence}` : ""}` : "";
  const outcome = r.success === undefined ? "" : r.success ? " · <b>success</b>" : " · <b>failed</b>";
  const extra = [
    r.heat ? `+${r.heat} Heat` : "",
    r.amount ? `${money(r.amount)}` : "",
    r.damage ? `damage: ${esc(r.damage)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return `${who}: ${esc(nice(r.move || ""))} ${dice}${edges}${outcome}${extra ? ` (${extra})` : ""}`;
}

function negotiationPanel(view, names) {
  const n = view.negotiation;
  if (!n) return "";
  const between = n.between.map((s) => esc(names[s] || `seat ${s}`)).join(" and ");
  const terms = [
    n.share_percent !== undefined ? `offer on the table: ${n.share_percent}% of the returns` : "",
    n.fee !== undefined ? `fee offered: ${money(n.fee)}` : "",
    n.agreed && Object.keys(n.agreed).length
      ? `agreed: ${Object.entries(n.agreed)
          .map(([s, p]) => `${esc(names[s] || s)} ${p}%`)
          .join(", ")}`
      : "",
  ].filter(Boolean);
  return `<div class="panel" id="negotiation" data-nav="Deal"><h3>Negotiation: ${esc(nice(n.move))}</h3>
    <div>Between ${between} (${esc(nice(n.step))}).</div>${terms.length ? `<div><b>${terms.join(" · ")}</b></div>` : '<div class="small muted">The offers are between the two parties.</div>'}</div>`;
}

export function render(state, ctx) {
  const view = state.view;
  const cat = ctx.catalog;
  const names = state.meta.seat_names || [];
  const me = view.seat !== null && view.seat !== undefined ? view.seat : null;
  const mine = me !== null ? view.syndicates[me] : null;
  const others = view.syndicates.filter((y) => y.seat !== me);
  return {
    main: `<div id="board" data-nav="Board">${tablePanel(view, names)}${negotiationPanel(view, names)}${mine ? area(mine, cat, true) : ""}${market(mine, cat)}</div>`,
    side: `<div id="rivals" data-nav="${me === null ? "Syndicates" : "Rivals"}">${others.map((y) => area(y, cat, false)).join("")}</div>`,
  };
}

// Mark the cards the pending options name (by instance number in the option id); hovering an
// option marks its own.
export function afterRender(root, state) {
  const d = state.decision;
  if (!d?.options) return;
  const insts = (id) => id.split(/[:>,]/).filter((t) => /^\d+$/.test(t));
  const els = (t) => root.querySelectorAll(`.mcard[data-inst="${t}"]`);
  for (const b of root.querySelectorAll("button.option")) {
    const ts = insts(b.dataset.id);
    b.onmouseenter = () => {
      for (const t of ts) for (const e of els(t)) e.classList.add("hover");
    };
    b.onmouseleave = () => {
      for (const e of root.querySelectorAll(".hover")) e.classList.remove("hover");
    };
  }
}
