// The built-in Equipment Type catalogue: real ISO containers and European road equipment.
// Pure data, seeded into the database and listed through the API. Lengths in whole mm,
// weights in whole grams (the contract's units); figures are written in kg below for
// readability and converted with `kg()`.
//
// Conventions every row follows:
// - `inner*` is the usable cargo envelope the solver packs into (a cuboid). Where the real
//   space is not a cuboid, the envelope is the conservative one and the row's `source`
//   says what was cut (reefer load line, van wheel arches, flat-rack gauge).
// - `door*` is the rear opening as far as cargo can use it; it never exceeds the envelope.
//   Equipment without a rear door (flat racks) gives the full cross-section.
// - `tareG` is the Unit's own empty weight: the container, the semi-trailer, the swap body,
//   or the whole rigid vehicle / van (body + chassis) for rigid trucks.
// - `axleProfile` (road only) uses the solver's frame: x in mm from the cargo space's front
//   wall towards the door, negative = ahead of it. Axle tares include everything the axle
//   carries when empty (for swap bodies: the carrier truck and the body).
// - Road permitted weights after EU Directive 96/53/EC as amended by (EU) 2015/719:
//   single drive axle 11.5 t; tandem drive axle 19 t (air suspension); tri-axle trailer
//   group 24 t (spacing 1.3-1.4 m); 2-axle rigid 18 t; 3-axle rigid 26 t (air suspension);
//   5-axle articulated combination 40 t. The directive sets no steer-axle limit: steer
//   ratings are the manufacturers' typical figures (7.1-8 t heavy, 3.7 t light trucks).
// - `minDrivePermille` 250: 96/53/EC Annex I 3.4, the drive axle carries at least 25 % of the
//   combination's laden weight. `minSteerPermille` 200: the usual steering guidance (20 %).
//   For a tractor + semi-trailer the steer share is meant of the tractor's own axle loads
//   (steer + drive): 20 % of a 40 t combination is 8 t, more than a 7.5 t steer axle may carry,
//   so measured against the combination no trailer loaded above about 21 t could pass.

import type { AxleProfile, SolverEquipment } from '../../solver/types.ts';

export type TransportMode = 'sea' | 'road';

export type EquipmentCategory =
  | 'dry'
  | 'high-cube'
  | 'reefer'
  | 'open-top'
  | 'flat-rack'
  | 'semi-trailer'
  | 'mega-trailer'
  | 'swap-body'
  | 'rigid-truck'
  | 'van';

/** A catalogue row: the solver's equipment dimensions and weights, plus what the library shows. */
export interface EquipmentTypeData extends Omit<SolverEquipment, 'id' | 'equipmentTypeId' | 'maxUnits'> {
  /** Stable across releases: plans and seeds refer to it. */
  id: string;
  mode: TransportMode;
  category: EquipmentCategory;
  /** Where the figures come from; "typical" when no single data sheet gives them all. */
  source: string;
}

const kg = (kilograms: number): number => Math.round(kilograms * 1000);

// --- ISO containers ------------------------------------------------------------------------
// External dimensions after ISO 668, minimum internal dimensions after ISO 1496; the nominal
// internal figures, tares and gross ratings are those published in carriers' container
// specifications (Hapag-Lloyd, Maersk); individual boxes vary by about ±10 mm and ±2 % tare.

const isoContainers: EquipmentTypeData[] = [
  {
    id: 'eqt_iso_20gp',
    name: "20' Dry (General Purpose)",
    mode: 'sea',
    category: 'dry',
    innerLengthMm: 5898,
    innerWidthMm: 2352,
    innerHeightMm: 2393,
    doorWidthMm: 2340,
    doorHeightMm: 2280,
    openings: ['rear'],
    maxPayloadG: kg(28_250),
    tareG: kg(2_230),
    axleProfile: null,
    source:
      "ISO 668 / ISO 1496-1 20' 1CC; nominal internal dimensions, tare and 30,480 kg max gross as in Hapag-Lloyd and Maersk 20' dry container specifications.",
  },
  {
    id: 'eqt_iso_40gp',
    name: "40' Dry (General Purpose)",
    mode: 'sea',
    category: 'dry',
    innerLengthMm: 12032,
    innerWidthMm: 2352,
    innerHeightMm: 2393,
    doorWidthMm: 2340,
    doorHeightMm: 2280,
    openings: ['rear'],
    maxPayloadG: kg(26_730),
    tareG: kg(3_750),
    axleProfile: null,
    source:
      "ISO 668 / ISO 1496-1 40' 1AA; nominal internal dimensions, tare and 30,480 kg max gross as in Hapag-Lloyd and Maersk 40' dry container specifications.",
  },
  {
    id: 'eqt_iso_40hc',
    name: "40' High Cube",
    mode: 'sea',
    category: 'high-cube',
    innerLengthMm: 12032,
    innerWidthMm: 2352,
    innerHeightMm: 2698,
    doorWidthMm: 2340,
    doorHeightMm: 2585,
    openings: ['rear'],
    maxPayloadG: kg(28_560),
    tareG: kg(3_940),
    axleProfile: null,
    source:
      "ISO 668 / ISO 1496-1 40' 1AAA (9'6\"); internal dimensions, tare and 32,500 kg max gross as in Hapag-Lloyd and Maersk 40' high cube specifications.",
  },
  {
    id: 'eqt_iso_45hc',
    name: "45' High Cube",
    mode: 'sea',
    category: 'high-cube',
    innerLengthMm: 13556,
    innerWidthMm: 2352,
    innerHeightMm: 2698,
    doorWidthMm: 2340,
    doorHeightMm: 2585,
    openings: ['rear'],
    maxPayloadG: kg(27_700),
    tareG: kg(4_800),
    axleProfile: null,
    source:
      "ISO 668 45' 1EEE (9'6\"); internal dimensions, tare and 32,500 kg max gross as in Hapag-Lloyd 45' high cube specifications (typical of the class).",
  },
  {
    id: 'eqt_iso_20rf',
    name: "20' Reefer",
    mode: 'sea',
    category: 'reefer',
    innerLengthMm: 5456,
    innerWidthMm: 2294,
    innerHeightMm: 2160,
    doorWidthMm: 2290,
    doorHeightMm: 2160,
    openings: ['rear'],
    maxPayloadG: kg(27_480),
    tareG: kg(3_000),
    axleProfile: null,
    source:
      "ISO 1496-2 integral reefer, 20' x 8'6\"; internal length/width, 3,000 kg tare and 30,480 kg max gross as in Hapag-Lloyd 20' reefer specifications. Height is to the red load line (typical 2,160 mm; internal 2,263 mm) because cargo above it blocks the air flow; door height (2,264 mm) is cut to that line.",
  },
  {
    id: 'eqt_iso_40rh',
    name: "40' Reefer High Cube",
    mode: 'sea',
    category: 'reefer',
    innerLengthMm: 11583,
    innerWidthMm: 2294,
    innerHeightMm: 2440,
    doorWidthMm: 2290,
    doorHeightMm: 2440,
    openings: ['rear'],
    maxPayloadG: kg(29_520),
    tareG: kg(4_480),
    axleProfile: null,
    source:
      "ISO 1496-2 integral reefer, 40' x 9'6\"; internal length/width, tare and 34,000 kg max gross as in Maersk and Hapag-Lloyd 40' reefer high cube specifications. Height is to the red load line (typical 2,440 mm; internal 2,554 mm); door height (2,569 mm) is cut to that line.",
  },
  {
    id: 'eqt_iso_20ot',
    name: "20' Open Top",
    mode: 'sea',
    category: 'open-top',
    innerLengthMm: 5894,
    innerWidthMm: 2350,
    innerHeightMm: 2348,
    doorWidthMm: 2338,
    doorHeightMm: 2280,
    openings: ['rear', 'top'],
    maxPayloadG: kg(28_130),
    tareG: kg(2_350),
    axleProfile: null,
    source:
      "ISO 1496-4 open top, 20' x 8'6\" (tarpaulin roof, swivelling door header); internal dimensions, tare and 30,480 kg max gross as in Hapag-Lloyd open top specifications. In-gauge height only: over-height loading is not modelled.",
  },
  {
    id: 'eqt_iso_40ot',
    name: "40' Open Top",
    mode: 'sea',
    category: 'open-top',
    innerLengthMm: 12029,
    innerWidthMm: 2342,
    innerHeightMm: 2326,
    doorWidthMm: 2337,
    doorHeightMm: 2272,
    openings: ['rear', 'top'],
    maxPayloadG: kg(26_630),
    tareG: kg(3_850),
    axleProfile: null,
    source:
      "ISO 1496-4 open top, 40' x 8'6\"; internal dimensions, tare and 30,480 kg max gross as in Hapag-Lloyd open top specifications. In-gauge height only: over-height loading is not modelled.",
  },
  {
    id: 'eqt_iso_20fr',
    name: "20' Flat Rack (collapsible)",
    mode: 'sea',
    category: 'flat-rack',
    innerLengthMm: 5940,
    innerWidthMm: 2400,
    innerHeightMm: 2230,
    doorWidthMm: 2400,
    doorHeightMm: 2230,
    openings: ['side', 'top'],
    maxPayloadG: kg(31_260),
    tareG: kg(2_740),
    axleProfile: null,
    source:
      "ISO 1496-5 platform-based container with end walls, 20' x 8'6\"; length between end walls, tare and 34,000 kg max gross typical of Hapag-Lloyd/Maersk flat rack specifications. No side walls or roof: the envelope is the in-gauge one (deck to the top of the end walls, deck width inside the stake pockets); out-of-gauge cargo is not modelled. No rear door: door = full cross-section.",
  },
  {
    id: 'eqt_iso_40fr',
    name: "40' Flat Rack (collapsible)",
    mode: 'sea',
    category: 'flat-rack',
    innerLengthMm: 12080,
    innerWidthMm: 2400,
    innerHeightMm: 1955,
    doorWidthMm: 2400,
    doorHeightMm: 1955,
    openings: ['side', 'top'],
    maxPayloadG: kg(39_200),
    tareG: kg(5_800),
    axleProfile: null,
    source:
      "ISO 1496-5 platform-based container with end walls, 40' x 8'6\"; length between end walls, tare and 45,000 kg max gross typical of Hapag-Lloyd/Maersk 40' flat rack specifications. In-gauge envelope (the deeper 40' deck leaves 1,955 mm to the top of the end walls); out-of-gauge cargo is not modelled. No rear door: door = full cross-section.",
  },
];

// --- European road equipment -----------------------------------------------------------------

/**
 * A 4x2 tractor + tri-axle semi-trailer at 40 t (96/53/EC): kingpin 1,600 mm behind the
 * trailer's outer front (1,550 mm behind the inner front wall), 7,700 mm from kingpin to the
 * centre of the axle group, tractor wheelbase 3,600 mm with the fifth wheel 600 mm ahead of
 * the drive axle. Typical of Schmitz Cargobull / Krone 13.6 m trailers and 4x2 tractors.
 */
function semiTrailerProfile(trailer: { tareKingpinKg: number; tareAxlesKg: number }): AxleProfile {
  const kingpinXMm = 1550;
  return {
    kind: 'semi-trailer',
    kingpinXMm,
    trailerAxlesXMm: kingpinXMm + 7700,
    tareKingpinG: kg(trailer.tareKingpinKg),
    tareTrailerAxlesG: kg(trailer.tareAxlesKg),
    tractorWheelbaseMm: 3600,
    fifthWheelAheadOfDriveMm: 600,
    tractorTareSteerG: kg(5_200),
    tractorTareDriveG: kg(2_300),
    maxSteerG: kg(7_500),
    maxDriveG: kg(11_500),
    maxTrailerAxlesG: kg(24_000),
    maxGrossG: kg(40_000),
    minSteerPermille: 200,
    minDrivePermille: 250,
  };
}

const TRACTOR_TARE_KG = 7_500;
const COMBINATION_GROSS_KG = 40_000;
const SEMI_TRAILER_WEIGHTS =
  'EU Directive 96/53/EC as amended by (EU) 2015/719: 40 t 5-axle combination, 11.5 t drive axle, 24 t tri-axle group; 7.5 t steer rating and 7,500 kg 4x2 tractor typical of manufacturer data.';

const roadEquipment: EquipmentTypeData[] = [
  {
    id: 'eqt_road_curtainsider_136',
    name: '13.6 m Curtainsider Semi-trailer',
    mode: 'road',
    category: 'semi-trailer',
    innerLengthMm: 13620,
    innerWidthMm: 2480,
    innerHeightMm: 2700,
    doorWidthMm: 2480,
    doorHeightMm: 2650,
    openings: ['rear', 'side', 'top'],
    // 40 t gross - 7.5 t tractor - 6.8 t trailer.
    maxPayloadG: kg(COMBINATION_GROSS_KG - TRACTOR_TARE_KG - 6_800),
    tareG: kg(6_800),
    axleProfile: semiTrailerProfile({ tareKingpinKg: 2_200, tareAxlesKg: 4_600 }),
    source: `Typical standard curtainsider (e.g. Schmitz Cargobull S.CS, Krone Profi Liner data sheets): 13,620 x 2,480 x 2,700 mm inside, sliding roof, 33 EUR pallets. ${SEMI_TRAILER_WEIGHTS}`,
  },
  {
    id: 'eqt_road_box_136',
    name: '13.6 m Box Semi-trailer',
    mode: 'road',
    category: 'semi-trailer',
    innerLengthMm: 13620,
    innerWidthMm: 2480,
    innerHeightMm: 2650,
    doorWidthMm: 2480,
    doorHeightMm: 2600,
    openings: ['rear'],
    maxPayloadG: kg(COMBINATION_GROSS_KG - TRACTOR_TARE_KG - 7_700),
    tareG: kg(7_700),
    axleProfile: semiTrailerProfile({ tareKingpinKg: 2_500, tareAxlesKg: 5_200 }),
    source: `Typical dry-freight box trailer (e.g. Schmitz Cargobull S.KO Express data sheet): 13,620 x 2,480 x 2,650 mm inside, rear doors only. ${SEMI_TRAILER_WEIGHTS}`,
  },
  {
    id: 'eqt_road_mega_136',
    name: '13.6 m Mega Trailer (3 m inside)',
    mode: 'road',
    category: 'mega-trailer',
    innerLengthMm: 13620,
    innerWidthMm: 2480,
    innerHeightMm: 3000,
    doorWidthMm: 2480,
    doorHeightMm: 2950,
    openings: ['rear', 'side', 'top'],
    maxPayloadG: kg(COMBINATION_GROSS_KG - TRACTOR_TARE_KG - 7_200),
    tareG: kg(7_200),
    axleProfile: semiTrailerProfile({ tareKingpinKg: 2_300, tareAxlesKg: 4_900 }),
    source: `Typical mega curtainsider (e.g. Schmitz Cargobull S.CS Mega, Krone Mega Liner data sheets): 3,000 mm inside height within the 4 m vehicle height, drawn by a low-deck tractor; 100 m³. ${SEMI_TRAILER_WEIGHTS}`,
  },
  {
    id: 'eqt_road_swap_c745',
    name: 'Swap Body C 745',
    mode: 'road',
    category: 'swap-body',
    innerLengthMm: 7300,
    innerWidthMm: 2480,
    innerHeightMm: 2650,
    doorWidthMm: 2480,
    doorHeightMm: 2600,
    openings: ['rear', 'side'],
    maxPayloadG: kg(16_000 - 3_000),
    tareG: kg(3_000),
    // Carried on a 26 t 6x2 swap-body truck (BDF): 5,000 mm from the steer axle to the
    // centre of the rear tandem, body front wall 800 mm behind the steer axle.
    axleProfile: {
      kind: 'rigid',
      frontAxleXMm: -800,
      rearAxleXMm: 4200,
      tareFrontG: kg(6_000),
      tareRearG: kg(6_500),
      maxFrontG: kg(8_000),
      maxRearG: kg(19_000),
      maxGrossG: kg(26_000),
      minSteerPermille: 200,
    },
    source:
      'EN 284 class C swap body, 7,450 mm outside length, 16 t max gross; inside dimensions and 3,000 kg tare typical of curtain swap bodies (18 EUR pallets). Axle profile: a typical 26 t 6x2 carrier truck (96/53/EC: 26 t 3-axle rigid, 19 t tandem) whose axle tares include the body.',
  },
  {
    id: 'eqt_road_swap_c782',
    name: 'Swap Body C 782',
    mode: 'road',
    category: 'swap-body',
    innerLengthMm: 7670,
    innerWidthMm: 2480,
    innerHeightMm: 2650,
    doorWidthMm: 2480,
    doorHeightMm: 2600,
    openings: ['rear', 'side'],
    maxPayloadG: kg(16_000 - 3_100),
    tareG: kg(3_100),
    axleProfile: {
      kind: 'rigid',
      frontAxleXMm: -800,
      rearAxleXMm: 4500,
      tareFrontG: kg(6_000),
      tareRearG: kg(6_600),
      maxFrontG: kg(8_000),
      maxRearG: kg(19_000),
      maxGrossG: kg(26_000),
      minSteerPermille: 200,
    },
    source:
      'EN 284 class C swap body, 7,820 mm outside length, 16 t max gross; inside dimensions and 3,100 kg tare typical of curtain swap bodies (19 EUR pallets). Axle profile: a typical 26 t 6x2 carrier truck (96/53/EC: 26 t 3-axle rigid, 19 t tandem) whose axle tares include the body.',
  },
  {
    id: 'eqt_road_rigid_18t',
    name: '18 t Rigid Truck (box body)',
    mode: 'road',
    category: 'rigid-truck',
    innerLengthMm: 7300,
    innerWidthMm: 2480,
    innerHeightMm: 2600,
    doorWidthMm: 2450,
    doorHeightMm: 2500,
    openings: ['rear'],
    maxPayloadG: kg(18_000 - 8_500),
    tareG: kg(8_500),
    // Wheelbase 5,400 mm; the body's front wall 700 mm behind the steer axle (day cab).
    axleProfile: {
      kind: 'rigid',
      frontAxleXMm: -700,
      rearAxleXMm: 4700,
      tareFrontG: kg(5_200),
      tareRearG: kg(3_300),
      maxFrontG: kg(7_500),
      maxRearG: kg(11_500),
      maxGrossG: kg(18_000),
      minSteerPermille: 200,
    },
    source:
      'EU Directive 96/53/EC as amended by (EU) 2015/719: 18 t 2-axle rigid, 11.5 t drive axle; 7.5 t steer rating, 5,400 mm wheelbase, 8,500 kg kerb weight with a 7.3 m box body typical of 18 t 4x2 distribution trucks (e.g. MAN TGM, Mercedes-Benz Atego data sheets).',
  },
  {
    id: 'eqt_road_rigid_7t5',
    name: '7.5 t Rigid Truck (box body)',
    mode: 'road',
    category: 'rigid-truck',
    innerLengthMm: 6100,
    innerWidthMm: 2450,
    innerHeightMm: 2300,
    doorWidthMm: 2400,
    doorHeightMm: 2200,
    openings: ['rear'],
    maxPayloadG: kg(7_490 - 4_800),
    tareG: kg(4_800),
    // Wheelbase 4,200 mm; the body's front wall 600 mm behind the steer axle.
    axleProfile: {
      kind: 'rigid',
      frontAxleXMm: -600,
      rearAxleXMm: 3600,
      tareFrontG: kg(2_900),
      tareRearG: kg(1_900),
      maxFrontG: kg(3_700),
      maxRearG: kg(5_600),
      maxGrossG: kg(7_490),
      minSteerPermille: 200,
    },
    source:
      '7.49 t gross (the EU C1 licence limit); 3.7 t / 5.6 t axle ratings, 4,200 mm wheelbase and 4,800 kg kerb weight with a 6.1 m box body typical of 7.5 t 4x2 trucks (e.g. MAN TGL, Iveco Eurocargo data sheets).',
  },
  {
    id: 'eqt_road_van_3t5',
    name: '3.5 t Panel Van (long, high roof)',
    mode: 'road',
    category: 'van',
    innerLengthMm: 4300,
    innerWidthMm: 1350,
    innerHeightMm: 1940,
    doorWidthMm: 1350,
    doorHeightMm: 1840,
    openings: ['rear', 'side'],
    maxPayloadG: kg(3_500 - 2_300),
    tareG: kg(2_300),
    // Wheelbase 4,325 mm; the cargo partition 1,500 mm behind the front axle.
    axleProfile: {
      kind: 'rigid',
      frontAxleXMm: -1500,
      rearAxleXMm: 2825,
      tareFrontG: kg(1_350),
      tareRearG: kg(950),
      maxFrontG: kg(1_850),
      maxRearG: kg(2_430),
      maxGrossG: kg(3_500),
      minSteerPermille: 200,
    },
    source:
      "Mercedes-Benz Sprinter 3.5 t panel van, long wheelbase (4,325 mm), high roof, per the manufacturer's data sheet: 4,300 mm load length, 1,940 mm height, 1,565 x 1,840 mm rear door. Width is the 1,350 mm between the wheel arches (1,787 mm above them), so the cuboid never meets an arch; the door width is cut to it. Kerb weight and axle ratings typical of the model.",
  },
];

export const builtInEquipmentTypes: EquipmentTypeData[] = [...isoContainers, ...roadEquipment];

// Seed data lives beside the catalogue; re-exported so seeders need one import.
export { demoCargoLibrary, type DemoCargoItem } from './demo-cargo-library.ts';
