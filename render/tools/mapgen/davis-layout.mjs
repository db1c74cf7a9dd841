// Hand-made layout for the Davis board: Standard's layout (standard-layout.mjs)
// reshaped as maps/davis/NOTES.md describes. Everything here is in degrees
// (longitude, latitude) unless it says px; the generator projects it. Px are
// final board pixels: the projection of Standard's layout is moved by `offset`
// to make room for the High Ocean Box on the west edge, and the board is wider
// (Siberia and Persia, east of the Caspian) and taller (Morocco, the South
// Atlantic and the Southern Mediterranean).

export const canvas = { width: 1480, height: 1070 };
export const offset = [50, 0];

// Where the legend goes (px). The generator keeps anchors out of it.
export const legend = { x: 1230, y: 12, width: 238, height: 300 };

// The High Ocean Box (Davis rule 5a): one sea space drawn as two boxes (px,
// x0 y0 x1 y1) on the west and south edges, as the rules picture it. Their
// pixels belong to the Box whatever lies under them.
export const boxes = {
  hio: [
    [0, 70, 48, 1070],
    [600, 1000, 740, 1070],
  ],
};

// Bands joining a box's parts along the board's edge (px, x0 y0 x1 y1), drawn over the map
// and not part of the province: the two parts then read as the one space they are, instead of
// two boxes each labelled HIO.
export const links = {
  hio: [[48, 1052, 600, 1070]],
};

// Warp control points: a province's real-world middle and where on the
// 1300x1000 board its unit should roughly sit. The board position follows the
// usual Diplomacy layout, which gives western and central Europe more room
// than a true projection would.
// A point well inside each province (degrees); the first seed of its Voronoi cells.
export const centres = {
  alb: [20.0, 41.0],
  ank: [33.0, 40.5],
  apu: [16.5, 41.0],
  arm: [41.5, 39.8],
  bel: [4.5, 50.6],
  ber: [13.0, 53.0],
  boh: [14.5, 49.8],
  bre: [-3.5, 48.2],
  bud: [20.5, 47.0],
  bul: [25.0, 42.7],
  bur: [5.0, 47.0],
  cly: [-5.0, 57.0],
  con: [28.0, 41.2],
  den: [9.3, 56.0],
  edi: [-2.8, 57.0],
  fin: [26.0, 63.0],
  gal: [23.0, 49.5],
  gas: [0.0, 44.5],
  gre: [22.0, 39.5],
  hol: [5.5, 52.2],
  kie: [9.5, 53.3],
  lon: [0.0, 51.7],
  cou: [25.0, 57.0],
  lvp: [-3.0, 54.2],
  mar: [5.0, 44.0],
  mos: [37.0, 55.5],
  mun: [10.5, 48.8],
  alg: [3.0, 35.3],
  mor: [-6.0, 33.0],
  nap: [15.8, 40.0],
  nwy: [9.5, 61.0],
  par: [2.0, 48.0],
  pic: [2.2, 50.0],
  pie: [8.0, 45.0],
  por: [-8.0, 39.5],
  pru: [19.5, 54.0],
  rom: [12.8, 42.0],
  ruh: [7.5, 51.0],
  rum: [25.5, 44.8],
  ser: [20.8, 43.8],
  sev: [38.0, 48.0],
  sil: [17.0, 51.0],
  smy: [30.0, 38.3],
  spa: [-3.7, 40.3],
  stp: [33.0, 60.6],
  arc: [41.0, 64.0],
  sib: [58.0, 56.0],
  per: [50.0, 34.0],
  ire: [-8.0, 53.3],
  sic: [14.2, 37.5],
  swe: [15.5, 60.0],
  syr: [38.0, 35.0],
  cro: [15.8, 45.6],
  zar: [17.5, 43.8],
  tun: [9.5, 35.0],
  tus: [11.0, 43.4],
  tyr: [12.0, 47.0],
  ukr: [30.0, 49.0],
  ven: [11.5, 45.5],
  vie: [15.5, 47.8],
  wal: [-3.7, 52.3],
  war: [21.0, 52.0],
  yor: [-1.3, 54.0],
  adr: [15.5, 43.0],
  aeg: [25.0, 38.5],
  bal: [18.0, 55.8],
  bar: [40.0, 71.5],
  bla: [34.0, 43.5],
  bot: [20.5, 61.5],
  eas: [31.0, 34.0],
  eng: [-2.5, 49.8],
  hel: [7.5, 54.2],
  ion: [19.0, 37.0],
  gol: [5.0, 42.0],
  bob: [-5.0, 45.5],
  sao: [-11.0, 33.0],
  sms: [22.0, 33.8],
  nth: [3.0, 56.0],
  ska: [9.5, 58.0],
  tys: [12.0, 39.5],
  wes: [3.0, 38.0],
};

// Warp control points: real places and where they go on the 1300x1000 board.
// The board positions follow the usual Diplomacy layout, which gives western
// and central Europe more room than a true projection would.
export const control = [
  [[-0.1, 51.5], [358, 503]], // London
  [[-5.7, 50.07], [205, 528]], // Land's End
  [[1.75, 52.48], [402, 464]], // Lowestoft
  [[-5.27, 51.88], [218, 474]], // St Davids
  [[-5.8, 55.3], [228, 348]], // Mull of Kintyre
  [[-2.1, 57.15], [350, 282]], // Aberdeen
  [[-5.0, 58.6], [258, 212]], // Cape Wrath
  [[10.6, 57.7], [505, 368]], // Skagen
  [[-3.2, 55.95], [318, 332]], // Edinburgh
  [[-3.0, 53.4], [295, 420]], // Liverpool
  [[-4.5, 48.4], [255, 602]], // Brest
  [[2.35, 48.85], [343, 625]], // Paris
  [[5.4, 43.3], [400, 700]], // Marseille
  [[-3.7, 40.4], [200, 760]], // Madrid
  [[-9.1, 38.7], [85, 740]], // Lisbon
  [[-5.35, 36.1], [150, 850]], // Gibraltar
  [[3.0, 36.8], [300, 900]], // Algiers
  [[10.2, 36.8], [440, 930]], // Tunis
  [[12.5, 41.9], [520, 790]], // Rome
  [[14.3, 40.85], [560, 840]], // Naples
  [[12.3, 45.4], [500, 705]], // Venice
  [[13.5, 43.6], [565, 742]], // Ancona
  [[16.9, 41.1], [628, 820]], // Bari
  [[15.65, 38.1], [590, 930]], // Reggio Calabria
  [[8.93, 44.4], [438, 722]], // Genoa
  [[16.45, 43.5], [615, 722]], // Split
  [[11.6, 48.1], [500, 610]], // Munich
  [[13.4, 52.5], [575, 495]], // Berlin
  [[10.1, 54.3], [495, 455]], // Kiel
  [[12.6, 55.7], [545, 410]], // Copenhagen
  [[4.9, 52.4], [435, 505]], // Amsterdam
  [[4.35, 50.85], [405, 555]], // Brussels
  [[16.4, 48.2], [610, 640]], // Vienna
  [[19.0, 47.5], [650, 670]], // Budapest
  [[13.8, 45.65], [555, 700]], // Trieste
  [[21.0, 52.2], [680, 530]], // Warsaw
  [[20.5, 54.7], [650, 470]], // Konigsberg
  [[24.1, 56.95], [715, 425]], // Riga
  [[30.3, 59.9], [790, 340]], // St Petersburg
  [[37.6, 55.75], [880, 440]], // Moscow
  [[30.5, 50.45], [790, 580]], // Kyiv
  [[33.5, 44.6], [880, 690]], // Sevastopol
  [[26.1, 44.4], [760, 740]], // Bucharest
  [[20.5, 44.8], [660, 730]], // Belgrade
  [[23.3, 42.7], [715, 790]], // Sofia
  [[29.0, 41.0], [830, 830]], // Istanbul
  [[23.7, 38.0], [705, 900]], // Athens
  [[27.1, 38.4], [840, 905]], // Izmir
  [[32.9, 39.9], [950, 840]], // Ankara
  [[41.3, 39.9], [1120, 830]], // Erzurum
  [[37.2, 36.2], [1060, 920]], // Aleppo
  [[10.75, 59.9], [520, 290]], // Oslo
  [[5.3, 60.4], [443, 285]], // Bergen
  [[10.4, 63.4], [530, 198]], // Trondheim
  [[18.1, 59.3], [625, 300]], // Stockholm
  [[24.9, 60.2], [720, 320]], // Helsinki
  [[25.8, 71.0], [720, 110]], // North Cape
  [[40.5, 64.5], [900, 150]], // Arkhangelsk
  // Davis: Morocco's Atlantic coast bent east, to leave the South Atlantic room
  // beside the High Ocean Box.
  [[-7.6, 33.6], [105, 925]], // Casablanca
  [[-9.6, 30.4], [80, 1050]], // Agadir
];


// Seed points. Every land point goes to the nearest land seed and every sea
// point to the nearest sea seed, so these decide the borders.
export const seeds = {
  // Britain. The North Channel is Atlantic, so Liverpool faces both oceans.
  cly: [[-5.5, 57.5], [-4.8, 58.4], [-4.7, 55.8], [-5.4, 56.4]],
  edi: [[-3.0, 55.9], [-3.4, 58.4], [-3.9, 57.5], [-2.4, 57.3], [-3.7, 56.3]],
  lvp: [[-4.5, 55.0], [-2.7, 53.6], [-3.2, 54.6]],
  yor: [[-1.9, 55.2], [-1.0, 53.3], [-1.6, 54.5]],
  wal: [[-4.6, 50.5], [-3.5, 50.8], [-2.7, 52.4], [-4.0, 51.8]],
  lon: [[-0.8, 51.0], [0.8, 52.5], [-0.4, 52.0]],
  // France and Iberia.
  bre: [[-1.5, 48.4], [-4.2, 48.3], [-0.5, 49.0]],
  pic: [[2.0, 50.3], [3.0, 50.2], [1.0, 49.8]],
  par: [[1.0, 47.8], [2.8, 47.5]],
  gas: [[-0.5, 43.6], [1.0, 45.5], [-1.0, 45.0]],
  mar: [[3.2, 43.5], [2.6, 42.6], [6.5, 44.0], [4.5, 44.7], [6.3, 45.5]],
  bur: [[6.5, 48.5], [4.0, 46.0], [7.3, 48.0], [5.5, 45.5]],
  por: [[-8.3, 41.5], [-8.0, 37.5]],
  // Galicia is Spanish, so the Bay of Biscay stops at Spain's coast, short of Portugal.
  spa: [[-5.0, 42.5], [-1.0, 41.5], [-4.0, 37.5], [-0.8, 38.5], [1.5, 41.8], [-6.5, 38.5], [-8.0, 42.9], [-7.2, 43.4]],
  mor: [[-6.5, 33.5], [-5.5, 35.2], [-3.0, 34.8], [-9.0, 30.5], [-4.0, 32.5]],
  alg: [[4.0, 35.8], [0.0, 34.5], [-1.0, 35.0], [6.5, 35.5], [2.0, 33.5]],
  tun: [[10.2, 36.5], [8.5, 34.0], [10.0, 33.0]],
  // Low Countries, Germany, Denmark.
  bel: [[3.5, 51.0], [5.5, 50.0]],
  hol: [[6.5, 53.0], [4.8, 52.0]],
  ruh: [[7.0, 50.0], [8.5, 49.8], [6.5, 51.5]],
  kie: [[9.5, 54.4], [10.5, 52.3], [8.5, 52.0], [9.5, 51.0]],
  ber: [[12.0, 52.3], [14.0, 52.3], [11.5, 53.7]],
  mun: [[11.5, 50.5], [13.0, 51.0], [9.0, 48.0], [11.8, 47.8], [14.2, 51.2]],
  sil: [[15.5, 51.3], [18.5, 50.3], [17.0, 52.0]],
  boh: [[16.8, 49.3], [13.5, 50.0], [18.0, 49.8]],
  den: [[12.0, 55.5], [9.0, 55.2], [10.0, 57.0]],
  // Scandinavia and the north.
  nwy: [[14.0, 66.5], [18.5, 69.2], [23.5, 69.7], [26.0, 69.8], [7.5, 58.6], [6.5, 61.5], [11.0, 63.5]],
  swe: [[18.5, 64.5], [21.5, 66.8], [13.5, 56.5], [17.0, 62.0], [12.5, 58.5]],
  fin: [[26.0, 67.5], [23.5, 61.0], [28.5, 62.5], [26.5, 65.0]],
  stp: [[30.0, 60.2], [33.5, 61.5], [37.0, 60.5], [35.0, 59.5]],
  // Archangel: the White Sea's shores and the Barents coast east to the Urals.
  arc: [[34.5, 67.5], [40.5, 64.5], [33.5, 64.0], [45.0, 64.0], [38.0, 66.8], [50.0, 66.0], [52.0, 67.8], [57.0, 68.3]],
  // Siberia: east of Moscow and Archangel, and down the Caspian's east side to Persia.
  sib: [[56.0, 55.0], [60.0, 60.0], [58.0, 50.0], [56.0, 46.0], [57.0, 42.0], [58.0, 39.0], [63.0, 45.0], [62.0, 63.0]],
  cou: [[26.5, 58.8], [23.0, 55.5], [27.0, 56.5]],
  mos: [[28.5, 54.0], [45.0, 57.0], [40.0, 52.5], [33.0, 56.5], [44.0, 52.0], [47.0, 48.5], [50.0, 53.0]],
  war: [[23.8, 53.3], [19.0, 52.5], [22.5, 51.0]],
  pru: [[21.5, 54.5], [17.5, 54.2]],
  // Central and eastern Europe.
  ukr: [[27.0, 50.5], [33.0, 50.0], [28.5, 48.0]],
  gal: [[24.5, 48.5], [20.5, 49.9], [26.0, 49.5], [25.8, 48.2]],
  bud: [[23.5, 46.5], [18.0, 46.0], [21.5, 48.0], [19.0, 47.7]],
  vie: [[16.5, 48.3], [14.5, 47.5], [18.0, 48.4]],
  tyr: [[11.0, 46.5], [13.5, 47.3], [10.0, 46.3], [10.5, 47.2]],
  cro: [[14.3, 46.0], [14.0, 45.2], [15.5, 45.5], [17.5, 45.5], [18.8, 45.2]],
  zar: [[16.0, 43.6], [17.5, 44.2], [18.5, 43.8], [18.8, 42.7], [15.5, 44.2]],
  ser: [[21.5, 42.1], [20.5, 45.0], [21.0, 43.0]],
  rum: [[28.5, 46.5], [30.0, 46.0], [23.5, 45.5], [27.5, 44.3], [28.0, 45.3]],
  sev: [[34.0, 45.3], [32.5, 46.8], [40.5, 45.0], [43.0, 44.0], [36.0, 47.0]],
  alb: [[19.7, 41.9], [20.0, 40.3]],
  gre: [[22.5, 40.6], [21.8, 37.6], [23.5, 38.3], [21.0, 39.8]],
  bul: [[26.0, 41.3], [27.5, 42.8], [24.0, 42.0], [27.5, 43.5], [25.0, 41.1]],
  con: [[29.5, 40.5], [27.8, 41.3], [28.8, 41.2], [26.6, 40.35], [27.0, 40.1]],
  ank: [[36.0, 41.0], [34.0, 40.0], [31.5, 41.0], [38.0, 40.7]],
  smy: [[27.5, 38.5], [33.0, 37.5], [35.5, 37.2], [29.5, 37.3], [31.5, 38.7]],
  arm: [[38.3, 39.3], [42.0, 41.0], [44.0, 39.5], [40.0, 40.8]],
  syr: [[36.5, 36.0], [35.7, 33.8], [40.0, 36.5], [43.0, 37.2]],
  // Persia: Azerbaijan and Iran, with Mesopotamia.
  per: [[48.5, 40.0], [47.0, 38.5], [52.0, 35.5], [45.0, 33.0], [50.0, 31.0], [56.0, 33.0], [44.5, 36.0]],
  // Ireland and Sicily are provinces here.
  ire: [[-8.0, 53.3], [-8.5, 52.2], [-7.3, 54.6], [-9.6, 53.5]],
  sic: [[14.2, 37.5], [13.0, 37.8], [15.0, 37.4]],
  // Italy.
  pie: [[7.5, 44.2], [8.0, 45.6], [9.0, 44.45]],
  ven: [[10.0, 45.3], [12.0, 44.5], [13.5, 43.5], [14.3, 42.4], [12.3, 45.8], [12.9, 43.85]],
  tus: [[10.5, 43.8], [11.5, 42.8], [10.2, 44.1]],
  rom: [[12.5, 42.8], [13.5, 41.5], [13.0, 42.4], [12.6, 43.2], [13.5, 42.0]],
  apu: [[15.5, 41.5], [17.8, 40.4], [14.8, 41.9]],
  nap: [[16.2, 39.0], [14.7, 40.8]],
  // Seas.
  nao: [[-13, 55.5], [-12, 60], [-6.2, 55.5], [-9.5, 55.5], [-7.5, 58.5], { px: [95, 430] }, { px: [140, 340] }, { px: [190, 200] }, { px: [100, 120] }, { px: [270, 90] }],
  nwg: [[2, 66], [-5, 64], [10, 68], [-8, 68], [6, 63.5], [-2.5, 59.5], [-5.0, 60.0], [16.0, 70.5]],
  bar: [[35.0, 70.0], [45.0, 69.0], [38.0, 65.8], [30.0, 71.5]],
  iri: [[-6.0, 51.5], [-5.0, 53.3], [-8.5, 51.2], [-7.5, 50.2]],
  mao: [[-10, 46.5], [-7.5, 36.6], [-9.5, 37.0], [-10.0, 40.0], [-6.2, 36.1], [-10.0, 42.5], [-6.5, 48.0], [-7.0, 47.0], [-5.6, 48.15], [-5.4, 47.95], [-5.95, 36.02], { px: [100, 560] }, { px: [160, 520] }, { px: [95, 700] }],
  bob: [[-4.0, 45.5], [-2.5, 44.0], [-6.0, 44.3], [-8.0, 44.0], [-9.2, 43.6], [-3.5, 47.2], [-2.5, 46.5]],
  sao: [[-11.0, 33.0], [-8.5, 34.0], [-7.0, 35.5], [-6.2, 35.85], [-6.0, 35.74], [-12.0, 30.0]],
  eng: [[1.0, 50.4], [-5.0, 49.5], [-1.0, 50.1], [1.9, 51.1]],
  nth: [[2.5, 52.5], [4.5, 53.2], [1.0, 54.5], [0.5, 57.5], [4.5, 58.5], [7.0, 56.8], [-1.2, 56.5], [3.0, 51.7]],
  hel: [[8.0, 55.0], [6.5, 53.9]],
  ska: [[10.5, 57.8], [11.6, 57.2], [8.5, 58.0]],
  bal: [[14.0, 54.8], [19.5, 56.5], [16.0, 55.5], [20.0, 57.0], [12.8, 54.5], [19.5, 55.0]],
  bot: [[22.5, 64.5], [19.5, 60.2], [26.5, 59.9], [23.0, 59.8]],
  gol: [[3.5, 42.5], [7.5, 43.2], [9.5, 43.6], [6.0, 41.0]],
  wes: [[-2.0, 36.5], [6.0, 38.5], [1.0, 38.0], [8.0, 38.0], [-4.5, 36.0], [-5.3, 36.0], [-5.5, 35.9]],
  tys: [[10.5, 41.8], [11.5, 38.0], [13.5, 39.0], [14.0, 40.4], [12.0, 37.6]],
  ion: [[16.7, 37.5], [13, 35], [19.0, 39.3], [21.0, 36.0], [12.5, 33.8], [14.5, 33.4], [16.3, 35.6], [17.8, 35.6]],
  // The Southern Mediterranean: the Gulf of Sidra and the sea off Cyrenaica.
  sms: [[21.5, 33.4], [23.0, 33.6], [24.3, 33.3]],
  adr: [[13.0, 44.8], [18.5, 41.5], [16.5, 42.6], [14.5, 43.8]],
  aeg: [[25.0, 40.2], [26.0, 36.0], [24.0, 39.3], [26.0, 37.2]],
  eas: [[29.0, 35.3], [32.5, 35.8], [31.0, 35.0], [34.5, 35.5], [25.0, 34.6], [27.0, 34.8]],
  bla: [[30.5, 43.5], [38.5, 43.0], [36.0, 45.5], [30.5, 42.2], [33.5, 42.2], [31.5, 45.7]],
};

// Impassable land and water that is drawn but is not a province.
export const impassable = {
  'impassable-swi': { kind: 'land', name: 'Switzerland', seeds: [[8.2, 46.8], [7.2, 46.4], [9.6, 46.7], [6.8, 46.1]] },
  'impassable-isl': { kind: 'land', name: 'Islands', seeds: [[9.1, 42.1], [9.0, 40.0], [24.9, 35.2], [33.2, 35.0], [2.9, 39.6]] },
  'impassable-arabia': { kind: 'land', name: 'Arabia', seeds: [[40, 29], [45, 27], [38, 30.5], [48, 27]] },
  'impassable-afr': { kind: 'land', name: 'Libya', seeds: [[15, 31], [20, 31.5], [25, 31], [30, 30], [13, 32.3]] },
  'impassable-cas': { kind: 'sea', name: 'Caspian Sea', seeds: [[50.5, 42.0], [51.0, 45.5], [51.0, 38.5]] },
  'impassable-kara': { kind: 'sea', name: 'Kara Sea', seeds: [[66, 71], [70, 72], [64, 69.5], [75, 71.5]] },
};

// Natural Earth land is cut to this box (lon0, lat0, lon1, lat1); the Arctic
// islands would only be smeared across the top edge by the warp.
export const landBounds = [-32, 26, 175, 72.2];
// Land left out altogether: Iceland and Greenland, Novaya Zemlya.
// The Strait of Gibraltar is widened (Morocco's shore moved south a little) so the
// Mid-Atlantic, South Atlantic and Western Mediterranean all meet in it (rule 4f).
export const dropLand = [[-32, 62.5, -12, 72.5], [48, 69.9, 70, 72.5], [-6.1, 35.7, -5.25, 35.93]];

// Land added to the coastline so that the board's straits read the way the
// rules work (px after projection would be too fiddly; these are degrees).
export const landPatches = [
  // Sea of Marmara and the straits belong to Constantinople.
  [[26.0, 40.0], [26.5, 40.65], [27.3, 40.8], [28.5, 41.15], [29.0, 41.35], [29.25, 41.3], [29.7, 40.95], [29.9, 40.55], [28.0, 40.15], [27.0, 40.15], [26.3, 39.85]],
  // The Belts: Denmark closes the way from the Skagerrak to the Baltic.
  [[9.6, 55.0], [9.6, 55.6], [10.5, 55.65], [11.0, 55.75], [11.3, 55.95], [12.3, 56.1], [12.7, 55.95], [12.6, 55.4], [12.1, 55.0], [11.0, 54.9], [10.5, 54.85], [9.9, 54.9]],
  // The Sound: Denmark and Sweden touch.
  [[12.45, 56.1], [12.75, 56.15], [13.0, 55.9], [12.95, 55.45], [12.7, 55.45], [12.5, 55.8]],
];

// Placement overrides (degrees, or {px: [x, y]}). Split-coast provinces list
// where a fleet on each coast stands.
export const anchors = {
  nao: { unit: { px: [145, 260] } },
  nwg: { unit: [0, 66] },
  bar: { unit: [40, 71] },
  iri: { unit: [-7.5, 51.0] },
  mao: { unit: { px: [95, 600] } },
  eng: { unit: [-3, 49.9] },
  nth: { unit: [3, 55.5] },
  hel: { unit: [7.5, 54.6] },
  ska: { unit: [9.0, 57.9] },
  bal: { unit: [17.5, 55.6] },
  bot: { unit: [20.5, 62.5] },
  gol: { unit: [5.0, 42.2] },
  wes: { unit: [3.0, 38.5] },
  tys: { unit: [12.0, 40.0] },
  ion: { unit: [18.5, 37.0] },
  adr: { unit: [15.5, 42.8] },
  aeg: { unit: [25.2, 38.8] },
  eas: { unit: [31.5, 34.8] },
  bla: { unit: [34.0, 43.2] },
  // Rome is too small for its label; it sits on the coast beside the unit.
  rom: {},
  // Coast labels are offsets in px from the coast's anchor, out to sea.
  bul: { coasts: { ec: [28.0, 43.0], sc: [24.8, 41.0] }, coastLabels: { ec: [27, 3], sc: [-2, 25] } },
  spa: { coasts: { nc: [-5.2, 43.3], sc: [-3.8, 37.1] }, coastLabels: { nc: [0, -22], sc: [0, 24] } },
  // The High Ocean Box: units stand down the west box and along the south one,
  // alternately; the renderer fans out any more round them.
  hio: {
    unit: { px: [24, 330] },
    slots: [{ px: [670, 1046] }, { px: [24, 374] }, { px: [628, 1046] }, { px: [24, 418] }, { px: [712, 1046] }, { px: [24, 462] }, { px: [24, 506] }, { px: [24, 550] }],
    label: { px: [24, 290] },
  },
};

// Direct passages (Davis rule 4e) across water, drawn as a bar over the strait:
// the two ends of each (degrees, or px).
export const passages = [
  [[-5.98, 54.98], [-5.55, 55.33]], // Ireland - Clyde, the North Channel
  [{ px: [619, 921] }, { px: [641, 901] }], // Sicily - Naples, the Strait of Messina
];
