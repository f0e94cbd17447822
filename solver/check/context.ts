import type {
  PieceRef, Placement, SolveInput, SolveResult, SolverCargoLine, SolverEquipment, UnitResult,
} from '../types.ts';
import { analyseUnit, placementsByUnit, type UnitGeometry } from './unit-geometry.ts';

export interface Violation {
  rule: string;
  message: string;
  pieces: PieceRef[];
}

export type CheckedResult = Pick<SolveResult, 'placements' | 'units' | 'unloaded'>;

/** Look-ups shared by the rules; the geometry of a Unit is built once, on first use. */
export interface CheckContext {
  input: SolveInput;
  result: CheckedResult;
  lines: Map<string, SolverCargoLine>;
  equipment: Map<string, SolverEquipment>;
  units: Map<number, UnitResult>;
  byUnit: Map<number, Placement[]>;
  geometry(unitIndex: number): UnitGeometry;
  /** The equipment row of a Unit index, if both are known. */
  equipmentOfUnit(unitIndex: number): SolverEquipment | undefined;
}

export function buildContext(input: SolveInput, result: CheckedResult): CheckContext {
  const lines = new Map(input.lines.map((l) => [l.id, l]));
  const equipment = new Map(input.equipment.map((e) => [e.id, e]));
  const units = new Map(result.units.map((u) => [u.index, u]));
  const byUnit = placementsByUnit(result.placements);
  const cache = new Map<number, UnitGeometry>();
  return {
    input, result, lines, equipment, units, byUnit,
    geometry(unitIndex) {
      let g = cache.get(unitIndex);
      if (!g) {
        g = analyseUnit(byUnit.get(unitIndex) ?? []);
        cache.set(unitIndex, g);
      }
      return g;
    },
    equipmentOfUnit(unitIndex) {
      const unit = units.get(unitIndex);
      return unit ? equipment.get(unit.equipmentId) : undefined;
    },
  };
}
