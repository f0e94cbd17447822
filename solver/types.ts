// The solver's contract with the rest of the service. Pure data: every length in whole
// millimetres, every weight in whole grams. Coordinates of a Unit: x from the front wall
// towards the door, y from the left wall, z up from the floor; a placement's (x, y, z) is
// its corner nearest the origin.

/**
 * Which of the piece's own dimensions lies along x, y and z. `LWH` is the piece as given
 * (length along x, width along y, height up); `WLH` is the same piece turned about the
 * vertical axis; the other four lay it on a side.
 */
export type Orientation = 'LWH' | 'WLH' | 'LHW' | 'HLW' | 'WHL' | 'HWL';
export const ALL_ORIENTATIONS: readonly Orientation[] = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];

/** The contract's `rotation` values: free = any of 6, upright = height stays up, fixed = as given. */
export type RotationRule = 'free' | 'upright' | 'fixed';

export type Opening = 'rear' | 'side' | 'top';

export type FrictionSurface =
  | 'wood_on_wood'
  | 'planed_wood_on_wood'
  | 'wood_on_steel'
  | 'plastic_on_wood'
  | 'plastic_on_metal'
  | 'steel_on_wood'
  | 'steel_on_steel'
  | 'rubber_mat';

export type SecuringLeg = 'road' | 'rail' | 'sea-a' | 'sea-b' | 'sea-c';

/**
 * Axle geometry of road equipment. Positions are x coordinates in the Unit's frame (mm
 * from the cargo space's front wall, negative = ahead of it).
 */
export type AxleProfile = RigidAxleProfile | SemiTrailerAxleProfile;

/** A rigid truck: the body rests on a front (steer) axle and a rear axle (group). */
export interface RigidAxleProfile {
  kind: 'rigid';
  frontAxleXMm: number;
  rearAxleXMm: number;
  /** Unladen vehicle weight carried by each axle. */
  tareFrontG: number;
  tareRearG: number;
  maxFrontG: number;
  maxRearG: number;
  maxGrossG: number;
  /** Minimum share of the gross weight on the steer axle, in permille (e.g. 200). */
  minSteerPermille: number;
}

/**
 * Tractor + semi-trailer: the trailer rests on the kingpin (carried by the tractor's fifth
 * wheel) and on its own axle group; the fifth-wheel load splits over steer and drive axles.
 */
export interface SemiTrailerAxleProfile {
  kind: 'semi-trailer';
  kingpinXMm: number;
  trailerAxlesXMm: number;
  tareKingpinG: number;
  tareTrailerAxlesG: number;
  /** Tractor: distance steer -> drive axle, and how far the fifth wheel sits ahead of the drive axle. */
  tractorWheelbaseMm: number;
  fifthWheelAheadOfDriveMm: number;
  tractorTareSteerG: number;
  tractorTareDriveG: number;
  maxSteerG: number;
  maxDriveG: number;
  maxTrailerAxlesG: number;
  maxGrossG: number;
  minSteerPermille: number;
  minDrivePermille: number;
}

/** One equipment row a plan offers (the solver may open several Units of it). */
export interface SolverEquipment {
  id: string;
  equipmentTypeId: string | null;
  name: string;
  innerLengthMm: number;
  innerWidthMm: number;
  innerHeightMm: number;
  doorWidthMm: number;
  doorHeightMm: number;
  openings: Opening[];
  maxPayloadG: number;
  tareG: number;
  axleProfile: AxleProfile | null;
  /** null = no limit. */
  maxUnits: number | null;
}

/** A cargo line: `quantity` identical pieces, numbered 0..quantity-1 (`pieceIndex`). */
export interface SolverCargoLine {
  id: string;
  name: string;
  quantity: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
  /** Allowed orientations; the core takes any non-empty subset of the six. */
  orientations: Orientation[];
  /** false = nothing may stand on this piece. */
  stackable: boolean;
  /** true = only fragile pieces on top, carrying in total no more than its own weight. */
  fragile: boolean;
  /** Lines sharing a groupKey form one keep-together group. */
  groupKey: string | null;
  /** 1..99; Stop 1 is unloaded first; null = unloaded after every Stop. */
  stop: number | null;
  /** 501..1000: share of the base that must rest on cargo directly below when not on the floor. */
  minSupportPermille: number;
  frictionSurface: FrictionSurface | null;
}

/** A placement the caller fixes: locked ones are always kept; manual ones are kept unless replaced. */
export interface FixedPlacement {
  unitIndex: number;
  equipmentId: string;
  cargoLineId: string;
  pieceIndex: number;
  xMm: number;
  yMm: number;
  zMm: number;
  rotation: Orientation;
  locked: boolean;
  manual: boolean;
}

export interface SecuringSettings {
  legs: SecuringLeg[];
  /** Default friction coefficient x1000 for lines without a frictionSurface. */
  frictionPermille: number | null;
}

export interface SolveOptions {
  /** Same input + same seed = same plan. */
  seed: number;
  /** Wall-clock budget for improvement after the first complete plan. */
  timeBudgetMs: number;
  /** At most this many Units in all (the contract's limit is 500). */
  maxUnitsTotal?: number;
  /** Benchmarks only: `none` lets pieces float (the literature's "without support" variant). */
  supportRule?: 'per-line' | 'none';
  /** Centre-of-gravity advisory tolerance, permille of inner length/width (default 50). */
  cogTolerancePermille?: number;
}

/** A Stop of the Project: its ordinal (a line's `stop`) and its name, a label for messages only. */
export interface SolverStop {
  stop: number;
  name: string;
}

export interface SolveInput {
  equipment: SolverEquipment[];
  lines: SolverCargoLine[];
  fixed: FixedPlacement[];
  securing: SecuringSettings | null;
  options: SolveOptions;
  /** The Project's Stop names, for messages; absent = Stops by number only. */
  stops?: SolverStop[];
}

export type SolvePhase = 'preparing' | 'packing' | 'improving' | 'advising';

export interface SolveProgress {
  phase: SolvePhase;
  processedItems: number;
  totalItems: number;
}

export interface SolveHooks {
  /** Called at least once a second during long work. */
  onProgress?: (progress: SolveProgress) => void;
  /** Polled often (well under a second apart); true = stop and throw SolveCancelledError. */
  isCancelled?: () => boolean;
  /** Injected clock (ms) so tests and the seeded run stay deterministic apart from timing. */
  now?: () => number;
}

export class SolveCancelledError extends Error {
  constructor() {
    super('solve cancelled');
    this.name = 'SolveCancelledError';
  }
}

export interface Placement {
  unitIndex: number;
  cargoLineId: string;
  pieceIndex: number;
  xMm: number;
  yMm: number;
  zMm: number;
  /** Placed extents along x, y, z. */
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  rotation: Orientation;
  /** 1-based order in which the pieces go in, per Unit. */
  loadingStep: number;
  stop: number | null;
  locked: boolean;
  manual: boolean;
}

export interface UnitResult {
  index: number;
  equipmentId: string;
  equipmentTypeId: string | null;
  name: string;
  pieces: number;
  loadedVolumeMm3: number;
  loadedWeightG: number;
  /** Loaded volume / inner volume, 0..1, four decimals. */
  volumeUtilization: number;
  /** Loaded weight / payload, 0..1, four decimals. */
  weightUtilization: number;
  centreOfGravity: { xMm: number; yMm: number; zMm: number } | null;
}

export interface Totals {
  units: number;
  piecesLoaded: number;
  piecesUnloaded: number;
  volumeLoadedMm3: number;
  weightLoadedG: number;
  /** Loaded volume / inner volume of all Units used, 0..1, four decimals. */
  volumeUtilization: number;
}

export type UnloadedReason =
  | 'does-not-fit'
  | 'over-payload'
  | 'no-equipment'
  | 'unit-limit-reached'
  | 'group-does-not-fit';

export interface UnloadedLine {
  cargoLineId: string;
  quantity: number;
  reason: UnloadedReason;
}

/** `warnings`: rule problems, Unloaded cargo and the centre-of-gravity advisory. */
export interface PlanWarning {
  kind: 'unloaded' | 'cog-off-centre' | 'rule';
  message: string;
  unitIndex?: number;
  cargoLineId?: string;
}

export type AxleWarningKind =
  | 'axle-overload'
  | 'axle-lift'
  | 'steer-axle-underload'
  | 'drive-axle-underload'
  | 'gross-overload';

export interface AxleWarning {
  kind: AxleWarningKind;
  unitIndex: number;
  /** `front`, `rear`, `steer`, `drive`, `trailer-axles` or `gross`. */
  axle: string;
  loadG: number;
  /** The permitted maximum, or the required minimum for the underload kinds. */
  limitG: number;
  message: string;
}

export interface PieceRef {
  cargoLineId: string;
  pieceIndex: number;
}

export interface StopWarning {
  kind: 'stop-blocked';
  unitIndex: number;
  stop: number;
  /** Pieces of this Stop that are blocked. */
  pieces: PieceRef[];
  message: string;
}

export interface SecuringWarning {
  kind: 'securing-unblocked' | 'securing-tipping';
  unitIndex: number;
  direction: 'forward' | 'rearward' | 'sideways';
  /** The strictest leg that produced it. */
  leg: SecuringLeg;
  pieces: PieceRef[];
  message: string;
}

export interface SolveResult {
  units: UnitResult[];
  placements: Placement[];
  totals: Totals;
  warnings: PlanWarning[];
  unloaded: UnloadedLine[];
  axleWarnings: AxleWarning[];
  stopWarnings: StopWarning[];
  securingWarnings: SecuringWarning[];
  stats: { elapsedMs: number; firstPlanMs: number; iterations: number };
}
