// Builds the contract's result from a fleet plan: placements, Units, totals, Unloaded.
import type { Prepared } from './prepare.ts';
import type { Ticker } from './ticker.ts';
import type { FleetPlan } from './pack/fleet.ts';
import { expandPlaced } from './pack/expand.ts';
import { loadingSteps } from './loading-order.ts';
import { balanceLoad } from './balance.ts';
import { placementsByUnit } from './check/unit-geometry.ts';
import { moveForStops, type MovableUnit } from './stop-movers.ts';
import type { Placement, SolveInput, Totals, UnitResult, UnloadedLine, UnloadedReason } from './types.ts';

const round4 = (v: number) => Math.round(v * 10000) / 10000;

/** `stopsUntil`: until when the Units' loads may be moved for the Stops (stop-movers.ts); 0 for none. */
export function buildPlacements(input: SolveInput, prep: Prepared, plan: FleetPlan, ticker: Ticker, stopsUntil = 0): Placement[] {
  const nextFree = prep.freePieceIndices.map(() => 0);
  const lineIndex = new Map(input.lines.map((l, i) => [l.id, i]));
  const out: Placement[] = [];
  const built: MovableUnit[] = [];
  const sorted = [...plan.units].sort((a, b) => a.index - b.index);
  for (const u of sorted) {
    ticker.poll();
    const unitPieces: Placement[] = [];
    if (u.fixedUnit >= 0) {
      for (const f of prep.fixedUnits[u.fixedUnit].pieces) {
        const line = input.lines[f.item];
        unitPieces.push({
          unitIndex: u.index, cargoLineId: line.id, pieceIndex: f.pieceIndex,
          xMm: f.x, yMm: f.y, zMm: f.z, lengthMm: f.dx, widthMm: f.dy, heightMm: f.dz,
          rotation: f.rotation, loadingStep: 0, stop: line.stop, locked: f.locked, manual: f.manual,
        });
      }
    }
    for (const pb of u.state.placed) {
      for (const p of expandPlaced(pb)) {
        const line = input.lines[p.item];
        unitPieces.push({
          unitIndex: u.index, cargoLineId: line.id, pieceIndex: prep.freePieceIndices[p.item][nextFree[p.item]++],
          xMm: p.x, yMm: p.y, zMm: p.z, lengthMm: p.dx, widthMm: p.dy, heightMm: p.dz,
          rotation: p.rotation, loadingStep: 0, stop: line.stop, locked: false, manual: false,
        });
      }
    }
    built.push({ pieces: unitPieces, equipment: u.view.equipment, movable: u.fixedUnit < 0 });
  }
  const lineOf = (p: Placement) => input.lines[lineIndex.get(p.cargoLineId)!];
  if (stopsUntil > 0 && stopsUntil > ticker.now()) moveForStops(input, built, lineOf, stopsUntil, ticker);
  for (const { pieces: unitPieces, equipment } of built) {
    balanceLoad(unitPieces, (p) => lineOf(p).weightG, equipment, input.options.cogTolerancePermille, (p) => lineOf(p).groupKey);
    const steps = loadingSteps(unitPieces.map((p) => ({ x: p.xMm, y: p.yMm, z: p.zMm, dx: p.lengthMm, dy: p.widthMm, dz: p.heightMm })));
    unitPieces.forEach((p, i) => (p.loadingStep = steps[i]));
    unitPieces.sort((a, b) => a.loadingStep - b.loadingStep);
    out.push(...unitPieces);
  }
  return out;
}

export function buildUnits(input: SolveInput, plan: FleetPlan, placements: Placement[]): UnitResult[] {
  const weightOf = new Map(input.lines.map((l) => [l.id, l.weightG]));
  const byUnit = placementsByUnit(placements);
  return [...plan.units]
    .sort((a, b) => a.index - b.index)
    .map((u) => {
      const e = u.view.equipment;
      const mine = byUnit.get(u.index) ?? [];
      let volume = 0, weight = 0, mx = 0, my = 0, mz = 0;
      for (const p of mine) {
        const w = weightOf.get(p.cargoLineId) ?? 0;
        volume += p.lengthMm * p.widthMm * p.heightMm;
        weight += w;
        mx += w * (p.xMm + p.lengthMm / 2);
        my += w * (p.yMm + p.widthMm / 2);
        mz += w * (p.zMm + p.heightMm / 2);
      }
      return {
        index: u.index, equipmentId: e.id, equipmentTypeId: e.equipmentTypeId, name: e.name,
        pieces: mine.length, loadedVolumeMm3: volume, loadedWeightG: weight,
        volumeUtilization: round4(volume / u.view.volume),
        weightUtilization: e.maxPayloadG > 0 ? round4(weight / e.maxPayloadG) : 0,
        centreOfGravity: weight > 0 ? { xMm: Math.round(mx / weight), yMm: Math.round(my / weight), zMm: Math.round(mz / weight) } : null,
      };
    });
}

export function buildTotals(input: SolveInput, units: UnitResult[], unloaded: UnloadedLine[]): Totals {
  const eqVolume = new Map(input.equipment.map((e) => [e.id, e.innerLengthMm * e.innerWidthMm * e.innerHeightMm]));
  const inner = units.reduce((a, u) => a + (eqVolume.get(u.equipmentId) ?? 0), 0);
  const volume = units.reduce((a, u) => a + u.loadedVolumeMm3, 0);
  return {
    units: units.length,
    piecesLoaded: units.reduce((a, u) => a + u.pieces, 0),
    piecesUnloaded: unloaded.reduce((a, u) => a + u.quantity, 0),
    volumeLoadedMm3: volume,
    weightLoadedG: units.reduce((a, u) => a + u.loadedWeightG, 0),
    volumeUtilization: inner > 0 ? round4(volume / inner) : 0,
  };
}

/** Why each line's leftover pieces stayed behind. */
export function buildUnloaded(input: SolveInput, prep: Prepared, plan: FleetPlan, anyTakes: (i: number) => boolean): UnloadedLine[] {
  const out: UnloadedLine[] = [];
  const noEquipment = input.equipment.length === 0 || input.equipment.every((e) => e.maxUnits === 0);
  const maxPayload = Math.max(0, ...input.equipment.map((e) => e.maxPayloadG));
  plan.left.forEach((n, i) => {
    if (n <= 0) return;
    const it = prep.items[i];
    let reason: UnloadedReason;
    if (it.group >= 0) reason = 'group-does-not-fit';
    else if (noEquipment) reason = 'no-equipment';
    else if (it.weight > maxPayload) reason = 'over-payload';
    else if (!anyTakes(i)) reason = 'does-not-fit';
    else if (plan.stoppedBy === 'unit-limit') reason = 'unit-limit-reached';
    else reason = 'does-not-fit';
    out.push({ cargoLineId: it.lineId, quantity: n, reason });
  });
  return out;
}
