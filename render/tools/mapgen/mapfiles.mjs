// Readers for the engine's plain-text map files (maps/<variant>/*.txt).

import fs from 'fs';

function lines(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** provinces.txt: `id terrain "Full name" [sc] [home=Power] [coasts=a,b] [aliases=...] [tags=...]` */
export function readProvinces(file) {
  return lines(file).map((l) => {
    const m = l.match(/^(\S+)\s+(\S+)\s+"([^"]*)"\s*(.*)$/);
    if (!m) throw new Error(`bad provinces.txt line: ${l}`);
    const flags = m[4].replace(/"[^"]*"/g, '""').split(/\s+/).filter(Boolean);
    const get = (k) => flags.find((f) => f.startsWith(k + '='))?.slice(k.length + 1);
    return {
      id: m[1],
      kind: m[2],
      name: m[3],
      sc: flags.includes('sc'),
      home: get('home') ?? null,
      coasts: get('coasts')?.split(',') ?? [],
      tags: get('tags')?.split(',') ?? [],
    };
  });
}

/**
 * borders.txt: `a b [army] [fleet] [kind=...]`; returns Map "a-b" (sorted, coasts dropped) ->
 * info, with `kinds` the border kinds (`direct-passage`, ...).
 */
export function readBorders(file) {
  const out = new Map();
  for (const l of lines(file)) {
    const [a, b, ...kinds] = l.split(/\s+/);
    const pa = a.split('/')[0];
    const pb = b.split('/')[0];
    const key = [pa, pb].sort().join('-');
    const info = out.get(key) ?? { army: false, fleet: false, coasts: [], kinds: [] };
    if (kinds.includes('army')) info.army = true;
    if (kinds.includes('fleet')) info.fleet = true;
    for (const k of kinds) if (k.startsWith('kind=')) info.kinds.push(...k.slice(5).split(','));
    for (const x of [a, b]) if (x.includes('/')) info.coasts.push(x);
    out.set(key, info);
  }
  return out;
}
