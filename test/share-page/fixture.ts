// A hand-made shared plan: two Units (a 20' container with three pieces, a van with two),
// placements listed out of loading order, and one warning of every kind.
import type { Placement } from '../../solver/types.ts';
import type { SharedPlanView } from '../../share-page/view-model.ts';

export const BASE = '/share/tok123';

function placement(p: Partial<Placement> & Pick<Placement, 'unitIndex' | 'cargoLineId' | 'pieceIndex' | 'loadingStep'>): Placement {
  return {
    xMm: 0,
    yMm: 0,
    zMm: 0,
    lengthMm: 1200,
    widthMm: 800,
    heightMm: 1000,
    rotation: 'LWH',
    stop: null,
    locked: false,
    manual: false,
    ...p,
  };
}

export function samplePlan(): SharedPlanView {
  return {
    planName: 'Hamburg run',
    projectName: 'Spring fair',
    solvedAt: '2025-03-01T14:05:09Z',
    revision: 7,
    showLoadingSteps: true,
    equipment: [
      { id: 'eq_20', name: "20' Standard", innerLengthMm: 5898, innerWidthMm: 2352, innerHeightMm: 2393, maxPayloadG: 28_200_000 },
      { id: 'eq_van', name: 'Van', innerLengthMm: 3000, innerWidthMm: 1700, innerHeightMm: 1800, maxPayloadG: 1_200_000 },
    ],
    cargoLines: [
      { id: 'cl_pallet', name: 'Euro pallet', stop: 1, weightG: 450_000 },
      { id: 'cl_crate', name: 'Crate', stop: 2, weightG: 550_000 },
      { id: 'cl_box', name: 'Carton', stop: null, weightG: 12_500 },
      { id: 'cl_drum', name: 'Drum', stop: null, weightG: 180_000 },
    ],
    stops: [{ stop: 1, name: 'Hamburg' }, { stop: 2, name: 'Bremen' }],
    result: {
      units: [
        {
          index: 0, equipmentId: 'eq_20', equipmentTypeId: 'et_20', name: "20' Standard", pieces: 3,
          loadedVolumeMm3: 2_920_000_000, loadedWeightG: 1_450_000, volumeUtilization: 0.0884,
          weightUtilization: 0.0514, centreOfGravity: { xMm: 1100, yMm: 800, zMm: 500 },
        },
        {
          index: 1, equipmentId: 'eq_van', equipmentTypeId: null, name: 'Van', pieces: 2,
          loadedVolumeMm3: 192_000_000, loadedWeightG: 1_300_000, volumeUtilization: 0.0209,
          weightUtilization: 1.0833, centreOfGravity: { xMm: 300, yMm: 200, zMm: 400 },
        },
      ],
      // Deliberately not in loading order.
      placements: [
        placement({ unitIndex: 1, cargoLineId: 'cl_box', pieceIndex: 1, loadingStep: 2, zMm: 400, lengthMm: 600, widthMm: 400, heightMm: 400 }),
        placement({ unitIndex: 0, cargoLineId: 'cl_crate', pieceIndex: 0, loadingStep: 3, xMm: 1200, lengthMm: 1000, widthMm: 1000, rotation: 'WLH', stop: 2 }),
        placement({ unitIndex: 0, cargoLineId: 'cl_pallet', pieceIndex: 0, loadingStep: 1, stop: 1 }),
        placement({ unitIndex: 1, cargoLineId: 'cl_box', pieceIndex: 0, loadingStep: 1, lengthMm: 600, widthMm: 400, heightMm: 400 }),
        placement({ unitIndex: 0, cargoLineId: 'cl_pallet', pieceIndex: 1, loadingStep: 2, yMm: 800, stop: 1 }),
      ],
      totals: {
        units: 2, piecesLoaded: 5, piecesUnloaded: 2, volumeLoadedMm3: 3_112_000_000,
        weightLoadedG: 2_750_000, volumeUtilization: 0.0716,
      },
      warnings: [
        { kind: 'unloaded', message: '2 pieces of Drum were not loaded', cargoLineId: 'cl_drum' },
        { kind: 'cog-off-centre', message: 'Centre of gravity is 12 % off centre', unitIndex: 0 },
      ],
      unloaded: [{ cargoLineId: 'cl_drum', quantity: 2, reason: 'does-not-fit' }],
      axleWarnings: [
        { kind: 'axle-overload', unitIndex: 1, axle: 'rear', loadG: 2_400_000, limitG: 2_000_000, message: 'Rear axle overloaded' },
      ],
      stopWarnings: [
        { kind: 'stop-blocked', unitIndex: 0, stop: 1, pieces: [{ cargoLineId: 'cl_pallet', pieceIndex: 1 }], message: 'Stop 1 is blocked by Stop 2 cargo' },
      ],
      securingWarnings: [
        { kind: 'securing-unblocked', unitIndex: 1, direction: 'forward', leg: 'road', pieces: [{ cargoLineId: 'cl_box', pieceIndex: 1 }], message: 'Carton needs blocking forward' },
      ],
    },
  };
}

/** The fixture with every caller-chosen name replaced by `name`. */
export function planNamed(name: string): SharedPlanView {
  const view = samplePlan();
  view.planName = name;
  view.projectName = name;
  view.equipment = view.equipment.map((e) => ({ ...e, name }));
  view.cargoLines = view.cargoLines.map((l) => ({ ...l, name }));
  view.result.units = view.result.units.map((u) => ({ ...u, name }));
  view.result.warnings = view.result.warnings.map((w) => ({ ...w, message: name }));
  view.result.axleWarnings = view.result.axleWarnings.map((w) => ({ ...w, message: name }));
  view.result.stopWarnings = view.result.stopWarnings.map((w) => ({ ...w, message: name }));
  view.result.securingWarnings = view.result.securingWarnings.map((w) => ({ ...w, message: name }));
  return view;
}

/** Same plan, loading steps hidden from visitors. */
export function planWithoutSteps(): SharedPlanView {
  return { ...samplePlan(), showLoadingSteps: false };
}
