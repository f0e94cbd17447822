import type { Orientation, RotationRule } from './types.ts';

/** The placed extents along x, y, z of a piece (length, width, height) in an orientation. */
export function placedDims(
  lengthMm: number,
  widthMm: number,
  heightMm: number,
  orientation: Orientation,
): [number, number, number] {
  return [
    placedSide(lengthMm, widthMm, heightMm, orientation[0]),
    placedSide(lengthMm, widthMm, heightMm, orientation[1]),
    placedSide(lengthMm, widthMm, heightMm, orientation[2]),
  ];
}

/** The orientation with the two sides along x and y swapped: the piece turned a quarter about the vertical axis. */
export function quarterTurned(orientation: Orientation): Orientation {
  return TURNED[orientation];
}

const TURNED: Record<Orientation, Orientation> = { LWH: 'WLH', WLH: 'LWH', LHW: 'HLW', HLW: 'LHW', WHL: 'HWL', HWL: 'WHL' };

/** The side one letter of an orientation names (L, W or H): no array (hot paths of a big fleet). */
export function placedSide(lengthMm: number, widthMm: number, heightMm: number, letter: string): number {
  return letter === 'L' ? lengthMm : letter === 'W' ? widthMm : heightMm;
}

/** The orientations the contract's `rotation` rule allows. */
export function orientationsFor(rule: RotationRule): Orientation[] {
  if (rule === 'fixed') return ['LWH'];
  if (rule === 'upright') return ['LWH', 'WLH'];
  return ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];
}

/**
 * Orientations allowed by Bischoff & Ratcliff flags: a dimension with flag 1 may stand
 * vertical, and the other two may then lie along x/y in either order.
 */
export function orientationsFromUprightFlags(lengthUp: boolean, widthUp: boolean, heightUp: boolean): Orientation[] {
  const out: Orientation[] = [];
  if (heightUp) out.push('LWH', 'WLH');
  if (widthUp) out.push('LHW', 'HLW');
  if (lengthUp) out.push('WHL', 'HWL');
  return out;
}
