// Hand-made layout for the Pirates of the Caribbean board (the Caribbean in
// 1680). Everything here is in degrees (longitude, latitude) unless it says px;
// the generator projects it. There is no designer's map to follow (it is
// lost): the board is the real Caribbean, stretched north-south between the
// Greater Antilles and the Spanish Main so the Lesser Antilles have room, with
// every island space drawn enlarged where `islands` puts it.

export const canvas = { width: 1500, height: 1300 };

// The room a unit symbol takes round its anchor (x0, y0, x1, y1 px: a fleet is 37
// wide, an army 27 across, shadows included) and the radius of a centre marker
// (a home centre's ring). place.mjs and the island labels keep everything clear of
// these, so no unit covers a centre marker or a label.
export const room = { unit: [-19, -14, 20, 15], sc: 12 };

// Where the legend goes (px): the Atlantic north of the Bahamas and Bermuda.
export const legend = { x: 1250, y: 12, width: 238, height: 236 };

// The projection is separable: x from longitude, y from latitude, each a
// smooth monotone curve through these knots ([degrees, px]). Latitudes 10-18 N
// (the Lesser Antilles and the Spanish Main) get about twice the room of the
// rest; North America and the interior of South America are squeezed.
export const lonKnots = [
  [-101, 0],
  [-97, 90],
  [-90, 300],
  [-85, 450],
  [-80, 600],
  [-75, 745],
  [-70, 875],
  [-66, 980],
  [-64.5, 1050],
  [-61, 1270],
  [-59.5, 1330],
  [-57, 1385],
  [-53, 1465],
  [-51, 1515],
];
export const latKnots = [
  [40.5, 0],
  [30, 212],
  [28, 252],
  [25, 300],
  [23, 340],
  [20, 420],
  [18, 490],
  [15, 665],
  [10.5, 1060],
  [9, 1110],
  [7, 1162],
  [5, 1222],
  [1.5, 1300],
];

// Natural Earth land is cut to this box (lon0, lat0, lon1, lat1).
export const landBounds = [-104, 0, -48, 43];
export const dropLand = [];
// Land added to, and water cut out of, the coastline (degrees or {px}).
export const landPatches = [
  // Lake Maracaibo is drawn as Maracaibo's land (the lake and its towns).
  [[-72.3, 10.95], [-71.35, 10.95], [-70.9, 10.0], [-70.9, 8.9], [-72.3, 8.9]],
];
export const seaPatches = [];
// Land polygons of the mainland mask smaller than this (px^2) are dropped: the
// islets that are no province (the southern Bahamas, Gonave, Cozumel, the Keys).
export const minLand = 260;

// Island spaces (terrain `island`): each is drawn from its real coastline (the
// Natural Earth land whose middle lies in `boxes`), scaled by `scale` about its
// own middle, moved to `at` (px), thickened by `grow` px and filled out to at
// least the ellipse `min` ([rx, ry] px) round `at`, so it holds a unit, a
// centre marker and reads as its island. The mainland mask leaves these out.
export const islands = {
  // Bermuda and the Bahamas.
  ber: { boxes: [[-65.0, 32.2, -64.6, 32.45]], at: { px: [1040, 160] } },
  gba: { boxes: [[-79.1, 26.4, -77.9, 26.9], [-77.8, 25.8, -76.8, 27.3]], scale: 1.1, at: { px: [690, 222] } },
  npr: { boxes: [[-77.6, 24.95, -77.2, 25.15]], at: { px: [712, 283] } },
  ele: { boxes: [[-76.8, 24.6, -76.1, 25.6]], scale: 1.6, at: { px: [778, 272] } },
  anr: { boxes: [[-78.5, 23.6, -77.5, 25.2], [-79.4, 25.6, -79.2, 25.8]], scale: 1.1, at: { px: [650, 305] } },
  tci: { boxes: [[-72.6, 21.1, -71.0, 22.0]], scale: 1.3, at: { px: [880, 372] } },
  // Round Cuba, Hispaniola and the western Caribbean.
  pin: { boxes: [[-83.2, 21.4, -82.5, 22.0]], scale: 2, at: { px: [515, 385] } },
  cay: { boxes: [[-81.45, 19.25, -81.05, 19.4]], at: { px: [575, 452] } },
  roa: { boxes: [[-86.7, 16.25, -86.2, 16.5]], at: { px: [420, 560] } },
  pro: { boxes: [], at: { px: [560, 880] } },
  tor: { boxes: [[-73.0, 19.95, -72.6, 20.15]], at: { px: [795, 395] } },
  jam: { boxes: [[-78.5, 17.6, -76.1, 18.6]], scale: 1.4 },
  prc: { boxes: [[-67.4, 17.8, -65.5, 18.6]], scale: 1.4, at: { px: [975, 490] } },
  // The Virgin Islands, side by side between the Atlantic and the Virgin Sea,
  // 52 px apart so the causeways between them stay clear: unit above the centre
  // marker, the names in a row above the islands (`anchors`).
  vie: { boxes: [[-65.6, 18.05, -65.2, 18.4]], at: { px: [1030, 470] }, min: [19, 27], unit: [0, -12], sc: [0, 15] },
  stt: { boxes: [[-65.1, 18.28, -64.84, 18.42]], at: { px: [1082, 470] }, min: [19, 27], unit: [0, -12], sc: [0, 15] },
  stj: { boxes: [[-64.83, 18.28, -64.65, 18.38]], at: { px: [1134, 470] }, min: [19, 27], unit: [0, -12], sc: [0, 15] },
  ttl: { boxes: [[-64.72, 18.38, -64.25, 18.55]], at: { px: [1186, 470] }, min: [19, 27], unit: [0, -12], sc: [0, 15] },
  stc: { boxes: [[-65.0, 17.6, -64.5, 17.85]], at: { px: [1085, 560] } },
  // The Leeward Islands.
  stm: { boxes: [[-63.2, 17.85, -62.75, 18.3]], at: { px: [1255, 465] } },
  ste: { boxes: [], at: { px: [1235, 525] } },
  skt: { boxes: [[-62.9, 17.05, -62.5, 17.45]], at: { px: [1258, 580] } },
  mnt: { boxes: [[-62.3, 16.65, -62.1, 16.85]], at: { px: [1290, 632] } },
  bbu: { boxes: [[-61.95, 17.5, -61.7, 17.75]], at: { px: [1330, 540] } },
  atg: { boxes: [[-61.95, 16.95, -61.6, 17.2]], at: { px: [1340, 598] } },
  // The Windward Islands, Barbados, Tobago and Trinidad.
  gdl: { boxes: [[-61.85, 15.8, -61.0, 16.55]], scale: 2, at: { px: [1320, 692] } },
  dom: { boxes: [[-61.5, 15.15, -61.2, 15.65]], at: { px: [1310, 746] } },
  mtq: { boxes: [[-61.25, 14.35, -60.8, 14.9]], at: { px: [1320, 800] } },
  slu: { boxes: [[-61.1, 13.7, -60.85, 14.12]], at: { px: [1315, 854] } },
  svi: { boxes: [[-61.5, 12.5, -61.1, 13.4]], at: { px: [1305, 908] } },
  grn: { boxes: [[-61.85, 11.95, -61.55, 12.25]], at: { px: [1285, 962] } },
  brb: { boxes: [[-59.7, 13.0, -59.4, 13.35]], at: { px: [1410, 860] } },
  tob: { boxes: [[-60.9, 11.1, -60.5, 11.4]], at: { px: [1338, 995] } },
  tri: { boxes: [[-61.95, 10.0, -60.9, 10.9]], scale: 1.3, at: { px: [1262, 1048] } },
  // Off the Spanish Main.
  mgt: { boxes: [[-64.5, 10.8, -63.7, 11.2]], scale: 2.5, at: { px: [1090, 1010] } },
  aru: { boxes: [[-70.1, 12.4, -69.8, 12.65]], at: { px: [845, 870] } },
  // Curacao and Bonaire: unit above the centre marker, so the causeway between
  // them runs clear of both (`landbridges`).
  cur: { boxes: [[-69.2, 12.0, -68.7, 12.4]], at: { px: [925, 905] }, min: [19, 27], unit: [0, -12], sc: [0, 15] },
  bon: { boxes: [[-68.45, 12.0, -68.15, 12.35]], at: { px: [990, 905] }, min: [19, 27], unit: [0, -12], sc: [0, 15] },
};

// Warp control points: none (the projection above is the whole bend); the
// debug drawing lists them.
export const control = [];

// Province seeds: every land point goes to the nearest land seed and every sea
// point to the nearest sea seed (island spaces are seeded at their drawing).
export const seeds = {
  // North America.
  vir: [[-79, 38], [-77, 37.2], [-82, 39.5], [-84.5, 39.8]],
  car: [[-81, 34], [-79, 34.5], [-83.5, 34.8]],
  sta: [[-81.7, 30.3], [-81.3, 29.2], [-82.4, 30.5]],
  flo: [[-81.2, 26.8], [-81.8, 27.8]],
  apa: [[-85.5, 31.3], [-83.5, 31.2], [-87.5, 31.2], [-83.3, 30]],
  tej: [[-98, 31], [-96, 34], [-100, 38], [-95.5, 29.5]],
  mdl: [[-90.5, 30.8], [-89.6, 31.5], [-92.5, 30.3]],
  can: [[-92, 37], [-89.5, 34.5], [-86.5, 34.7], [-93.5, 33.5], [-85, 36.5]],
  nfr: [[-88, 39.5], [-90, 39.8], [-86.5, 39.5]],
  // Mexico and Central America.
  pnc: [[-98.5, 22.5], [-99, 25], [-97.8, 21]],
  mxc: [[-99.5, 19], [-99.8, 20.8]],
  vcz: [[-96.5, 19.2], [-97.2, 20]],
  guax: [[-94, 17.5], [-96.5, 17.2]],
  yuc: [[-89.5, 20]],
  bel: [[-88.5, 17]],
  gtm: [[-90, 15.5], [-89.5, 16.5]],
  hon: [[-87, 15], [-86.5, 14]],
  mos: [[-84, 14.5], [-83.8, 13.3]],
  nic: [[-85, 12], [-84.5, 12.5]],
  cri: [[-84, 10], [-83.8, 10.7]],
  ver: [[-81.5, 8.7]],
  pan: [[-79.5, 9]],
  dar: [[-77.5, 8]],
  // South America.
  ctg: [[-75.3, 9.8]],
  smt: [[-74.2, 11.0]],
  ngr: [[-74.5, 7], [-73.4, 10.0], [-74.5, 8.3]],
  rdh: [[-72.5, 11.4], [-72.9, 10.9]],
  mcb: [[-71.5, 9.8], [-71.6, 10.8]],
  vnz: [[-68, 10.2], [-69.8, 11.3], [-66, 10.2]],
  lla: [[-68, 7.5], [-66, 8.2]],
  nan: [[-63.5, 10.2], [-61.5, 9], [-60.5, 8.3], [-61.8, 8.4], [-62.3, 8.7], [-64.7, 10.0]],
  got: [[-63.5, 7.2], [-62.5, 7.0]],
  cbn: [[-59, 6.3], [-59.8, 7.5], [-60, 8]],
  gui: [[-58.5, 4.5], [-56, 3.3], [-54, 2.5]],
  sur: [[-55.5, 5.3], [-56.5, 5.6], [-55, 4.5]],
  cyn: [[-52.8, 4.8], [-53, 4.0]],
  // The big islands.
  hav: [[-82.2, 22.9], [-83.3, 22.5]],
  cub: [[-78.5, 21.6]],
  sgo: [[-76, 20.3]],
  hai: [[-72.2, 19.4]],
  his: [[-70, 18.8]],
  // Seas (px).
  nat: [{ px: [700, 140] }, { px: [780, 90] }, { px: [640, 170] }],
  sar: [{ px: [730, 205] }, { px: [900, 250] }, { px: [1050, 250] }, { px: [1200, 300] }, { px: [1450, 270] }, { px: [860, 260] }, { px: [820, 290] }],
  bch: [{ px: [620, 230] }, { px: [650, 205] }],
  npc: [{ px: [712, 255] }, { px: [712, 310] }, { px: [740, 270] }, { px: [682, 283] }],
  fls: [{ px: [560, 300] }, { px: [520, 320] }, { px: [610, 318] }],
  obc: [{ px: [720, 350] }, { px: [680, 345] }, { px: [740, 330] }, { px: [760, 345] }, { px: [775, 305] }],
  slb: [{ px: [830, 390] }, { px: [860, 400] }, { px: [805, 365] }, { px: [850, 360] }],
  win: [{ px: [765, 420] }],
  atl: [{ px: [960, 430] }, { px: [1100, 420] }, { px: [1170, 430] }, { px: [920, 380] }, { px: [1200, 380] }, { px: [1350, 370] }, { px: [1450, 390] }, { px: [900, 340] }],
  mpa: [{ px: [932, 500] }],
  anp: [{ px: [1212, 452] }, { px: [1216, 478] }, { px: [1255, 430] }, { px: [1300, 440] }, { px: [1450, 450] }],
  vgs: [{ px: [1080, 522] }, { px: [1140, 525] }, { px: [1180, 515] }, { px: [1195, 495] }],
  lat: [{ px: [1380, 560] }, { px: [1280, 500] }, { px: [1290, 560] }, { px: [1310, 610] }, { px: [1400, 650] }, { px: [1345, 655] }],
  ave: [{ px: [1180, 600] }, { px: [1222, 500] }, { px: [1205, 525] }, { px: [1130, 580] }, { px: [1100, 610] }, { px: [1210, 560] }, { px: [1240, 610] }, { px: [1270, 670] }, { px: [1275, 715] }],
  wat: [{ px: [1420, 760] }, { px: [1440, 900] }, { px: [1420, 1000] }, { px: [1360, 740] }, { px: [1330, 940] }],
  grb: [{ px: [1240, 800] }, { px: [1230, 900] }, { px: [1240, 960] }, { px: [1270, 770] }],
  gal: [{ px: [1290, 1005] }, { px: [1200, 1010] }],
  gop: [[-62, 10.3]],
  wcs: [{ px: [1420, 1080] }, { px: [1380, 1110] }, { px: [1330, 1085] }],
  spm: [{ px: [960, 960] }, { px: [1050, 980] }],
  gov: [{ px: [820, 930] }],
  ccs: [{ px: [850, 600] }, { px: [950, 700] }, { px: [1050, 650] }, { px: [900, 800] }, { px: [880, 500] }, { px: [990, 860] }, { px: [850, 520] }, { px: [850, 500] }, { px: [837.5, 507] }],
  soc: [{ px: [700, 850] }, { px: [720, 960] }, { px: [700, 1000] }, { px: [740, 1010] }],
  dgf: [[-76.9, 8.9], { px: [655, 1095] }],
  mgf: [{ px: [570, 1060] }, { px: [620, 1070] }],
  msq: [{ px: [540, 680] }, { px: [540, 800] }, { px: [560, 830] }, { px: [520, 900] }, { px: [600, 880] }, { px: [510, 1000] }],
  jch: [{ px: [740, 480] }, { px: [805, 492] }, { px: [823.5, 507] }, { px: [720, 560] }, { px: [720, 640] }],
  cys: [{ px: [560, 500] }, { px: [620, 410] }, { px: [680, 440] }, { px: [515, 430] }],
  bat: [{ px: [540, 370] }],
  ycc: [{ px: [425, 385] }],
  goh: [{ px: [420, 530] }, { px: [380, 560] }, { px: [470, 580] }, { px: [500, 620] }],
  gme: [{ px: [490, 250] }, { px: [380, 300] }, { px: [330, 330] }],
  ngm: [{ px: [150, 240] }, { px: [340, 220] }, { px: [410, 212] }],
  boc: [{ px: [170, 330] }, { px: [240, 420] }],
};

// Water and land drawn but no province.
export const impassable = {
  'impassable-pacific': {
    kind: 'sea',
    name: 'Pacific Ocean',
    seeds: [[-95, 14], [-87, 11], [-80, 6.5], [-99.5, 16.5]],
    label: { text: 'Pacific Ocean (no passage)', at: { px: [200, 760] }, angle: 42 },
  },
};

// Placement overrides (degrees, or {px: [x, y]}).
export const anchors = {
  // Havana is a thin strip: the unit on its wide eastern end, the centre on the
  // western tail (clear of the causeway to the Isle of Pines), the name between.
  hav: { unit: { px: [573, 350] }, sc: { px: [484, 350] }, label: { px: [531, 346] } },
  // The Gulf of Batabano's name in its open water, not in the lagoon on Havana's coast.
  bat: { label: { px: [562, 412] } },
  pan: { label: { px: [600, 1078] }, unit: { px: [606, 1109] } },
  ver: { unit: { px: [562, 1127] } },
  // Surinam and Cayenne are narrow strips along the coast: their names go in the
  // water off it, clear of the unit and the centre.
  cyn: { label: { px: [1482, 1196] } },
  sur: { label: { px: [1410, 1180] } },
  // Sea units kept clear of the islands' units and names nearby.
  npc: { unit: { px: [688, 312] } },
  slb: { unit: { px: [827, 340] } },
  gop: { unit: { px: [1190, 1066] } },
  // Guadeloupe's name east of it, clear of Montserrat's.
  gdl: { label: { px: [1375, 697] } },
  vie: { label: { px: [1030, 432] } },
  stt: { label: { px: [1082, 432] } },
  stj: { label: { px: [1134, 432] } },
  ttl: { label: { px: [1186, 432] } },
};

// Causeways placed by hand (ends in px, in the order of the pair): between the
// Virgin Islands and from Curacao to Bonaire, below the units and above the
// centre markers (the nearest points of two islands would put them against the
// fleets).
export const landbridges = {
  'stt-vie': [{ px: [1068, 474] }, { px: [1044, 474] }],
  'stj-stt': [{ px: [1120, 474] }, { px: [1096, 474] }],
  'stj-ttl': [{ px: [1148, 474] }, { px: [1172, 474] }],
  'bon-cur': [{ px: [976, 909] }, { px: [939, 909] }],
};

// Rivers (kind=river), each from one province into the other, and the mouths.
export const rivers = {
  'can-nfr': [[-91.2, 40.45], [-90.2, 38.5], [-89.5, 36.5]],
  'can-mdl': [[-89.5, 36.5], [-90.8, 33], [-91.2, 31.5], [-90.6, 30.2]],
  'got-nan': [[-64.0, 6.6], [-63.3, 7.7], [-62.4, 8.25]],
};
export const riverMouths = {
  mdl: [[-90.6, 30.2], [-89.8, 29.6], [-89.0, 28.8]],
  nan: [[-62.4, 8.25], [-61.5, 8.55], [-60.7, 8.75], [-60.2, 8.85]],
};
// River names, in italics beside the rivers they name.
export const riverLabels = [
  { text: 'Mississippi', at: [-92.3, 34.6], angle: 76 },
  { text: 'Orinoco', at: [-63.9, 7.45], angle: -33 },
];
