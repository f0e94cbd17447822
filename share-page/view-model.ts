// The data a Share Link page renders: the stored plan result plus the names a visitor
// needs. Built by the server from the database; everything here renders it, nothing
// fetches. Piece numbers are shown to visitors 1-based (pieceIndex + 1), as loaders count.

// The plan as the database reads it for a Share Link (db/shared-plan.ts owns the shape).
import type { SharedCargoLine, SharedEquipment, SharedPlanView, SharedStop } from '../db/shared-plan.ts';
import { stopLabel } from './format.ts';

export type { SharedCargoLine, SharedEquipment, SharedPlanView, SharedStop };

/** Lookups the renderers share; unknown ids fall back to the id itself. */
export interface ViewIndex {
  lineName(cargoLineId: string): string;
  /** Position of the line in view.cargoLines (drives its colour); -1 when unknown. */
  lineOrder(cargoLineId: string): number;
  equipment(equipmentId: string): SharedEquipment | undefined;
  /** "Stop 1 (Hamburg)" with the Project's name for it; "Stop 1", "after all Stops" otherwise. */
  stopLabel(stop: number | null): string;
}

export function indexView(view: SharedPlanView): ViewIndex {
  const lines = new Map(view.cargoLines.map((line, i) => [line.id, { line, i }]));
  const equipment = new Map(view.equipment.map((e) => [e.id, e]));
  const stops = new Map((view.stops ?? []).map((s) => [s.stop, s.name]));
  return {
    lineName: (id) => lines.get(id)?.line.name ?? id,
    lineOrder: (id) => lines.get(id)?.i ?? -1,
    equipment: (id) => equipment.get(id),
    stopLabel: (stop) => {
      const name = stop === null ? undefined : stops.get(stop);
      return name ? `${stopLabel(stop)} (${name})` : stopLabel(stop);
    },
  };
}
