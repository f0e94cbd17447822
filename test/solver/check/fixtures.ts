// Tiny hand-made plans for the checker and advisory tests.
import { placedDims } from '../../../solver/orientation.ts';
import type {
  Orientation, Placement, SolveInput, SolverCargoLine, SolverEquipment, UnitResult,
} from '../../../solver/types.ts';

export function equipment(over: Partial<SolverEquipment> = {}): SolverEquipment {
  return {
    id: 'eq1', equipmentTypeId: null, name: 'box', innerLengthMm: 1000, innerWidthMm: 500, innerHeightMm: 500,
    doorWidthMm: 500, doorHeightMm: 500, openings: ['rear'], maxPayloadG: 1_000_000, tareG: 0,
    axleProfile: null, maxUnits: null, ...over,
  };
}

export function line(id: string, over: Partial<SolverCargoLine> = {}): SolverCargoLine {
  return {
    id, name: id, quantity: 1, lengthMm: 100, widthMm: 100, heightMm: 100, weightG: 1000,
    orientations: ['LWH', 'WLH'], stackable: true, fragile: false, groupKey: null, stop: null,
    minSupportPermille: 1000, frictionSurface: null, ...over,
  };
}

export function input(lines: SolverCargoLine[], over: Partial<SolveInput> = {}): SolveInput {
  return {
    equipment: [equipment()], lines, fixed: [], securing: null,
    options: { seed: 1, timeBudgetMs: 0 }, ...over,
  };
}

/** A placement of piece `pieceIndex` of `l` at (x, y, z); extents follow the orientation. */
export function place(
  l: SolverCargoLine, pieceIndex: number, x: number, y: number, z: number,
  over: Partial<Placement> & { rotation?: Orientation } = {},
): Placement {
  const rotation = over.rotation ?? 'LWH';
  const [lengthMm, widthMm, heightMm] = placedDims(l.lengthMm, l.widthMm, l.heightMm, rotation);
  return {
    unitIndex: 0, cargoLineId: l.id, pieceIndex, xMm: x, yMm: y, zMm: z, lengthMm, widthMm, heightMm,
    rotation, loadingStep: 1, stop: l.stop, locked: false, manual: false, ...over,
  };
}

export function unit(index: number, equipmentId = 'eq1'): UnitResult {
  return {
    index, equipmentId, equipmentTypeId: null, name: `unit ${index}`, pieces: 0, loadedVolumeMm3: 0,
    loadedWeightG: 0, volumeUtilization: 0, weightUtilization: 0, centreOfGravity: null,
  };
}

/** Number the loading steps of each Unit 1..n by z then x (a valid order for simple stacks). */
export function withSteps(placements: Placement[]): Placement[] {
  const next = new Map<number, number>();
  const order = [...placements].sort((a, b) => a.unitIndex - b.unitIndex || a.zMm - b.zMm || a.xMm - b.xMm || a.yMm - b.yMm);
  for (const p of order) {
    const step = (next.get(p.unitIndex) ?? 0) + 1;
    next.set(p.unitIndex, step);
    p.loadingStep = step;
  }
  return placements;
}

import { checkPlan } from '../../../solver/check/index.ts';
import type { UnloadedLine } from '../../../solver/types.ts';

/** The names of the rules a plan breaks (sorted, each once). */
export function brokenRules(inp: SolveInput, placements: Placement[], unloaded: UnloadedLine[] = [], units?: UnitResult[]): string[] {
  const unitList = units ?? [...new Set(placements.map((p) => p.unitIndex))].sort().map((i) => unit(i));
  const rules = checkPlan(inp, { placements, units: unitList, unloaded }).map((v) => v.rule);
  return [...new Set(rules)].sort();
}

/** Like brokenRules, with every piece not placed listed as unloaded (`does-not-fit`). */
export function brokenRulesRestUnloaded(inp: SolveInput, placements: Placement[]): string[] {
  const unloaded: UnloadedLine[] = [];
  for (const l of inp.lines) {
    const placed = placements.filter((p) => p.cargoLineId === l.id).length;
    if (placed < l.quantity) unloaded.push({ cargoLineId: l.id, quantity: l.quantity - placed, reason: 'does-not-fit' });
  }
  return brokenRules(inp, placements, unloaded);
}
