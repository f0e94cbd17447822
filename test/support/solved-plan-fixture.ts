// A solved Load Plan written straight into the database, as a completed Calculate leaves
// it: two 20' containers, 12 Euro pallets (two layers) in the first, 8 crates in the
// second, 2 drums that did not fit. 20 placements, loading steps front wall to door.
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { writePlacements } from '../../db/results.ts';
import type { Placement, UnitResult } from '../../solver/types.ts';

export interface SolvedPlan {
  projectId: string;
  loadPlanId: string;
  equipmentId: string;
  lines: { pallet: string; crate: string; drum: string };
  placements: Placement[];
  solvedAt: Date;
  revision: number;
}

const CONTAINER = { name: "20' Standard", lengthMm: 5898, widthMm: 2352, heightMm: 2393, payloadG: 28_200_000, tareG: 2_230_000 };
const PALLET = { name: 'Euro pallet', lengthMm: 1200, widthMm: 800, heightMm: 1000, weightG: 400_000, quantity: 12 };
const CRATE = { name: 'Crate', lengthMm: 1000, widthMm: 1000, heightMm: 1000, weightG: 200_000, quantity: 8 };
const DRUM = { name: 'Drum', lengthMm: 6500, widthMm: 600, heightMm: 900, weightG: 180_000, quantity: 2 };

function piece(unitIndex: number, cargoLineId: string, pieceIndex: number, at: [number, number, number], size: [number, number, number], loadingStep: number): Placement {
  const [xMm, yMm, zMm] = at;
  const [lengthMm, widthMm, heightMm] = size;
  return { unitIndex, cargoLineId, pieceIndex, xMm, yMm, zMm, lengthMm, widthMm, heightMm, rotation: 'LWH', loadingStep, stop: null, locked: false, manual: false };
}

/** Piece numbers that do not follow the loading order, so order tests can tell them apart. */
const shuffled = (i: number, n: number) => (i * 5) % n;

/** Unit 0: pallets 4 deep and 2 across, the front half two high; Unit 1: crates 4 deep, 2 across. */
function layout(palletLine: string, crateLine: string): Placement[] {
  const placements: Placement[] = [];
  const pallet: [number, number, number] = [PALLET.lengthMm, PALLET.widthMm, PALLET.heightMm];
  let step = 0;
  let index = 0;
  for (let row = 0; row < 4; row++) {
    for (let across = 0; across < 2; across++) {
      placements.push(piece(0, palletLine, shuffled(index++, 12), [row * 1200, across * 800, 0], pallet, ++step));
      if (row < 2) placements.push(piece(0, palletLine, shuffled(index++, 12), [row * 1200, across * 800, 1000], pallet, ++step));
    }
  }
  step = 0;
  for (let i = 0; i < CRATE.quantity; i++) {
    const at: [number, number, number] = [Math.floor(i / 2) * 1000, (i % 2) * 1000, 0];
    placements.push(piece(1, crateLine, shuffled(i, 8), at, [CRATE.lengthMm, CRATE.widthMm, CRATE.heightMm], ++step));
  }
  return placements;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const innerVolume = CONTAINER.lengthMm * CONTAINER.widthMm * CONTAINER.heightMm;

function unitResult(index: number, equipmentId: string, placements: Placement[], weightG: number): UnitResult {
  const mine = placements.filter((p) => p.unitIndex === index);
  const volume = mine.reduce((v, p) => v + p.lengthMm * p.widthMm * p.heightMm, 0);
  const centre = (axis: 'xMm' | 'yMm' | 'zMm', size: 'lengthMm' | 'widthMm' | 'heightMm') =>
    Math.round(mine.reduce((s, p) => s + p[axis] + p[size] / 2, 0) / mine.length);
  return {
    index,
    equipmentId,
    equipmentTypeId: null,
    name: CONTAINER.name,
    pieces: mine.length,
    loadedVolumeMm3: volume,
    loadedWeightG: mine.length * weightG,
    volumeUtilization: round4(volume / innerVolume),
    weightUtilization: round4((mine.length * weightG) / CONTAINER.payloadG),
    centreOfGravity: { xMm: centre('xMm', 'lengthMm'), yMm: centre('yMm', 'widthMm'), zMm: centre('zMm', 'heightMm') },
  };
}

async function insertCargoLine(db: Db, organizationId: string, projectId: string, position: number, line: typeof PALLET): Promise<string> {
  const id = newId('cl');
  await db`
    insert into cargo_lines (id, organization_id, project_id, position, name, quantity, length_mm, width_mm, height_mm,
      weight_g, rotation, stackable, fragile)
    values (${id}, ${organizationId}, ${projectId}, ${position}, ${line.name}, ${line.quantity}, ${line.lengthMm},
      ${line.widthMm}, ${line.heightMm}, ${line.weightG}, 'upright', true, false)`;
  return id;
}

export async function createSolvedPlan(db: Db, organizationId: string, options: { planName?: string } = {}): Promise<SolvedPlan> {
  const projectId = newId('prj');
  const loadPlanId = newId('lp');
  const equipmentId = newId('eq');
  const calculateId = newId('calc');
  await db`insert into projects (id, organization_id, name, transport_mode) values (${projectId}, ${organizationId}, 'Spring fair', 'sea')`;
  await db`
    insert into load_plans (id, organization_id, project_id, name, revision, solved_at)
    values (${loadPlanId}, ${organizationId}, ${projectId}, ${options.planName ?? 'Hamburg run'}, 3, now())`;
  await db`
    insert into equipment_rows (id, load_plan_id, position, name, inner_length_mm, inner_width_mm, inner_height_mm,
      door_width_mm, door_height_mm, openings, max_payload_g, tare_g, max_units)
    values (${equipmentId}, ${loadPlanId}, 0, ${CONTAINER.name}, ${CONTAINER.lengthMm}, ${CONTAINER.widthMm},
      ${CONTAINER.heightMm}, 2340, 2280, ${['rear']}, ${CONTAINER.payloadG}, ${CONTAINER.tareG}, 2)`;
  const lines = {
    pallet: await insertCargoLine(db, organizationId, projectId, 1, PALLET),
    crate: await insertCargoLine(db, organizationId, projectId, 2, CRATE),
    drum: await insertCargoLine(db, organizationId, projectId, 3, DRUM),
  };
  const placements = layout(lines.pallet, lines.crate);
  const units = [unitResult(0, equipmentId, placements, PALLET.weightG), unitResult(1, equipmentId, placements, CRATE.weightG)];
  const volumeLoaded = units.reduce((v, u) => v + u.loadedVolumeMm3, 0);
  const totals = {
    units: 2,
    piecesLoaded: placements.length,
    piecesUnloaded: DRUM.quantity,
    volumeLoadedMm3: volumeLoaded,
    weightLoadedG: units.reduce((w, u) => w + u.loadedWeightG, 0),
    volumeUtilization: round4(volumeLoaded / (2 * innerVolume)),
  };
  const warnings = [{ kind: 'unloaded', message: '2 pieces of Drum were not loaded: longer than every Unit', cargoLineId: lines.drum }];
  const unloaded = [{ cargoLineId: lines.drum, quantity: DRUM.quantity, reason: 'does-not-fit' }];
  const [run] = await db`
    insert into calculate_runs (id, organization_id, load_plan_id, source, status, expected_revision, revision, solved_at,
      started_at, finished_at)
    values (${calculateId}, ${organizationId}, ${loadPlanId}, 'api', 'completed', 2, 3, now(), now(), now())
    returning solved_at`;
  await db`
    insert into load_plan_results (load_plan_id, calculate_id, revision, solved_at, units, totals, warnings, unloaded)
    values (${loadPlanId}, ${calculateId}, 3, ${run.solved_at}, ${db.json(units as any)}, ${db.json(totals)},
      ${db.json(warnings)}, ${db.json(unloaded)})`;
  // stored in reverse, as a store step need not write them in loading order
  await writePlacements(db, loadPlanId, { units, placements: [...placements].reverse() });
  return { projectId, loadPlanId, equipmentId, lines, placements, solvedAt: run.solved_at, revision: 3 };
}

/** A plan with cargo and equipment but no stored result. */
export async function createUncalculatedPlan(db: Db, organizationId: string): Promise<{ projectId: string; loadPlanId: string }> {
  const projectId = newId('prj');
  const loadPlanId = newId('lp');
  await db`insert into projects (id, organization_id, name, transport_mode) values (${projectId}, ${organizationId}, 'Not yet', 'road')`;
  await db`insert into load_plans (id, organization_id, project_id, name) values (${loadPlanId}, ${organizationId}, ${projectId}, 'Draft')`;
  return { projectId, loadPlanId };
}
