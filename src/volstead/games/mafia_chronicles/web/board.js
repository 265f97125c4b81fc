// The Mafia Chronicles' browser module: the round and phase, the Event, the dice, every
// syndicate's area (4 columns of business / Boss or Gangster / two assets, with Heat, damage,
// Jail and exhaustion), your stash and your private market, and the negotiation you are part of.
// The shell (src/volstead/web) imports it from describe()["web_module"] and calls
// render(state, ctx) -> { main, side }. Everything an option can name carries data-ref (refs.py
// spells them): cards "card:<instance>", empty slots "slot:<seat>:<mob|biz|asset>:<k>", stashes
// "stash:<seat>", your discard pile "discard:<seat>"; the shell highlights and clicks from them.
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
  return `<div class="mcard mob${mob.jailed ? " jailed" : ""}${mob.exhausted ? " exhausted" : ""}" data-card="${esc(mob.card)}" data-ref="card:${mob.inst}">
    <div class="role">${esc(nice(mob.role))}</div><b>${esc(mob.name)}</b>${flags}
    <div class="ratings">${ratings}</div>
    ${dmg ? `<div class="small dmg">damage: ${esc(dmg)}</div>` : ""}
    ${info?.ability ? `<div class="small muted">${esc(info.ability)}</div>` : ""}</div>`;
}

// A Business or Asset; an empty slot carries its own ref (a card bought, stolen or moved goes there).
function plainCard(c, cat, kind, slotRef) {
  if (!c) return `<div class="mcard empty" data-ref="${slotRef}">${kind}</div>`;
  const info = details(c.card, cat);
  const bonus = info?.bonus?.length ? info.bonus.map(([to, n]) => `+${n} ${nice(to)}`).join(", ") : "";
  const income = info?.income ? `income ${money(info.income)}` : "";
  return `<div class="mcard ${kind}" data-card="${esc(c.card)}" data-ref="card:${c.inst}"><b>${esc(c.name)}</b>
    <div class="small muted">${esc([income, bonus, info?.perk || ""].filter(Boolean).join(" · "))}</div></div>`;
}

// ------------------------------------------------------------- a syndicate
function area(y, cat, me) {
  const status = y.status ? ` <span class="flag">${y.status === "done" ? "done" : "deciding…"}</span>` : "";
  const known = y.stash !== null && y.stash !== undefined;
  const stash = known ? ` · stash ${money(y.stash)}${y.went_negative ? " (went negative: −5 VP)" : ""}` : "";
  const seat = y.seat;
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
      ${plainCard(c.business, cat, "business", `slot:${seat}:biz:${i}`)}
      ${c.boss_or_gangster ? mobCard(c.boss_or_gangster, cat) : `<div class="mcard empty" data-ref="slot:${seat}:mob:${i}">${i === 0 ? "no Boss" : "no Gangster"}</div>`}
      ${c.assets.map((a, upper) => plainCard(a, cat, "asset", `slot:${seat}:asset:${i + 4 * upper}`)).join("")}</div>`,
    )
    .join("");
  // A stash is a Steal's target: yours shows its amount in the heading, a rival's is secret.
  const stashRef = `data-ref="stash:${seat}"`;
  const foot = [
    known ? "" : `<span class="flag" ${stashRef}>secret stash</span>`,
    me ? `<span class="flag" data-ref="discard:${seat}">discard pile</span>` : "",
  ].join("");
  return `<div class="panel syndicate" ${me ? 'id="me" data-nav="Your syndicate"' : `id="syn-${seat}"`} style="border-left: 6px solid ${colorOf(y.color)}">
    <h3><span class="swatch" style="background:${colorOf(y.color)}"></span>${esc(y.name)}${me ? " (you)" : ""}${status}<span class="small muted"${known ? ` ${stashRef}` : ""}>${esc(stash)}</span></h3>
    <div class="cols">${cols}</div>
    <div class="small">${foot}${wins ? ` Successful moves: ${esc(wins)}` : ""}</div></div>`;
}

function market(y, cat, names) {
  if (!y?.market) return "";
  const m = y.market;
  const row = (title, list, kind) =>
    `<div class="opt-group">${title}</div><div class="mrow">${list.map((c) => marketCard(c, cat, kind)).join("") || '<span class="muted">none</span>'}</div>`;
  // §3: before the first Market you search your Gangster deck for your Boss
  const deck = y.boss_deck ? row("Your Gangster deck: choose your Boss (free)", y.boss_deck, "gangster") : "";
  const known = (y.known_stashes || [])
    .map((k) => `${names[k.seat] || `seat ${k.seat + 1}`}: ${money(k.stash)} (round ${k.round})`)
    .join("; ");
  return `<div class="panel" id="market" data-nav="Market"><h3>Your market <span class="small muted">(private) · bought this round: ${m.purchases.join(" / ")} · decks ${m.deck_sizes.join(" / ")}</span></h3>
    ${deck}${row("Gangsters", m.gangsters, "gangster")}${row("Businesses", m.businesses, "business")}${row("Assets", m.assets, "asset")}
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
  return `<div class="mcard ${kind}" data-card="${esc(c.card)}" data-ref="card:${c.inst}"><b>${esc(c.name)}</b> <span class="price">${money(info.price ?? 0)}</span>
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

// The four reference cards every syndicate holds (§3), the Damage card with the bands this game
// plays (the damage_bands option: the catalog gives each variant's lines).
function referencePanel(view, cat) {
  const cards = Object.entries(cat.reference_cards || {});
  if (!cards.length) return "";
  const shown = cards
    .map(([id, r]) => {
      const lines = r.variants?.[view.damage_bands] || r.lines;
      return `<div class="mcard reference" data-card="${esc(id)}"><b>${esc(r.name)}</b>${lines.map((l) => `<div class="small">${esc(l)}</div>`).join("")}</div>`;
    })
    .join("");
  return `<details class="panel" id="reference"><summary>Reference cards</summary><div class="mrow">${shown}</div></details>`;
}

// The last move as the game reports it (state.last_roll): who, which move, the dice, the Edges and
// what came of it.
function rollText(r, names) {
  const who = esc(names[r.seat] || `seat ${r.seat + 1}`);
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
  const between = n.between.map((s) => esc(names[s] || `seat ${s + 1}`)).join(" and ");
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
    main: `<div id="board" data-nav="Board">${tablePanel(view, names)}${negotiationPanel(view, names)}${mine ? area(mine, cat, true) : ""}${market(mine, cat, names)}${referencePanel(view, cat)}</div>`,
    side: `<div id="rivals" data-nav="${me === null ? "Syndicates" : "Rivals"}">${others.map((y) => area(y, cat, false)).join("")}</div>`,
  };
}
