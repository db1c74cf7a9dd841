// Generates maps/atlantica/map.svg, the Atlantica II board.
//
// Usage (from this folder): npm install && node atlantica.mjs [out.svg] [--debug] [--force]
// `MAPDIR=/some/dir` reads provinces.txt (and borders.txt, if there) from
// another folder than maps/atlantica.
//
// The method of standard.mjs (see the README), with these differences:
// - the projection is separable (as Pirates'), x a monotone curve of longitude
//   and y of latitude (`lonKnots`, `latKnots` in atlantica-layout.mjs), so the
//   whole Atlantic fits without folding while the crowded coasts get room;
// - island spaces too small to see (Azores, Canaries, Bermuda, Puerto Rico,
//   Prince Edward Is.) are ellipses round their real middle (`islands`);
// - the two boxes (terrain `box`) are fixed rectangles (`boxes`), as Davis's
//   High Ocean Box, with numbered places for the many units they hold;
// - the six Atlantis areas (terrain `area`) are fixed discs (`areas`) where
//   three seas meet, drawn as dotted circles and labelled 1 to 6;
// - provinces tagged `frozen` get a light ice hatch above the owners' colours
//   and `frozen-nc` provinces mark their north coast, with a key under the
//   title: fleets cannot use them January to April (rule 12a).
// The script checks every drawn border against borders.txt when there is one,
// and every anchor against its province, and will not write the map while
// anything disagrees (unless --debug or --force).

import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import * as layout from './atlantica-layout.mjs';
import { rasterise } from './geom.mjs';
import { partitionGrid, trace } from './partition.mjs';
import { readProvinces, readBorders } from './mapfiles.mjs';
import { placeAnchors } from './place.mjs';
import { writeSvg, style } from './svg.mjs';
import { landMask } from './land.mjs';
import pc from 'polygon-clipping';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const args = process.argv.slice(2);
const debug = args.includes('--debug');
const out = args.find((a) => !a.startsWith('--')) ?? path.join(repo, 'maps/atlantica/map.svg');
const mapDir = process.env.MAPDIR ?? path.join(repo, 'maps/atlantica');

const { width: W, height: H } = layout.canvas;
const provinces = readProvinces(path.join(mapDir, 'provinces.txt'));
const bordersFile = path.join(mapDir, 'borders.txt');
const borders = fs.existsSync(bordersFile) ? readBorders(bordersFile) : null;
const problems = [];

// --- projection -------------------------------------------------------------
/** Monotone cubic (Fritsch-Carlson) through [x, y] knots; straight beyond the ends. */
function monotone(knots) {
  const k = [...knots].sort((a, b) => a[0] - b[0]);
  const n = k.length;
  const h = k.slice(1).map((p, i) => p[0] - k[i][0]);
  const s = k.slice(1).map((p, i) => (p[1] - k[i][1]) / h[i]);
  const m = k.map((_, i) => (i === 0 ? s[0] : i === n - 1 ? s[n - 2] : s[i - 1] * s[i] <= 0 ? 0 : (3 * (h[i - 1] + h[i])) / ((2 * h[i] + h[i - 1]) / s[i - 1] + (h[i] + 2 * h[i - 1]) / s[i])));
  return (x) => {
    if (x <= k[0][0]) return k[0][1] + m[0] * (x - k[0][0]);
    if (x >= k[n - 1][0]) return k[n - 1][1] + m[n - 1] * (x - k[n - 1][0]);
    let i = 0;
    while (x > k[i + 1][0]) i++;
    const t = (x - k[i][0]) / h[i];
    const t2 = t * t;
    const t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * k[i][1] + (t3 - 2 * t2 + t) * h[i] * m[i] + (-2 * t3 + 3 * t2) * k[i + 1][1] + (t3 - t2) * h[i] * m[i + 1];
  };
}
const fx = monotone(layout.lonKnots);
const fy = monotone(layout.latKnots);
// Lenses magnify the crowded corners (western Europe, the coast from
// Chesapeake Bay to Nova Scotia) about a middle: a point at distance d moves to
// d * (1 + (m - 1) * (1 - d / R)^2), which grows with d for m below 4, so a lens
// cannot fold the board either; beyond R nothing moves.
const lensAt = (p, lenses) => {
  for (const { c, R, m } of lenses) {
    const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
    if (d >= R) continue;
    const g = 1 + (m - 1) * (1 - d / R) ** 2;
    p = [c[0] + (p[0] - c[0]) * g, c[1] + (p[1] - c[1]) * g];
  }
  return p;
};
// Each lens's middle is where the lenses before it put its point.
const lenses = [];
for (const { at, r, m } of layout.lenses ?? []) lenses.push({ c: lensAt([fx(at[0]), fy(at[1])], lenses), R: r, m });
const project = ([lon, lat]) => lensAt([fx(lon), fy(lat)], lenses);
const toPx = (q) => (q.px ? q.px : project(q));

// --- land ---------------------------------------------------------------------
// Small islands are ellipses (px) round their real middle, added to the land.
const ellipse = ([cx, cy], [rx, ry]) => Array.from({ length: 40 }, (_, i) => ({ px: [cx + rx * Math.cos((i * Math.PI) / 20), cy + ry * Math.sin((i * Math.PI) / 20)] }));
const islandAt = Object.fromEntries(Object.entries(layout.islands).map(([id, d]) => [id, project(d.at)]));
// They go on after the sea patches, which may clear room round them.
const land = pc.union(landMask({ layout, project, W, H }), ...Object.entries(layout.islands).map(([id, d]) => [[...ellipse(islandAt[id], d.r), ellipse(islandAt[id], d.r)[0]].map((q) => q.px)]));

// --- partition ----------------------------------------------------------------
const isFrozen = (p) => p.tags.includes('frozen');
const regions = [];
for (const p of provinces) {
  const base = { id: p.id, kind: p.kind, name: p.name, sc: p.sc, coasts: p.coasts, tags: p.tags };
  if (p.kind === 'box') {
    if (!layout.boxes[p.id]) throw new Error(`no boxes for ${p.id}`);
    regions.push({ ...base, mask: 'sea', seeds: [] });
    continue;
  }
  if (p.kind === 'area') {
    if (!layout.areas[p.id]) throw new Error(`no area disc for ${p.id}`);
    // The label is the area's number (rule 6a: "Areas 1, 2, 3, 4, 5 and 6").
    regions.push({ ...base, mask: 'sea', seeds: [], labelText: p.id.replace(/^\D+/, ''), labelSize: 18 });
    continue;
  }
  let seeds = layout.seeds[p.id];
  if (layout.islands[p.id]) seeds = [{ px: islandAt[p.id] }];
  if (!seeds?.length) throw new Error(`no seeds for ${p.id}`);
  const mask = p.kind === 'sea' || p.kind === 'lake' || p.kind === 'ocean' ? 'sea' : 'land';
  const r = { ...base, kind: mask === 'sea' ? 'sea' : p.kind === 'island' ? 'island' : 'coast', mask, seeds: seeds.map(toPx) };
  // A frozen north coast shows as "NC*" (the key under the title explains it).
  if (p.tags.includes('frozen-nc')) r.coastText = { nc: 'NC*' };
  regions.push(r);
}
for (const [id, imp] of Object.entries(layout.impassable)) {
  if (!imp.seeds.length) continue;
  regions.push({ id, kind: 'impassable', mask: imp.kind, seeds: imp.seeds.map(toPx), name: imp.name });
}

const S = 2; // raster cells per board pixel
const GW = W * S;
const GH = H * S;
const landGrid = rasterise(land.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x * S, y * S]))), GW, GH);
const regionIndex = new Map(regions.map((r, ri) => [r.id, ri]));

/** Partitions the board with the boxes fixed. */
function partition() {
  const fixed = new Int16Array(GW * GH).fill(-1);
  regions.forEach((r, ri) => {
    for (const [x0, y0, x1, y1] of r.kind === 'box' ? layout.boxes[r.id] : []) {
      for (let y = Math.max(0, y0 * S); y < Math.min(GH, y1 * S); y++) for (let x = Math.max(0, x0 * S); x < Math.min(GW, x1 * S); x++) fixed[y * GW + x] = ri;
    }
  });
  return partitionGrid(regions, landGrid, GW, GH, S, fixed);
}
/** Stamps the area discs (`discs`: id -> [x, y, r] px) over the seas, which keep their borders. */
function stamp(grid, discs) {
  for (const [id, [cx, cy, rad]] of Object.entries(discs)) {
    const ri = regionIndex.get(id);
    for (let y = Math.floor((cy - rad) * S); y <= (cy + rad) * S; y++) {
      for (let x = Math.floor((cx - rad) * S); x <= (cx + rad) * S; x++) {
        if (Math.hypot((x + 0.5) / S - cx, (y + 0.5) / S - cy) <= rad) grid[y * GW + x] = ri;
      }
    }
  }
  return grid;
}

// The areas' three seas: from the layout, else from borders.txt (every sea an area borders).
const areaSeas = (id) => {
  if (layout.areas[id].seas) return layout.areas[id].seas;
  if (!borders) throw new Error(`${id}: no seas in the layout and no borders.txt`);
  return [...borders.keys()].map((k) => k.split('-')).filter((pr) => pr.includes(id)).map((pr) => (pr[0] === id ? pr[1] : pr[0]));
};
// Where an area goes: at the layout's point if it gives one, else where its
// seas meet: the water point whose farthest of the seas is nearest (a
// breadth-first distance from each). The disc is then stamped over the seas,
// whose borders stay where they were, so it touches all three.
const discs = {};
const wanted = regions.filter((r) => r.kind === 'area');
const first = partition();
{
  const dist = (ri) => {
    const d = new Float32Array(W * H).fill(1e9);
    const q = [];
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (first[(y * S + 1) * GW + x * S + 1] === ri) { d[y * W + x] = 0; q.push(y * W + x); }
    for (let n = 0; n < q.length; n++) {
      const k = q[n];
      const x = k % W;
      for (const nk of [x > 0 ? k - 1 : -1, x < W - 1 ? k + 1 : -1, k - W, k + W]) {
        if (nk < 0 || nk >= W * H || d[nk] <= d[k] + 1) continue;
        d[nk] = d[k] + 1;
        q.push(nk);
      }
    }
    return d;
  };
  for (const r of wanted) {
    const a = layout.areas[r.id];
    if (a.at) continue;
    const seas = areaSeas(r.id);
    if (seas.length !== 3) problems.push(`${r.id} borders ${seas.length} seas (${seas.join(', ')}), not three`);
    const ds = seas.map((id) => dist(regionIndex.get(id)));
    let best = -1;
    let bestD = Infinity;
    for (let k = 0; k < W * H; k++) {
      const m = Math.max(...ds.map((d) => d[k]));
      if (m < bestD) {
        bestD = m;
        best = k;
      }
    }
    const off = a.nudge ?? [0, 0];
    discs[r.id] = [(best % W) + 0.5 + off[0], Math.floor(best / W) + 0.5 + off[1], a.r];
    if (bestD > 3) problems.push(`${r.id}: ${seas.join(', ')} do not meet (nearest ${bestD} px)`);
  }
}
for (const r of wanted) if (layout.areas[r.id].at) discs[r.id] = [...toPx(layout.areas[r.id].at), layout.areas[r.id].r];
const grid = stamp(first, discs);
const { chains, rings } = trace(grid, GW, GH, S, Number(process.env.TOL ?? 0.7));
regions.forEach((r, ri) => {
  r.rings = rings.get(ri) ?? [];
});
const idRaster = new Int16Array(W * H);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) idRaster[y * W + x] = grid[(y * S + 1) * GW + x * S + 1];

if (process.env.PROBE) {
  for (const pt of process.env.PROBE.split(' ')) {
    const [x, y] = pt.split(',').map(Number);
    console.error(`${pt}: ${regions[idRaster[Math.floor(y) * W + Math.floor(x)]]?.id}`);
  }
}

// --- border check -------------------------------------------------------------
const touch = new Map();
const where = new Map();
const bump = (a, b, k) => {
  if (a === b || a < 0 || b < 0) return;
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  touch.set(key, (touch.get(key) ?? 0) + 1);
  if (!where.has(key)) where.set(key, [(k % GW) / S, Math.floor(k / GW) / S]);
};
for (let y = 0; y < GH; y++) {
  for (let x = 0; x < GW; x++) {
    const k = y * GW + x;
    if (x + 1 < GW) bump(grid[k], grid[k + 1], k);
    if (y + 1 < GH) bump(grid[k], grid[k + GW], k);
  }
}
// Borders across water are drawn as bars, not looked for as provinces touching.
const crossings = (layout.crossings ?? []).map(([a, b, pa, pb]) => ({ pair: [a, b].sort().join('-'), a, b, ends: [toPx(pa), toPx(pb)] }));
const drawnPairs = new Map();
for (const [key, n] of touch) {
  const [a, b] = key.split('|').map(Number);
  const ra = regions[a];
  const rb = regions[b];
  if (ra.kind === 'impassable' || rb.kind === 'impassable') continue;
  drawnPairs.set([ra.id, rb.id].sort().join('-'), { n, at: where.get(key).map((v) => v.toFixed(0)).join(',') });
}
if (borders) {
  for (const [pair, { n, at }] of drawnPairs) {
    if (!borders.has(pair)) problems.push(`drawn but not a border: ${pair} (${n} px at ${at})`);
    else if (n < 4 * S) problems.push(`border too short: ${pair} (${n} px)`);
  }
  // A crossing (kind direct-passage or landbridge) may be across water.
  for (const [pair, info] of borders) {
    if (drawnPairs.has(pair)) continue;
    if (info.kinds.some((k) => k === 'direct-passage' || k === 'landbridge' || k === 'canal')) continue;
    if (crossings.some((c) => c.pair === pair) || (layout.farBorders ?? []).includes(pair)) continue;
    problems.push(`border missing: ${pair}`);
  }
} else {
  console.error(`no ${bordersFile}: borders not checked`);
  if (process.env.PAIRS) console.error([...drawnPairs.keys()].sort().join('\n'));
}
for (const r of regions) {
  if (r.kind === 'impassable' || r.rings.length) continue;
  problems.push(`no shape: ${r.id}`);
  r.kind = 'impassable'; // so that the debug drawing can still be made
  layout.impassable[r.id] ??= { kind: r.mask };
}

// --- anchors --------------------------------------------------------------------
// Areas and boxes are placed by hand: a unit in the middle of the disc, the
// number just outside it.
const anchorLayout = { ...layout, anchors: { ...layout.anchors } };
for (const [id, a] of Object.entries(layout.areas)) {
  if (!discs[id]) continue;
  const [cx, cy] = discs[id];
  const side = a.labelSide ?? [1, -1];
  anchorLayout.anchors[id] = { unit: { px: [cx, cy] }, label: { px: [cx + side[0] * (a.r + 9), cy + side[1] * (a.r + 2)] }, ...(layout.anchors[id] ?? {}) };
}
// Label spots set by hand (px, the middle of the label's box): where the placer's own choice
// reached out of the province or over a border (render/tests/labels.rs checks every spot).
for (const [id, px] of Object.entries(layout.labels)) {
  anchorLayout.anchors[id] = { ...(anchorLayout.anchors[id] ?? {}), label: { px } };
}
const anchors = placeAnchors({ regions, idRaster, W, H, layout: anchorLayout, project });
regions.forEach((r, ri) => {
  const a = anchors[r.id];
  if (!a) return;
  const own = ([x, y]) => idRaster[Math.floor(y) * W + Math.floor(x)] === ri;
  if (!own(a.unit)) problems.push(`unit anchor outside ${r.id}`);
  if (a.sc && !own(a.sc)) problems.push(`centre anchor outside ${r.id}`);
  for (const [n, p] of (a.slots ?? []).entries()) if (!own(p)) problems.push(`unit anchor ${n + 2} outside ${r.id}`);
  for (const [c, p] of Object.entries(a.coasts)) {
    let near = false;
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) near ||= own([p[0] + dx, p[1] + dy]);
    if (!near) problems.push(`coast anchor ${r.id}/${c} is not on ${r.id}`);
  }
  for (const c of r.coasts) if (!a.coasts[c]) problems.push(`no anchor for ${r.id}/${c}`);
});

for (const c of crossings) {
  const [pa, pb] = c.ends;
  const at = ([x, y]) => regions[idRaster[Math.floor(y) * W + Math.floor(x)]]?.id;
  if (at(pa) !== c.a || at(pb) !== c.b) problems.push(`crossing ${c.pair} runs from ${at(pa)} to ${at(pb)}`);
}

// --- decoration -----------------------------------------------------------------
const num = (v) => String(Math.round(v * 10) / 10);
const ringsD = (r) => r.rings.map((ring) => 'M' + ring.map(([x, y]) => `${num(x)} ${num(y)}`).join('L') + 'Z').join('');
const defs =
  `<pattern id="ice-hatch" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">` +
  `<path d="M0 0V9" stroke="#ffffff" stroke-opacity="0.85" stroke-width="2.2"/></pattern>`;
// The ice: over the owners' colours, under the borders and labels.
const frozen = regions.filter((r) => r.tags?.includes('frozen'));
// Islets that name a sea space, over the owners' colours (the Azores is a centre).
const islets = (layout.islets ?? []).map(({ at, r }) => {
  const [x, y] = toPx(at);
  return `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${r[0]}" ry="${r[1]}"/>`;
});
const afterProvinces = [
  `<g id="frozen" fill="url(#ice-hatch)" fill-rule="evenodd">`,
  ...frozen.map((r) => `<path id="frozen-${r.id}" d="${ringsD(r)}"/>`),
  '</g>',
  `<g id="islets" fill="${style.land}" stroke="${style.coast}" stroke-width="1.2">`,
  ...islets,
  '</g>',
].join('\n');
// The Atlantis areas: dotted circles.
const areaFrames = regions
  .filter((r) => r.kind === 'area')
  .map((r) => {
    const [cx, cy, rad] = discs[r.id];
    return `<circle id="${r.id}-frame" cx="${num(cx)}" cy="${num(cy)}" r="${rad}" stroke="#1e4a73" stroke-width="2.2" stroke-dasharray="0.1 4.4"/>`;
  })
  .join('\n');
// The title and the keys for what the rules draw specially.
const T = layout.title;
const afterLabels = [
  `<g id="title" font-family="DejaVu Sans" fill="#1e3a56" text-anchor="middle">`,
  `<text x="${T.x}" y="${T.y}" font-size="30" font-weight="bold" letter-spacing="2">ATLANTICA II</text>`,
  `<text x="${T.x}" y="${T.y + 21}" font-size="14" font-style="italic">the Atlantic world, 1870</text>`,
  `<g font-size="12.5" text-anchor="start">`,
  `<rect x="${T.x - 110}" y="${T.y + 38}" width="24" height="15" fill="${style.sea}" stroke="#4d6f8a"/><rect x="${T.x - 110}" y="${T.y + 38}" width="24" height="15" fill="url(#ice-hatch)"/>`,
  `<text x="${T.x - 80}" y="${T.y + 50}">frozen Jan-Apr (NC* coasts too)</text>`,
  `<circle cx="${T.x - 98}" cy="${T.y + 70}" r="9" fill="${style.area}" stroke="#1e4a73" stroke-width="2.2" stroke-dasharray="0.1 4.4" stroke-linecap="round"/>`,
  `<text x="${T.x - 80}" y="${T.y + 75}">Areas 1-6: Lost Atlantis</text>`,
  '</g>',
  ...(layout.boxNotes ?? []).map((b) => `<text x="${b.x}" y="${b.y}" font-size="${b.size ?? 11}" font-style="italic" fill="#1e4a73">${b.text}</text>`),
  '</g>',
].join('\n');

if (problems.length) console.error(problems.join('\n'));
const svg = writeSvg({
  W,
  H,
  regions,
  chains,
  anchors,
  layout: anchorLayout,
  debug,
  project,
  title: 'Atlantica II map',
  variant: 'atlantica',
  defs,
  extra: { afterProvinces, inBorders: `<g fill="none" stroke-linecap="round">${areaFrames}</g>`, afterLabels },
  passages: crossings.map((c) => c.ends),
  // Area discs have no border line: their dotted circle is their edge.
  drawnAsRiver: (c) => regions[c.left]?.kind === 'area' || regions[c.right]?.kind === 'area',
});
if (problems.length && !debug && !args.includes('--force')) {
  console.error(`${problems.length} problem(s); not writing ${out} (use --debug to look anyway)`);
  process.exit(1);
}
fs.writeFileSync(out, svg);
console.error(`wrote ${out} (${svg.length} bytes)`);
