// Cases for Stops and balance: the built-in catalogue's equipment rows, and the two-Unit
// example of issue 17 (pinned by test/solver/stops-and-balance.test.ts).
import { builtInEquipmentTypes } from '../../db/catalogue/equipment-types.ts';
import { ALL_ORIENTATIONS, type SolveInput, type SolverCargoLine, type SolverEquipment } from '../../solver/types.ts';

/** A catalogue row as the solver sees it (one equipment row of a plan). */
export function catalogueRow(id: string, maxUnits: number | null = null): SolverEquipment {
  const row = builtInEquipmentTypes.find((e) => e.id === id);
  if (!row) throw new Error(`no catalogue row ${id}`);
  const { mode: _mode, category: _category, source: _source, ...equipment } = row;
  return { ...equipment, equipmentTypeId: row.id, maxUnits };
}

function cargo(over: Partial<SolverCargoLine> & Pick<SolverCargoLine, 'id' | 'quantity' | 'lengthMm' | 'widthMm' | 'heightMm' | 'weightG'>): SolverCargoLine {
  return {
    name: over.id, orientations: [...ALL_ORIENTATIONS], stackable: true, fragile: false, groupKey: null, stop: null,
    minSupportPermille: 1000, frictionSurface: null, ...over,
  };
}

/**
 * One 40' high cube and one 20' (one Unit of each), Stops 1 and 2 and no-Stop cargo:
 * 20 EUR pallets upright (Stop 1), 120 cartons (Stop 2), 2 crates nothing may stand on and
 * 10 fragile glass cases kept together (no Stop). Rotation free unless said (the contract's default).
 */
export function twoUnitStops(timeBudgetMs: number, seed = 1): SolveInput {
  return {
    equipment: [catalogueRow('eqt_iso_40hc', 1), catalogueRow('eqt_iso_20gp', 1)],
    lines: [
      cargo({ id: 'pallets', quantity: 20, lengthMm: 1200, widthMm: 800, heightMm: 1400, weightG: 450_000, orientations: ['LWH', 'WLH'], stop: 1 }),
      cargo({ id: 'cartons', quantity: 120, lengthMm: 600, widthMm: 400, heightMm: 400, weightG: 12_000, stop: 2 }),
      cargo({ id: 'crates', quantity: 2, lengthMm: 2400, widthMm: 1800, heightMm: 2000, weightG: 2_500_000, stackable: false }),
      cargo({ id: 'glass', quantity: 10, lengthMm: 1000, widthMm: 600, heightMm: 800, weightG: 60_000, fragile: true, groupKey: 'glass' }),
    ],
    fixed: [],
    securing: null,
    options: { seed, timeBudgetMs },
  };
}
