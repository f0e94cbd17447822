// The data a Share Link page renders: the stored plan result plus the names a visitor
// needs. Built by the server from the database; everything here renders it, nothing
// fetches. Piece numbers are shown to visitors 1-based (pieceIndex + 1), as loaders count.

// The plan as the database reads it for a Share Link (db/shared-plan.ts owns the shape).
import type { SharedCargoLine, SharedEquipment, SharedPlanView } from '../db/shared-plan.ts';

export type { SharedCargoLine, SharedEquipment, SharedPlanView };

/** Lookups the renderers share; unknown ids fall back to the id itself. */
export interface ViewIndex {
  lineName(cargoLineId: string): string;
  /** Position of the line in view.cargoLines (drives its colour); -1 when unknown. */
  lineOrder(cargoLineId: string): number;
  equipment(equipmentId: string): SharedEquipment | undefined;
}

export function indexView(view: SharedPlanView): ViewIndex {
  const lines = new Map(view.cargoLines.map((line, i) => [line.id, { line, i }]));
  const equipment = new Map(view.equipment.map((e) => [e.id, e]));
  return {
    lineName: (id) => lines.get(id)?.line.name ?? id,
    lineOrder: (id) => lines.get(id)?.i ?? -1,
    equipment: (id) => equipment.get(id),
  };
}
