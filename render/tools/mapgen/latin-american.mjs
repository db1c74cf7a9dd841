// Generates maps/latin-american/map.svg, the Latin American Diplomacy board.
//
// Usage (from this folder): npm install && node atlantica.mjs [out.svg] [--debug] [--force]
// `MAPDIR=/some/dir` reads provinces.txt (and borders.txt, if there) from
// another folder than maps/atlantica.
//
// Usage (from this folder): npm install && node latin-american.mjs [out.svg] [--debug] [--force]
// `MAPDIR=/some/dir` reads the data from another folder than maps/latin-american.
//
// The method of atlantica.mjs (see the README), with what this board adds:
// - island provinces are ellipses (`islands`), St Maarten and St Croix one
//   ellipse shared by two seeds (`sharedIsland`);
// - borders are drawn by kind: mountainous red (the Greater Andes heavier),
//   rainforest green, rivers along their borders (as Maharajah's);
// - oceans are darker than seas; deserts, swamps and the glacier are shaded;
// - direct passages are dashed bars and island-to-island fleet borders across
//   open water dotted lines, each between the nearest points of the two shapes;
// - capitals get a ring round their centre marker.
// The script checks every drawn border against borders.txt and every anchor
// against its province, and will not write the map while anything disagrees
// (unless --debug or --force).

import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import * as layout from './latin-american-layout.mjs';
import { rasterise, simplifyRing } from './geom.mjs';
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
const out = args.find((a) => !a.startsWith('--')) ?? path.join(repo, 'maps/latin-american/map.svg');
const mapDir = process.env.MAPDIR ?? path.join(repo, 'maps/latin-american');

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
const fs_ = monotone(layout.shiftKnots ?? [[0, 0], [1, 0]]);
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
for (const { at, r, m } of layout.lenses ?? []) lenses.push({ c: lensAt([fx(at[0]) + fs_(at[1]), fy(at[1])], lenses), R: r, m });
const project = ([lon, lat]) => lensAt([fx(lon) + fs_(lat), fy(lat)], lenses);
const toPx = (q) => (q.px ? q.px : project(q));
if (process.env.PROJ) for (const pt of process.env.PROJ.split(" ")) console.error(pt, project(pt.split(",").map(Number)).map((v) => v.toFixed(0)).join(","));

// --- land ---------------------------------------------------------------------
// Island provinces are ellipses (px) round their real middle, added to the land.
const ellipse = ([cx, cy], [rx, ry]) => {
  const pts = Array.from({ length: 40 }, (_, i) => [cx + rx * Math.cos((i * Math.PI) / 20), cy + ry * Math.sin((i * Math.PI) / 20)]);
  return [[...pts, pts[0]]];
};
const islandAt = Object.fromEntries(Object.entries(layout.islands).map(([id, d]) => [id, toPx(d.at)]));
const shared = layout.sharedIsland;
const sharedAt = toPx(shared.at);
const land = pc.union(
  landMask({ layout, project, W, H }),
  ...Object.entries(layout.islands).map(([id, d]) => ellipse(islandAt[id], d.r)),
  ellipse(sharedAt, shared.r),
);

// --- partition ----------------------------------------------------------------
const WATER = new Set(['sea', 'ocean', 'lake']);
const regions = [];
for (const p of provinces) {
  const base = { id: p.id, terrain: p.kind, name: p.name, sc: p.sc, coasts: p.coasts, tags: p.tags };
  let seeds = layout.seeds[p.id]?.map(toPx);
  if (layout.islands[p.id]) seeds = [islandAt[p.id]];
  if (shared.seeds[p.id]) seeds = [[sharedAt[0] + shared.seeds[p.id].px[0], sharedAt[1] + shared.seeds[p.id].px[1]]];
  if (!seeds?.length) throw new Error(`no seeds for ${p.id}`);
  const mask = WATER.has(p.kind) ? 'sea' : 'land';
  const r = { ...base, kind: mask === 'sea' ? 'sea' : p.kind === 'island' ? 'island' : 'coast', mask, seeds };
  // Oceans (any number of fleets, rule 5.F) are the darker blue the rules ask for.
  if (p.kind === 'ocean') r.fill = style.ocean;
  regions.push(r);
}
for (const [id, imp] of Object.entries(layout.impassable)) {
  regions.push({ id, kind: 'impassable', mask: imp.kind, seeds: imp.seeds.map(toPx), name: imp.name });
}

const S = 2; // raster cells per board pixel
const GW = W * S;
const GH = H * S;
const landGrid = rasterise(land.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x * S, y * S]))), GW, GH);
const regionIndex = new Map(regions.map((r, ri) => [r.id, ri]));
const grid = partitionGrid(regions, landGrid, GW, GH, S);
const { chains, rings } = trace(grid, GW, GH, S, Number(process.env.TOL ?? 0.7));
regions.forEach((r, ri) => {
  r.rings = rings.get(ri) ?? [];
});
const idRaster = new Int16Array(W * H);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) idRaster[y * W + x] = grid[(y * S + 1) * GW + x * S + 1];
const regionAt = ([x, y]) => (x < 0 || y < 0 || x >= W || y >= H ? -1 : idRaster[Math.floor(y) * W + Math.floor(x)]);

if (process.env.PROBE) {
  for (const pt of process.env.PROBE.split(' ')) {
    const [x, y] = pt.split(',').map(Number);
    console.error(`${pt}: ${regions[regionAt([x, y])]?.id}`);
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
const byId = new Map(regions.map((r) => [r.id, r]));
const isWater = (id) => byId.get(id)?.mask === 'sea';
const isIsland = (id) => byId.get(id)?.terrain === 'island';
// Borders across water: direct passages (an army crosses, rule 5.J.3) and fleet
// borders between an island and another shore across open sea; neither is
// looked for as touching shapes, both are drawn as lines between the shapes.
const acrossWater = [];
for (const [pair, info] of borders) {
  const [a, b] = pair.split('-');
  if (info.kinds.includes('direct-passage')) acrossWater.push({ pair, a, b, kind: 'passage' });
  else if ((layout.links ?? []).some((l) => [...l].sort().join('-') === pair)) acrossWater.push({ pair, a, b, kind: 'passage' });
  else if (!isWater(a) && !isWater(b) && (isIsland(a) || isIsland(b)) && !info.army) acrossWater.push({ pair, a, b, kind: 'sealane' });
}
const skip = new Set(acrossWater.map((c) => c.pair));
const drawnPairs = new Map();
for (const [key, n] of touch) {
  const [a, b] = key.split('|').map(Number);
  const ra = regions[a];
  const rb = regions[b];
  if (ra.kind === 'impassable' || rb.kind === 'impassable') continue;
  drawnPairs.set([ra.id, rb.id].sort().join('-'), { n, at: where.get(key).map((v) => v.toFixed(0)).join(',') });
}
for (const [pair, { n, at }] of drawnPairs) {
  if (!borders.has(pair)) problems.push(`drawn but not a border: ${pair} (${n} px at ${at})`);
  else if (n < 4 * S && !skip.has(pair)) problems.push(`border too short: ${pair} (${n} px)`);
}
for (const [pair] of borders) {
  if (drawnPairs.has(pair) || skip.has(pair)) continue;
  problems.push(`border missing: ${pair}`);
}
for (const r of regions) {
  if (r.kind === 'impassable' || r.rings.length) continue;
  problems.push(`no shape: ${r.id}`);
  r.kind = 'impassable';
  layout.impassable[r.id] ??= { kind: r.mask };
}

// The two nearest points of two provinces' shapes (edge pixels only).
const edgePixels = new Map();
for (let y = 1; y < H - 1; y++) {
  for (let x = 1; x < W - 1; x++) {
    const k = y * W + x;
    const id = idRaster[k];
    if (idRaster[k - 1] === id && idRaster[k + 1] === id && idRaster[k - W] === id && idRaster[k + W] === id) continue;
    if (!edgePixels.has(id)) edgePixels.set(id, []);
    edgePixels.get(id).push([x + 0.5, y + 0.5]);
  }
}
const nearest = (a, b) => {
  const pa = edgePixels.get(regionIndex.get(a)) ?? [];
  const pb = edgePixels.get(regionIndex.get(b)) ?? [];
  let best = null;
  let bd = Infinity;
  for (const p of pa) for (const q of pb) {
    const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
    if (d < bd) {
      bd = d;
      best = [p, q];
    }
  }
  return best;
};
const lanes = [];
for (const c of acrossWater) {
  const given = (layout.crossings ?? []).find(([a, b]) => [a, b].sort().join('-') === c.pair);
  let ends = given ? [toPx(given[2]), toPx(given[3])] : nearest(c.a, c.b);
  if (!ends) {
    problems.push(`no ends for the crossing ${c.pair}`);
    continue;
  }
  // Reach a few px into both shapes.
  const [p, q] = ends;
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const u = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
  ends = [[p[0] - u[0] * 3, p[1] - u[1] * 3], [q[0] + u[0] * 3, q[1] + u[1] * 3]];
  lanes.push({ ...c, ends, len });
  if (len > (layout.maxLane ?? 140)) problems.push(`crossing ${c.pair} is ${len.toFixed(0)} px long`);
}

// --- anchors --------------------------------------------------------------------
// A split coast's fleet stands in its province, as near as room allows to the
// waters that coast opens on (from borders.txt's a/coast entries).
const coastWaters = new Map();
for (const l of fs.readFileSync(bordersFile, 'utf8').split('\n')) {
  const t = l.trim();
  if (!t || t.startsWith('#')) continue;
  const [a, b] = t.split(/\s+/);
  for (const [x, y] of [[a, b], [b, a]]) if (x.includes('/')) {
    const key = x;
    if (!coastWaters.has(key)) coastWaters.set(key, []);
    coastWaters.get(key).push(y.split('/')[0]);
  }
}
const inward = (ri) => {
  // Distance (px, 4-neighbour) from the province's edge, inside it.
  const d = new Float32Array(W * H).fill(-1);
  const q = [];
  for (const [x, y] of edgePixels.get(ri) ?? []) {
    const k = Math.floor(y) * W + Math.floor(x);
    d[k] = 0;
    q.push(k);
  }
  for (let n = 0; n < q.length; n++) {
    const k = q[n];
    for (const nk of [k - 1, k + 1, k - W, k + W]) {
      if (nk < 0 || nk >= W * H || idRaster[nk] !== ri || d[nk] >= 0) continue;
      d[nk] = d[k] + 1;
      q.push(nk);
    }
  }
  return d;
};
const anchorLayout = { ...layout, anchors: { ...layout.anchors } };
for (const r of regions) {
  if (!r.coasts?.length) continue;
  const ri = regionIndex.get(r.id);
  const depth = inward(ri);
  const given = layout.anchors[r.id]?.coasts ?? {};
  const coasts = {};
  for (const c of r.coasts) {
    if (given[c]) {
      coasts[c] = given[c];
      continue;
    }
    const waters = (coastWaters.get(`${r.id}/${c}`) ?? []).map((id) => regionIndex.get(id));
    const targets = waters.flatMap((wi) => edgePixels.get(wi) ?? []);
    let best = null;
    let bs = Infinity;
    for (const [x, y] of edgePixels.get(ri) ?? []) void x, void y;
    for (let k = 0; k < W * H; k++) {
      if (depth[k] < 13) continue;
      const x = (k % W) + 0.5;
      const y = Math.floor(k / W) + 0.5;
      let dmin = Infinity;
      for (let t = 0; t < targets.length; t += 3) dmin = Math.min(dmin, (targets[t][0] - x) ** 2 + (targets[t][1] - y) ** 2);
      if (dmin < bs) {
        bs = dmin;
        best = { px: [x, y] };
      }
    }
    if (!best) problems.push(`no room for the ${c} coast of ${r.id}`);
    else coasts[c] = best;
  }
  anchorLayout.anchors[r.id] = { ...(layout.anchors[r.id] ?? {}), coasts, coastLabels: layout.anchors[r.id]?.coastLabels ?? Object.fromEntries(r.coasts.map((c) => [c, [0, 21]])) };
}
// Island ellipses with a centre: the unit on the west half, the marker on the east.
for (const r of regions) {
  const at = layout.islands[r.id] ? islandAt[r.id] : null;
  if (!at || !r.sc || layout.anchors[r.id]) continue;
  anchorLayout.anchors[r.id] = { unit: { px: [at[0] - 14, at[1]] }, sc: { px: [at[0] + 23, at[1]] } };
}
for (const [id, a] of Object.entries(shared.anchors ?? {})) {
  const at = (d) => ({ px: [sharedAt[0] + d[0], sharedAt[1] + d[1]] });
  anchorLayout.anchors[id] = { unit: at(a.unit), sc: at(a.sc) };
}
for (const [id, px] of Object.entries(layout.labels)) {
  anchorLayout.anchors[id] = { ...(anchorLayout.anchors[id] ?? {}), label: { px } };
}
const anchors = placeAnchors({ regions, idRaster, W, H, layout: anchorLayout, project });
regions.forEach((r, ri) => {
  const a = anchors[r.id];
  if (!a) return;
  const own = (p) => regionAt(p) === ri;
  if (!own(a.unit)) problems.push(`unit anchor outside ${r.id}`);
  if (a.sc && !own(a.sc)) problems.push(`centre anchor outside ${r.id}`);
  for (const [c, p] of Object.entries(a.coasts)) if (!own(p)) problems.push(`coast anchor ${r.id}/${c} is not on ${r.id}`);
  for (const c of r.coasts) if (!a.coasts[c]) problems.push(`no anchor for ${r.id}/${c}`);
  // The renderer wants a label's middle in its province, unless the province is too small
  // to hold it beside a unit (render's outline::too_small), when beside it will do.
  const xs = r.rings.flat().map((p) => p[0]);
  const ys = r.rings.flat().map((p) => p[1]);
  const [w, h] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  const [lw, lh] = [r.id.length * 11, 16];
  const small = w < lw || h < lh || w * h < 3 * (lw * lh + 28 * 28);
  if (!small && !own(a.label)) problems.push(`label of ${r.id} has its middle outside it`);
});

// Two labels on each other cannot both be read (render/tests/labels.rs): where the placer
// left two touching, the second moves to the nearest spot in its own province (sea labels
// may use their whole space) clear of every label and unit.
{
  // A little wider and taller than place.mjs measures: the renderer's box includes the halo.
  const box = (id, [x, y]) => {
    const hw = (id.length * 11) / 2 + 3;
    return { id, x0: x - hw, x1: x + hw, y0: y - 9, y1: y + 9 };
  };
  const hit = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const units = regions.filter((r) => anchors[r.id]).flatMap((r) => [anchors[r.id].unit, ...Object.values(anchors[r.id].coasts)].map(([x, y]) => ({ x0: x - 19, x1: x + 20, y0: y - 14, y1: y + 15 })));
  const placed = regions.filter((r) => anchors[r.id]).map((r) => box(r.id, anchors[r.id].label));
  for (const [i, a] of placed.entries()) {
    if (!placed.some((b, j) => j !== i && hit(a, b))) continue;
    const ri = regionIndex.get(a.id);
    let best = null;
    for (let d = 4; d <= 90 && !best; d += 3) {
      for (const [dx, dy] of [[0, d], [0, -d], [d, 0], [-d, 0], [d, d], [-d, d], [d, -d], [-d, -d]]) {
        const at = [(a.x0 + a.x1) / 2 + dx, (a.y0 + a.y1) / 2 + dy];
        const b = box(a.id, at);
        if (regionAt(at) !== ri) continue;
        if (placed.some((c, j) => j !== i && hit(b, c)) || units.some((u) => hit(b, u))) continue;
        best = b;
        anchors[a.id].label = at;
        break;
      }
    }
    if (best) placed[i] = best;
    else problems.push(`labels of ${a.id} and another overlap`);
  }
}

// --- rivers and border kinds ------------------------------------------------------
const pairOf = (c) => (c.left < 0 || c.right < 0 ? null : [regions[c.left].id, regions[c.right].id].sort().join('-'));
const kindsOf = (c) => borders.get(pairOf(c))?.kinds ?? [];
const riverChain = (c) => kindsOf(c).includes('river');
/** A smooth path through points (Catmull-Rom as cubic Beziers). */
function smooth(pts) {
  const f = (v) => (Math.round(v * 10) / 10).toString();
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i + 1 < pts.length; i++) {
    const p0 = pts[Math.max(0, i - 1)];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[Math.min(pts.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}
const rivers = [];
const riverDrawn = new Set();
for (const c of chains) {
  if (!riverChain(c)) continue;
  riverDrawn.add(pairOf(c));
  const pts = c.points.length > 2 ? simplifyRing([...c.points, c.points[0]], 1.6).slice(0, -1) : c.points;
  const ends = c.closed ? [...pts, pts[0]] : pts;
  rivers.push({ id: `river-${pairOf(c)}-${rivers.length}`, d: smooth(ends.length >= 2 ? ends : c.points), width: 3 });
}
for (const [pair, info] of borders) if (info.kinds.includes('river') && !riverDrawn.has(pair) && !skip.has(pair)) problems.push(`river border ${pair} has no shared boundary to draw`);
// Mountainous and rainforest borders get lines of their own (under the rivers).
const kindLine = (pred) =>
  chains
    .filter((c) => c.left >= 0 && c.right >= 0 && pred(kindsOf(c)))
    .map((c) => 'M' + c.points.map(([x, y]) => `${num(x)} ${num(y)}`).join('L') + (c.closed ? 'Z' : ''))
    .join('');
const specialChain = (c) => {
  const k = kindsOf(c);
  return k.includes('river') || k.includes('mountain') || k.includes('rainforest');
};

// --- decoration -----------------------------------------------------------------
const num = (v) => String(Math.round(v * 10) / 10);
const ringsD = (r) => r.rings.map((ring) => 'M' + ring.map(([x, y]) => `${num(x)} ${num(y)}`).join('L') + 'Z').join('');
const colours = {
  mountain: '#c0392b',
  rainforest: '#2f8f3a',
  lane: '#1e4a73',
  capital: '#7a1f1f',
};
const defs = [
  // Desert: sand dots; swamp: short reed strokes; glacier: white with a blue hatch.
  `<pattern id="desert-dots" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.1" fill="#b8862b" fill-opacity="0.75"/><circle cx="6" cy="6" r="1.1" fill="#b8862b" fill-opacity="0.75"/></pattern>`,
  `<pattern id="swamp-reeds" width="12" height="10" patternUnits="userSpaceOnUse"><path d="M1 8H7M3 8V4M5 8V5M7 3H11" stroke="#3d6b4f" stroke-opacity="0.7" stroke-width="1.1" fill="none"/></pattern>`,
  `<pattern id="glacier-ice" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="9" height="9" fill="#f4f8fb"/><path d="M0 0V9" stroke="#9fc3dc" stroke-width="1.6"/></pattern>`,
].join('');
const shade = { desert: 'url(#desert-dots)', swamp: 'url(#swamp-reeds)', glacier: 'url(#glacier-ice)' };
// Over the owners' colours (the glacier is never owned), under the borders and labels.
const afterProvinces = [
  `<g id="terrain" fill-rule="evenodd">`,
  ...regions.filter((r) => shade[r.terrain] && r.rings.length).map((r) => `<path id="terrain-${r.id}" fill="${shade[r.terrain]}" d="${ringsD(r)}"/>`),
  '</g>',
].join('\n');
const line = ([a, b]) => `M${num(a[0])} ${num(a[1])}L${num(b[0])} ${num(b[1])}`;
const inBorders = [
  `<path id="rainforest-borders" stroke="${colours.rainforest}" stroke-width="2.6" d="${kindLine((k) => k.includes('rainforest'))}"/>`,
  `<path id="mountain-borders" stroke="${colours.mountain}" stroke-width="2.4" d="${kindLine((k) => k.includes('mountain') && !k.includes('greater-andes'))}"/>`,
  `<path id="greater-andes" stroke="${colours.mountain}" stroke-width="3.6" d="${kindLine((k) => k.includes('greater-andes') && !k.includes('chilean-andes'))}"/>`,
  // The Chilean Andes (rule 5.C.iv) are Greater Andes too: the heavy red with a dark core.
  `<path id="chilean-andes" stroke="${colours.mountain}" stroke-width="4.4" d="${kindLine((k) => k.includes('chilean-andes'))}"/>`,
  `<path id="chilean-andes-core" stroke="#4a0f0a" stroke-width="1.2" d="${kindLine((k) => k.includes('chilean-andes'))}"/>`,
  ...lanes.filter((l) => l.kind === 'passage').map((l) => `<path id="passage-${l.pair}" stroke="${style.passage}" stroke-width="3.4" stroke-dasharray="5 3" stroke-linecap="butt" d="${line(l.ends)}"/>`),
  ...lanes.filter((l) => l.kind === 'sealane').map((l) => `<path id="sealane-${l.pair}" stroke="${colours.lane}" stroke-width="1.4" stroke-dasharray="2 3" d="${line(l.ends)}"/>`),
  // Capitals (rule 7.A: each counts twice): a ring round the centre marker.
  ...regions.filter((r) => r.tags?.includes('capital') && anchors[r.id]?.sc).map((r) => `<circle id="capital-${r.id}" cx="${num(anchors[r.id].sc[0])}" cy="${num(anchors[r.id].sc[1])}" r="${layout.room.sc + 1.5}" stroke="${colours.capital}" stroke-width="2.6"/>`),
].join('\n');
const T = layout.title;
const key = (y, swatch, text) => `${swatch(y)}<text x="${T.x - 75}" y="${y + 5}">${text}</text>`;
const afterLabels = [
  `<g id="title" font-family="DejaVu Sans" fill="#1e3a56" text-anchor="middle">`,
  `<text x="${T.x}" y="${T.y}" font-size="24" font-weight="bold" letter-spacing="1">LATIN AMERICAN</text>`,
  `<text x="${T.x}" y="${T.y + 28}" font-size="24" font-weight="bold" letter-spacing="1">DIPLOMACY</text>`,
  `<text x="${T.x}" y="${T.y + 50}" font-size="14" font-style="italic">the Americas, 1890</text>`,
  `<g font-size="12.5" text-anchor="start" fill="#1e3a56">`,
  key(T.y + 78, (y) => `<rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="${style.ocean}" stroke="#4d6f8a"/>`, 'ocean: any number of fleets'),
  key(T.y + 100, (y) => `<rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="${style.sea}" stroke="#4d6f8a"/>`, 'sea'),
  key(T.y + 122, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${colours.mountain}" stroke-width="2.4"/>`, 'mountainous border'),
  key(T.y + 144, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${colours.mountain}" stroke-width="3.6"/>`, 'Greater Andes'),
  key(T.y + 166, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${colours.mountain}" stroke-width="4.4"/><path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="#4a0f0a" stroke-width="1.2"/>`, 'Chilean Andes'),
  key(T.y + 188, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${colours.rainforest}" stroke-width="2.6"/>`, 'rainforest border'),
  key(T.y + 210, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${style.riverBank}" stroke-width="5.2"/><path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${style.river}" stroke-width="3"/>`, 'river'),
  key(T.y + 232, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${style.passage}" stroke-width="3.4" stroke-dasharray="5 3"/>`, 'army crossing'),
  key(T.y + 254, (y) => `<path d="M${T.x - 115} ${y}H${T.x - 85}" stroke="${colours.lane}" stroke-width="1.4" stroke-dasharray="2 3"/>`, 'fleet border across water'),
  key(T.y + 276, (y) => `<rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="${style.land}"/><rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="url(#desert-dots)" stroke="#6a5f50"/>`, 'desert'),
  key(T.y + 298, (y) => `<rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="${style.land}"/><rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="url(#swamp-reeds)" stroke="#6a5f50"/>`, 'swamp'),
  key(T.y + 320, (y) => `<rect x="${T.x - 115}" y="${y - 7}" width="30" height="15" fill="url(#glacier-ice)" stroke="#6a5f50"/>`, 'glacier'),
  key(T.y + 342, (y) => `<circle cx="${T.x - 100}" cy="${y}" r="${layout.room.sc + 1.5}" fill="none" stroke="${colours.capital}" stroke-width="2.6"/>`, 'capital (counts twice)'),
  '</g>',
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
  title: 'Latin American Diplomacy map',
  variant: 'latin-american',
  defs,
  rivers,
  drawnAsRiver: specialChain,
  extra: { afterProvinces, inBorders, afterLabels },
});
if (problems.length && !debug && !args.includes('--force')) {
  console.error(`${problems.length} problem(s); not writing ${out} (use --debug to look anyway)`);
  process.exit(1);
}
fs.writeFileSync(out, svg);
console.error(`wrote ${out} (${svg.length} bytes)`);
