// Generates maps/maharajah/map.svg: India and its borderlands in 1501.
//
// Usage (from this folder): npm install && node maharajah.mjs [out.svg] [--debug]
//
// The same pipeline as standard.mjs: Natural Earth coastlines (public domain,
// world-atlas) projected with a conic projection and bent by a thin-plate
// spline so the board matches the designer's layout; every land pixel goes to
// the nearest land seed and every water pixel to the nearest sea seed
// (partition.mjs), the seeds placed by hand in maharajah-layout.mjs.
//
// Maharajah's fleets sail up rivers. Every border marked kind=river in
// maps/maharajah/borders.txt is drawn as a river running from one province
// across that border into the other, and the river provinces on the sea get
// their mouths; no river is drawn anywhere else, so the picture shows exactly
// where fleets can go. The script checks the drawn borders against
// borders.txt, the anchors against the provinces and each river against the
// two provinces it joins, and refuses to write a map that disagrees.

import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import { geoConicConformal } from 'd3-geo';
import * as layout from './maharajah-layout.mjs';
import { affineFit, thinPlateSpline, simplifyRing, rasterise } from './geom.mjs';
import { partitionGrid, trace } from './partition.mjs';
import { readProvinces, readBorders } from './mapfiles.mjs';
import { placeAnchors } from './place.mjs';
import { writeSvg } from './svg.mjs';
import { landMask } from './land.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const args = process.argv.slice(2);
const debug = args.includes('--debug');
const out = args.find((a) => !a.startsWith('--')) ?? path.join(repo, 'maps/maharajah/map.svg');

const { width: W, height: H } = layout.canvas;
const provinces = readProvinces(path.join(repo, 'maps/maharajah/provinces.txt'));
const borders = readBorders(path.join(repo, 'maps/maharajah/borders.txt'));

// --- projection -------------------------------------------------------------
const conic = geoConicConformal().parallels([12, 32]).rotate([-75, 0]).scale(1000).translate([0, 0]);
const ctlSrc = layout.control.map(([ll]) => conic(ll));
const ctlDst = layout.control.map(([, xy]) => xy);
const affine = affineFit(ctlSrc, ctlDst);
const smoothing = Number(process.env.SMOOTH ?? 1000);
const warp = thinPlateSpline(ctlSrc.map(affine), ctlDst, smoothing);
const project = (ll) => warp(affine(conic(ll)));

// --- land mask ----------------------------------------------------------------
const land = landMask({ layout, project, W, H });

// --- partition ----------------------------------------------------------------
const toPx = (q) => (q.px ? q.px : project(q));
const regions = []; // {id, kind, mask ('land'|'sea'), seeds px, tags}
for (const p of provinces) {
  const ll = [...(layout.seeds[p.id] ?? [])];
  if (layout.centres[p.id]) ll.unshift(layout.centres[p.id]);
  if (!ll.length) throw new Error(`no seeds for ${p.id}`);
  regions.push({ id: p.id, kind: p.kind, mask: p.kind === 'sea' ? 'sea' : 'land', seeds: ll.map(toPx), name: p.name, sc: p.sc, coasts: p.coasts, tags: p.tags, weight: layout.weights?.[p.id] });
}
for (const [id, imp] of Object.entries(layout.impassable)) {
  regions.push({ id, kind: 'impassable', mask: imp.kind, seeds: imp.seeds.map(toPx), name: imp.name });
}

const S = 2; // raster cells per board pixel
const GW = W * S;
const GH = H * S;
const landGrid = rasterise(land.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x * S, y * S]))), GW, GH);
const grid = partitionGrid(regions, landGrid, GW, GH, S);
const { chains, rings } = trace(grid, GW, GH, S, Number(process.env.TOL ?? 0.7));
regions.forEach((r, ri) => {
  r.rings = rings.get(ri) ?? [];
});
const indexOf = new Map(regions.map((r, i) => [r.id, i]));

// Board-resolution raster of region indices, for checks and placement.
const idRaster = new Int16Array(W * H);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) idRaster[y * W + x] = grid[(y * S + 1) * GW + x * S + 1];
const regionAt = ([x, y]) => {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  return xi < 0 || yi < 0 || xi >= W || yi >= H ? -1 : idRaster[yi * W + xi];
};

// --- border check -----------------------------------------------------------
const touch = new Map();
const where = new Map();
const bump = (a, b, k) => {
  if (a === b) return;
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
const seen = new Set();
const problems = [];
for (const [key, n] of touch) {
  const [a, b] = key.split('|').map(Number);
  const ra = regions[a];
  const rb = regions[b];
  if (ra.kind === 'impassable' || rb.kind === 'impassable') continue;
  const pair = [ra.id, rb.id].sort().join('-');
  seen.add(pair);
  const at = where.get(key).map((v) => v.toFixed(0)).join(',');
  if (!borders.has(pair)) problems.push(`drawn but not a border: ${pair} (${n} px at ${at})`);
  else if (n < 6 * S) problems.push(`border too short: ${pair} (${n} px at ${at})`);
}
for (const pair of borders.keys()) if (!seen.has(pair)) problems.push(`border missing: ${pair}`);
for (const r of regions) {
  if (r.kind === 'impassable') continue;
  if (!r.rings.length) problems.push(`no shape: ${r.id}`);
}

// --- anchors ------------------------------------------------------------------
const anchors = placeAnchors({ regions, idRaster, W, H, layout, project });
regions.forEach((r, ri) => {
  const a = anchors[r.id];
  if (!a) return;
  const own = (p) => regionAt(p) === ri;
  if (!own(a.unit)) problems.push(`unit anchor outside ${r.id}`);
  if (a.sc && !own(a.sc)) problems.push(`centre anchor outside ${r.id}`);
});

// --- rivers -------------------------------------------------------------------
// A river border is drawn as a river along the border itself, so rivers meet
// where three river provinces meet, as real rivers join. The river provinces on
// the sea also get a mouth (riverMouths in the layout) from the river network
// through the province to its shore.
const isSea = (i) => i >= 0 && regions[i].mask === 'sea';
const riverPairs = new Set([...borders.entries()].filter(([, info]) => info.kinds.includes('river')).map(([pair]) => pair));
const pairOf = (c) => (c.left < 0 || c.right < 0 ? null : [regions[c.left].id, regions[c.right].id].sort().join('-'));
const riverChain = (c) => riverPairs.has(pairOf(c));
/** A smooth path through points (Catmull-Rom as cubic Beziers), and points sampled along it. */
function smooth(pts) {
  const f = (v) => (Math.round(v * 10) / 10).toString();
  const segs = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const p0 = pts[Math.max(0, i - 1)];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[Math.min(pts.length - 1, i + 2)];
    segs.push([p1, [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6], [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6], p2]);
  }
  const d = `M${f(pts[0][0])} ${f(pts[0][1])}` + segs.map(([, c1, c2, p]) => `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p[0])} ${f(p[1])}`).join('');
  const sample = [];
  for (const [p1, c1, c2, p2] of segs) {
    for (let k = 0; k <= 8; k++) {
      const t = k / 8;
      const u = 1 - t;
      sample.push([0, 1].map((j) => u * u * u * p1[j] + 3 * u * u * t * c1[j] + 3 * u * t * t * c2[j] + t * t * t * p2[j]));
    }
  }
  return { d, sample };
}
const rivers = [];
const drawnPairs = new Set();
for (const c of chains) {
  if (!riverChain(c)) continue;
  drawnPairs.add(pairOf(c));
  // Simplify the traced border a little more so the river flows; it stays within a
  // couple of pixels of the border it replaces.
  const pts = c.points.length > 2 ? simplifyRing([...c.points, c.points[0]], 1.6).slice(0, -1) : c.points;
  const ends = c.closed ? [...pts, pts[0]] : pts;
  rivers.push({ id: `river-${pairOf(c)}-${rivers.length}`, d: smooth(ends.length >= 2 ? ends : c.points).d, width: 3.4 });
}
for (const pair of riverPairs) if (!drawnPairs.has(pair)) problems.push(`river border ${pair} has no shared boundary to draw`);
for (const [id, pts] of Object.entries(layout.riverMouths ?? {})) {
  const ri = indexOf.get(id);
  if (!regions[ri]?.tags?.includes('river-convoy')) problems.push(`river mouth for ${id}, which is not a river province`);
  const s = smooth(pts.map(toPx));
  // From the river network (on the province's edge) through the province into the sea.
  const inside = s.sample.slice(3, -3).map(regionAt);
  const strays = new Set(inside.filter((i) => i !== ri && !isSea(i)).map((i) => (i < 0 ? 'off the board' : regions[i].id)));
  if (strays.size) problems.push(`mouth of ${id} strays into ${[...strays].join(', ')}`);
  if (!isSea(regionAt(s.sample[s.sample.length - 1]))) problems.push(`mouth of ${id} does not reach the sea`);
  rivers.push({ id: `river-mouth-${id}`, d: s.d, width: 3.8 });
}

const CONTRACT = `
  Parley board art: Maharajah (India, 1501). Generated by
  render/tools/mapgen/maharajah.mjs from Natural Earth coastlines (public
  domain); regenerate rather than edit.

  Structure the renderer (crate render) relies on:
  - <g id="provinces"> holds exactly one element (path or g) per province,
    whose id is the province id from maps/maharajah/provinces.txt; the groups
    "seas" and "lands" inside it only organise them. No transforms.
  - Top-level elements up to and including "provinces" are drawn below the
    owners' colours; later ones ("rivers", "borders", "labels") are drawn
    above them.
  - "rivers" draws every river border of maps/maharajah/borders.txt (kind=river)
    as a river from one province into the other, and the mouths of the river
    provinces on the sea: fleets go up these rivers and convoy on them.
  - Ids starting with "impassable-" are decoration, not provinces.
  - <g id="anchors"> holds invisible points (circles with r="0"):
      unit-<province>          where a unit in the province stands
      sc-<province>            the supply-centre marker (centres only)
    and <rect id="legend"> is the box the legend is drawn in.
`;
if (problems.length) console.error(problems.join('\n'));
const svg = writeSvg({ W, H, regions, chains, anchors, layout, debug, project, contract: CONTRACT, rivers, drawnAsRiver: riverChain, riverLabels: (layout.riverLabels ?? []).map((l) => ({ ...l, ...(l.at ? { x: toPx(l.at)[0], y: toPx(l.at)[1] } : {}) })) });
if (problems.length && !debug && !args.includes('--force')) {
  console.error(`${problems.length} problem(s); not writing ${out} (use --debug to look anyway)`);
  process.exit(1);
}
fs.writeFileSync(out, svg);
console.error(`wrote ${out} (${svg.length} bytes)`);
