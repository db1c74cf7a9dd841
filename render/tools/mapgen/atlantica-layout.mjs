// Hand-made layout for the Atlantica II board (the Atlantic world of 1870):
// North America and the Caribbean on the left, the Atlantic in the middle,
// western Europe and North Africa on the right. Everything is in degrees
// (longitude, latitude) unless it says px; px are final board pixels.

export const canvas = { width: 1300, height: 1000 };

// The room a unit symbol takes round its anchor (x0, y0, x1, y1 px: a fleet is
// 37 px wide with its outline and shadow) and the radius of a centre marker;
// centre markers and labels are kept clear of both (place.mjs).
export const room = { unit: [-19, -14, 20, 15], sc: 12 };

// Where the legend goes (px): the Sahara, below Morocco and Libya.
export const legend = { x: 1040, y: 818, width: 250, height: 174 };

// The projection is separable (as Pirates'): x is a smooth monotone curve of
// longitude, y of latitude, so it cannot fold. Longitude gets about 19 px a
// degree on the crowded coast from Chesapeake Bay to Nova Scotia, 13 across
// Europe, and only 4 in the empty middle of the ocean; latitude gets most room
// between 30 and 56 N, where both shores are crowded.
export const lonKnots = [
  [-100, -12], [-95, 30], [-88, 88], [-80, 160], [-76, 228], [-70, 330], [-64, 412], [-58, 468],
  [-52, 505], [-40, 580], [-25, 650], [-14, 712], [-9, 752], [0, 866], [10, 996], [20, 1120],
  [30, 1225], [40, 1330],
];
export const latKnots = [
  [4, 1040], [8, 1000], [18, 900], [25, 828], [30, 770], [36, 680], [40, 606], [44, 528], [48, 452],
  [52, 382], [56, 316], [60, 254], [64, 196], [70, 112], [76, 48], [82, -14],
];

// Lenses (see atlantica.mjs), applied in turn after the curves: a middle in
// degrees, a radius in px and the magnification at the middle.
export const lenses = [
  { at: [4.0, 49.0], r: 420, m: 2.0 },
  { at: [-75.0, 42.0], r: 240, m: 2.1 },
  { at: [-74.0, 20.0], r: 190, m: 1.5 },
  { at: [14.5, 40.5], r: 200, m: 2.3 },
  { at: [-3.5, 55.0], r: 170, m: 2.2 },
  { at: [-63.0, 46.6], r: 200, m: 2.8 },
];

// Natural Earth land is cut to this box (lon0, lat0, lon1, lat1).
export const landBounds = [-101, 4, 41, 79.5];
// Land left out: islands that are no provinces and would only clutter the sea
// (the Bahamas, the Lesser Antilles, Madeira, Cape Verde, the Faroes,
// Svalbard, the Canadian Arctic north of Baffin), the real Puerto Rico and
// Prince Edward Is., drawn enlarged (`islands`), and the Azores and Canaries,
// drawn as islets over their sea spaces (`islets`).
export const dropLand = [
  [-79.5, 23.3, -72.5, 27.5], // Bahamas
  [-73.8, 20.9, -71, 23.3], // Inagua, Turks and Caicos
  [-65.5, 10.5, -59, 18.8], // Lesser Antilles, Virgin Islands
  [-67.4, 17.8, -65.4, 18.6], // Puerto Rico (enlarged below)
  [-18, 32, -16, 33.5], // Madeira
  [-26, 14, -22, 17.5], // Cape Verde
  [-8, 61, -6, 62.6], // Faroes
  [5, 74, 41, 80], // Svalbard, Franz Josef Land
  [-32, 36.5, -24.5, 40], // Azores (islets below)
  [-18.5, 27.4, -13, 29.6], // Canaries (islets below)
  [-101, 69.5, -72, 80], // the Arctic islands north of Baffin
  [-64.5, 45.8, -61.9, 47.2], // Prince Edward Island (enlarged below)
  [-2.5, 58.6, 0, 61], // Orkney and Shetland
  [-64.6, 49.0, -61.6, 50.0], // Anticosti
  [-62.2, 47.1, -61.3, 47.8], // Magdalen Islands
  [-5.95, 35.75, -5.3, 35.93], // the Strait of Gibraltar widened (Morocco's shore moved south)
];
// Lakes Natural Earth's land does not cut out: the Great Lakes (only Lake
// Ontario is a sea space; it reaches down the St Lawrence to where Montreal
// and Gaspe meet it, rule 10c) and Lake Ladoga and Onega.
export const seaPatches = [
  // Northumberland Strait, widened so Prince Edward Is. stands clear of the mainland.
  [[-64.9, 46.05], [-64.2, 46.35], [-62.9, 46.1], [-61.9, 45.85], [-61.5, 45.95], [-61.9, 46.2], [-62.0, 46.5], [-62.8, 46.6], [-64.2, 46.7], [-64.8, 46.6], [-65.0, 46.3]],
  [[-92.1, 46.7], [-90.5, 46.6], [-88.5, 47.0], [-87.5, 46.5], [-85.0, 46.7], [-84.6, 46.5], [-84.9, 47.5], [-86.5, 48.7], [-88.5, 48.4], [-89.6, 48.0], [-91.5, 47.3]],
  [[-87.8, 41.7], [-86.8, 41.8], [-86.2, 42.8], [-86.5, 44.0], [-85.6, 45.2], [-84.8, 45.8], [-85.6, 46.0], [-86.8, 45.9], [-87.6, 44.8], [-87.9, 43.5]],
  [[-84.6, 46.0], [-83.5, 46.0], [-82.0, 45.9], [-80.5, 45.8], [-79.8, 44.7], [-80.6, 44.6], [-81.5, 45.2], [-81.7, 44.5], [-81.8, 43.5], [-82.4, 43.0], [-82.7, 43.9], [-83.9, 43.6], [-83.4, 44.3], [-83.3, 45.0], [-84.3, 45.6]],
  [[-83.4, 41.7], [-82.0, 41.5], [-80.0, 42.1], [-78.9, 42.75], [-79.9, 42.9], [-81.3, 42.7], [-82.5, 42.2], [-83.2, 42.0]],
  // Lake Ontario and the upper St Lawrence.
  [[-79.8, 43.3], [-79.0, 43.15], [-77.5, 43.15], [-76.3, 43.4], [-76.1, 43.9], [-75.4, 44.35], [-74.4, 44.95], [-74.3, 45.25], [-74.8, 45.2], [-75.7, 44.7], [-76.6, 44.3], [-78.5, 44.05], [-79.5, 43.75]],
];
export const landPatches = [
  // Delaware Bay: New Jersey and Maryland (with Delaware) touch across it.
  [[-75.6, 39.6], [-75.0, 39.4], [-74.95, 38.9], [-75.2, 38.75], [-75.6, 39.2]],
  // The Strait of Canso: Cape Breton is part of Halifax (rule 15b).
  [[-61.7, 45.45], [-61.1, 45.45], [-61.1, 45.85], [-61.7, 45.85]],
  // The St Lawrence below Lake Ontario's reach is the border of Montreal and
  // Gaspe (rule 10b): land here, up to Quebec, where the Gulf begins.
  [[-74.45, 45.0], [-74.45, 45.45], [-73.3, 45.95], [-72.1, 46.65], [-71.15, 47.05], [-70.95, 46.8], [-72.2, 46.2], [-73.5, 45.45], [-74.2, 45.0]],
  // The Chignecto isthmus, closed so the Bay of Fundy is no way round Nova Scotia.
  [[-64.7, 45.6], [-63.8, 45.6], [-63.8, 46.05], [-64.7, 46.05]],
  // Back Bay and Currituck Sound filled, so Richmond faces only Chesapeake Bay.
  [[-76.1, 36.2], [-75.8, 36.2], [-75.9, 36.85], [-76.1, 36.85]],
  // The Strait of Messina: Naples and Sicily touch (rule 10e).
  [[15.45, 38.35], [15.75, 38.35], [15.75, 37.95], [15.45, 37.95]],
  // The Belts: Denmark closes the way from the Skagerrak to the Baltic.
  [[9.6, 55.0], [9.6, 55.6], [10.5, 55.65], [11.0, 55.75], [11.3, 55.95], [12.3, 56.1], [12.7, 55.95], [12.6, 55.4], [12.1, 55.0], [11.0, 54.9], [10.5, 54.85], [9.9, 54.9]],
  [[12.45, 56.1], [12.75, 56.15], [13.0, 55.9], [12.95, 55.45], [12.7, 55.45], [12.5, 55.8]],
];

// Island provinces too small to hold a unit at this scale are drawn as ellipses
// (px radii) round a middle in degrees; they are their own seeds.
export const islands = {
  pur: { at: [-65.7, 18.2], r: [29, 13] },
  pei: { at: [-63.15, 46.62], r: [26, 10] },
};

// Islands that are no land province but name a sea space (the Azores, the
// Canaries, Bermuda): drawn as islets (px ellipses: middle in degrees, radii)
// over their sea, above the owners' colours.
export const islets = [
  { sea: 'azo', at: [-31.1, 39.5], r: [3, 2] },
  { sea: 'azo', at: [-28.3, 38.6], r: [5, 3] },
  { sea: 'azo', at: [-27.2, 38.7], r: [4, 2.5] },
  { sea: 'azo', at: [-25.5, 37.8], r: [6, 3] },
  { sea: 'azo', at: [-25.1, 36.95], r: [2.5, 2] },
  { sea: 'can', at: [-17.9, 28.7], r: [2.5, 2.5] },
  { sea: 'can', at: [-16.6, 28.3], r: [5, 3] },
  { sea: 'can', at: [-15.6, 28.0], r: [4, 4] },
  { sea: 'can', at: [-14.0, 28.4], r: [4, 6] },
  { sea: 'can', at: [-13.6, 29.0], r: [3, 4] },
  { sea: 'bmd', at: [-64.8, 32.3], r: [5, 2.5] },
];

// The two boxes (rule 11), drawn where the rules' map points: px rectangles
// (x0, y0, x1, y1) whose pixels belong to the box whatever lies under them.
export const boxes = {
  ppb: [[0, 952, 330, 1000]],
  sib: [[1208, 688, 1300, 812]],
};

// The six Atlantis areas (rule 6a): small discs (px radius) where three bodies
// of water meet. The generator finds the point where the area's three seas
// (`seas`, else the seas borders.txt gives the area) meet and moves it by
// `nudge` px; `at` fixes it instead. The disc's pixels belong to the area.
export const areas = {
  ar1: { r: 15 },
  ar2: { r: 15 },
  ar3: { r: 15 },
  ar4: { r: 15 },
  ar5: { r: 15 },
  ar6: { r: 15 },
};

// A point well inside each province (degrees), which place.mjs puts the unit
// near; none here: the unit goes where the province is deepest.
export const centres = {};

// Seed points: every land point goes to the nearest land seed and every sea
// point to the nearest sea seed (distance measured without leaving land or
// water), so these decide the borders.
export const seeds = {
  // --- Britain and Ireland
  cly: [[-5.5, 57.5], [-4.8, 58.4], [-4.7, 55.8], [-5.4, 56.4]],
  edi: [[-3.0, 55.9], [-3.4, 58.4], [-3.9, 57.5], [-2.4, 57.3], [-3.7, 56.3]],
  lvp: [[-4.5, 55.0], [-2.7, 53.6], [-3.2, 54.6]],
  yor: [[-1.9, 55.2], [-1.0, 53.3], [-1.6, 54.5]],
  wal: [[-4.6, 50.5], [-3.5, 50.8], [-2.7, 52.4], [-4.0, 51.8], [-2.2, 52.9]],
  lon: [[-0.8, 51.0], [0.8, 52.5], [-0.4, 52.0]],
  ire: [[-8.0, 53.3], [-8.5, 52.2], [-7.3, 54.6], [-9.6, 53.5]],
  // --- France, the Low Countries, Germany, Central Europe
  bre: [[-1.5, 48.4], [-4.2, 48.3], [-0.5, 49.0]],
  pic: [[2.0, 50.3], [1.8, 50.6], [1.0, 49.8]],
  par: [[1.0, 47.8], [2.4, 47.5], [1.8, 48.6]],
  gas: [[-0.5, 43.6], [1.0, 45.5], [-1.0, 45.0]],
  mar: [[3.2, 43.5], [2.6, 42.6], [6.5, 44.0], [4.5, 44.7], [5.8, 45.1], [6.6, 44.9]],
  bur: [[6.5, 48.5], [4.0, 46.0], [7.3, 48.0], [5.5, 45.5], [4.3, 49.3], [3.5, 48.6]],
  bel: [[3.5, 51.0], [5.5, 50.0], [2.8, 51.05]],
  hol: [[6.5, 53.0], [4.8, 52.0]],
  ruh: [[7.0, 50.0], [8.5, 49.8], [6.5, 51.5]],
  kie: [[9.5, 54.4], [10.5, 52.3], [8.5, 52.0], [9.5, 51.0]],
  ber: [[12.0, 52.3], [14.0, 52.3], [11.5, 53.7]],
  mun: [[11.5, 50.5], [13.0, 51.0], [9.0, 48.0], [11.8, 47.8]],
  pru: [[21.5, 54.5], [17.5, 54.2], [19.5, 53.5]],
  sil: [[15.5, 51.3], [18.5, 50.3], [17.0, 52.0]],
  boh: [[16.8, 49.3], [13.5, 50.0], [15.0, 49.5]],
  tyr: [[11.0, 46.5], [13.5, 47.3], [10.0, 46.3], [10.5, 47.2], [12.5, 46.6], [13.8, 48.0], [9.6, 46.1]],
  vie: [[16.5, 48.3], [15.2, 47.3], [17.0, 47.0]],
  tri: [[13.9, 45.75], [14.3, 46.0], [14.0, 45.2], [15.5, 45.5], [16.0, 44.0], [17.5, 43.3], [18.8, 42.6], [18.0, 44.5]],
  alb: [[19.9, 41.3], [20.0, 40.3], [19.6, 42.0], [20.5, 41.8]],
  gre: [[22.0, 39.5], [23.5, 38.3], [22.5, 40.6], [21.8, 37.6], [23.5, 40.8], [21.0, 39.8]],
  swi: [[8.2, 46.8], [7.2, 46.4], [9.6, 46.7], [6.8, 46.1], [6.3, 46.25], [6.9, 45.9]],
  // --- Italy
  pie: [[7.5, 44.2], [8.0, 45.6], [9.0, 44.45], [9.2, 45.6]],
  ven: [[10.5, 45.3], [12.0, 44.5], [13.5, 43.5], [12.3, 45.6], [12.9, 43.85], [13.0, 45.9]],
  tus: [[10.5, 43.8], [11.5, 42.8], [10.2, 44.1]],
  rom: [[12.5, 42.8], [13.5, 41.5], [13.0, 42.4], [12.6, 43.2]],
  apu: [[15.5, 41.5], [17.8, 40.4], [14.8, 41.9], [14.3, 42.4]],
  nap: [[16.2, 39.0], [14.7, 40.8]],
  sic: [[14.2, 37.5], [13.0, 37.8], [15.0, 37.4]],
  // --- Iberia and North Africa
  por: [[-8.3, 41.5], [-8.0, 37.5]],
  spa: [[-5.6, 36.3], [-6.0, 36.6], [-5.0, 42.5], [-1.0, 41.5], [-4.0, 37.5], [-0.8, 38.5], [1.5, 41.8], [-6.5, 38.5], [-8.0, 42.9], [-7.2, 43.4]],
  mor: [[-6.0, 33.0], [-5.3, 35.4], [-3.0, 34.8], [-8.5, 30.0], [-4.0, 32.5], [0.0, 35.0], [2.0, 36.0], [-1.0, 33.0], [-10.5, 28.0], [-7.5, 32.0], [-5.5, 34.6]],
  mau: [[-15.0, 23.0], [-12.0, 20.0], [-14.0, 25.5], [-10.0, 24.0], [-15.5, 18.5], [-12.5, 26.6]],
  tun: [[10.2, 36.5], [8.5, 34.0], [10.0, 33.0], [6.0, 36.0], [5.0, 35.0]],
  lib: [[13.2, 32.5], [15.0, 31.0], [23.0, 32.0], [18.0, 29.5], [24.5, 31.5]],
  // --- Scandinavia
  den: [[12.0, 55.5], [9.0, 55.2], [10.0, 57.0]],
  nwy: [[14.0, 66.5], [18.5, 69.2], [23.5, 69.7], [26.0, 69.8], [7.5, 58.6], [6.5, 61.5], [11.0, 63.5], [29.5, 69.6]],
  swe: [[18.5, 64.5], [21.5, 66.8], [13.5, 56.5], [17.0, 62.0], [12.5, 58.5]],
  fin: [[26.0, 67.5], [23.5, 61.0], [28.5, 62.5], [26.5, 65.0]],
  kar: [[33.0, 64.0], [31.0, 61.5], [34.0, 67.5], [37.0, 68.0], [30.5, 60.3], [35.0, 62.5]],
  // --- The Atlantic islands
  ice: [[-19.0, 64.9]],
  grn: [[-45.0, 62.0], [-42.0, 70.0], [-40.0, 76.0], [-50.0, 66.0], [-30.0, 74.0], [-55.0, 75.0]],
  can: [[-16.0, 28.6], [-17.5, 28.0], [-14.0, 29.5], [-12.0, 28.8], [-5.6, 35.95], [-5.9, 35.85], [-15.5, 28.3], [-14.0, 28.4], [-6.55, 35.30], [-7.00, 34.40], [-7.23, 34.12], [-8.00, 33.70], [-8.90, 33.35], [-9.64, 32.40], [-10.17, 31.60], [-10.29, 30.73], [-10.00, 30.50], [-10.57, 29.48], [-11.50, 28.60], [-13.30, 28.03], [-13.90, 27.60], [-5.8, 35.85]],
  // --- Canada
  hal: [[-63.5, 45.0], [-65.5, 44.0], [-60.5, 46.0], [-66.5, 45.5], [-65.5, 46.8], [-66.5, 47.3]],
  nfl: [[-56.0, 48.5], [-57.5, 48.0], [-53.5, 47.5]],
  gsp: [[-66.0, 48.6], [-68.5, 47.5], [-71.0, 46.3], [-72.5, 45.5], [-73.8, 45.05], [-70.0, 46.5], [-74.3, 44.9], [-67.2, 47.6]],
  mon: [[-74.3, 45.45], [-74.0, 47.5], [-76.0, 49.0], [-78.0, 51.5], [-72.0, 48.5], [-68.0, 50.0], [-64.0, 51.0], [-74.0, 45.9], [-78.5, 49.5]],
  tor: [[-79.5, 44.2], [-81.0, 43.5], [-77.5, 44.5], [-76.5, 44.6], [-75.3, 45.0], [-79.0, 46.5], [-77.5, 46.0], [-83.0, 46.4], [-84.3, 46.6]],
  ont: [[-85.0, 50.0], [-90.0, 52.0], [-95.0, 55.0], [-83.0, 48.5], [-88.0, 54.5], [-97.0, 50.0], [-84, 47.2], [-82.5, 52]],
  ung: [[-72.0, 58.0], [-75.0, 60.5], [-71.0, 56.0], [-76.0, 56.5], [-77, 54.5]],
  lab: [[-62.0, 54.0], [-64.5, 58.5], [-58.5, 52.5], [-65.0, 54.5], [-60.0, 51.5], [-57.5, 51.5]],
  // --- U.S.A.
  bos: [[-71.5, 42.5], [-72.0, 44.0], [-69.5, 45.0], [-70.5, 43.5], [-68.5, 46.5], [-72.5, 41.8]],
  nyk: [[-74.5, 42.5], [-76.5, 43.0], [-75.0, 44.0], [-73.8, 41.0], [-78.5, 42.5], [-73.0, 40.85], [-74.8, 44.7]],
  nje: [[-74.5, 40.2], [-74.7, 39.5], [-74.9, 39.1]],
  phi: [[-77.0, 40.8], [-79.0, 41.0], [-75.5, 40.2], [-80.0, 41.5], [-76.1, 39.62]],
  mdl: [[-76.8, 39.3], [-75.5, 38.8], [-77.5, 39.6], [-78.8, 39.5], [-75.2, 38.3]],
  ohi: [[-82.5, 40.3], [-84.5, 42.5], [-85.0, 44.0], [-86.0, 39.5], [-84.0, 38.0], [-80.5, 39.5], [-87.5, 46.0], [-86, 41.5]],
  chi: [[-89.0, 41.0], [-89.0, 39.0], [-88.5, 37.5], [-92.0, 38.5], [-91.0, 36.5], [-94, 37]],
  wis: [[-89.5, 44.5], [-91.0, 46.0], [-93.0, 46.5], [-94.0, 44.0], [-96, 46], [-92.5, 42.0]],
  // --- C.S.A.
  ric: [[-77.5, 37.5], [-80.0, 38.0], [-79.0, 37.0], [-81.5, 37.3], [-76.2, 36.8], [-77.2, 36.7]],
  nca: [[-76.2, 36.3], [-78.5, 35.5], [-80.5, 35.8], [-77.0, 35.3], [-83.0, 35.8], [-86.0, 35.8], [-88.5, 35.5], [-84.5, 36.2]],
  cha: [[-80.0, 33.0], [-81.5, 34.0], [-83.0, 33.5], [-84.0, 32.5], [-81.5, 31.8]],
  jac: [[-81.8, 30.0], [-81.3, 27.5], [-84.5, 30.5], [-87.0, 32.0], [-81.0, 25.8], [-86.5, 34.0]],
  lou: [[-91.5, 31.0], [-89.5, 32.0], [-92.5, 32.5], [-90.0, 30.0], [-92.0, 34.5], [-89.8, 34.0], [-96, 31]],
  // --- The Caribbean
  cub: [[-79.0, 22.0], [-82.0, 22.7], [-76.0, 20.3]],
  his: [[-72.0, 19.0], [-70.5, 18.8], [-73.5, 18.4]],
  // --- Seas of Europe
  nao: [[-20, 58], [-14, 55], [-25, 55], [-30, 60], [-12, 59], [-28, 50], [-8.5, 56.5], [-38, 56], [-35, 50], [-20, 50], [-12, 52.5], [-42, 46], [-38, 44], [-33, 43.5], [-40, 42], [-36, 41.5], [-31, 44.5]],
  nwg: [[2, 66], [-5, 64], [10, 68], [-8, 68], [6, 63.5], [-2.5, 61.0], [16.0, 70.5], [-15, 70], [-5, 72], [5, 73], [-17, 73.5]],
  bar: [[35.0, 70.0], [45.0, 69.0], [38.0, 66.5], [30.0, 71.5], [25.0, 73.5], [20.0, 74.5]],
  iri: [[-6.0, 51.5], [-5.0, 53.3], [-8.5, 51.2], [-7.5, 50.2]],
  mao: [[-14, 46.5], [-18, 44], [-12, 42], [-10.0, 40.0], [-10.0, 43.0], [-6.5, 48.0], [-7.0, 47.0], [-4.0, 45.5], [-2.5, 44.0], [-16, 38], [-20, 34], [-15, 32], [-24, 42], [-26, 36], [-24, 32]],
  cad: [[-8.0, 36.0], [-9.5, 36.5], [-7.0, 36.6], [-6.3, 36.2]],
  eng: [[1.0, 50.4], [-5.0, 49.5], [-1.0, 50.1], [1.9, 51.1]],
  nth: [[2.5, 52.5], [4.5, 53.2], [1.0, 54.5], [0.5, 57.5], [4.5, 58.5], [7.0, 56.8], [-1.2, 56.5], [3.0, 51.7], [2.0, 59.5], [7.3, 56.3]],
  hel: [[7.8, 54.3], [6.5, 53.9]],
  ska: [[10.5, 57.8], [11.6, 57.2], [8.5, 58.0]],
  bal: [[14.0, 54.8], [19.5, 56.5], [16.0, 55.5], [20.0, 57.0], [12.8, 54.5], [19.5, 55.0], [22.5, 64.5], [19.5, 60.2], [26.5, 59.9], [23.0, 59.8], [21, 62]],
  lyo: [[3.5, 42.5], [7.5, 43.2], [9.5, 43.6], [6.0, 41.0], [3.3, 41.6], [1.5, 40.9]],
  wes: [[-2.0, 36.5], [6.0, 38.5], [1.0, 38.0], [8.0, 38.0], [-4.5, 36.0], [-5.3, 36.0]],
  tys: [[10.5, 41.8], [11.5, 38.0], [13.5, 39.0], [14.0, 40.4], [12.0, 37.6]],
  ion: [[16.7, 37.5], [13, 35], [19.0, 39.3], [21.0, 36.0], [12.5, 33.8], [14.5, 33.4], [16.3, 35.6], [17.8, 35.6], [21.5, 33.4], [24.0, 33.5], [26, 37.5], [24.5, 39.5]],
  adr: [[13.0, 44.8], [18.5, 41.5], [16.5, 42.6], [14.5, 43.8]],
  // --- Seas of the Americas and the western Atlantic
  hud: [[-85.0, 58.0], [-88.0, 60.0], [-82.0, 62.0], [-80.0, 56.0], [-80.0, 52.5], [-92, 59], [-78, 64]],
  dav: [[-60.0, 62.0], [-58.0, 66.0], [-65.0, 61.0], [-69.0, 60.0], [-56.0, 59.0], [-60, 69], [-55.0, 55.0], [-54, 52.5], [-52.3, 51.0], [-52.8, 49.9], [-51.3, 50.3]],
  arc: [[-70.0, 75.0], [-85.0, 74.0], [0.0, 78.5], [15.0, 78.0], [-95, 72]],
  grb: [[-52.2, 47.2], [-65.8, 45.0], [-50.0, 46.0], [-49.0, 50.0], [-52.0, 44.0], [-56, 44], [-62, 43.5], [-66.5, 44.0], [-68.5, 43.5], [-57, 46.5], [-58, 41.5]],
  gsl: [[-60.8, 47.3], [-61.6, 47.0], [-62.0, 48.5], [-64.0, 49.5], [-59.0, 49.0], [-58, 51]],
  nus: [[-63.2, 46.08], [-64.0, 46.22], [-62.4, 45.98]],
  lis: [[-75.0, 37.7], [-71.0, 41.2], [-73.5, 40.3], [-70, 41.5], [-72, 39.5], [-74.3, 38.6], [-69, 38], [-66, 34.8], [-67, 37]],
  chb: [[-76.3, 37.3], [-75.85, 36.95], [-75.75, 36.94]],
  myr: [[-75.75, 36.5], [-75.3, 35.8], [-76.0, 35.3], [-75.6, 36.3], [-77.0, 33.0], [-75.0, 34.5], [-78.5, 33.4], [-73.0, 34.0], [-74.8, 35.8], [-70, 33.2], [-67, 32.6]],
  lak: [[-77.8, 43.6], [-76.5, 43.7], [-75.8, 44.2], [-74.9, 45.0]],
  car: [[-75.0, 15.0], [-70.0, 15.0], [-67.0, 16.0], [-63.5, 17.0], [-76.5, 17.5]],
  gda: [[-82.0, 14.0], [-84.0, 18.5], [-86.0, 16.5], [-80, 17]],
  gom: [[-90.0, 26.0], [-86.0, 24.0], [-94.0, 27.0], [-88.5, 29.6], [-83.5, 27.0], [-95, 22], [-84.5, 23.5], [-81.5, 24.2]],
  sar: [[-33, 40], [-30, 40.8], [-35, 37], [-79.7, 25.5], [-70, 28], [-60, 30], [-50, 33], [-40, 34], [-68, 24], [-76, 26], [-79.5, 27.5], [-78.5, 31.0], [-62, 21.5], [-45, 38], [-55, 38], [-72, 21], [-78, 23.5], [-66.5, 19.5], [-33, 38], [-60, 36]],
  azo: [[-27.5, 38.3], [-29.5, 39.2], [-25.5, 37.5]],
  bmd: [[-64.8, 32.3], [-65.5, 33.0], [-64.0, 31.8]],
  sao: [[-40, 15], [-30, 12], [-50, 14], [-25, 20], [-20, 18], [-58, 15], [-19, 26], [-20, 30]],
};

// Impassable land and water drawn but no province.
export const impassable = {
  'impassable-west': { kind: 'land', name: 'The West', seeds: [[-99.0, 38.0], [-99.0, 44.0], [-99.0, 31.0], [-99.0, 20.0], [-92.0, 17.0], [-86.0, 14.0], [-99, 35], [-89, 20]] },
  'impassable-arctic': { kind: 'land', name: 'Baffin Island', seeds: [[-70.0, 68.0], [-95, 68]] },
  'impassable-southam': { kind: 'land', name: 'South America', seeds: [[-70.0, 8.0], [-63.0, 9.0], [-74, 6]] },
  'impassable-east': { kind: 'land', name: 'Russia', seeds: [[35.0, 58.0], [25.0, 57.0], [23.0, 52.5], [38.0, 55.0], [28.0, 55.0], [38, 62], [30, 58.8], [23, 49], [19, 47], [21, 44], [25, 43], [22.5, 42.3], [21.5, 42.8], [30, 38.5], [40, 64], [34, 48], [26, 41.5]] },
  'impassable-africa': { kind: 'land', name: 'The Sahara', seeds: [[3.0, 28.0], [10.0, 25.0], [-5.0, 18.0], [20.0, 25.0], [-2, 25], [-10, 15], [15, 22], [0, 30], [25, 28], [8, 30]] },
  'impassable-isl': { kind: 'land', name: 'Islands', seeds: [[9.1, 42.1], [9.0, 40.0], [2.9, 39.6], [24.9, 35.2], [-77.5, 18.1]] },
  // Rule 10d: no fleet on the Great Lakes above Lake Ontario; hatched as impassable.
  'impassable-lakes': { kind: 'sea', name: 'The Great Lakes', fill: 'url(#impassable-hatch)', seeds: [[-87.0, 43.5], [-82.5, 44.8], [-81.5, 42.2], [-87.5, 48.0], [-80.5, 45.3], [-86, 45.8]] },
  'impassable-pacific': { kind: 'sea', name: 'Pacific', seeds: [[-95.0, 14.0], [-99, 17], [-82, 7]] },
  // The data gives the Gulf of Mexico no border with the Sargasso Sea.
  'impassable-florida': { kind: 'sea', name: 'Florida Straits', fill: 'url(#impassable-hatch)', seeds: [[-81.5, 23.9], [-80.6, 24.3], [-80.2, 23.6]] },
  'impassable-black': { kind: 'sea', name: 'Black Sea', seeds: [[34, 43.5], [31, 44]] },
};

// Placement overrides (degrees, or {px: [x, y]}). Split-coast provinces list
// where a fleet on each coast stands; boxes list their numbered places.
export const anchors = {
  spa: { coasts: { nc: [-5.2, 43.3], sc: [-3.8, 36.9] }, coastLabels: { nc: [0, -20], sc: [26, 16] } },
  mon: { coasts: { nc: [-79.0, 52.0], sc: [-68.6, 49.2] }, coastLabels: { nc: [0, 22], sc: [0, -20] } },
  nyk: { coasts: { nc: [-76.0, 43.25], sc: [-73.6, 40.75] }, coastLabels: { nc: [20, 16], sc: [0, 22] } },
  lak: { unit: [-78.4, 43.65] },
  // Small islands: the unit on the west half, the centre marker on the east.
  // Where room is short the unit and the centre marker are set side by side
  // (a unit covers about 38 x 28 px, a marker 25 px).
  pei: { unit: { px: [411, 473.6] }, sc: { px: [444, 473.6] }, label: { px: [440, 452] } },
  nus: { unit: { px: [452, 506] }, label: { px: [408, 500] } },
  ice: { unit: { px: [667, 182] }, sc: { px: [687, 158] }, label: { px: [667, 208] } },
  nfl: { unit: { px: [522, 427] }, sc: { px: [520, 398] } },
  jac: { unit: { px: [141, 776] }, sc: { px: [143, 804] } },
  cha: { unit: { px: [148, 731] }, sc: { px: [113, 731] }, label: { px: [152, 753] } },
  his: { unit: { px: [303, 892] }, sc: { px: [338, 893] } },
  car: { unit: { px: [340, 935] } },
  pur: { unit: { px: [381, 899] }, sc: { px: [415, 899] }, label: { px: [381, 925] } },
  cly: { unit: { px: [741, 242] } },
  edi: { unit: { px: [787, 236] } },
  tyr: { unit: { px: [1099, 447] } },
  vie: { unit: { px: [1146, 460] } },
  pie: { unit: { px: [1003, 514] } },
  ven: { unit: { px: [1054, 516] } },
  ppb: {
    unit: { px: [130, 977] },
    slots: [{ px: [175, 977] }, { px: [220, 977] }, { px: [265, 977] }, { px: [310, 977] }, { px: [85, 977] }],
    label: { px: [38, 976] },
  },
  sib: {
    unit: { px: [1232, 730] },
    slots: [{ px: [1277, 730] }, { px: [1232, 762] }, { px: [1277, 762] }, { px: [1232, 794] }, { px: [1277, 794] }],
    label: { px: [1254, 702] },
  },
};

// Province labels placed by hand (px, the middle of the label's box; the text's baseline is
// 5.4 px lower), each inside its province and clear of the units and centre markers beside it.
// The renderer moves a label at draw time when a mark covers it; these are where it starts.
export const labels = {
  lvp: [758.5, 290.5],
  wal: [761.5, 394.5],
  ire: [691.5, 360.5],
  bur: [906.5, 457.5],
  ber: [1081.5, 359.5],
  mun: [1057.5, 442.5],
  tyr: [1081, 475],
  vie: [1138, 439],
  gre: [1189.5, 659.5],
  rom: [1075.5, 615.5],
  apu: [1156.5, 624.5],
  nwy: [1006.5, 166.5],
  swe: [1069.5, 228.5],
  mor: [793.5, 729.5],
  hel: [944.5, 269.5],
  adr: [1109.5, 526.5],
  grb: [504.5, 519.5],
  nus: [407, 497],
  chb: [217.5, 676.5],
  hal: [362.5, 516.5],
  mon: [280.5, 365.5],
  gsp: [293.5, 442.5],
  lab: [396.5, 282.5],
  bos: [298.5, 532.5],
  nje: [251.5, 608.5],
  phi: [197.5, 580.5],
  cha: [140, 753],
  jac: [104, 753],
};

// The title and the key to the ice and the areas (px, the middle of the title),
// in the empty South Atlantic.
export const title = { x: 600, y: 905 };
export const control = []; // no warp: the projection is separable (lonKnots, latKnots)

// Borders across water the rules make (10e: Spain-Morocco; 15a-iv:
// Toronto-Gaspe across the St Lawrence), drawn as a dashed bar between the two
// provinces (degrees or px): [a, b, end in a, end in b].
export const crossings = [
  ['spa', 'mor', [-5.5, 36.4], [-5.3, 35.55]],
  ['tor', 'gsp', [-75.3, 45.25], [-74.35, 44.75]],
];
// Borders the board cannot draw as touching: the two canal boxes adjoin each
// other round the world (rule 11a); each box names the other instead.
export const farBorders = ['ppb-sib'];
export const boxNotes = [
  { text: '\u2194 to the Suez-Indian Box', x: 176, y: 946 },
  { text: 'to Panama \u2194', x: 1254, y: 682 },
];
