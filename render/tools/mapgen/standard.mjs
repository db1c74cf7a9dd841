// Generates maps/standard/map.svg.
//
// Usage (from this folder): npm install && node standard.mjs [out.svg] [--debug]
//
// Coastlines come from Natural Earth (public domain) via the world-atlas
// package. They are projected with a conic projection and then bent by a
// thin-plate spline so the board has the familiar Diplomacy proportions.
// Each land pixel belongs to the nearest land seed and each water pixel to the
// nearest sea seed, measured without leaving land or water (partition.mjs);
// the seeds are placed by hand in standard-layout.mjs. The script checks the
// drawn borders against maps/standard/borders.txt and the anchors against the
// provinces, and refuses to write a map that disagrees.

import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import { geoConicConformal } from 'd3-geo';
import * as layout from './standard-layout.mjs';
import { affineFit, thinPlateSpline, pathData, rasterise } from './geom.mjs';
import { partitionGrid, trace } from './partition.mjs';
import { readProvinces, readBorders } from './mapfiles.mjs';
import { placeAnchors } from './place.mjs';
import { writeSvg } from './svg.mjs';
import { landMask } from './land.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const args = process.argv.slice(2);
const debug = args.includes('--debug');
const out = args.find((a) => !a.startsWith('--')) ?? path.join(repo, 'maps/standard/map.svg');

const { width: W, height: H } = layout.canvas;
const provinces = readProvinces(path.join(repo, 'maps/standard/provinces.txt'));
const borders = readBorders(path.join(repo, 'maps/standard/borders.txt'));

// --- projection -------------------------------------------------------------
const conic = geoConicConformal().parallels([40, 62]).rotate([-14, 0]).scale(1000).translate([0, 0]);
const ctlSrc = layout.control.map(([ll]) => conic(ll));
const ctlDst = layout.control.map(([, xy]) => xy);
const affine = affineFit(ctlSrc, ctlDst);
const smoothing = Number(process.env.SMOOTH ?? 20000);
const warp = thinPlateSpline(ctlSrc.map(affine), ctlDst, smoothing);
const project = (ll) => warp(affine(conic(ll)));

// --- land mask ----------------------------------------------------------------
const land = landMask({ layout, project, W, H });

// --- partition ----------------------------------------------------------------
const regions = []; // {id, kind ('land'|'coast'|'sea'|'impassable'), mask ('land'|'sea'), seeds px}
for (const p of provinces) {
  const ll = [...(layout.seeds[p.id] ?? [])];
  if (layout.centres[p.id]) ll.unshift(layout.centres[p.id]);
  if (!ll.length) throw new Error(`no seeds for ${p.id}`);
  regions.push({ id: p.id, kind: p.kind, mask: p.kind === 'sea' ? 'sea' : 'land', seeds: ll.map((q) => (q.px ? q.px : project(q))), name: p.name, sc: p.sc, coasts: p.coasts });
}
for (const [id, imp] of Object.entries(layout.impassable)) {
  regions.push({ id, kind: 'impassable', mask: imp.kind, seeds: imp.seeds.map((q) => (q.px ? q.px : project(q))), name: imp.name });
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

// Board-resolution raster of region indices, for checks and placement.
const idRaster = new Int16Array(W * H);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) idRaster[y * W + x] = grid[(y * S + 1) * GW + x * S + 1];

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
  else if (n < 4 * S) problems.push(`border too short: ${pair} (${n} px)`);
}
for (const pair of borders.keys()) if (!seen.has(pair)) problems.push(`border missing: ${pair}`);
for (const r of regions) {
  if (r.kind === 'impassable') continue;
  if (!r.rings.length) problems.push(`no shape: ${r.id}`);
}

// --- anchors and output -----------------------------------------------------
const anchors = placeAnchors({ regions, idRaster, W, H, layout, project });
// Every anchor must sit in its own province (coast anchors may sit just off
// the coast, in the sea beside it).
regions.forEach((r, ri) => {
  const a = anchors[r.id];
  if (!a) return;
  const own = ([x, y]) => idRaster[Math.floor(y) * W + Math.floor(x)] === ri;
  if (!own(a.unit)) problems.push(`unit anchor outside ${r.id}`);
  if (a.sc && !own(a.sc)) problems.push(`centre anchor outside ${r.id}`);
  for (const [c, p] of Object.entries(a.coasts)) {
    let near = false;
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) near ||= own([p[0] + dx, p[1] + dy]);
    if (!near) problems.push(`coast anchor ${r.id}/${c} is not on ${r.id}`);
  }
});
if (problems.length) console.error(problems.join('\n'));
const svg = writeSvg({ W, H, regions, chains, anchors, layout, debug, project });
if (problems.length && !debug && !args.includes('--force')) {
  console.error(`${problems.length} problem(s); not writing ${out} (use --debug to look anyway)`);
  process.exit(1);
}
fs.writeFileSync(out, svg);
console.error(`wrote ${out} (${svg.length} bytes)`);
