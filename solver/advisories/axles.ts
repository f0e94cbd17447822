import type { AxleProfile, AxleWarning, AxleWarningKind } from '../types.ts';
import { PLAIN_NAMES, type Names } from '../names.ts';
import { rigidAxleLoads, semiTrailerAxleLoads } from './axle-loads.ts';

/**
 * Axle advisories of one Unit on road equipment with an Axle Profile, from the cargo's
 * weight and lengthwise centre of gravity (Unit frame). The profile's tares are the
 * unladen vehicle; the equipment's `tareG` is not added again.
 */
export function axleWarnings(unitIndex: number, profile: AxleProfile, cargoG: number, cargoX: number, names: Names = PLAIN_NAMES): AxleWarning[] {
  const out = profile.kind === 'rigid'
    ? rigidWarnings(unitIndex, profile, cargoG, cargoX)
    : semiTrailerWarnings(unitIndex, profile, cargoG, cargoX);
  return out.map((w) => ({ ...w, message: `${names.unit(unitIndex)}: ${w.message}` }));
}

function rigidWarnings(unitIndex: number, p: Extract<AxleProfile, { kind: 'rigid' }>, cargoG: number, cargoX: number): AxleWarning[] {
  if (p.frontAxleXMm === p.rearAxleXMm) return [];
  const l = rigidAxleLoads(p, cargoG, cargoX);
  const out: AxleWarning[] = [];
  const w = (kind: AxleWarningKind, axle: string, load: number, limit: number, what: string) =>
    out.push(warning(unitIndex, kind, axle, load, limit, what));
  overloadOrLift(w, 'front', l.front, p.maxFrontG);
  overloadOrLift(w, 'rear', l.rear, p.maxRearG);
  if (l.gross > p.maxGrossG) w('gross-overload', 'gross', l.gross, p.maxGrossG, 'above the permitted gross weight');
  const minSteer = (l.gross * p.minSteerPermille) / 1000;
  if (l.front < minSteer) w('steer-axle-underload', 'front', l.front, minSteer, `below ${p.minSteerPermille / 10} % of the gross weight`);
  return out;
}

function semiTrailerWarnings(unitIndex: number, p: Extract<AxleProfile, { kind: 'semi-trailer' }>, cargoG: number, cargoX: number): AxleWarning[] {
  if (p.kingpinXMm === p.trailerAxlesXMm || p.tractorWheelbaseMm === 0) return [];
  const l = semiTrailerAxleLoads(p, cargoG, cargoX);
  const out: AxleWarning[] = [];
  const w = (kind: AxleWarningKind, axle: string, load: number, limit: number, what: string) =>
    out.push(warning(unitIndex, kind, axle, load, limit, what));
  // A negative kingpin load lifts the trailer off the fifth wheel; the contract's axle
  // names have none for the kingpin, so it is reported as 'kingpin'.
  if (l.kingpin < 0) w('axle-lift', 'kingpin', l.kingpin, 0, 'negative: the trailer would lift off the fifth wheel');
  overloadOrLift(w, 'steer', l.steer, p.maxSteerG);
  overloadOrLift(w, 'drive', l.drive, p.maxDriveG);
  overloadOrLift(w, 'trailer-axles', l.trailerAxles, p.maxTrailerAxlesG);
  if (l.gross > p.maxGrossG) w('gross-overload', 'gross', l.gross, p.maxGrossG, 'above the permitted gross weight');
  // steerability is a property of the tractor: its steer share is of the tractor's own axle
  // loads (no 40 t combination could put 20 % of its weight on a 7.5 t steer axle); the drive
  // share is of the whole combination (96/53/EC Annex I 3.4)
  const tractorLoad = l.steer + l.drive;
  const minSteer = (tractorLoad * p.minSteerPermille) / 1000;
  if (l.steer < minSteer) w('steer-axle-underload', 'steer', l.steer, minSteer, `below ${p.minSteerPermille / 10} % of the tractor's axle loads`);
  const minDrive = (l.gross * p.minDrivePermille) / 1000;
  if (l.drive < minDrive) w('drive-axle-underload', 'drive', l.drive, minDrive, `below ${p.minDrivePermille / 10} % of the gross weight`);
  return out;
}

type Emit = (kind: AxleWarningKind, axle: string, load: number, limit: number, what: string) => void;

function overloadOrLift(w: Emit, axle: string, load: number, max: number): void {
  if (load < 0) w('axle-lift', axle, load, 0, 'negative: the axle would lift');
  else if (load > max) w('axle-overload', axle, load, max, 'above its permitted load');
}

function warning(unitIndex: number, kind: AxleWarningKind, axle: string, load: number, limit: number, what: string): AxleWarning {
  const loadG = Math.round(load);
  const limitG = Math.round(limit);
  return {
    kind, unitIndex, axle, loadG, limitG,
    message: `${axle} load ${kg(loadG)} kg is ${what} (limit ${kg(limitG)} kg)`, // the Unit's name goes in front
  };
}

function kg(g: number): string {
  return (g / 1000).toFixed(0);
}
