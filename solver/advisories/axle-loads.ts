import type { RigidAxleProfile, SemiTrailerAxleProfile } from '../types.ts';

/**
 * Static beam equilibrium: a load W at x carried by two supports at a and b (a != b).
 * Moments about b give the share at a: W (b - x) / (b - a); the rest goes to b.
 */
export function splitBetween(weightG: number, x: number, a: number, b: number): [number, number] {
  const atA = (weightG * (b - x)) / (b - a);
  return [atA, weightG - atA];
}

export interface RigidLoads { front: number; rear: number; gross: number }

/** Rigid truck: cargo W at x splits over front and rear axle; the tares add per axle. */
export function rigidAxleLoads(p: RigidAxleProfile, cargoG: number, cargoX: number): RigidLoads {
  const [front, rear] = splitBetween(cargoG, cargoX, p.frontAxleXMm, p.rearAxleXMm);
  return {
    front: front + p.tareFrontG,
    rear: rear + p.tareRearG,
    gross: cargoG + p.tareFrontG + p.tareRearG,
  };
}

export interface SemiTrailerLoads { kingpin: number; trailerAxles: number; steer: number; drive: number; gross: number }

/**
 * Tractor + semi-trailer: cargo W at x splits over kingpin and trailer axle group; with the
 * trailer's tares that gives the kingpin load K. K sits on the fifth wheel, `a` ahead of
 * the drive axle on a wheelbase `L`: the steer axle takes K a / L, the drive axle
 * K (L - a) / L, each plus the tractor's own tare.
 */
export function semiTrailerAxleLoads(p: SemiTrailerAxleProfile, cargoG: number, cargoX: number): SemiTrailerLoads {
  const [kingpinCargo, axlesCargo] = splitBetween(cargoG, cargoX, p.kingpinXMm, p.trailerAxlesXMm);
  const kingpin = kingpinCargo + p.tareKingpinG;
  const trailerAxles = axlesCargo + p.tareTrailerAxlesG;
  const a = p.fifthWheelAheadOfDriveMm;
  const wheelbase = p.tractorWheelbaseMm;
  return {
    kingpin,
    trailerAxles,
    steer: p.tractorTareSteerG + (kingpin * a) / wheelbase,
    drive: p.tractorTareDriveG + (kingpin * (wheelbase - a)) / wheelbase,
    gross: cargoG + p.tareKingpinG + p.tareTrailerAxlesG + p.tractorTareSteerG + p.tractorTareDriveG,
  };
}
