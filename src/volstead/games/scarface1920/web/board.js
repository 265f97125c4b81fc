// Scarface 1920's browser module: the Chicago map, your gang's area, the rivals and the
// Associate market. The shell (src/volstead/web) imports it from describe()["web_module"] and
// calls render(state, ctx) -> { main, side }. Whatever an option names is drawn with
// data-ref="<ref>" (the game's refs.py spells them); the shell highlights and clicks by them.
import { colorOf, loadStyle } from "/static/util.js";
import { boardSvg } from "./map.js";
import { enforcerPanel, market, myArea, offered, rivals } from "./panels.js";

await loadStyle(new URL("./board.css", import.meta.url).href);

function withOwners(cat, view) {
  return { ...cat, ownerColor: (seat) => colorOf(cat.gangs?.[view.players[seat].gang]?.color) };
}

export function render(state, ctx) {
  const view = state.view;
  const cat = withOwners(ctx.catalog, view);
  const me = view.seat !== null && view.seat !== undefined;
  const main = `<div id="board" data-nav="Board">${boardSvg(view, cat, state.meta.seat_names || [])}</div>${market(view, cat)}`;
  const side = `${me ? myArea(view, cat) : ""}${enforcerPanel(view, cat)}${rivals(view, cat, state.meta.kinds)}`;
  return { main, side: offered(state, cat, main + side) + side };
}
