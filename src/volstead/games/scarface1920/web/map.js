// The Chicago map as SVG: 7 districts (Lake Michigan east), Neighborhoods, police, every gang's pieces,
// the Underworld / Authorities / Prison, the crime track with Ness, the time track and the News.
import { esc, nice } from "/static/util.js";

// District shapes, placed like Chicago: the lake on the east, the river mouth at Central.
export const SHAPES = {
  far_north_side: { pts: "300,10 790,10 800,170 420,175 300,150", label: [320, 40] },
  north_side: { pts: "420,175 800,170 790,330 420,330", label: [435, 200] },
  west_side: { pts: "70,160 300,150 420,175 420,470 70,470", label: [85, 190] },
  central: { pts: "420,330 790,330 770,470 420,470", label: [435, 355] },
  southwest_side: { pts: "70,470 450,470 450,720 90,720", label: [90, 500] },
  south_side: { pts: "450,470 770,470 760,700 450,720", label: [465, 495] },
  far_south_side: { pts: "90,720 450,720 760,700 770,880 250,880", label: [270, 745] },
};
const FILL = ["#efe3c2", "#e8dab5", "#efe3c2", "#f3dcc0", "#e8dab5", "#efe3c2", "#e8dab5"];
const goodsText = (g) =>
  [g.alcohol ? `${g.alcohol} alcohol` : "", g.guns ? plural(g.guns, "gun") : ""].filter(Boolean).join(", ");
const plural = (n, word) => `${n} ${n === 1 ? word : word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`}`;
// Words, not abbreviations, and nothing for zero (issue 12: "a board you can read").
const countList = (pairs) =>
  pairs
    .filter(([n]) => n)
    .map(([n, word]) => plural(n, word))
    .join(", ");

function bbox(pts) {
  const xy = pts.split(" ").map((p) => p.split(",").map(Number));
  const xs = xy.map((p) => p[0]),
    ys = xy.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

function hoodSvg(h, x, y, w, cat, names) {
  const owner = h.owner === null ? null : h.owner;
  const b = h.businesses;
  const lines = [
    `defense ${h.defense} · sale $${h.price}`,
    `for ${goodsText(h.wants)}`,
    countList([
      [b.speakeasy, "speakeasy"],
      [b.casino, "casino"],
      [b.brothel, "brothel"],
      [b.nightclub, "nightclub"],
    ]),
    h.goods.alcohol || h.goods.guns ? `stored: ${goodsText(h.goods)}` : "",
  ].filter(Boolean);
  const height = 24 + 16 * lines.length;
  const stroke = owner === null ? "" : ` style="stroke:${cat.ownerColor(owner)};stroke-width:5"`;
  const ownerName = owner === null ? "" : names[owner] || `seat ${owner + 1}`;
  const svg = `<g class="hood ${h.side}" data-id="${esc(h.id)}" data-ref="hood:${esc(h.id)}"><title>${esc(h.name)} (${h.side} side) — defense ${h.defense}, sells ${h.wants.alcohol} alcohol + ${h.wants.guns} guns for $${h.price}${owner === null ? "" : `, controlled by ${esc(ownerName)}`}</title>
    <rect x="${x}" y="${y}" width="${w}" height="${height}" rx="6"${stroke}></rect>
    <text class="svgsmall" x="${x + 6}" y="${y + 17}" font-weight="bold">${esc(h.name)}${h.side === "night" ? " (night)" : ""}</text>
    ${lines.map((t, i) => `<text class="svgtiny" x="${x + 6}" y="${y + 34 + 16 * i}">${esc(t)}</text>`).join("")}
    ${owner === null ? "" : `<circle cx="${x + w - 12}" cy="${y + 12}" r="8" fill="${cat.ownerColor(owner)}" stroke="#000"><title>control marker: ${esc(ownerName)}</title></circle>`}
  </g>`;
  return { svg, height };
}

// Pieces drawn as pieces: a thug is a pawn, a car and a truck are vehicles, in the gang's colour
// (police cars in navy). Up to three of a kind are drawn one by one, more as one with "×n".
const PIECE_DEFS = `<defs>
  <symbol id="pc-thug" viewBox="0 0 20 26"><circle cx="10" cy="6" r="5.5" stroke="#000" stroke-width="1"></circle><path d="M1.5 25 Q1.5 12.5 10 12.5 Q18.5 12.5 18.5 25 Z" stroke="#000" stroke-width="1"></path></symbol>
  <symbol id="pc-car" viewBox="0 0 34 20"><path d="M2 15 L3 9 L10 8 L14 3 L23 3 L27 8 L32 9.5 L32 15 Z" stroke="#000" stroke-width="1"></path><path d="M15 4.5 L22 4.5 L25 8 L12 8 Z" fill="#dfe8f0"></path><circle cx="9" cy="15.5" r="3.6" fill="#222"></circle><circle cx="25" cy="15.5" r="3.6" fill="#222"></circle></symbol>
  <symbol id="pc-truck" viewBox="0 0 38 22"><rect x="1" y="3" width="23" height="13" stroke="#000" stroke-width="1"></rect><path d="M24 7 L31 7 L36 12 L36 16 L24 16 Z" stroke="#000" stroke-width="1"></path><path d="M26 8.5 L30.5 8.5 L33.5 12 L26 12 Z" fill="#dfe8f0"></path><circle cx="8" cy="17.5" r="3.6" fill="#222"></circle><circle cx="29" cy="17.5" r="3.6" fill="#222"></circle></symbol>
  <symbol id="pc-police" viewBox="0 0 34 22"><path d="M2 17 L3 11 L10 10 L14 5 L23 5 L27 10 L32 11.5 L32 17 Z" fill="#1f3c88" stroke="#000" stroke-width="1"></path><rect x="16" y="1" width="5" height="4" fill="#e03030"></rect><path d="M15 6.5 L22 6.5 L25 10 L12 10 Z" fill="#dfe8f0"></path><circle cx="9" cy="17.5" r="3.6" fill="#222"></circle><circle cx="25" cy="17.5" r="3.6" fill="#222"></circle></symbol>
</defs>`;
const PIECE_SIZE = { thug: [17, 22], car: [30, 18], truck: [33, 19], police: [32, 21] };

// n pieces of one kind from (x, y) (top left); returns [svg, width used].
function pieceRow(kind, n, x, y, color) {
  const [w, h] = PIECE_SIZE[kind];
  const fill = color ? ` fill="${color}"` : "";
  if (n <= 3) {
    let svg = "";
    for (let i = 0; i < n; i++)
      svg += `<use href="#pc-${kind}" x="${x + i * (w + 1)}" y="${y + 22 - h}" width="${w}" height="${h}"${fill}></use>`;
    return [svg, n * (w + 1)];
  }
  const svg = `<use href="#pc-${kind}" x="${x}" y="${y + 22 - h}" width="${w}" height="${h}"${fill}></use><text class="svgsmall piece-count" x="${x + w + 1}" y="${y + 18}">×${n}</text>`;
  return [svg, w + 10 + 8 * String(n).length];
}

function piecesSvg(view, did, x, y, cat, names) {
  let out = "",
    dx = 0;
  for (const p of view.players) {
    const counts = [
      ["thug", p.thugs.districts[did] || 0],
      ["car", p.cars[did] || 0],
      ["truck", p.trucks[did] || 0],
    ].filter(([, n]) => n);
    if (!counts.length) continue;
    const text = countList(counts.map(([k, n]) => [n, k]));
    let body = "",
      w = 4;
    for (const [kind, n] of counts) {
      const [svg, used] = pieceRow(kind, n, x + dx + w, y + 2, cat.ownerColor(p.seat));
      body += `<g data-ref="${kind}:${p.seat}:${did}">${svg}</g>`;
      w += used + 4;
    }
    out += `<g class="pieces" data-seat="${p.seat}"><title>${esc(names[p.seat] || `seat ${p.seat + 1}`)}: ${text}</title>
      <rect x="${x + dx}" y="${y}" width="${w}" height="26" rx="6" fill="#fffaf0" stroke="${cat.ownerColor(p.seat)}" stroke-width="2" opacity=".92"></rect>${body}</g>`;
    dx += w + 6;
  }
  return out;
}

// The map (districts, Neighborhoods, police, pieces) and, beside it, the tracks (Underworld,
// Authorities, Prison, Crime, time, News): two SVGs, so that the map's text keeps its size.
export function boardSvg(view, cat, seatNames = []) {
  return `<div class="map">${mapSvg(view, cat, seatNames)}</div><div class="tracks">${tracksSvg(view, cat, seatNames)}</div>`;
}

function mapSvg(view, cat, seatNames) {
  const names = Object.fromEntries((cat.districts || []).map((d) => [d.id, d.name]));
  let svg = `<svg viewBox="40 0 770 890" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Map of Chicago">${PIECE_DEFS}`;
  svg += `<rect x="790" y="0" width="40" height="890" fill="#bcd3e0"></rect>`;
  const ids = Object.keys(SHAPES);
  let pieces = ""; // drawn last, so that no district's shape covers them
  ids.forEach((did, k) => {
    const s = SHAPES[did],
      b = bbox(s.pts);
    const police = view.police.filter((p) => p === did).length;
    svg += `<g class="districtg"><polygon class="district" data-id="${did}" data-ref="district:${did}" points="${s.pts}" fill="${FILL[k]}"><title>${esc(names[did] || nice(did))}</title></polygon>`;
    svg += `<text class="svgtitle" x="${s.label[0]}" y="${s.label[1]}">${esc(names[did] || nice(did))}</text>`;
    if (police)
      svg += `<g data-police="${did}" data-ref="police:${did}"><title>${police === 1 ? "a police car" : `${police} police cars`}</title>${pieceRow("police", police, s.label[0] + 165, s.label[1] - 19, "")[0]}</g>`;
    const hoods = view.neighborhoods.filter((h) => h.district === did);
    const w = Math.min(200, (Math.min(b.x1, 785) - s.label[0] - 5) / Math.max(1, hoods.length) - 8);
    let below = s.label[1] + 20;
    hoods.forEach((h, i) => {
      const drawn = hoodSvg(h, s.label[0] + i * (w + 8), s.label[1] + 12, w, cat, seatNames);
      svg += drawn.svg;
      below = Math.max(below, s.label[1] + 12 + drawn.height + 6);
    });
    pieces += piecesSvg(view, did, s.label[0], below, cat, seatNames);
    svg += `</g>`;
  });
  return `${svg}${pieces}</svg>`;
}

function tracksSvg(view, cat, seatNames) {
  const who = (seat) => seatNames[seat] || `seat ${seat + 1}`;
  let svg = `<svg viewBox="810 5 380 800" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Underworld, Authorities, Prison, Crime track, time track and News">`; // pieces: the map's defs
  // Underworld, Authorities, Prison
  const boxes = [
    ["underworld", "Underworld"],
    ["authorities", "Authorities"],
    ["prison", "Prison"],
  ];
  boxes.forEach(([key, title], i) => {
    const y = 20 + i * 105;
    svg += `<g class="box" data-id="${key}" data-ref="box:${key}"><rect x="820" y="${y}" width="360" height="92" rx="8"></rect><text class="svgtitle" x="835" y="${y + 22}">${title}</text>`;
    view.players.forEach((p, j) => {
      const n = p.thugs[key] || 0;
      if (!n) return; // nothing drawn for zero
      svg += `<g data-seat="${p.seat}"><title>${esc(who(p.seat))}: ${plural(n, "thug")}</title><use href="#pc-thug" x="${836 + j * 85}" y="${y + 40}" width="19" height="25" fill="${cat.ownerColor(p.seat)}"></use><text class="svgsmall" x="${858 + j * 85}" y="${y + 60}">×${n}</text></g>`;
    });
    if (view.players.every((p) => !p.thugs[key])) svg += `<text class="svgsmall muted-svg" x="835" y="${y + 60}">nobody</text>`;
    svg += `</g>`;
  });
  // Crime track with Ness
  const y0 = 345;
  svg += `<g class="box" id="crime-track"><rect x="820" y="${y0}" width="360" height="150" rx="8"></rect><text class="svgtitle" x="835" y="${y0 + 22}">Crime track</text>`;
  const maxCrime = Math.max(12, view.ness + 1, ...view.players.map((p) => p.crime_rate + 1));
  const step = 330 / maxCrime;
  for (let k = 0; k < maxCrime; k++)
    svg += `<rect x="${835 + k * step}" y="${y0 + 35}" width="${step - 2}" height="18" fill="${k < view.ness ? "#c9b9a0" : "#fff"}" stroke="#aaa"></rect><text class="svgtiny" x="${837 + k * step}" y="${y0 + 49}">${k}</text>`;
  svg += `<text class="svgsmall" x="835" y="${y0 + 70}">Eliot Ness: level ${view.ness}</text>`;
  view.players.forEach((p, j) => {
    svg += `<circle cx="${835 + p.crime_rate * step + step / 2}" cy="${y0 + 88 + j * 15}" r="6" fill="${cat.ownerColor(p.seat)}"><title>${esc(who(p.seat))}: Crime Rate ${p.crime_rate}</title></circle>`;
  });
  svg += `</g>`;
  // Time track and News
  const y1 = 510;
  svg += `<g class="box" id="time-track"><rect x="820" y="${y1}" width="360" height="80" rx="8"></rect><text class="svgtitle" x="835" y="${y1 + 22}">Round ${view.round} · time track</text>`;
  for (let k = 0; k < view.time_spaces; k++) {
    svg += `<rect x="${835 + k * 55}" y="${y1 + 35}" width="50" height="30" rx="4" fill="${k === view.time ? "#f0c060" : "#fff"}" stroke="#8a7a5a"></rect><text class="svgsmall" x="${853 + k * 55}" y="${y1 + 55}">${k + 1}</text>`;
  }
  svg += `</g>`;
  const news = cat.news?.[view.news] || { name: nice(view.news), text: "" };
  svg += `<g class="box" id="news"><rect x="820" y="605" width="360" height="160" rx="8"></rect><text class="svgtitle" x="835" y="628">News: ${esc(news.name)}</text>
    <foreignObject x="830" y="636" width="340" height="125"><div xmlns="http://www.w3.org/1999/xhtml" style="font: 12px Georgia, serif">${esc(news.text)}${view.last_raid ? `<p><b>Last Raid:</b> ${esc(cat.raids?.[view.last_raid]?.name || nice(view.last_raid))}</p>` : ""}</div></foreignObject></g>`;
  svg += `<text class="svgsmall" x="830" y="790">Family Ring: ${view.family_ring === null ? "nobody" : esc(who(view.family_ring))}</text>`;
  svg += `</svg>`;
  return svg;
}
