// How the solver's messages name things for the people who read them (the API's
// `warnings`, `stopWarnings`, `axleWarnings` and `securingWarnings` messages): Units from 1
// with their equipment name, pieces by line name and piece number from 1, Stops with their
// name from the Project. The machine fields beside each message keep ids and 0-based indexes.
import type { PieceRef, SolveInput, UnitResult } from './types.ts';

export interface Names {
  /** "Unit 1 (40' High Cube)". */
  unit(unitIndex: number): string;
  /** The line's name ("Crate 2.5 t"); its id when unknown. */
  line(cargoLineId: string): string;
  /** "Crate 2.5 t #3". */
  piece(p: PieceRef): string;
  /** Up to `max` pieces, then "and N more". */
  pieces(ps: readonly PieceRef[], max?: number): string;
  /** "Stop 1 (Hamburg)"; "Stop 1" when the Project names no such Stop. */
  stop(stop: number): string;
}

type Named = Pick<SolveInput, 'equipment' | 'lines' | 'stops'>;

/** Lines and equipment by id, when the caller has them already (advising Unit by Unit). */
export interface NameLookups {
  lines: ReadonlyMap<string, { name: string }>;
  equipment: ReadonlyMap<string, { name: string }>;
}

export function namesOf(input: Named, units: readonly Pick<UnitResult, 'index' | 'equipmentId'>[], known?: NameLookups): Names {
  const equipment = known?.equipment ?? new Map(input.equipment.map((e) => [e.id, e]));
  const unitEquipment = new Map(units.map((u) => [u.index, equipment.get(u.equipmentId)?.name]));
  const lines = known?.lines ?? new Map(input.lines.map((l) => [l.id, l]));
  const stops = new Map((input.stops ?? []).map((s) => [s.stop, s.name]));
  const withName = (label: string, name: string | undefined) => (name ? `${label} (${name})` : label);
  const names: Names = {
    unit: (unitIndex) => withName(`Unit ${unitIndex + 1}`, unitEquipment.get(unitIndex)),
    line: (id) => lines.get(id)?.name || id,
    piece: (p) => `${names.line(p.cargoLineId)} #${p.pieceIndex + 1}`,
    pieces: (ps, max = 10) => {
      const listed = ps.slice(0, max).map(names.piece).join(', ');
      return ps.length > max ? `${listed} and ${ps.length - max} more` : listed;
    },
    stop: (stop) => withName(`Stop ${stop}`, stops.get(stop)),
  };
  return names;
}

/** Names without an input: Units and pieces numbered from 1, lines by id. */
export const PLAIN_NAMES: Names = namesOf({ equipment: [], lines: [] }, []);
