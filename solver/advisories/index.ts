import type {
  AxleWarning, Placement, PlanWarning, SecuringWarning, SolveInput, SolverCargoLine, SolverEquipment, StopWarning, UnitResult,
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

interface Lookups {
  of: [SolveInput['lines'], SolveInput['equipment']];
  lines: Map<string, SolverCargoLine>;
  equipment: Map<string, SolverEquipment>;
}
/** Lines and equipment by id, built once per input (`solve` advises Unit by Unit). */
const lookups = new WeakMap<SolveInput, Lookups>();

function lookupsOf(input: SolveInput): Lookups {
  let l = lookups.get(input);
  if (!l || l.of[0] !== input.lines || l.of[1] !== input.equipment) {
    l = {
      of: [input.lines, input.equipment],
      lines: new Map(input.lines.map((x) => [x.id, x])),
      equipment: new Map(input.equipment.map((e) => [e.id, e])),
    };
    lookups.set(input, l);
  }
  return l;
}

/**
 * The plan's advisories, per Unit: centre of gravity, axle loads, Stop order and load
 * securing. Advisory only: it never changes or refuses a plan.
 */
export function advise(input: SolveInput, units: UnitResult[], placements: Placement[]): Advisories {
  const out: Advisories = { cogWarnings: [], axleWarnings: [], stopWarnings: [], securingWarnings: [] };
  const { lines, equipment } = lookupsOf(input);
  const names = namesOf(input, units, { lines, equipment });
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
