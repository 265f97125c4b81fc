// Scarface 1920 beside the map: your area, the rivals, the Associate market.
import { esc, nice } from "/static/util.js";

function cardHtml(id, cat, extra = "") {
  const c = cat.cards?.[id];
  const ref = `data-card="${esc(id)}" data-ref="card:${esc(id)}"`;
  if (!c) return `<div class="cardx" ${ref} ${extra}><b>${esc(nice(id))}</b></div>`;
  const stars = c.stars ? `${"★".repeat(c.stars)} ` : "";
  return `<div class="cardx" ${ref} ${extra}><b>${stars}${esc(c.name)}</b>
    <span class="muted">Muscle ${c.muscle} · Influence ${c.influence}${c.crime ? ` · ${esc(c.crime)}` : ""}</span><div>${esc(c.text)}</div></div>`;
}
const cards = (ids, cat, empty = "none") =>
  ids?.length ? `<div class="cards">${ids.map((i) => cardHtml(i, cat)).join("")}</div>` : `<span class="muted">${empty}</span>`;
export const jobHtml = (id, cat) => {
  const j = cat.jobs?.[id];
  return `<div class="cardx" data-card="${esc(id)}" data-ref="job:${esc(id)}"><b>${esc(j ? j.name : nice(id))}</b>${esc(j ? j.text : "")}</div>`;
};
export const jobs = (ids, cat, empty = "none") =>
  ids?.length ? `<div class="cards">${ids.map((i) => jobHtml(i, cat)).join("")}</div>` : `<span class="muted">${empty}</span>`;

// Yours carries data-ref on the areas an option can name (thugs:<area>); a rival's is text.
function thugBoard(p, mine = false) {
  const t = p.thugs;
  const a = (area, text) => (mine ? `<span class="thug-area" data-ref="thugs:${area}">${text}</span>` : text);
  return `${a("recruits", `recruits ${t.recruits}`)} · ${a("safehouses", `safehouses ${t.safehouses}`)} · ${a("headquarters", `HQ ${t.headquarters}`)} · on the streets ${Object.values(t.districts).reduce((a, b) => a + b, 0)} · ${a("on_jobs", `on Jobs ${t.on_jobs}`)} · Underworld ${t.underworld} · Authorities ${t.authorities} · Prison ${t.prison} · removed ${t.removed}`;
}
function deals(p, cat) {
  if (!p.deals.length) return `<span class="muted">none</span>`;
  return p.deals
    .map(
      (d, i) =>
        `<div class="deal" data-ref="deal:${i + 1}">Deal ${i + 1}: ${d.dealers.map((x) => esc(cat.dealers?.[x]?.name || nice(x))).join(" + ")} — stored alcohol ${d.alcohol}, guns ${d.guns}, thugs ${d.thugs}</div>`,
    )
    .join("");
}
// Yours carries data-ref="stat:<stat>" (what an upgrade names); a rival's is text.
const stats = (p, mine = false) =>
  Object.entries(p.stats)
    .map(([k, v]) => (mine ? `<span class="stat" data-ref="stat:${k}">${nice(k)} ${v}</span>` : `${nice(k)} ${v}`))
    .join(" · ");

export function gangLabel(p, cat) {
  const g = cat.gangs?.[p.gang];
  return `<span class="swatch" style="background:${cat.ownerColor(p.seat)}"></span>${esc(g ? g.name : nice(p.gang))}`;
}

export function myArea(view, cat) {
  const p = view.players[view.seat];
  const h = `<div class="panel" id="me" data-nav="Your gang"><h3>${gangLabel(p, cat)} (you)</h3>
    <dl class="kv"><dt>Money (behind your screen)</dt><dd id="money">$${p.money}</dd>
    <dt>Crime Rate</dt><dd>${p.crime_rate}</dd><dt>Gang board</dt><dd>boss track box ${p.boss_box} · ${stats(p, true)}</dd>
    <dt>Thug board</dt><dd>${thugBoard(p, true)}</dd><dt>Deck / discard</dt><dd>${p.deck_count} / ${p.discard_count}</dd></dl>
    <h3>Hand</h3><div id="hand">${cards(p.hand, cat, "empty")}</div>
    <h3>Plan</h3>${cards(p.plan, cat, "empty")}
    <h3>Deals</h3>${deals(p, cat)}
    <h3>Jobs</h3><div id="jobs">${jobs(p.jobs, cat)}</div>
    ${p.fulfilled_jobs.length ? `<h3>Fulfilled Jobs</h3>${jobs(p.fulfilled_jobs, cat)}` : ""}
    ${view.draft_packet ? `<h3>Job draft packet</h3>${jobs(view.draft_packet, cat)}` : ""}
    <h3>Right-hands set aside</h3>${cards(p.right_hands_left, cat)}</div>`;
  return h;
}

export function rivals(view, cat, kinds) {
  return `<div class="panel" id="rivals" data-nav="${view.seat === null ? "Gangs" : "Rivals"}"><h3>${view.seat === null ? "Gangs" : "Rivals"}</h3>${view.players
    .filter((p) => p.seat !== view.seat)
    .map(
      (p) => `
    <div class="rival" data-seat="${p.seat}" data-ref="gang:${p.seat}" style="border-color:${cat.ownerColor(p.seat)}"><b>${gangLabel(p, cat)}</b> <span class="muted">(${esc(kinds[p.seat] || (view.enforcer ? "the Enforcer automa" : ""))})</span>
      <div class="small">money <span class="money">${p.money === null ? "hidden" : `$${p.money}`}</span> · hand <span class="handcount">${p.hand_count}</span> cards · deck ${p.deck_count} · Jobs ${p.jobs_count} face down · crime ${p.crime_rate}</div>
      <div class="small">${stats(p)} · boss box ${p.boss_box}</div>
      <div class="small">${thugBoard(p)}</div>
      <div class="small">Plan: ${p.plan.map((x) => esc(cat.cards?.[x]?.name || nice(x))).join(", ") || "—"} · Deals: ${p.deals.length} · fulfilled Jobs: ${p.fulfilled_jobs.map((x) => esc(cat.jobs?.[x]?.name || nice(x))).join(", ") || "—"}</div>
      ${p.hand === null ? "" : `<div class="small revealed">Hand: ${p.hand.map((x) => esc(cat.cards?.[x]?.name || nice(x))).join(", ") || "—"} · Jobs face down: ${p.jobs.map((x) => esc(cat.jobs?.[x]?.name || nice(x))).join(", ") || "—"}</div>`}
    </div>`,
    )
    .join("")}</div>`;
}

export function market(view, cat) {
  const m = view.market;
  return `<div class="panel" id="market" data-nav="Market"><h3>Associate market</h3>${cards(m.low, cat)}
    <div class="small muted">Next 1–3★: ${esc(cat.cards?.[m.low_deck_top]?.name || "—")}</div>
    ${cards(m.high, cat)}<div class="small muted">Next 4–5★: ${esc(cat.cards?.[m.high_deck_top]?.name || "—")}</div></div>`;
}

// Solo: the Enforcer's board — his token, his Plan with the actions he took marked by his cubes,
// his decks, Jobs and Associates (rulebook, Solo mode).
export function enforcerPanel(view, cat) {
  const e = view.enforcer;
  if (!e) return "";
  const districts = Object.fromEntries((cat.districts || []).map((d) => [d.id, d.name]));
  // his Plan while he plays it; between his turns, the Plan he played last and what it did
  const current = e.plan.length > 0;
  const shownPlan = current ? e.plan : e.last_plan || [];
  const taken = new Set((current ? e.cubes : e.last_cubes || []).map((c) => `${c.card}:${c.line}`));
  const plan = shownPlan
    .map((id, k) => {
      const card = cat.enforcer_cards?.[id] || { name: nice(id), actions: [] };
      const lines = card.actions
        .map(
          (t, i) =>
            `<li class="${taken.has(`${k + 1}:${i + 1}`) ? "done" : ""}">${taken.has(`${k + 1}:${i + 1}`) ? "■ " : ""}${esc(t)}</li>`,
        )
        .join("");
      return `<div class="cardx enforcer-card"><b>${esc(card.name)}</b><span class="muted">moves ${card.move} · Power ${card.power >= 0 ? "+" : ""}${card.power}</span><ol>${lines}</ol></div>`;
    })
    .join("");
  const numbers = Object.entries(e.district_numbers)
    .sort((a, b) => a[1] - b[1])
    .map(([d, n]) => `${n} ${esc(districts[d] || nice(d))}`)
    .join(" · ");
  return `<div class="panel" id="enforcer" data-nav="Enforcer"><h3>The Enforcer</h3>
    <div class="small">Token in <b>${esc(districts[e.district] || nice(e.district))}</b> · districts: ${numbers}</div>
    <div class="small">Deck ${e.deck_count} · deck B ${e.deck_b_count} · deck C ${e.deck_c_count} · Jobs ${e.jobs.length} (always fulfilled) · Associates: ${e.associates.map((x) => esc(cat.cards?.[x]?.name || nice(x))).join(", ") || "none"}</div>
    ${e.job_draft?.some((pair) => pair.length) ? `<h4>Job draft: keep one, the other goes to him</h4>${e.job_draft.map((pair) => jobs(pair, cat, "")).join("")}` : ""}
    <h4>${current ? "His Plan" : "His last Plan (■: the actions he took)"}</h4><div class="cards">${plan || '<span class="muted">no cards laid out yet</span>'}</div></div>`;
}

// What the pending decision offers that is drawn nowhere else yet — the Jobs or Dealers just
// drawn (keep one), a card named by an option — so that every option's references can be clicked.
export function offered(state, cat, drawn) {
  const refs = new Set();
  for (const o of state.decision?.options || []) for (const r of o.refs || []) refs.add(r);
  const items = [...refs]
    .filter((r) => /^(job|dealer|card):/.test(r) && !drawn.includes(`data-ref="${r}"`))
    .map((r) => {
      const [kind, id] = [r.slice(0, r.indexOf(":")), r.slice(r.indexOf(":") + 1)];
      if (kind === "job") return jobHtml(id, cat);
      if (kind === "card") return cardHtml(id, cat);
      const d = cat.dealers?.[id];
      return `<div class="cardx" data-ref="${esc(r)}"><b>${esc(d ? d.name : nice(id))}</b>${d?.text ? `<div>${esc(d.text)}</div>` : ""}</div>`;
    });
  return items.length
    ? `<div class="panel" id="offered" data-nav="Offered"><h3>On offer</h3><div class="cards">${items.join("")}</div></div>`
    : "";
}
