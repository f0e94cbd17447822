import { coefficients, strictestLeg, type SecuringDirection } from '../accelerations.ts';
import { frictionFor } from '../friction-table.ts';
import type { Placement, SecuringSettings, SecuringWarning, SolverCargoLine, SolverEquipment } from '../types.ts';
import { pieceRef, xOverlap, yOverlap, zOverlap } from '../check/geometry.ts';
import type { UnitGeometry } from '../check/unit-geometry.ts';
import { PLAIN_NAMES, type Names } from '../names.ts';

const DIRECTIONS: SecuringDirection[] = ['forward', 'rearward', 'sideways'];

/**
 * Load-securing advisories of one Unit for the strictest leg per direction. A piece is
 * blocked in a direction when it touches a wall or a neighbour face to face there (with a
 * shared projection); sideways it must be blocked on both sides. An unblocked piece gets
 * - `securing-unblocked` when friction cannot hold it: mu * c_z < c_x;
 * - `securing-tipping` when it tips (CTU rule, dimensions as placed, centre of gravity at
 *   half the placed height): c_x * h > c_z * b, h = height / 2, b = half the base along
 *   the direction.
 */
export function securingWarnings(
  unitIndex: number, g: UnitGeometry, eq: SolverEquipment | undefined,
  securing: SecuringSettings, lines: ReadonlyMap<string, SolverCargoLine>, names: Names = PLAIN_NAMES,
): SecuringWarning[] {
  const out: SecuringWarning[] = [];
  for (const direction of DIRECTIONS) {
    const leg = strictestLeg(securing.legs, direction);
    if (!leg) continue;
    const { cx, cz } = coefficients(leg, direction);
    const slides: Placement[] = [];
    const tips: Placement[] = [];
    g.pieces.forEach((p, i) => {
      if (isBlocked(g, i, direction, eq)) return;
      const line = lines.get(p.cargoLineId);
      const mu = frictionFor(line?.frictionSurface ?? null, securing.frictionPermille);
      if (mu * cz < cx) slides.push(p);
      const base = direction === 'sideways' ? p.widthMm : p.lengthMm;
      if (cx * (p.heightMm / 2) > cz * (base / 2)) tips.push(p);
    });
    const where = `${direction} (${leg}: ${cx} g ${direction}, ${round2(cz)} g vertical)`;
    if (slides.length > 0) {
      out.push({
        kind: 'securing-unblocked', unitIndex, direction, leg, pieces: slides.map(pieceRef),
        message: `${names.unit(unitIndex)}: ${slides.length} piece(s) not blocked ${where} that friction cannot hold: ${names.pieces(slides)}`,
      });
    }
    if (tips.length > 0) {
      out.push({
        kind: 'securing-tipping', unitIndex, direction, leg, pieces: tips.map(pieceRef),
        message: `${names.unit(unitIndex)}: ${tips.length} piece(s) not blocked ${where} that would tip: ${names.pieces(tips)}`,
      });
    }
  }
  return out;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Touching a wall or a neighbour's face on that side (sideways: on both sides). */
export function isBlocked(g: UnitGeometry, i: number, direction: SecuringDirection, eq: SolverEquipment | undefined): boolean {
  const p = g.pieces[i];
  if (direction === 'forward') return p.xMm === 0 || touches(g, i, (q) => q.xMm + q.lengthMm === p.xMm, 'x');
  if (direction === 'rearward') {
    return (eq !== undefined && p.xMm + p.lengthMm === eq.innerLengthMm) || touches(g, i, (q) => q.xMm === p.xMm + p.lengthMm, 'x');
  }
  const left = p.yMm === 0 || touches(g, i, (q) => q.yMm + q.widthMm === p.yMm, 'y');
  const right = (eq !== undefined && p.yMm + p.widthMm === eq.innerWidthMm) || touches(g, i, (q) => q.yMm === p.yMm + p.widthMm, 'y');
  return left && right;
}

/** A neighbour on the given face (per `onFace`) sharing a positive area of the face across `axis`. */
function touches(g: UnitGeometry, i: number, onFace: (q: Placement) => boolean, axis: 'x' | 'y'): boolean {
  const p = g.pieces[i];
  return g.neighbours[i].some((j) => {
    const q = g.pieces[j];
    if (!onFace(q) || zOverlap(p, q) === 0) return false;
    return axis === 'x' ? yOverlap(p, q) > 0 : xOverlap(p, q) > 0;
  });
}
