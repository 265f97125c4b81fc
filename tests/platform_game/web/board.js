// The test game's board, for the shell's board-input tests (tests/web/test_table_input.py sets
// the game's web_module to it; otherwise the game is drawn by the generic renderer alone): the
// generic view, and above it the prize, a price track and the viewer's hand, each thing a person
// may click drawn with data-ref="<ref>" as Step.option_refs names it (steps.py). SVG and HTML
// both, as real games draw them.
import { render as generic } from "/static/generic.js";

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function render(state, ctx) {
  const v = state.view;
  const base = generic(state, ctx);
  const me = v.seats?.[state.you];
  const prize = v.prize || 0;
  const track = Array.from(
    { length: prize },
    (_, i) =>
      `<g data-ref="price:${i + 1}"><title>Price ${i + 1}</title><rect x="${96 + i * 34}" y="14" width="30" height="30" rx="4" fill="#efe2c0" stroke="#5a4a3a"/><text x="${111 + i * 34}" y="34" text-anchor="middle" font-size="14">${i + 1}</text></g>`,
  ).join("");
  const svg = `<svg id="pb-table" viewBox="0 0 ${Math.max(300, 100 + prize * 34)} 58" width="100%" style="max-width:520px">
    <g data-ref="prize:${prize}"><title>Prize ${prize}</title><rect x="8" y="6" width="70" height="46" rx="6" fill="#c0a030" stroke="#5a4a3a"/><text x="43" y="35" text-anchor="middle" font-size="18" font-weight="bold">${prize}</text></g>${track}</svg>`;
  const hand = me
    ? `<div id="pb-hand">${me.hand.map((c) => `<span class="pb-card" data-ref="card:${c}" title="Card ${c}">${esc(c)}</span>`).join("")}</div>`
    : "";
  return {
    main: `<div class="panel" id="pb-board" data-nav="Board"><h3>The table</h3>${svg}${hand}</div>${base.main}`,
    side: base.side,
  };
}

// its own look, as a game's board.css would give it
const style = document.createElement("style");
style.textContent = `#pb-hand { display: flex; gap: .5em; margin-top: .5em; }
.pb-card { display: inline-flex; align-items: center; justify-content: center; width: 2.6em; height: 3.6em; border: 1px solid #5a4a3a;
  border-radius: 5px; background: #fffaf0; font-weight: bold; font-size: 1.1em; }`;
document.head.append(style);
