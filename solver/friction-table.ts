import type { FrictionSurface } from './types.ts';

/**
 * Planning friction factors (static, dry, surfaces swept clean) for the contract's
 * `frictionSurface` values, after EN 12195-1:2010 Annex B and the CTU Code (2014) Annex 7,
 * Appendix 2 "Friction factors" (both give the same values for these pairs). The contract
 * names the two materials; where the standard distinguishes the floor (plywood / fabric
 * base laminate, grooved aluminium, stainless steel sheet), "wood" floors are read as
 * plywood/laminate and "steel"/"metal" floors as stainless steel sheet.
 */
export const FRICTION: Readonly<Record<FrictionSurface, number>> = {
  // Sawn timber / wooden pallet against fabric base laminate / plywood: 0.45.
  wood_on_wood: 0.45,
  // Planed wood against fabric base laminate / plywood: 0.30.
  planed_wood_on_wood: 0.3,
  // Sawn timber / wooden pallet against stainless steel sheet: 0.30 (grooved aluminium 0.40).
  wood_on_steel: 0.3,
  // Plastic pallet against fabric base laminate / plywood: 0.20.
  plastic_on_wood: 0.2,
  // Plastic pallet against grooved aluminium or stainless steel sheet: 0.15.
  plastic_on_metal: 0.15,
  // Steel crate against fabric base laminate / plywood: 0.45.
  steel_on_wood: 0.45,
  // Steel crate against stainless steel sheet: 0.20 (also "metal, smooth against smooth": 0.2).
  steel_on_steel: 0.2,
  // Anti-slip mat of rubber: 0.60 (other mat materials: as certified).
  rubber_mat: 0.6,
};

/**
 * Used when a line has no surface and the plan sets no `frictionPermille`: 0.30, the
 * table's value for a wooden pallet on a steel floor, deliberately not the best case.
 */
export const DEFAULT_FRICTION = 0.3;

/** The friction factor for a line: its surface, else the plan's default, else DEFAULT_FRICTION. */
export function frictionFor(surface: FrictionSurface | null, planFrictionPermille: number | null): number {
  if (surface) return FRICTION[surface];
  if (planFrictionPermille != null) return planFrictionPermille / 1000;
  return DEFAULT_FRICTION;
}
