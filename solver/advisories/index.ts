import type {
  AxleWarning, Placement, PlanWarning, SecuringWarning, SolveInput, StopWarning, UnitResult,
} from '../types.ts';
import { analyseUnit, placementsByUnit } from '../check/unit-geometry.ts';
import { axleWarnings } from './axles.ts';
import { namesOf } from '../names.ts';
import { cogWarning } from './centre-of-gravity.ts';
import { securingWarnings } from './securing.ts';
import { stopWarnings } from './stops.ts';
import { unitLoad } from './unit-load.ts';

export interface Advisories {
  cogWarnings: PlanWarning[];
  axleWarnings: AxleWarning[];
  stopWarnings: StopWarning[];
  securingWarnings: SecuringWarning[];
}

/**
 * The plan's advisories, per Unit: centre of gravity, axle loads, Stop order and load
 * securing. Advisory only: it never changes or refuses a plan.
 */
export function advise(input: SolveInput, units: UnitResult[], placements: Placement[]): Advisories {
  const out: Advisories = { cogWarnings: [], axleWarnings: [], stopWarnings: [], securingWarnings: [] };
  const lines = new Map(input.lines.map((l) => [l.id, l]));
  const equipment = new Map(input.equipment.map((e) => [e.id, e]));
  const names = namesOf(input, units);
  const byUnit = placementsByUnit(placements);
  for (const unit of [...units].sort((a, b) => a.index - b.index)) {
    const pieces = byUnit.get(unit.index) ?? [];
    const eq = equipment.get(unit.equipmentId);
    const load = unitLoad(pieces, lines);
    if (eq) {
      const cog = cogWarning(unit.index, eq, load, input.options.cogTolerancePermille, names);
      if (cog) out.cogWarnings.push(cog);
      if (eq.axleProfile) {
        const cargoX = load.centre?.x ?? 0;
        out.axleWarnings.push(...axleWarnings(unit.index, eq.axleProfile, load.weightG, cargoX, names));
      }
    }
    if (pieces.length === 0) continue;
    const geometry = analyseUnit(pieces);
    out.stopWarnings.push(...stopWarnings(unit.index, geometry, eq?.openings ?? ['rear'], names));
    if (input.securing && input.securing.legs.length > 0) {
      out.securingWarnings.push(...securingWarnings(unit.index, geometry, eq, input.securing, lines, names));
    }
  }
  return out;
}
