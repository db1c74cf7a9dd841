// Splits the board into provinces on a fine raster and turns the result back
// into shared, simplified outlines.
//
// Each seed claims the pixels it reaches first, moving only over its own
// medium (land seeds over land, sea seeds over water). Distances measured
// that way keep a sea from reaching round a peninsula into the next bay and a
// land province from jumping a strait. The raster is then traced into chains
// between junctions; each chain is simplified once and used by both
// provinces on its sides, so neighbours always meet exactly.

import { simplifyRing } from './geom.mjs';

class BucketQueue {
  constructor() {
    this.buckets = [];
    this.cur = 0;
    this.size = 0;
  }
  push(d, v) {
    (this.buckets[d] ??= []).push(v);
    this.size++;
  }
  pop() {
    while (!this.buckets[this.cur] || this.buckets[this.cur].length === 0) this.cur++;
    this.size--;
    return [this.cur, this.buckets[this.cur].pop()];
  }
}

/**
 * Multi-source shortest paths on the grid (8-neighbour, costs 10 and 14).
 * `sources` are [pixel, label, start distance]; `passable(k)` says whether
 * pixel k may be entered. `labels` is filled in place for every pixel reached.
 */
function grow(GW, GH, labels, sources, passable) {
  const dist = new Int32Array(GW * GH).fill(0x7fffffff);
  const q = new BucketQueue();
  for (const [k, label, start] of sources) {
    if (start < dist[k]) {
      dist[k] = start;
      labels[k] = label;
      q.push(start, k);
    }
  }
  const steps = [
    [1, 0, 10], [-1, 0, 10], [0, 1, 10], [0, -1, 10],
    [1, 1, 14], [1, -1, 14], [-1, 1, 14], [-1, -1, 14],
  ];
  while (q.size) {
    const [d, k] = q.pop();
    if (d !== dist[k]) continue;
    const x = k % GW;
    const y = (k - x) / GW;
    for (const [dx, dy, c] of steps) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= GW || ny >= GH) continue;
      const nk = ny * GW + nx;
      if (!passable(nk)) continue;
      const nd = d + c;
      if (nd < dist[nk]) {
        dist[nk] = nd;
        labels[nk] = labels[k];
        q.push(nd, nk);
      }
    }
  }
  return dist;
}

/**
 * regions: [{mask: 'land'|'sea', seeds: [[x, y], ...] (canvas px), weight?}];
 * a region's weight (px) starts its seeds that much behind the others, so it
 * can be shrunk a little without moving seeds.
 * landGrid: Uint8Array GW*GH, 1 for land.
 * fixed (optional): Int16Array GW*GH of region indices given in advance (-1 for
 * none); those pixels keep their region and no seed grows through them (the
 * High Ocean Box's drawn boxes).
 * Returns Int16Array of region indices per grid pixel.
 */
export function partitionGrid(regions, landGrid, GW, GH, S, fixed = null) {
  const labels = new Int16Array(GW * GH).fill(-1);
  const free = fixed ? (k) => fixed[k] < 0 : () => true;
  if (fixed) for (let k = 0; k < GW * GH; k++) if (fixed[k] >= 0) labels[k] = fixed[k];
  for (const medium of ['land', 'sea']) {
    const want = medium === 'land' ? 1 : 0;
    const sources = [];
    regions.forEach((r, ri) => {
      if (r.mask !== medium) return;
      for (const [n, [sx, sy]] of r.seeds.entries()) {
        const x = Math.floor(sx * S);
        const y = Math.floor(sy * S);
        if (x < 0 || y < 0 || x >= GW || y >= GH) continue;
        const k = y * GW + x;
        if (landGrid[k] !== want || !free(k)) {
          console.error(`seed ${n} of ${r.id} at ${sx.toFixed(1)},${sy.toFixed(1)} is not on ${medium}; skipped`);
          continue;
        }
        sources.push([k, ri, Math.round((r.weight ?? 0) * 10 * S)]);
      }
    });
    grow(GW, GH, labels, sources, (k) => landGrid[k] === want && free(k));
  }
  // Water no sea seed reached is a lake: it becomes part of the land around
  // it. Land no land seed reached (small islands) goes to the nearest land
  // province across the water.
  const sources = [];
  for (let k = 0; k < GW * GH; k++) {
    if (labels[k] >= 0 && landGrid[k] === 1 && free(k)) sources.push([k, labels[k], 0]);
  }
  const island = new Int16Array(GW * GH).fill(-1);
  grow(GW, GH, island, sources, free);
  // Each island goes whole to the province most of it is nearest to.
  for (let k0 = 0; k0 < GW * GH; k0++) {
    if (labels[k0] >= 0) continue;
    const comp = [k0];
    labels[k0] = -2;
    for (let n = 0; n < comp.length; n++) {
      const k = comp[n];
      const x = k % GW;
      for (const nk of [k - 1, k + 1, k - GW, k + GW]) {
        if (nk < 0 || nk >= GW * GH || labels[nk] !== -1) continue;
        if ((nk === k - 1 && x === 0) || (nk === k + 1 && x === GW - 1)) continue;
        labels[nk] = -2;
        comp.push(nk);
      }
    }
    const votes = new Map();
    for (const k of comp) votes.set(island[k], (votes.get(island[k]) ?? 0) + 1);
    const winner = [...votes].sort((a, b) => b[1] - a[1])[0][0];
    for (const k of comp) labels[k] = winner;
  }
  return labels;
}

/**
 * Traces region outlines. Returns {chains, rings}: chains are
 * {left, right, points} in canvas px (region index on each side, -1 outside),
 * rings[regionIndex] is a list of closed rings for that region.
 */
export function trace(labels, GW, GH, S, tolerance) {
  const CW = GW + 1;
  const lab = (x, y) => (x < 0 || y < 0 || x >= GW || y >= GH ? -1 : labels[y * GW + x]);
  // Edges: horizontal h(i,j) from corner (i,j) to (i+1,j); vertical v(i,j) from (i,j) to (i,j+1).
  const hEdge = (i, j) => lab(i, j - 1) !== lab(i, j);
  const vEdge = (i, j) => lab(i - 1, j) !== lab(i, j);
  const hSeen = new Uint8Array(CW * (GH + 1));
  const vSeen = new Uint8Array(CW * (GH + 1));
  const isJunction = (i, j) => {
    const s = new Set([lab(i - 1, j - 1), lab(i, j - 1), lab(i - 1, j), lab(i, j)]);
    if (s.size >= 3) return true;
    if (s.size === 2) {
      // A checkerboard corner: two regions touch only diagonally.
      return lab(i - 1, j - 1) === lab(i, j) && lab(i, j - 1) === lab(i - 1, j);
    }
    return false;
  };
  // Incident edges of a corner as [kind, i, j, toI, toJ, left, right] for travel away from it.
  const incident = (i, j) => {
    const out = [];
    if (i < GW && hEdge(i, j)) out.push(['h', i, j, i + 1, j, lab(i, j - 1), lab(i, j)]);
    if (i > 0 && hEdge(i - 1, j)) out.push(['h', i - 1, j, i - 1, j, lab(i - 1, j), lab(i - 1, j - 1)]);
    if (j < GH && vEdge(i, j)) out.push(['v', i, j, i, j + 1, lab(i, j), lab(i - 1, j)]);
    if (j > 0 && vEdge(i, j - 1)) out.push(['v', i, j - 1, i, j - 1, lab(i - 1, j - 1), lab(i, j - 1)]);
    return out;
  };
  const seen = (e) => (e[0] === 'h' ? hSeen : vSeen)[e[2] * CW + e[1]];
  const mark = (e) => {
    (e[0] === 'h' ? hSeen : vSeen)[e[2] * CW + e[1]] = 1;
  };

  const chains = [];
  const walk = (i0, j0, first, stopAtStart) => {
    const pts = [[i0, j0]];
    let e = first;
    const left = e[5];
    const right = e[6];
    for (;;) {
      mark(e);
      const [ni, nj] = [e[3], e[4]];
      pts.push([ni, nj]);
      if ((stopAtStart && ni === i0 && nj === j0) || (!stopAtStart && isJunction(ni, nj))) break;
      const next = incident(ni, nj).filter((c) => !seen(c));
      if (next.length === 0) break;
      e = next[0];
    }
    chains.push({ left, right, points: pts });
  };
  for (let j = 0; j <= GH; j++) {
    for (let i = 0; i <= GW; i++) {
      if (!isJunction(i, j)) continue;
      for (const e of incident(i, j)) if (!seen(e)) walk(i, j, e, false);
    }
  }
  // What is left are closed loops with no junction, e.g. an island coast.
  for (let j = 0; j <= GH; j++) {
    for (let i = 0; i < GW; i++) {
      if (hEdge(i, j) && !hSeen[j * CW + i]) walk(i, j, ['h', i, j, i + 1, j, lab(i, j - 1), lab(i, j)], true);
    }
  }

  for (const c of chains) {
    const closed = c.points[0][0] === c.points[c.points.length - 1][0] && c.points[0][1] === c.points[c.points.length - 1][1];
    let pts = dropCollinear(c.points, closed);
    pts = closed ? simplifyRing(pts, tolerance * S) : simplifyOpen(pts, tolerance * S);
    c.points = pts.map(([x, y]) => [x / S, y / S]);
    c.closed = closed;
  }

  // Rings per region: chains oriented with the region on their left, joined end to start.
  const rings = new Map();
  const byRegion = new Map();
  for (const c of chains) {
    for (const [reg, pts] of [[c.left, c.points], [c.right, [...c.points].reverse()]]) {
      if (reg < 0) continue;
      if (!byRegion.has(reg)) byRegion.set(reg, []);
      byRegion.get(reg).push(pts);
    }
  }
  const key = (p) => `${p[0]},${p[1]}`;
  for (const [reg, list] of byRegion) {
    const starts = new Map();
    list.forEach((pts, n) => {
      const k = key(pts[0]);
      if (!starts.has(k)) starts.set(k, []);
      starts.get(k).push(n);
    });
    const used = new Uint8Array(list.length);
    const out = [];
    for (let n = 0; n < list.length; n++) {
      if (used[n]) continue;
      used[n] = 1;
      const ring = [...list[n]];
      const startKey = key(ring[0]);
      while (key(ring[ring.length - 1]) !== startKey) {
        const cand = (starts.get(key(ring[ring.length - 1])) ?? []).find((m) => !used[m]);
        if (cand === undefined) throw new Error(`open outline for region ${reg}`);
        used[cand] = 1;
        ring.push(...list[cand].slice(1));
      }
      out.push(ring);
    }
    rings.set(reg, out);
  }
  return { chains, rings };
}

function dropCollinear(pts, closed) {
  const out = [pts[0]];
  for (let n = 1; n < pts.length - 1; n++) {
    const a = out[out.length - 1];
    const b = pts[n];
    const c = pts[n + 1];
    if ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) !== 0) out.push(b);
  }
  out.push(pts[pts.length - 1]);
  return closed && out.length < 4 ? pts : out;
}

function simplifyOpen(pts, tol) {
  if (pts.length <= 2) return pts;
  const keep = new Array(pts.length).fill(false);
  keep[0] = keep[pts.length - 1] = true;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    let best = -1;
    let bestD = tol * tol;
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    for (let n = a + 1; n < b; n++) {
      const [px, py] = pts[n];
      let t = len2 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
      t = Math.max(0, Math.min(1, t));
      const d = (ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2;
      if (d > bestD) {
        bestD = d;
        best = n;
      }
    }
    if (best >= 0) {
      keep[best] = true;
      stack.push([a, best], [best, b]);
    }
  }
  return pts.filter((_, n) => keep[n]);
}
