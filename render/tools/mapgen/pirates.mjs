// Generates maps/pirates/map.svg: the Caribbean in 1680 (Pirates of the Caribbean).
//
// Usage (from this folder): npm install && node pirates.mjs [out.svg] [--debug]
//
// The pipeline of maharajah.mjs (Natural Earth land, partition from hand-placed
// seeds, traced shared outlines, placement, border check), with four changes
// the Caribbean needs:
// - The projection is separable (x from longitude, y from latitude, each a
//   smooth monotone curve through `lonKnots`/`latKnots`), which cannot fold and
//   gives the Lesser Antilles and the Spanish Main twice the room of the rest.
// - Island spaces (terrain `island`) are far too small at board scale. Each is
//   drawn from its real coastline scaled up about its own middle, moved to
//   where `islands` in the layout puts it, thickened and filled out to a
//   minimum ellipse, so it holds a unit, its centre marker and reads as its
//   island. Their real land, and the islets that are no province, are left out
//   of the mainland mask.
// - Landbridges (kind=landbridge) join an island space to a neighbour across
//   water. The two shapes must not touch (a shared boundary would read as an
//   ordinary border); instead each landbridge is drawn as a plank bridge
//   across the narrowest gap between them, in <g id="landbridges">. The
//   border check takes the causeway as the drawn border.
// - Rivers (kind=river) run through the provinces they join, as the real
//   Mississippi and Orinoco do: each river border is a river path from one
//   province across the border into the other, checked to stay in the two; the
//   river provinces on the sea get a mouth.

import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import * as topojson from 'topojson-client';
import * as layout from './pirates-layout.mjs';
import { rasterise, polygonArea, ringArea, pathData } from './geom.mjs';
import { partitionGrid, trace } from './partition.mjs';
import { readProvinces, readBorders } from './mapfiles.mjs';
import { placeAnchors } from './place.mjs';
import { writeSvg } from './svg.mjs';
import { landMask } from './land.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const args = process.argv.slice(2);
const debug = args.includes('--debug');
const out = args.find((a) => !a.startsWith('--')) ?? path.join(repo, 'maps/pirates/map.svg');

const { width: W, height: H } = layout.canvas;
const provinces = readProvinces(path.join(repo, 'maps/pirates/provinces.txt'));
const borders = readBorders(path.join(repo, 'maps/pirates/borders.txt'));
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
const project = ([lon, lat]) => [fx(lon), fy(lat)];
const toPx = (q) => (q.px ? q.px : project(q));

// --- land -----------------------------------------------------------------------
// The mainland and the four big islands: Natural Earth land less the island
// spaces' own land and the islets that are no province.
for (const p of provinces) if (p.kind === 'island' && !layout.islands[p.id]) throw new Error(`no island layout for ${p.id}`);
// Drawn enlarged: every island space, and Jamaica and Porto Rico (coast).
const islandIds = Object.keys(layout.islands);
const inBox = ([x, y], [x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const centroid = (ring) => {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += f;
    cx += (ring[j][0] + ring[i][0]) * f;
    cy += (ring[j][1] + ring[i][1]) * f;
  }
  return a === 0 ? ring[0] : [cx / (3 * a), cy / (3 * a)];
};
const islandBoxesPx = islandIds.flatMap((id) =>
  layout.islands[id].boxes.map(([x0, y0, x1, y1]) => {
    const [a, b] = [project([x0, y0]), project([x1, y1])];
    return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
  }),
);
const land = landMask({ layout, project, W, H }).filter((poly) => polygonArea(poly) >= layout.minLand && !islandBoxesPx.some((b) => inBox(centroid(poly[0]), b)));

const S = 2; // raster cells per board pixel
const GW = W * S;
const GH = H * S;
const landGrid = rasterise(land.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x * S, y * S]))), GW, GH);

// Island spaces, drawn into the land grid.
const topo = JSON.parse(fs.readFileSync(path.join(here, 'node_modules/world-atlas/land-50m.json')));
const world = topojson.feature(topo, topo.objects.land);
const worldPolys = (world.features ?? [world]).flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates));
const islandShape = {}; // id -> {at, cells: Set of grid indices}
for (const id of islandIds) {
  const def = layout.islands[id];
  const polys = worldPolys.filter((poly) => def.boxes.some((b) => inBox(centroid(poly[0]), b)));
  // An island with no boxes is drawn as its ellipse alone (Natural Earth at 1:50m lacks it).
  if (!polys.length && def.boxes.length) problems.push(`no Natural Earth land for island ${id}`);
  // The middle of the group, area-weighted.
  let A = 0;
  let cx = 0;
  let cy = 0;
  for (const poly of polys) {
    const a = Math.abs(ringArea(poly[0]));
    const c = centroid(poly[0]);
    A += a;
    cx += c[0] * a;
    cy += c[1] * a;
  }
  const mid = A ? [cx / A, cy / A] : [0, 0];
  if (!A && !def.at) throw new Error(`island ${id} needs boxes or at`);
  const at = def.at ? toPx(def.at) : project(mid);
  if (process.env.ISLANDS) console.error(`${id} real ${project(mid).map((v) => v.toFixed(0))} at ${at.map((v) => v.toFixed(0))}`);
  const k = 30 * (def.scale ?? 3); // px per degree of latitude
  const kx = k * Math.cos((mid[1] * Math.PI) / 180);
  const rot = ((def.rotate ?? 0) * Math.PI) / 180;
  const place = ([lon, lat]) => {
    const dx = (lon - mid[0]) * kx;
    const dy = -(lat - mid[1]) * k;
    return [(at[0] + dx * Math.cos(rot) - dy * Math.sin(rot)) * S, (at[1] + dx * Math.sin(rot) + dy * Math.cos(rot)) * S];
  };
  const shape = rasterise(polys.map((poly) => poly.map((ring) => ring.map(place))), GW, GH);
  const grow = (def.grow ?? 4) * S;
  const sc = provinces.find((p) => p.id === id).sc;
  const [rx, ry] = (def.min ?? (sc ? [28, 19] : [19, 17])).map((v) => v * S);
  const cells = new Set();
  const x0 = Math.max(0, Math.floor(at[0] * S - 200 * S));
  const x1 = Math.min(GW, Math.ceil(at[0] * S + 200 * S));
  const y0 = Math.max(0, Math.floor(at[1] * S - 200 * S));
  const y1 = Math.min(GH, Math.ceil(at[1] * S + 200 * S));
  const g2 = grow * grow;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!shape[y * GW + x]) continue;
      for (let dy = -grow; dy <= grow; dy++) {
        for (let dx = -grow; dx <= grow; dx++) {
          if (dx * dx + dy * dy > g2) continue;
          const X = x + dx;
          const Y = y + dy;
          if (X >= 0 && Y >= 0 && X < GW && Y < GH) cells.add(Y * GW + X);
        }
      }
    }
  }
  if (rx > 0) {
    for (let y = Math.floor(at[1] * S - ry); y <= at[1] * S + ry; y++) {
      for (let x = Math.floor(at[0] * S - rx); x <= at[0] * S + rx; x++) {
        const u = (x + 0.5 - at[0] * S) / rx;
        const v = (y + 0.5 - at[1] * S) / ry;
        if (u * u + v * v <= 1 && x >= 0 && y >= 0 && x < GW && y < GH) cells.add(y * GW + x);
      }
    }
  }
  for (const c of cells) {
    if (landGrid[c]) {
      problems.push(`island ${id} runs into other land at ${((c % GW) / S).toFixed(0)},${(Math.floor(c / GW) / S).toFixed(0)}`);
      break;
    }
  }
  for (const c of cells) landGrid[c] = 1;
  islandShape[id] = { at, cells };
}

// --- partition ----------------------------------------------------------------
const regions = []; // {id, kind, mask ('land'|'sea'), seeds px, tags}
for (const p of provinces) {
  const ll = [...(layout.seeds[p.id] ?? [])].map(toPx);
  if (islandShape[p.id]) ll.unshift(islandShape[p.id].at);
  if (!ll.length) throw new Error(`no seeds for ${p.id}`);
  regions.push({ id: p.id, kind: p.kind, mask: p.kind === 'sea' ? 'sea' : 'land', seeds: ll, name: p.name, sc: p.sc, coasts: p.coasts, tags: p.tags, weight: layout.weights?.[p.id] });
}
for (const [id, imp] of Object.entries(layout.impassable)) {
  regions.push({ id, kind: 'impassable', mask: imp.kind, seeds: imp.seeds.map(toPx), name: imp.name });
}
const grid = partitionGrid(regions, landGrid, GW, GH, S);
const { chains, rings } = trace(grid, GW, GH, S, Number(process.env.TOL ?? 0.7));
regions.forEach((r, ri) => {
  r.rings = rings.get(ri) ?? [];
});
const indexOf = new Map(regions.map((r, i) => [r.id, i]));
// Every cell of an island's drawing must have gone to the island.
for (const id of islandIds) {
  const ri = indexOf.get(id);
  let stray = 0;
  for (const c of islandShape[id].cells) if (grid[c] !== ri) stray++;
  if (stray) problems.push(`island ${id}: ${stray} cells of its drawing went to another province`);
}

// Board-resolution raster of region indices, for checks and placement.
const idRaster = new Int16Array(W * H);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) idRaster[y * W + x] = grid[(y * S + 1) * GW + x * S + 1];
const regionAt = ([x, y]) => {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  return xi < 0 || yi < 0 || xi >= W || yi >= H ? -1 : idRaster[yi * W + xi];
};
const isSea = (i) => i >= 0 && regions[i].mask === 'sea';
// PROBE="x,y x,y": which province holds each point (for tuning seeds).
for (const p of (process.env.PROBE ?? '').split(' ').filter(Boolean)) console.error(`probe ${p}: ${regions[regionAt(p.split(',').map(Number))]?.id ?? 'none'}`);

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
const isBridge = (pair) => borders.get(pair)?.kinds.includes('landbridge');
for (const [key, n] of touch) {
  const [a, b] = key.split('|').map(Number);
  const ra = regions[a];
  const rb = regions[b];
  if (ra.kind === 'impassable' || rb.kind === 'impassable') continue;
  const pair = [ra.id, rb.id].sort().join('-');
  seen.add(pair);
  const at = where.get(key).map((v) => v.toFixed(0)).join(',');
  if (!borders.has(pair)) problems.push(`drawn but not a border: ${pair} (${n} px at ${at})`);
  else if (isBridge(pair)) problems.push(`landbridge ${pair} is drawn as a shared boundary (${n} px at ${at}); the two must not touch`);
  else if (n < 6 * S) problems.push(`border too short: ${pair} (${n} px at ${at})`);
}
// A landbridge crosses water: it is drawn as a causeway (below), not as touching.
for (const pair of borders.keys()) if (!seen.has(pair) && !isBridge(pair)) problems.push(`border missing: ${pair}`);
for (const r of regions) {
  if (r.kind === 'impassable') continue;
  if (!r.rings.length) problems.push(`no shape: ${r.id}`);
}

// --- landbridges --------------------------------------------------------------
// Each is a causeway across the narrowest water between the two shapes (or
// between the ends `layout.landbridges` gives), reaching a little way into both.
const edgePixels = (ri) => {
  const out = [];
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const k = y * W + x;
      if (idRaster[k] !== ri) continue;
      if (idRaster[k - 1] !== ri || idRaster[k + 1] !== ri || idRaster[k - W] !== ri || idRaster[k + W] !== ri) out.push([x + 0.5, y + 0.5]);
    }
  }
  return out;
};
const landbridges = [];
for (const [pair, info] of borders) {
  if (!info.kinds.includes('landbridge')) continue;
  const [a, b] = pair.split('-');
  const ia = indexOf.get(a);
  const ib = indexOf.get(b);
  let ends = layout.landbridges?.[pair]?.map(toPx);
  if (!ends) {
    const ea = edgePixels(ia);
    const eb = edgePixels(ib);
    let best = Infinity;
    for (const p of ea) {
      for (const q of eb) {
        const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
        if (d < best) {
          best = d;
          ends = [p, q];
        }
      }
    }
    if (!ends) {
      problems.push(`landbridge ${pair}: a province has no shape`);
      continue;
    }
    // Into each shape by up to 6 px, so the causeway visibly lands on both.
    const [p, q] = ends;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const u = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    const into = (o, dir, ri) => {
      for (let k = 6; k > 1; k--) {
        const e = [o[0] + dir * k * u[0], o[1] + dir * k * u[1]];
        const firm = [[0, 0], [1.5, 0], [-1.5, 0], [0, 1.5], [0, -1.5]].every(([dx, dy]) => regionAt([e[0] + dx, e[1] + dy]) === ri);
        if (firm) return e;
      }
      return o;
    };
    ends = [into(p, -1, ia), into(q, 1, ib)];
  }
  const [p, q] = ends;
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const crossed = new Set();
  for (let t = 0; t <= 1; t += 0.5 / Math.max(len, 1)) crossed.add(regionAt([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]));
  const strays = [...crossed].filter((i) => i !== ia && i !== ib && !isSea(i)).map((i) => (i < 0 ? 'off the board' : regions[i].id));
  if (strays.length) problems.push(`landbridge ${pair} crosses ${strays.join(', ')}`);
  if (regionAt(p) !== ia || regionAt(q) !== ib) problems.push(`landbridge ${pair} does not start in ${a} and end in ${b}`);
  if (len > (layout.maxBridge ?? 70)) problems.push(`landbridge ${pair} is ${len.toFixed(0)} px long`);
  landbridges.push({ id: `landbridge-${pair}`, ends: [p, q] });
}

// --- anchors ------------------------------------------------------------------
// Islands: the unit at the middle of the drawing (left of it when there is a
// centre marker to its right), the centre marker beside it, the label in the
// water next to the island where it clears everything else. Everything else is
// placed by place.mjs.
const over = structuredClone(layout.anchors ?? {});
const discs = [];
const boxes = [];
const causeways = []; // points along each causeway, [x, y, r]
const L = layout.legend;
boxes.push([L.x, L.y, L.x + L.width, L.y + L.height]);
for (const id of islandIds) {
  const r = regions[indexOf.get(id)];
  const o = (over[id] ??= {});
  const at = islandShape[id].at;
  const off = layout.islands[id].unit ?? (r.sc ? [-16, 0] : [0, 0]);
  o.unit ??= { px: [at[0] + off[0], at[1] + off[1]] };
  if (r.sc) {
    const so = layout.islands[id].sc ?? [18, 0];
    o.sc ??= { px: [at[0] + so[0], at[1] + so[1]] };
  }
  // What the unit symbol (army or fleet) and the centre marker cover (layout.room).
  const [ux, uy] = toPx(o.unit);
  const [x0, y0, x1, y1] = layout.room.unit;
  boxes.push([ux + x0, uy + y0, ux + x1, uy + y1]);
  if (o.sc) discs.push([...toPx(o.sc), layout.room.sc]);
}
// Units the layout places by hand elsewhere (sea units among the islands).
for (const [id, o] of Object.entries(over)) {
  if (islandShape[id] || !o.unit) continue;
  const [ux, uy] = toPx(o.unit);
  const [x0, y0, x1, y1] = layout.room.unit;
  boxes.push([ux + x0, uy + y0, ux + x1, uy + y1]);
}
for (const lb of landbridges) {
  const [p, q] = lb.ends;
  for (let t = 0; t <= 1; t += 0.1) causeways.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, 3]);
}
const CHAR_W = 11;
const LABEL_H = 16;
for (const id of islandIds) {
  const o = over[id];
  if (o.label) {
    const [x, y] = toPx(o.label);
    const hw = (id.length * CHAR_W) / 2 + 1;
    boxes.push([x - hw, y - LABEL_H / 2, x + hw, y + LABEL_H / 2]);
  }
}
for (const id of islandIds) {
  const o = over[id];
  if (o.label) continue;
  const ri = indexOf.get(id);
  const at = islandShape[id].at;
  const hw = (id.length * CHAR_W) / 2 + 1;
  const hh = LABEL_H / 2;
  let best = null;
  let bestScore = Infinity;
  for (let dy = -60; dy <= 60; dy += 2) {
    for (let dx = -70; dx <= 70; dx += 2) {
      const x = at[0] + dx;
      const y = at[1] + dy;
      const box = [x - hw, y - hh, x + hw, y + hh];
      if (box[0] < 2 || box[1] < 2 || box[2] > W - 2 || box[3] > H - 2) continue;
      let bad = false;
      let own = 0;
      for (let yy = box[1]; yy <= box[3] && !bad; yy += 2) {
        for (let xx = box[0]; xx <= box[2]; xx += 2) {
          const i = regionAt([xx, yy]);
          if (i === ri) own++;
          else if (!isSea(i)) {
            bad = true;
            break;
          }
        }
      }
      if (bad) continue;
      for (const [cx, cy, cr] of [...discs, ...causeways]) {
        const ddx = Math.max(box[0] - cx, 0, cx - box[2]);
        const ddy = Math.max(box[1] - cy, 0, cy - box[3]);
        if (ddx * ddx + ddy * ddy < cr * cr) {
          bad = true;
          break;
        }
      }
      if (bad) continue;
      for (const b of boxes) if (box[2] > b[0] && box[0] < b[2] && box[3] > b[1] && box[1] < b[3]) bad = true;
      if (bad) continue;
      const score = Math.hypot(dx, dy * 1.4) + own * 3 + (dy < 0 ? 3 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = [x, y];
      }
    }
  }
  if (!best) {
    problems.push(`no room for the label of ${id}`);
    best = [at[0], at[1] + 30];
  }
  o.label = { px: best };
  boxes.push([best[0] - hw, best[1] - hh, best[0] + hw, best[1] + hh]);
}
// A province with no shape (a problem reported above) gets its anchor at its seed, so
// the debug drawing can still be made.
for (const r of regions) if (r.kind !== 'impassable' && !r.rings.length) (over[r.id] ??= {}).unit = { px: r.seeds[0] };
// Units are drawn towards each province's first seed.
const centres = Object.fromEntries(regions.filter((r) => r.seeds.length).map((r) => [r.id, { px: r.seeds[0] }]));
// Markers and names on the mainland keep clear of the causeways and the islands' names too.
const anchors = placeAnchors({ regions, idRaster, W, H, layout: { ...layout, anchors: over, centres }, project, obstacles: causeways, obstacleBoxes: boxes });
regions.forEach((r, ri) => {
  const a = anchors[r.id];
  if (!a) return;
  const own = (p) => regionAt(p) === ri;
  if (!own(a.unit)) problems.push(`unit anchor outside ${r.id}`);
  if (a.sc && !own(a.sc)) problems.push(`centre anchor outside ${r.id}`);
});

// --- rivers -------------------------------------------------------------------
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
    for (let k = 0; k <= 16; k++) {
      const t = k / 16;
      const u = 1 - t;
      sample.push([0, 1].map((j) => u * u * u * p1[j] + 3 * u * u * t * c1[j] + 3 * u * t * t * c2[j] + t * t * t * p2[j]));
    }
  }
  return { d, sample };
}
const rivers = [];
const riverPairs = [...borders.entries()].filter(([, info]) => info.kinds.includes('river')).map(([pair]) => pair);
for (const pair of riverPairs) {
  const pts = layout.rivers?.[pair];
  if (!pts) {
    problems.push(`river border ${pair} has no river in the layout`);
    continue;
  }
  const [a, b] = pair.split('-').map((id) => indexOf.get(id));
  const s = smooth(pts.map(toPx));
  const on = new Set(s.sample.map(regionAt));
  const strays = [...on].filter((i) => i !== a && i !== b).map((i) => (i < 0 ? 'off the board' : regions[i].id));
  if (strays.length) problems.push(`river ${pair} strays into ${strays.join(', ')}`);
  if (!on.has(a) || !on.has(b)) problems.push(`river ${pair} does not run through both provinces`);
  rivers.push({ id: `river-${pair}-0`, d: s.d, width: 3.4 });
}
for (const [id, pts] of Object.entries(layout.riverMouths ?? {})) {
  const ri = indexOf.get(id);
  if (!regions[ri]?.tags?.includes('river-convoy')) problems.push(`river mouth for ${id}, which is not a river province`);
  const s = smooth(pts.map(toPx));
  const inside = s.sample.slice(0, -3).map(regionAt);
  const strays = new Set(inside.filter((i) => i !== ri && !isSea(i)).map((i) => (i < 0 ? 'off the board' : regions[i].id)));
  if (strays.size) problems.push(`mouth of ${id} strays into ${[...strays].join(', ')}`);
  const end = s.sample[s.sample.length - 1];
  if (!isSea(regionAt(end))) problems.push(`mouth of ${id} does not reach the sea (ends at ${end.map((v) => v.toFixed(0))})`);
  rivers.push({ id: `river-mouth-${id}`, d: s.d, width: 3.8 });
}

const CONTRACT = `
  Parley board art: Pirates of the Caribbean (the Caribbean, 1680). Generated
  by render/tools/mapgen/pirates.mjs from Natural Earth coastlines (public
  domain); regenerate rather than edit.

  Structure the renderer (crate render) relies on:
  - <g id="provinces"> holds exactly one element (path or g) per province,
    whose id is the province id from maps/pirates/provinces.txt; the groups
    "seas" and "lands" inside it only organise them. No transforms.
  - Top-level elements up to and including "provinces" are drawn below the
    owners' colours; later ones ("borders", "landbridges", "rivers",
    "labels") are drawn above them.
  - Island spaces are drawn enlarged, away from their real neighbours.
    "landbridges" draws every landbridge of maps/pirates/borders.txt
    (kind=landbridge) as a plank bridge landbridge-<a>-<b> between the two
    provinces, and no other.
  - "rivers" draws every river border (kind=river) as a river river-<a>-<b>-0
    running from one province into the other, and the mouths of the river
    provinces on the sea (river-mouth-<province>).
  - Ids starting with "impassable-" are decoration, not provinces.
  - <g id="anchors"> holds invisible points (circles with r="0"):
      unit-<province>          where a unit in the province stands
      sc-<province>            the supply-centre marker (centres only)
    and <rect id="legend"> is the box the legend is drawn in.
`;
if (problems.length) console.error(problems.join('\n'));
let svg = writeSvg({
  W,
  H,
  regions,
  chains,
  anchors,
  layout,
  debug,
  project,
  contract: CONTRACT,
  rivers,
  landbridges,
  riverLabels: (layout.riverLabels ?? []).map((l) => ({ ...l, ...(l.at ? { x: toPx(l.at)[0], y: toPx(l.at)[1] } : {}) })),
});
// Water that is no province (the Pacific) is shaded grey over its waves and named, so
// it cannot be taken for a sea fleets may enter. Nothing owns it, so it may sit above
// the owners' colours.
const shades = regions
  .filter((r) => r.kind === 'impassable' && layout.impassable[r.id].label)
  .map((r) => {
    const { label } = layout.impassable[r.id];
    const [x, y] = toPx(label.at);
    return (
      `<path id="${r.id}-shade" fill="#8d9aa3" fill-opacity="0.55" d="${pathData([r.rings])}"/>` +
      `<text x="${x.toFixed(0)}" y="${y.toFixed(0)}" transform="rotate(${label.angle ?? 0} ${x.toFixed(0)} ${y.toFixed(0)})" font-family="DejaVu Sans" font-size="15" font-style="italic" text-anchor="middle" fill="#4a555c">${label.text}</text>`
    );
  });
if (shades.length) svg = svg.replace('<g id="borders"', `<g id="impassable-shading">\n${shades.join('\n')}\n</g>\n<g id="borders"`);
if (problems.length && !debug && !args.includes('--force')) {
  console.error(`${problems.length} problem(s); not writing ${out} (use --debug to look anyway)`);
  process.exit(1);
}
fs.writeFileSync(out, svg);
console.error(`wrote ${out} (${svg.length} bytes)`);
