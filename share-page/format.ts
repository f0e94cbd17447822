// How numbers, times and codes read on the Share Link pages (fixed English formatting so
// pages and tests do not depend on the server's locale).
import type { Orientation, UnloadedReason } from '../solver/types.ts';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 12345.67, 1 -> "12,345.7". */
export function formatNumber(value: number, decimals = 0): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 && Number(whole + (fraction ?? '')) !== 0 ? '-' : '';
  return sign + groupThousands(whole) + (fraction ? `.${fraction}` : '');
}

/** A 0..1 ratio (four decimals) as "87.7 %", halves rounded up. */
export function formatPercent(ratio: number): string {
  // Integer steps first: 0.8765 * 100 is 87.64999... in floating point.
  const tenths = Math.round(Math.round(ratio * 10_000) / 10);
  return `${formatNumber(tenths / 10, 1)} %`;
}

/** Grams as kilograms: "1,250.5 kg". */
export function formatWeight(grams: number): string {
  return `${formatNumber(grams / 1000, 1)} kg`;
}

/** Cubic millimetres as cubic metres: "33.20 m³". */
export function formatVolume(mm3: number): string {
  return `${formatNumber(mm3 / 1e9, 2)} m³`;
}

export function formatMm(mm: number): string {
  return `${formatNumber(mm)} mm`;
}

/** "1,200 × 800 × 1,500 mm" (length × width × height). */
export function formatDims(lengthMm: number, widthMm: number, heightMm: number): string {
  return `${formatNumber(lengthMm)} × ${formatNumber(widthMm)} × ${formatNumber(heightMm)} mm`;
}

/** "2025-03-01 14:05 UTC"; an unparseable value is shown as given. */
export function formatTimestamp(rfc3339: string): string {
  const date = new Date(rfc3339);
  if (Number.isNaN(date.getTime())) return rfc3339;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Unit indexes are 0-based in the data, 1-based for people. */
export function unitLabel(unitIndex: number): string {
  return `Unit ${unitIndex + 1}`;
}

export function pieceLabel(pieceIndex: number): string {
  return String(pieceIndex + 1);
}

export function stopLabel(stop: number | null): string {
  return stop === null ? 'after all Stops' : `Stop ${stop}`;
}

// What a loader does with the piece, in words (x runs front wall -> door, z up).
const ROTATION_WORDS: Record<Orientation, string> = {
  LWH: 'as delivered',
  WLH: 'turned a quarter, flat',
  LHW: 'on its side',
  HLW: 'on its side, turned',
  WHL: 'on end',
  HWL: 'on end, turned',
};

/** "WLH (turned a quarter, flat)". */
export function rotationLabel(rotation: Orientation): string {
  const words = ROTATION_WORDS[rotation];
  return words ? `${rotation} (${words})` : rotation;
}

/** True when the piece stands at a height other than its delivered one (on its side or on end). */
export function heightChanged(rotation: Orientation): boolean {
  return rotation[2] !== 'H';
}

const UNLOADED_REASONS: Record<UnloadedReason, string> = {
  'does-not-fit': 'does not fit in the equipment offered',
  'over-payload': 'over the payload of the equipment offered',
  'no-equipment': 'no equipment offered',
  'unit-limit-reached': 'the limit on Units was reached',
  'group-does-not-fit': 'its keep-together group does not fit in one Unit',
};

export function unloadedReasonLabel(reason: UnloadedReason): string {
  return UNLOADED_REASONS[reason] ?? reason;
}
