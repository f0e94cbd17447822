// Turns the contract's input into the engine's items, groups and fixed pieces.
import type { FixedPiece, Item } from './model.ts';
import { placedDims } from './orientation.ts';
import type { SolveInput, SolverEquipment } from './types.ts';

export interface FixedUnit {
  unitIndex: number;
  equipment: SolverEquipment;
  pieces: FixedPiece[];
}

export interface Prepared {
  /** One item per cargo line, same index as input.lines. */
  items: Item[];
  /** Pieces of each line still to place (quantity minus fixed pieces). */
  counts: number[];
  /** Keep-together groups: item indices per group. */
  groups: number[][];
  groupKeys: string[];
  fixedUnits: FixedUnit[];
  /** Piece indices of each line not taken by fixed placements, in order. */
  freePieceIndices: number[][];
}

export function prepare(input: SolveInput): Prepared {
  const groupIndex = new Map<string, number>();
  const groups: number[][] = [];
  const groupKeys: string[] = [];
  const items: Item[] = input.lines.map((line, index) => {
    let group = -1;
    if (line.groupKey != null) {
      if (!groupIndex.has(line.groupKey)) {
        groupIndex.set(line.groupKey, groups.length);
        groups.push([]);
        groupKeys.push(line.groupKey);
      }
      group = groupIndex.get(line.groupKey)!;
      groups[group].push(index);
    }
    return {
      index, lineIndex: index, lineId: line.id,
      l: line.lengthMm, w: line.widthMm, h: line.heightMm,
      volume: line.lengthMm * line.widthMm * line.heightMm,
      weight: line.weightG,
      orientations: line.orientations.length > 0 ? line.orientations : ['LWH'],
      stackable: line.stackable, fragile: line.fragile, stop: line.stop,
      phaseRank: line.stop == null ? 0 : 100 - line.stop,
      supportPermille: input.options.supportRule === 'none' ? 0 : Math.max(0, Math.min(1000, line.minSupportPermille || 1000)),
      group,
    };
  });
  const lineById = new Map(input.lines.map((l, i) => [l.id, i]));
  const equipmentById = new Map(input.equipment.map((e) => [e.id, e]));
  const fixedIndices = input.lines.map(() => new Set<number>());
  const units = new Map<number, FixedUnit>();
  for (const f of input.fixed) {
    const i = lineById.get(f.cargoLineId);
    const equipment = equipmentById.get(f.equipmentId);
    if (i === undefined || !equipment || fixedIndices[i].has(f.pieceIndex)) continue;
    fixedIndices[i].add(f.pieceIndex);
    const [dx, dy, dz] = placedDims(items[i].l, items[i].w, items[i].h, f.rotation);
    let unit = units.get(f.unitIndex);
    if (!unit) units.set(f.unitIndex, (unit = { unitIndex: f.unitIndex, equipment, pieces: [] }));
    unit.pieces.push({
      item: i, pieceIndex: f.pieceIndex, rotation: f.rotation, x: f.xMm, y: f.yMm, z: f.zMm, dx, dy, dz,
      locked: f.locked, manual: f.manual,
    });
  }
  const freePieceIndices = input.lines.map((line, i) => {
    const out: number[] = [];
    for (let p = 0; p < line.quantity; p++) if (!fixedIndices[i].has(p)) out.push(p);
    return out;
  });
  return {
    items,
    counts: freePieceIndices.map((f) => f.length),
    groups,
    groupKeys,
    fixedUnits: [...units.values()].sort((a, b) => a.unitIndex - b.unitIndex),
    freePieceIndices,
  };
}
