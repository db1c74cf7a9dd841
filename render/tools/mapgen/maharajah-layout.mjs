// Hand-made layout for the Maharajah board (India, 1501). Everything here is
// in degrees (longitude, latitude) unless it says px; the generator projects
// it. The board follows the designer's layout (1300x1150): Persia and Arabia
// sit lower than their latitude, Burma higher, and the Deccan is widened.

export const canvas = { width: 1300, height: 1150 };

// Where the legend goes (px): Tibet and western China, off the board.
export const legend = { x: 1050, y: 12, width: 238, height: 236 };

// Warp control points: real places and where they go on the board.
export const control = [
  // Persian Gulf and the Makran coast.
  [[48.6, 30.2], [-10, 470]], // Shatt al-Arab (the Gulf's head, off the west edge)
  [[50.8, 28.95], [95, 498]], // Bushehr
  [[52.6, 27.4], [150, 520]], // Kangan
  [[56.3, 27.2], [212, 545]], // Bandar Abbas
  [[56.3, 26.3], [222, 590]], // Musandam
  [[55.3, 25.25], [170, 615]], // Dubai
  [[51.5, 25.3], [95, 610]], // Doha
  [[50.1, 26.4], [40, 585]], // Dammam
  [[48.0, 28.8], [-20, 540]], // Kuwait
  [[57.8, 25.65], [252, 588]], // Jask
  [[62.3, 25.1], [345, 592]], // Gwadar
  [[66.9, 24.85], [445, 598]], // Karachi
  // Arabia and the Horn.
  [[59.8, 22.5], [312, 700]], // Ras al Hadd
  [[57.8, 19.0], [262, 772]], // Ras Madrakah
  [[54.1, 17.0], [205, 810]], // Salalah
  [[49.1, 14.5], [132, 862]], // Mukalla
  [[45.0, 12.8], [58, 905]], // Aden
  [[43.4, 12.6], [18, 918]], // Bab el-Mandeb
  [[43.3, 11.4], [12, 965]], // Zeila
  [[45.0, 10.4], [62, 990]], // Berbera
  [[51.3, 11.8], [170, 985]], // Cape Guardafui
  [[49.8, 8.0], [128, 1085]], // Eyl
  [[46.0, 21.0], [40, 720]], // Nejd
  [[50.5, 20.5], [145, 709]], // Rub al Khali
  // India's west coast.
  [[68.9, 22.4], [485, 652]], // Dwarka
  [[71.0, 20.7], [520, 690]], // Diu
  [[72.6, 22.3], [552, 645]], // Khambhat
  [[72.8, 21.2], [552, 672]], // Surat
  [[72.85, 19.0], [548, 710]], // Bombay
  [[73.8, 15.5], [553, 770]], // Goa
  [[74.45, 14.3], [575, 815]], // Honavar
  [[75.8, 11.25], [604, 880]], // Calicut
  [[76.3, 9.9], [620, 928]], // Cochin
  [[77.55, 8.08], [672, 1014]], // Cape Comorin
  [[78.15, 8.8], [714, 1000]], // Tuticorin
  [[79.85, 10.3], [770, 948]], // Point Calimere
  [[80.3, 13.4], [790, 884]], // Pulicat
  [[81.2, 16.2], [828, 792]], // Machilipatnam
  [[83.3, 17.7], [862, 745]], // Vizagapatam
  [[85.8, 19.8], [890, 702]], // Puri
  [[88.1, 21.7], [952, 655]], // Hooghly mouth
  [[91.8, 22.3], [1010, 650]], // Chittagong
  [[92.9, 20.1], [1042, 700]], // Arakan
  [[94.25, 16.0], [1088, 762]], // Cape Negrais
  [[96.2, 16.8], [1130, 742]], // Rangoon
  [[97.6, 16.5], [1172, 768]], // Moulmein
  [[98.2, 14.1], [1198, 830]], // Tavoy
  [[98.6, 12.4], [1212, 880]], // Mergui
  [[98.6, 10.0], [1232, 950]], // Kra
  [[98.3, 8.0], [1240, 1010]], // Phuket
  [[95.3, 5.55], [1180, 1100]], // Banda Aceh
  // Ceylon.
  [[80.0, 9.7], [796, 995]], // Jaffna
  [[79.85, 6.9], [790, 1068]], // Colombo
  [[80.6, 5.95], [824, 1102]], // Dondra Head
  [[81.25, 8.6], [842, 1025]], // Trincomalee
  // Inland.
  [[51.7, 32.7], [105, 420]], // Isfahan
  [[50.9, 34.6], [30, 330]], // Qom
  [[59.6, 36.3], [219, 156]], // Meshed
  [[54.4, 31.9], [262, 330]], // Yazd
  [[62.2, 34.3], [354, 248]], // Herat
  [[65.7, 31.6], [394, 335]], // Kandahar
  [[60.0, 29.5], [321, 440]], // Baluchistan (the board's Shiraz)
  [[64.4, 39.8], [331, 93]], // Bukhara
  [[67.0, 39.65], [476, 64]], // Samarkand
  [[66.9, 36.75], [440, 182]], // Balkh
  [[69.2, 34.5], [588, 216]], // Kabul
  [[76.0, 39.5], [836, 99]], // Kashgar
  [[74.8, 34.1], [750, 232]], // Srinagar
  [[74.3, 31.55], [671, 255]], // Lahore
  [[71.5, 30.2], [619, 314]], // Multan
  [[78.0, 27.2], [743, 377]], // Agra
  [[80.9, 26.8], [810, 365]], // Lucknow
  [[83.0, 25.3], [840, 470]], // Benares
  [[85.1, 25.6], [950, 505]], // Patna
  [[91.7, 26.1], [1072, 546]], // Guwahati
  [[96.0, 21.9], [1168, 560]], // Ava
  [[100.5, 14.35], [1262, 866]], // Ayutthaya
  [[79.9, 23.2], [853, 562]], // Jabalpur
  [[75.8, 22.7], [700, 555]], // Malwa (Ujjain)
  [[76.1, 18.4], [690, 665]], // Bidar region
  [[77.6, 13.0], [700, 830]], // Mysore country (the board's Calicut and Bangalore meet here)
  [[73.0, 26.3], [588, 525]], // Jodhpur
  [[70.9, 26.9], [513, 484]], // Jaisalmer
];

// The first seed of each province: where the designer's map puts its unit.
export const centres = {
  ace: { px: [1207, 1121] }, // Aceh
  agr: { px: [743, 377] }, // Agra
  ahd: { px: [562, 623] }, // Ahmadabad
  ahn: { px: [582, 687] }, // Ahmadnagar
  ara: { px: [40, 628] }, // Arabia
  ass: { px: [1072, 546] }, // Assam
  ava: { px: [1168, 515] }, // Ava
  awa: { px: [803, 363] }, // Awadh
  ayu: { px: [1260, 866] }, // Ayutthaya
  bad: { px: [629, 102] }, // Badakhshan
  bal: { px: [440, 182] }, // Balkh
  ban: { px: [793, 798] }, // Bangalore
  ben: { px: [813, 483] }, // Benares
  ber: { px: [750, 590] }, // Berar
  bid: { px: [713, 633] }, // Bidar
  bij: { px: [672, 699] }, // Bijapur
  bik: { px: [559, 413] }, // Bikaner
  bng: { px: [971, 613] }, // Bengal
  buk: { px: [331, 93] }, // Bukhara
  cal: { px: [668, 869] }, // Calicut
  das: { px: [133, 208] }, // Dasht-I-Kavir
  elb: { px: [85, 153] }, // Elburz
  fer: { px: [717, 73] }, // Ferghana
  gar: { px: [850, 277] }, // Gartok
  goa: { px: [591, 760] }, // Goa
  guj: { px: [523, 621] }, // Gujarat
  had: { px: [156, 807] }, // Hadramaut
  her: { px: [354, 248] }, // Herat
  hon: { px: [660, 818] }, // Honavar
  hor: { px: [207, 535] }, // Hormuz
  isf: { px: [111, 463] }, // Isfahan
  jab: { px: [853, 562] }, // Jabalpur
  jaf: { px: [808, 1008] }, // Jaffna
  jai: { px: [678, 363] }, // Jaipur
  jod: { px: [588, 525] }, // Jodhpur
  jsl: { px: [513, 484] }, // Jaisalmer
  kab: { px: [588, 216] }, // Kabul
  kan: { px: [793, 1061] }, // Kandy
  kar: { px: [230, 59] }, // Kara Kum
  kas: { px: [750, 232] }, // Kashmir
  kdh: { px: [394, 335] }, // Kandahar
  kha: { px: [599, 642] }, // Khandesh
  kra: { px: [1247, 965] }, // Kra
  ksg: { px: [836, 99] }, // Kashgar
  lah: { px: [671, 245] }, // Lahore
  mal: { px: [700, 555] }, // Malwa
  mes: { px: [219, 156] }, // Meshed
  mew: { px: [649, 500] }, // Mewar
  mul: { px: [619, 314] }, // Multan
  muz: { px: [965, 509] }, // Muzaffarpur
  nep: { px: [906, 374] }, // Nepal
  oma: { px: [235, 724] }, // Oman
  ori: { px: [912, 672] }, // Orissa
  peg: { px: [1110, 688] }, // Pegu
  pes: { px: [483, 355] }, // Peshawar
  pul: { px: [737, 909] }, // Pulicat
  qom: { px: [19, 308] }, // Qom
  rai: { px: [821, 633] }, // Raipur
  rub: { px: [145, 709] }, // Rub Al Khali
  sam: { px: [476, 64] }, // Samarkand
  sbp: { px: [913, 629] }, // Sambalpur
  sey: { px: [30, 1051] }, // Seylac
  shi: { px: [321, 424] }, // Shiraz
  sin: { px: [469, 566] }, // Sind
  tin: { px: [694, 982] }, // Tinnevelly
  war: { px: [785, 713] }, // Warangal
  yem: { px: [42, 882] }, // Yemen
  yez: { px: [272, 313] }, // Yezd
  and: { px: [1201, 1029] }, // Andaman Sea
  ars: { px: [370, 765] }, // Arabian Sea
  bob: { px: [991, 813] }, // Bay of Bengal
  gad: { px: [111, 917] }, // Gulf of Aden
  lac: { px: [539, 982] }, // Laccadive Sea
  mld: { px: [361, 1104] }, // Maldive Sea
  nic: { px: [949, 986] }, // Nicobar Sea
  pgu: { px: [70, 543] }, // Persian Gulf
  soc: { px: [856, 1115] }, // Sea of Ceylon
};

// More seed points (px). Every land point goes to the nearest land seed and
// every sea point to the nearest sea seed, so these decide the borders.
export const seeds = {
  // Central Asia.
  sam: [{ px: [560, 15] }, { px: [630, 12] }],
  fer: [{ px: [690, 20] }],
  bad: [{ px: [545, 145] }, { px: [600, 150] }],
  bal: [{ px: [480, 150] }],
  kab: [{ px: [520, 225] }, { px: [620, 200] }],
  kas: [{ px: [665, 185] }],
  kdh: [{ px: [455, 265] }],
  lah: [{ px: [625, 262] }, { px: [690, 300] }],
  pes: [{ px: [545, 280] }, { px: [450, 430] }],
  // Hindustan.
  agr: [{ px: [725, 318] }, { px: [770, 410] }],
  awa: [{ px: [800, 335] }],
  muz: [{ px: [810, 430] }, { px: [870, 445] }],
  ben: [{ px: [790, 480] }, { px: [900, 535] }, { px: [740, 440] }],
  jai: [{ px: [690, 430] }],
  mal: [{ px: [700, 505] }],
  ava: [{ px: [1000, 420] }, { px: [1060, 440] }, { px: [1195, 640] }, { px: [1205, 700] }, { px: [1270, 700] }],
  ayu: [{ px: [1270, 840] }, { px: [1205, 790] }, { px: [1235, 760] }],
  peg: [{ px: [1100, 640] }, { px: [1118, 735] }, { px: [1130, 690] }],
  jsl: [{ px: [505, 530] }],
  guj: [{ px: [505, 590] }],
  sin: [{ px: [440, 520] }],
  ahd: [{ px: [610, 595] }, { px: [660, 590] }],
  kha: [{ px: [610, 650] }],
  bid: [{ px: [670, 625] }, { px: [725, 720] }, { px: [730, 760] }],
  bij: [{ px: [650, 760] }],
  sbp: [{ px: [890, 600] }],
  war: [{ px: [860, 660] }],
  ban: [{ px: [830, 740] }, { px: [860, 715] }, { px: [740, 820] }],
  ori: [{ px: [880, 700] }, { px: [935, 645] }],
  cal: [{ px: [690, 860] }],
  // Persia and Arabia.
  qom: [{ px: [15, 420] }, { px: [20, 460] }, { px: [30, 255] }],
  elb: [{ px: [60, 185] }],
  das: [{ px: [120, 250] }],
  isf: [{ px: [120, 420] }, { px: [180, 400] }],
  yez: [{ px: [210, 330] }],
  ara: [{ px: [80, 600] }, { px: [120, 645] }, { px: [20, 760] }],
  yem: [{ px: [40, 830] }],
  oma: [{ px: [205, 640] }, { px: [185, 640] }],
  rub: [{ px: [120, 720] }, { px: [90, 780] }],
  // Seas.
  lac: [{ px: [250, 960] }, { px: [350, 960] }, { px: [650, 1000] }, { px: [740, 1030] }],
  mld: [{ px: [200, 1120] }, { px: [450, 1110] }, { px: [600, 1120] }, { px: [740, 1120] }],
  soc: [{ px: [880, 1120] }, { px: [950, 1110] }, { px: [1140, 1145] }, { px: [1158, 1122] }],
  nic: [{ px: [900, 950] }, { px: [790, 960] }, { px: [868, 1048] }, { px: [1120, 1080] }, { px: [1163, 1083] }],
  and: [{ px: [1250, 1080] }],
  bob: [{ px: [790, 870] }],
};

// Impassable land and water that is drawn but is not a province.
export const impassable = {
  'impassable-caspian': { kind: 'sea', name: 'Caspian Sea', seeds: [{ px: [15, 90] }, { px: [30, 30] }, { px: [8, 200] }] },
  'impassable-tibet': { kind: 'land', name: 'Tibet', seeds: [{ px: [1000, 150] }, { px: [1150, 300] }, { px: [1250, 420] }, { px: [1100, 60] }, { px: [1250, 150] }] },
  'impassable-siam-gulf': { kind: 'sea', name: 'Gulf of Siam', seeds: [[101.0, 10.0], [102.5, 8.0], [104.0, 5.0]] },
};

// Natural Earth land is cut to this box (lon0, lat0, lon1, lat1).
export const landBounds = [30, -4, 115, 46];
// Islands the board leaves out: the Andamans and Nicobars, Socotra, the
// Laccadives and Maldives.
export const dropLand = [
  [92.0, 6.0, 94.6, 14.3],
  [52.0, 11.8, 54.8, 13.0],
  [71.0, 7.5, 74.0, 12.6],
  [72.0, -1.0, 74.0, 7.5],
];
// Land added to, and water cut out of, the coastline (degrees or {px}).
export const landPatches = [];
export const seaPatches = [];

// Placement overrides (degrees, or {px: [x, y]}).
export const anchors = {};

// River mouths (px): from the river network through a river province to its
// shore. The generator checks each stays in its province and reaches the sea.
export const riverMouths = {
  sin: [{ px: [499, 560] }, { px: [478, 583] }, { px: [444, 614] }],
  bng: [{ px: [1009, 560] }, { px: [1002, 605] }, { px: [990, 664] }],
};

// River names (px), in italics beside the rivers they name.
export const riverLabels = [
  { text: 'Indus', at: { px: [452, 452] }, angle: -52 },
  { text: 'Ganges', at: { px: [872, 464] }, angle: 12 },
  { text: 'Brahmaputra', at: { px: [1036, 520] }, angle: -68 },
  { text: 'Irrawaddy', at: { px: [1160, 650] }, angle: 84 },
];
