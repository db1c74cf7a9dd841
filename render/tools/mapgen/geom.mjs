// Small geometry helpers for the map generator: linear solve, thin-plate
// spline warp, polygon simplification and area, SVG path output.

/** Solves A x = b by Gaussian elimination with partial pivoting. */
export function solve(A, b) {
  const n = A.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      if (f === 0) continue;
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

/** Least-squares affine map from src points to dst points. */
export function affineFit(src, dst) {
  const AtA = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const Atx = [0, 0, 0];
  const Aty = [0, 0, 0];
  src.forEach((p, i) => {
    const v = [p[0], p[1], 1];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) AtA[a][b] += v[a] * v[b];
      Atx[a] += v[a] * dst[i][0];
      Aty[a] += v[a] * dst[i][1];
    }
  });
  const ax = solve(AtA, Atx);
  const ay = solve(AtA, Aty);
  return (p) => [ax[0] * p[0] + ax[1] * p[1] + ax[2], ay[0] * p[0] + ay[1] * p[1] + ay[2]];
}

/**
 * Regularised thin-plate spline through control points. A larger `smoothing`
 * trades exactness at the control points for a gentler warp, which keeps the
 * coastlines from folding over themselves.
 */
export function thinPlateSpline(src, dst, smoothing) {
  const n = src.length;
  const U = (r) => (r <= 0 ? 0 : r * r * Math.log(r));
  const L = Array.from({ length: n + 3 }, () => Array(n + 3).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) L[i][j] = U(Math.hypot(src[i][0] - src[j][0], src[i][1] - src[j][1]));
    L[i][i] += smoothing;
    L[i][n] = 1;
    L[i][n + 1] = src[i][0];
    L[i][n + 2] = src[i][1];
    L[n][i] = 1;
    L[n + 1][i] = src[i][0];
    L[n + 2][i] = src[i][1];
  }
  const wx = solve(L, [...dst.map((p) => p[0]), 0, 0, 0]);
  const wy = solve(L, [...dst.map((p) => p[1]), 0, 0, 0]);
  return (p) => {
    let x = wx[n] + wx[n + 1] * p[0] + wx[n + 2] * p[1];
    let y = wy[n] + wy[n + 1] * p[0] + wy[n + 2] * p[1];
    for (let i = 0; i < n; i++) {
      const u = U(Math.hypot(p[0] - src[i][0], p[1] - src[i][1]));
      x += wx[i] * u;
      y += wy[i] * u;
    }
    return [x, y];
  };
}

/** Signed area of a ring (positive for one winding, negative for the other). */
export function ringArea(ring) {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  }
  return a / 2;
}

export function polygonArea(poly) {
  return poly.reduce((s, ring, i) => s + (i === 0 ? 1 : -1) * Math.abs(ringArea(ring)), 0);
}

function dpSegment(pts, first, last, tol2, keep) {
  let maxD = -1;
  let idx = -1;
  const [ax, ay] = pts[first];
  const [bx, by] = pts[last];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  for (let i = first + 1; i < last; i++) {
    const [px, py] = pts[i];
    let t = len2 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    const ex = ax + t * dx - px;
    const ey = ay + t * dy - py;
    const d = ex * ex + ey * ey;
    if (d > maxD) {
      maxD = d;
      idx = i;
    }
  }
  if (maxD > tol2) {
    keep[idx] = true;
    dpSegment(pts, first, idx, tol2, keep);
    dpSegment(pts, idx, last, tol2, keep);
  }
}

/** Douglas-Peucker on a closed ring (first point repeated last). */
export function simplifyRing(ring, tol) {
  if (ring.length <= 5) return ring;
  // Split the ring at its farthest point from the start so both halves are open polylines.
  let far = 0;
  let farD = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const d = (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  const keep = new Array(ring.length).fill(false);
  keep[0] = keep[far] = keep[ring.length - 1] = true;
  dpSegment(ring, 0, far, tol * tol, keep);
  dpSegment(ring, far, ring.length - 1, tol * tol, keep);
  const out = ring.filter((_, i) => keep[i]);
  return out.length >= 4 ? out : ring;
}

/** SVG path data for a multipolygon, coordinates rounded to 0.1 px. */
export function pathData(multi) {
  const f = (v) => {
    const s = (Math.round(v * 10) / 10).toFixed(1);
    return s.endsWith('.0') ? s.slice(0, -2) : s;
  };
  let d = '';
  for (const poly of multi) {
    for (const ring of poly) {
      const pts = ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
      let prev = null;
      let first = true;
      for (const p of pts) {
        const cur = [f(p[0]), f(p[1])];
        if (prev && prev[0] === cur[0] && prev[1] === cur[1]) continue;
        d += (first ? 'M' : 'L') + cur[0] + ' ' + cur[1];
        first = false;
        prev = cur;
      }
      d += 'Z';
    }
  }
  // "L" followed by a number that starts with "-" needs no separator; keep the output compact.
  return d.replace(/ -/g, '-');
}

/**
 * Rasterises a multipolygon (even-odd) into a W*H byte mask by scanlines,
 * sampling pixel centres.
 */
export function rasterise(multi, W, H) {
  const mask = new Uint8Array(W * H);
  const edges = [];
  for (const poly of multi) {
    for (const ring of poly) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        if (ring[i][1] !== ring[j][1]) edges.push([ring[j][0], ring[j][1], ring[i][0], ring[i][1]]);
      }
    }
  }
  const byRow = Array.from({ length: H }, () => []);
  for (const e of edges) {
    const y0 = Math.min(e[1], e[3]);
    const y1 = Math.max(e[1], e[3]);
    const r0 = Math.max(0, Math.ceil(y0 - 0.5));
    const r1 = Math.min(H - 1, Math.floor(y1 - 0.5));
    for (let r = r0; r <= r1; r++) byRow[r].push(e);
  }
  for (let r = 0; r < H; r++) {
    const y = r + 0.5;
    const xs = [];
    for (const [x0, y0, x1, y1] of byRow[r]) {
      if (y0 > y !== y1 > y) xs.push(x0 + ((y - y0) * (x1 - x0)) / (y1 - y0));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil(xs[k] - 0.5));
      const c1 = Math.min(W - 1, Math.floor(xs[k + 1] - 0.5));
      for (let c = c0; c <= c1; c++) mask[r * W + c] ^= 1;
    }
  }
  return mask;
}
