// Chooses where units, supply-centre markers and labels sit.
//
// Works on a raster of region indices. A distance transform tells how far
// each pixel is from its province's edge. Units go first (given by hand or at
// the point deepest inside the province), then centre markers next to them,
// then labels, each avoiding everything already placed anywhere on the board.

const UNIT_R = 17; // room a unit symbol needs around its anchor (px)
const DISLODGED = [17, 13]; // where the renderer puts a dislodged unit
const SC_R = 10.5; // room a centre marker needs, home ring included
const LABEL_H = 16;
const CHAR_W = 11; // bold capitals at 15 px, a little generous

function distanceTransform(idRaster, W, H, legend) {
  const inLegend = (x, y) => x >= legend.x && x < legend.x + legend.width && y >= legend.y && y < legend.y + legend.height;
  const dt = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const k = y * W + x;
      const id = idRaster[k];
      const edge =
        x === 0 || y === 0 || x === W - 1 || y === H - 1 || inLegend(x, y) ||
        idRaster[k - 1] !== id || idRaster[k + 1] !== id || idRaster[k - W] !== id || idRaster[k + W] !== id;
      dt[k] = edge ? 0.5 : 1e9;
    }
  }
  const D = Math.SQRT2;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const k = y * W + x;
      dt[k] = Math.min(dt[k], dt[k - 1] + 1, dt[k - W] + 1, dt[k - W - 1] + D, dt[k - W + 1] + D);
    }
  }
  for (let y = H - 2; y > 0; y--) {
    for (let x = W - 2; x > 0; x--) {
      const k = y * W + x;
      dt[k] = Math.min(dt[k], dt[k + 1] + 1, dt[k + W] + 1, dt[k + W + 1] + D, dt[k + W - 1] + D);
    }
  }
  return dt;
}

// A board may say how much room its unit symbols and centre markers really take:
// `layout.room = { unit: [x0, y0, x1, y1], sc: r }`, the box a unit covers round
// its anchor (army or fleet, outline and shadow included) and the radius of a
// centre marker. Units are then kept clear as boxes, not discs of UNIT_R, and
// markers as discs of `sc`. Boards without it are placed as before.
// `obstacles` ([x, y, r] px) and `obstacleBoxes` ([x0, y0, x1, y1] px) are more
// things drawn on the board (causeways, names placed elsewhere) that centre
// markers and labels keep clear of.
export function placeAnchors({ regions, idRaster, W, H, layout, project, obstacles = [], obstacleBoxes = [] }) {
  const room = layout.room;
  const scR = room?.sc ?? SC_R;
  const dt = distanceTransform(idRaster, W, H, layout.legend);
  const sample = (x, y) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return { id: -1, d: 0 };
    return { id: idRaster[yi * W + xi], d: dt[yi * W + xi] };
  };
  const over = layout.anchors ?? {};
  const toPx = (p) => (p.px ? p.px : project(p));
  const result = {};
  const discs = []; // {x, y, r, hard}
  const boxes = [];
  const provinces = regions.map((r, ri) => ({ r, ri })).filter(({ r }) => r.kind !== 'impassable');
  const L = layout.legend;
  boxes.push({ x0: L.x, x1: L.x + L.width, y0: L.y, y1: L.y + L.height });
  for (const [x, y, r] of obstacles) discs.push({ x, y, r, hard: true });
  for (const [x0, y0, x1, y1] of obstacleBoxes) boxes.push({ x0, y0, x1, y1 });

  // 1. Units.
  for (const { r, ri } of provinces) {
    const o = over[r.id] ?? {};
    const a = { coasts: {} };
    if (o.unit) a.unit = toPx(o.unit);
    else {
      const target = layout.centres[r.id] ? toPx(layout.centres[r.id]) : null;
      let bestScore = -Infinity;
      for (let k = 0; k < W * H; k++) {
        if (idRaster[k] !== ri) continue;
        const x = k % W;
        const y = (k - x) / W;
        const score = Math.min(dt[k], 30) - (target ? 0.05 * Math.hypot(x - target[0], y - target[1]) : 0);
        if (score > bestScore) {
          bestScore = score;
          a.unit = [x + 0.5, y + 0.5];
        }
      }
    }
    for (const [c, p] of Object.entries(o.coasts ?? {})) a.coasts[c] = toPx(p);
    // A province that holds many units (the High Ocean Box) lists more places for them.
    if (o.slots) a.slots = o.slots.map(toPx);
    for (const p of [a.unit, ...Object.values(a.coasts), ...(a.slots ?? [])]) {
      if (room) {
        const [x0, y0, x1, y1] = room.unit;
        boxes.push({ x0: p[0] + x0, y0: p[1] + y0, x1: p[0] + x1, y1: p[1] + y1 });
      } else discs.push({ x: p[0], y: p[1], r: UNIT_R, hard: true });
      discs.push({ x: p[0] + DISLODGED[0], y: p[1] + DISLODGED[1], r: 12, hard: false });
    }
    result[r.id] = a;
  }

  const overlapCost = (box) => {
    let cost = 0;
    for (const t of discs) {
      const dx = Math.max(box.x0 - t.x, 0, t.x - box.x1);
      const dy = Math.max(box.y0 - t.y, 0, t.y - box.y1);
      if (dx * dx + dy * dy < t.r * t.r) {
        if (t.hard) return Infinity;
        cost += 40;
      }
    }
    for (const b of boxes) {
      if (box.x1 > b.x0 && box.x0 < b.x1 && box.y1 > b.y0 && box.y0 < b.y1) return Infinity;
    }
    return cost;
  };
  // With `room`: the cost of a round marker at (x, y), exact against the unit boxes.
  const discCost = (x, y, r) => {
    let cost = 0;
    for (const t of discs) {
      if (Math.hypot(x - t.x, y - t.y) < r + t.r) {
        if (t.hard) return Infinity;
        cost += 40;
      }
    }
    for (const b of boxes) {
      const dx = Math.max(b.x0 - x, 0, x - b.x1);
      const dy = Math.max(b.y0 - y, 0, y - b.y1);
      if (dx * dx + dy * dy < r * r) return Infinity;
    }
    return cost;
  };
  // Share of the box outside its province, and whether its middle is inside.
  const fit = (box, ri, margin) => {
    let out = 0;
    let n = 0;
    for (let y = box.y0; y <= box.y1 + 0.01; y += (box.y1 - box.y0) / 4) {
      for (let x = box.x0; x <= box.x1 + 0.01; x += (box.x1 - box.x0) / 6) {
        const s = sample(x, y);
        n++;
        if (s.id !== ri || s.d < margin) out++;
      }
    }
    return out / n;
  };

  // 2. Centre markers, tightest provinces first.
  const depth = new Float32Array(regions.length);
  for (let k = 0; k < W * H; k++) if (dt[k] > depth[idRaster[k]]) depth[idRaster[k]] = dt[k];
  const byRoom = [...provinces].sort((a, b) => depth[a.ri] - depth[b.ri]);
  for (const { r, ri } of byRoom) {
    if (!r.sc) continue;
    const a = result[r.id];
    const o = over[r.id] ?? {};
    if (o.sc) a.sc = toPx(o.sc);
    else {
      let best = null;
      let bestScore = Infinity;
      for (let dy = -70; dy <= 70; dy += 1.5) {
        for (let dx = -70; dx <= 70; dx += 1.5) {
          const x = a.unit[0] + dx;
          const y = a.unit[1] + dy;
          const s = sample(x, y);
          if (s.id !== ri || s.d < 4) continue;
          const box = { x0: x - scR, x1: x + scR, y0: y - scR, y1: y + scR };
          const cost = room ? discCost(x, y, scR) : overlapCost(box);
          if (cost === Infinity) continue;
          const score = Math.hypot(dx, dy) + cost + Math.max(0, scR + 2 - s.d) * 4;
          if (score < bestScore) {
            bestScore = score;
            best = [x, y];
          }
        }
      }
      if (!best) {
        console.error(`no room for the supply centre of ${r.id}`);
        best = [a.unit[0] + 24, a.unit[1]];
      }
      a.sc = best;
    }
    discs.push({ x: a.sc[0], y: a.sc[1], r: scR, hard: true });
  }

  // 3. Labels, tightest provinces first.
  for (const { r, ri } of byRoom) {
    const a = result[r.id];
    const o = over[r.id] ?? {};
    const text = r.id.toUpperCase();
    const hw = (text.length * CHAR_W) / 2 + 1;
    const hh = LABEL_H / 2;
    // Extra labels (a province drawn in several parts) are placed by hand.
    if (o.moreLabels) {
      a.moreLabels = o.moreLabels.map(toPx);
      for (const p of a.moreLabels) boxes.push({ x0: p[0] - hw, x1: p[0] + hw, y0: p[1] - hh, y1: p[1] + hh });
    }
    if (o.label) a.label = toPx(o.label);
    else {
      let best = null;
      let bestScore = Infinity;
      for (let dy = -70; dy <= 70; dy += 2) {
        for (let dx = -75; dx <= 75; dx += 2) {
          const x = a.unit[0] + dx;
          const y = a.unit[1] + dy;
          if (sample(x, y).id !== ri) continue;
          const box = { x0: x - hw, x1: x + hw, y0: y - hh, y1: y + hh };
          const cost = overlapCost(box);
          if (cost === Infinity) continue;
          // Close to the unit, mostly inside the province, preferably below it.
          const score = Math.hypot(dx * 1.2, dy) + cost + fit(box, ri, 2) * 60 + (dy < 0 ? 4 : 0);
          if (score < bestScore) {
            bestScore = score;
            best = [x, y];
          }
        }
      }
      if (!best) {
        console.error(`no room for the label of ${r.id}`);
        best = [a.unit[0], a.unit[1] + 26];
      }
      a.label = best;
    }
    boxes.push({ x0: a.label[0] - hw, x1: a.label[0] + hw, y0: a.label[1] - hh, y1: a.label[1] + hh });
  }
  return result;
}
