// Reader for the CSV form in which the literature's box instances are also distributed
// (one pair of files per instance: `<set>.txt_<n>_items.csv` with X, Y, Z, the six
// ROTATION_* columns and COPIES, and `<set>.txt_<n>_bins.csv` with the container's X, Y, Z).
// BR0 and BR8-BR15 (Davies & Bischoff) and the 47 multi-container problems of Ivancic, Mathur
// and Mohanty (thpack9) come in this form; BR1-BR7 come as thpack files (br-format.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SolveInput } from '../../solver/types.ts';
import { orientationsFromUprightFlags } from '../../solver/orientation.ts';
import type { BrBoxType, BrInstance } from './br-format.ts';
import type { MultiContainer } from './multi-container.ts';

const ITEMS = /^(.+)\.txt_(\d+)_items\.csv$/;

/** Rows of a CSV file with a header line, as objects of numbers keyed by the header's labels. */
function rows(text: string, file: string): Record<string, number>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim().length > 0);
  if (lines.length < 2) throw new Error(`${file}: no rows`);
  const labels = lines[0].split(',').map((l) => l.trim());
  return lines.slice(1).map((line, i) => {
    const cells = line.split(',');
    const row: Record<string, number> = {};
    labels.forEach((label, k) => {
      const v = Number(cells[k]);
      if (!Number.isFinite(v)) throw new Error(`${file}: row ${i + 2}, column ${label} is not a number`);
      row[label] = v;
    });
    return row;
  });
}

/**
 * Box types of an items file. A rotation column names which side lies along x, y, z, so a
 * side may stand vertical when a rotation ending in it is allowed (XYZ / YXZ: Z vertical).
 * Without rotation columns every orientation is allowed.
 */
export function parseItems(text: string, file = 'items'): BrBoxType[] {
  return rows(text, file).map((r, i) => {
    const allowed = (a: string, b: string) => (r[a] === undefined && r[b] === undefined) || r[a] === 1 || r[b] === 1;
    return {
      type: i + 1,
      dims: [r.X, r.Y, r.Z],
      upright: [allowed('ROTATION_ZYX', 'ROTATION_YZX'), allowed('ROTATION_XZY', 'ROTATION_ZXY'), allowed('ROTATION_XYZ', 'ROTATION_YXZ')],
      quantity: r.COPIES ?? 1,
    };
  });
}

/** The container of a bins file (its first row). */
export function parseBins(text: string, file = 'bins'): [number, number, number] {
  const [r] = rows(text, file);
  return [r.X, r.Y, r.Z];
}

/** The instances' items files of a folder, per set, in instance order (`BR8.txt_2_items.csv` before `_10_`). */
export function csvInstanceFiles(folder: string): { set: string; number: number; items: string }[] {
  return readdirSync(folder)
    .map((f) => ITEMS.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ set: m[1], number: Number(m[2]), items: join(folder, m[0]) }))
    .sort((a, b) => a.set.localeCompare(b.set, undefined, { numeric: true }) || a.number - b.number);
}

/** One instance from its items file and the bins file beside it. */
export function readCsvInstance(items: string, number: number): BrInstance {
  const bins = items.replace(/_items\.csv$/, '_bins.csv');
  return {
    number, seed: 0,
    container: parseBins(readFileSync(bins, 'utf8'), bins),
    boxes: parseItems(readFileSync(items, 'utf8'), items),
  };
}

/** Every set of a folder of CSV instances, the first `limit` instances of each. */
export function loadCsvSets(folder: string, limit: number, from = 0): { set: string; instances: BrInstance[] }[] {
  const bySet = new Map<string, BrInstance[]>();
  const seen = new Map<string, number>();
  for (const f of csvInstanceFiles(folder)) {
    const list = bySet.get(f.set) ?? [];
    const index = seen.get(f.set) ?? 0;
    seen.set(f.set, index + 1);
    if (index >= from && list.length < limit) list.push(readCsvInstance(f.items, f.number));
    bySet.set(f.set, list);
  }
  return [...bySet].map(([set, instances]) => ({ set, instances }));
}

/**
 * A multi-container problem (every box must go, fewest containers, no support rule) from a
 * CSV instance. Sides are scaled by `scale` (thpack9's are 2-60 units; x100 makes them
 * millimetres of pallet-sized cargo), weights at 150 kg/m3 so payload never binds.
 */
export function csvMultiContainer(items: string, number: number, seconds: number, scale = 100): MultiContainer {
  const inst = readCsvInstance(items, number);
  const [L, W, H] = inst.container.map((d) => d * scale);
  let pieces = 0;
  const lines = inst.boxes.map((b) => {
    const dims = b.dims.map((d) => d * scale);
    pieces += b.quantity;
    return {
      id: `t${b.type}`, name: dims.join('x'), quantity: b.quantity, lengthMm: dims[0], widthMm: dims[1], heightMm: dims[2],
      weightG: Math.max(1, Math.round(((dims[0] * dims[1] * dims[2]) / 1e9) * 150_000)),
      orientations: orientationsFromUprightFlags(b.upright[0], b.upright[1], b.upright[2]),
      stackable: true, fragile: false, groupKey: null, stop: null, minSupportPermille: 1000, frictionSurface: null,
    };
  });
  const input: SolveInput = {
    equipment: [{
      id: 'bin', equipmentTypeId: 'bin', name: `${inst.container.join('x')} bin`,
      innerLengthMm: L, innerWidthMm: W, innerHeightMm: H, doorWidthMm: W, doorHeightMm: H,
      openings: ['rear'], maxPayloadG: Number.MAX_SAFE_INTEGER, tareG: 0, axleProfile: null, maxUnits: null,
    }],
    lines, fixed: [], securing: null,
    options: { seed: number, timeBudgetMs: Math.round(seconds * 1000), supportRule: 'none' },
  };
  return { seed: number, input, pieces };
}
