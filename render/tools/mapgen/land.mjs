// The board's land mask, shared by every variant's generator.

import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import * as topojson from 'topojson-client';
import pc from 'polygon-clipping';
import { simplifyRing, polygonArea } from './geom.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The board's land: Natural Earth 1:50m land inside `layout.landBounds`, less
 * `layout.dropLand`, projected by `project`, plus `layout.landPatches` and less
 * `layout.seaPatches` (rings in lon/lat, or `{px}` points), clipped to the
 * W x H board and lightly simplified.
 */
export function landMask({ layout, project, W, H }) {
  const topo = JSON.parse(fs.readFileSync(path.join(here, 'node_modules/world-atlas/land-50m.json')));
  const fc = topojson.feature(topo, topo.objects.land);
  const feats = fc.features ?? [fc];
  // Rings that cross the antimeridian jump from +180 to -180; unwrap them so
  // planar clipping does not read the jump as an edge across the whole world.
  const unwrap = (ring) => {
    let shift = 0;
    const out = ring.map((p, i) => {
      if (i > 0) {
        const d = p[0] - ring[i - 1][0];
        if (d > 180) shift -= 360;
        else if (d < -180) shift += 360;
      }
      return [p[0] + shift, p[1]];
    });
    // Then move the whole ring so most of it sits in -180..180.
    const lons = out.map((p) => p[0]).sort((a, b) => a - b);
    const k = Math.round(lons[lons.length >> 1] / 360);
    return out.map((p) => [p[0] - k * 360, p[1]]);
  };
  const polys = feats
    .flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates))
    .map((poly) => poly.map(unwrap));
  const box = ([x0, y0, x1, y1]) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];
  let near = pc.intersection(polys, box(layout.landBounds));
  for (const b of layout.dropLand) near = pc.difference(near, box(b));
  // Long edges of the cut would bend under the warp; give them more points.
  const dense = (ring) => ring.flatMap((p, i) => {
    if (i === 0) return [p];
    const q = ring[i - 1];
    const n = Math.ceil(Math.hypot(p[0] - q[0], p[1] - q[1]) / 0.25);
    return Array.from({ length: n }, (_, k) => [q[0] + ((p[0] - q[0]) * (k + 1)) / n, q[1] + ((p[1] - q[1]) * (k + 1)) / n]);
  });
  near = near.map((poly) => poly.map(dense));
  const projected = near.map((poly) => poly.map((ring) => ring.map(project)));
  const toPx = (q) => (q.px ? q.px : project(q));
  const patches = layout.landPatches.map((ring) => [[...ring, ring[0]].map(toPx)]);
  const rect = [[[0, 0], [W, 0], [W, H], [0, H], [0, 0]]];
  let land = pc.intersection(pc.union(projected, ...patches), rect);
  for (const ring of layout.seaPatches ?? []) land = pc.difference(land, [[...ring, ring[0]].map(toPx)]);
  land = land
    .map((poly) => poly.map((ring) => simplifyRing(ring, 0.35)).filter((ring, i) => i === 0 || Math.abs(polygonArea([ring])) > 15))
    .filter((poly) => polygonArea(poly) > 15);
  return land;
}
