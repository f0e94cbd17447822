import type { PlanWarning, SolverEquipment } from '../types.ts';
import { PLAIN_NAMES, type Names } from '../names.ts';
import type { UnitLoad } from './unit-load.ts';

export const DEFAULT_TOLERANCE_PERMILLE = 50;

/**
 * `cog-off-centre`: the load's centre of gravity lies more than the tolerance (permille of
 * the inner length / width) from the Unit's middle lengthwise or sideways, or above half
 * the inner height. One warning per Unit naming every deviation.
 */
export function cogWarning(
  unitIndex: number, eq: SolverEquipment, load: UnitLoad, tolerancePermille = DEFAULT_TOLERANCE_PERMILLE, names: Names = PLAIN_NAMES,
): PlanWarning | null {
  const c = load.centre;
  if (!c) return null;
  const problems: string[] = [];
  const dx = c.x - eq.innerLengthMm / 2;
  const tolX = (eq.innerLengthMm * tolerancePermille) / 1000;
  if (Math.abs(dx) > tolX) {
    problems.push(`${Math.round(Math.abs(dx))} mm ${dx < 0 ? 'towards the front' : 'towards the door'} of the middle lengthwise (tolerance ${Math.round(tolX)} mm)`);
  }
  const dy = c.y - eq.innerWidthMm / 2;
  const tolY = (eq.innerWidthMm * tolerancePermille) / 1000;
  if (Math.abs(dy) > tolY) {
    problems.push(`${Math.round(Math.abs(dy))} mm ${dy < 0 ? 'to the left' : 'to the right'} of the middle sideways (tolerance ${Math.round(tolY)} mm)`);
  }
  if (c.z > eq.innerHeightMm / 2) {
    problems.push(`${Math.round(c.z)} mm high, above half the inner height (${Math.round(eq.innerHeightMm / 2)} mm)`);
  }
  if (problems.length === 0) return null;
  return {
    kind: 'cog-off-centre',
    unitIndex,
    message: `${names.unit(unitIndex)}: the load's centre of gravity is ${problems.join('; ')}`,
  };
}
