// The data a Share Link page renders: the stored plan result plus the names a visitor
// needs. Built by the server from the database; everything here renders it, nothing
// fetches. Piece numbers are shown to visitors 1-based (pieceIndex + 1), as loaders count.
import type { SolveResult } from '../solver/types.ts';

export interface SharedEquipment {
  id: string;
  name: string;
  innerLengthMm: number;
  innerWidthMm: number;
  innerHeightMm: number;
  maxPayloadG: number;
}

export interface SharedCargoLine {
  id: string;
  name: string;
  stop: number | null;
}

export interface SharedPlanView {
  planName: string;
  projectName: string;
  /** RFC 3339. */
  solvedAt: string;
  revision: number;
  /** false hides step pages, step images and the loading-step column (Share Link rule 2). */
  showLoadingSteps: boolean;
  equipment: SharedEquipment[];
  cargoLines: SharedCargoLine[];
  result: Omit<SolveResult, 'stats'>;
}

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
