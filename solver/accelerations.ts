import type { SecuringLeg } from './types.ts';

/**
 * Acceleration coefficients (in g) for load securing, after the IMO/ILO/UNECE Code of
 * Practice for Packing of Cargo Transport Units (CTU Code, 2014), chapter 5 "General
 * transport conditions" (road values as in EN 12195-1):
 *
 *   road   forward 0.8, rearward 0.5, sideways 0.5, vertical 1.0
 *   rail   longitudinal 0.5, sideways 0.5, vertical 1.0 (variation 0.3)
 *   sea-a  longitudinal 0.3, sideways 0.5, vertical 1.0 ± 0.5   (Hs <= 8 m)
 *   sea-b  longitudinal 0.3, sideways 0.7, vertical 1.0 ± 0.7   (8 m < Hs <= 12 m)
 *   sea-c  longitudinal 0.4, sideways 0.8, vertical 1.0 ± 0.8   (Hs > 12 m)
 *
 * Vertical coefficient used against sliding and tipping (`verticalForBalance`): at sea the
 * CTU Code pairs the longitudinal accelerations with the reduced vertical acceleration
 * 1.0 - variation (sea-a 0.5, sea-b 0.3, sea-c 0.2) and the sideways ones with 1.0 (the
 * sideways figures already contain the gravity component of rolling). For rail we use the
 * reduced 0.7 in every direction, the conservative reading of "1.0 (0.7)". Road: 1.0.
 * (Checked against the CTU Code's structure as we know it; the exact table text could not
 * be retrieved here: see the report.)
 */
export interface LegAccelerations {
  forward: number;
  rearward: number;
  sideways: number;
  vertical: number;
  /** Downward vertical variation; the balances use vertical - variation where the code says so. */
  verticalVariation: number;
}

export const ACCELERATIONS: Readonly<Record<SecuringLeg, LegAccelerations>> = {
  road: { forward: 0.8, rearward: 0.5, sideways: 0.5, vertical: 1.0, verticalVariation: 0 },
  rail: { forward: 0.5, rearward: 0.5, sideways: 0.5, vertical: 1.0, verticalVariation: 0.3 },
  'sea-a': { forward: 0.3, rearward: 0.3, sideways: 0.5, vertical: 1.0, verticalVariation: 0.5 },
  'sea-b': { forward: 0.3, rearward: 0.3, sideways: 0.7, vertical: 1.0, verticalVariation: 0.7 },
  'sea-c': { forward: 0.4, rearward: 0.4, sideways: 0.8, vertical: 1.0, verticalVariation: 0.8 },
};

export type SecuringDirection = 'forward' | 'rearward' | 'sideways';

/** The vertical coefficient c_z the sliding and tipping balances use for a leg and direction. */
export function verticalForBalance(leg: SecuringLeg, direction: SecuringDirection): number {
  const a = ACCELERATIONS[leg];
  const seaSideways = leg.startsWith('sea-') && direction === 'sideways';
  // Rounded to the table's precision so 1.0 - 0.7 is exactly 0.3 in the balances.
  return seaSideways ? a.vertical : Math.round((a.vertical - a.verticalVariation) * 1000) / 1000;
}

/** c_x and c_z of a leg in one direction. */
export function coefficients(leg: SecuringLeg, direction: SecuringDirection): { cx: number; cz: number } {
  return { cx: ACCELERATIONS[leg][direction], cz: verticalForBalance(leg, direction) };
}

/**
 * The strictest of the legs in a direction: the largest c_x / c_z. Both balances depend on
 * that ratio only (slides when mu < c_x/c_z, tips when h/b > c_z/c_x), so one leg is the
 * strictest for both. Ties keep the first leg listed.
 */
export function strictestLeg(legs: readonly SecuringLeg[], direction: SecuringDirection): SecuringLeg | null {
  let best: SecuringLeg | null = null;
  let bestRatio = -Infinity;
  for (const leg of legs) {
    const { cx, cz } = coefficients(leg, direction);
    const ratio = cx / cz;
    if (ratio > bestRatio) {
      best = leg;
      bestRatio = ratio;
    }
  }
  return best;
}
