// Scarface 1920's browser module: the Chicago map, your gang's area, the rivals and the
// Associate market. The shell (src/volstead/web) imports it from describe()["web_module"] and
// calls render(state, ctx) -> { main, side } and afterRender(root, state, ctx) after drawing.
import { colorOf, loadStyle } from "/static/util.js";
import { boardSvg, targetsOf } from "./map.js";
import { enforcerPanel, market, myArea, rivals } from "./panels.js";

await loadStyle(new URL("./board.css", import.meta.url).href);

function withOwners(cat, view) {
  return { ...cat, ownerColor: (seat) => colorOf(cat.gangs?.[view.players[seat].gang]?.color) };
}

export function render(state, ctx) {
  const view = state.view;
  const cat = withOwners(ctx.catalog, view);
  const me = view.seat !== null && view.seat !== undefined;
  return {
    main: `<div id="board" data-nav="Board">${boardSvg(view, cat, state.meta.seat_names || [])}</div>${market(view, cat)}`,
    side: `${me ? myArea(view, cat) : ""}${enforcerPanel(view, cat)}${rivals(view, cat, state.meta.kinds)}`,
  };
}

// Mark the board pieces and cards the pending options refer to; hovering an option marks its own.
export function afterRender(root, state, ctx) {
  const d = state.decision;
  if (!d?.options) return;
  const cat = ctx.catalog;
  const known = new Set([
    ...(cat.districts || []).map((x) => x.id),
    ...state.view.neighborhoods.map((h) => h.id),
    ...Object.keys(cat.cards || {}),
    ...Object.keys(cat.jobs || {}),
  ]);
  const els = (t) =>
    root.querySelectorAll(
      `[data-id="${CSS.escape(t)}"].district, .hood[data-id="${CSS.escape(t)}"], [data-card="${CSS.escape(t)}"]`,
    );
  const mark = (targets, cls) => {
    for (const t of targets) for (const e of els(t)) e.classList.add(cls);
  };
  for (const o of d.options) mark(targetsOf(o.id, known), "candidate");
  for (const b of root.querySelectorAll("button.option")) {
    const ts = targetsOf(b.dataset.id, known);
    b.onmouseenter = () => mark(ts, "hover");
    b.onmouseleave = () => {
      for (const e of root.querySelectorAll(".hover")) e.classList.remove("hover");
    };
  }
}
