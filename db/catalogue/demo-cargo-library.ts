// Demo Cargo Library items seeded into the demo organization: common unit loads with
// realistic sizes and weights (EUR pallet 1200 x 800 after EN 13698-1, industrial pallet
// 1200 x 1000 after ISO 6780, 200 L steel drums, IBCs, cartons and long goods).
// Whole millimetres and whole grams, as in the contract.

import type { FrictionSurface, RotationRule } from '../../solver/types.ts';

export interface DemoCargoItem {
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  rotation: RotationRule;
  stackable: boolean;
  fragile: boolean;
  /** 501..1000; omitted = 1000 (full support). */
  minSupportPermille?: number;
  /** Omitted = the Load Plan's default friction. */
  frictionSurface?: FrictionSurface;
}

const kg = (kilograms: number): number => Math.round(kilograms * 1000);

export const demoCargoLibrary: DemoCargoItem[] = [
  {
    name: 'EUR pallet, mixed cartons',
    lengthMm: 1200,
    widthMm: 800,
    heightMm: 1200,
    weightG: kg(450),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    frictionSurface: 'wood_on_wood',
  },
  {
    name: 'EUR pallet, bottled beverages',
    lengthMm: 1200,
    widthMm: 800,
    heightMm: 1400,
    weightG: kg(780),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    frictionSurface: 'wood_on_wood',
  },
  {
    name: 'EUR pallet, consumer electronics',
    lengthMm: 1200,
    widthMm: 800,
    heightMm: 1600,
    weightG: kg(240),
    rotation: 'upright',
    stackable: true,
    fragile: true,
    frictionSurface: 'wood_on_wood',
  },
  {
    name: 'EUR pallet, cement bags (40 x 25 kg)',
    lengthMm: 1200,
    widthMm: 800,
    heightMm: 1050,
    weightG: kg(1_025),
    rotation: 'upright',
    stackable: false,
    fragile: false,
    frictionSurface: 'wood_on_wood',
  },
  {
    name: 'Industrial pallet, packaged goods',
    lengthMm: 1200,
    widthMm: 1000,
    heightMm: 1300,
    weightG: kg(620),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    frictionSurface: 'wood_on_wood',
  },
  {
    name: 'Machine part crate on steel skids',
    lengthMm: 1600,
    widthMm: 1100,
    heightMm: 1250,
    weightG: kg(1_350),
    rotation: 'fixed',
    stackable: false,
    fragile: false,
    frictionSurface: 'steel_on_wood',
  },
  {
    name: 'IBC 1000 L, filled',
    lengthMm: 1200,
    widthMm: 1000,
    heightMm: 1160,
    weightG: kg(1_100),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    frictionSurface: 'steel_on_wood',
  },
  {
    name: 'Steel drum 200 L (bounding box)',
    lengthMm: 585,
    widthMm: 585,
    heightMm: 880,
    weightG: kg(200),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    frictionSurface: 'steel_on_wood',
  },
  {
    name: 'Plastic drum 60 L (bounding box)',
    lengthMm: 400,
    widthMm: 400,
    heightMm: 640,
    weightG: kg(65),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    frictionSurface: 'plastic_on_wood',
  },
  {
    name: 'Carton 600 x 400 x 400',
    lengthMm: 600,
    widthMm: 400,
    heightMm: 400,
    weightG: kg(14),
    rotation: 'free',
    stackable: true,
    fragile: false,
  },
  {
    name: 'Carton 400 x 300 x 250',
    lengthMm: 400,
    widthMm: 300,
    heightMm: 250,
    weightG: kg(6.5),
    rotation: 'free',
    stackable: true,
    fragile: false,
  },
  {
    name: 'Carton, glassware (this side up)',
    lengthMm: 500,
    widthMm: 400,
    heightMm: 350,
    weightG: kg(9),
    rotation: 'upright',
    stackable: true,
    fragile: true,
  },
  {
    name: 'Steel pipe bundle 6 m',
    lengthMm: 6000,
    widthMm: 400,
    heightMm: 300,
    weightG: kg(850),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    // Long goods bridge gaps: resting on bearers under part of their length is normal.
    minSupportPermille: 600,
    frictionSurface: 'steel_on_wood',
  },
  {
    name: 'Sawn timber package 4.8 m',
    lengthMm: 4800,
    widthMm: 1100,
    heightMm: 600,
    weightG: kg(1_450),
    rotation: 'upright',
    stackable: true,
    fragile: false,
    minSupportPermille: 700,
    frictionSurface: 'wood_on_wood',
  },
];
