// Parser for Bischoff & Ratcliff (OR-Library thpack) container-loading files, and their
// conversion into one-container solver inputs.
import { orientationsFromUprightFlags } from '../../solver/orientation.ts';
import type { SolveInput } from '../../solver/types.ts';

export interface BrBoxType {
  type: number;
  dims: [number, number, number];
  upright: [boolean, boolean, boolean];
  quantity: number;
}

export interface BrInstance {
  number: number;
  seed: number;
  container: [number, number, number];
  boxes: BrBoxType[];
}

/**
 * Reads a BR-format file: whitespace-separated integers (any spaces, tabs, CRLF, blank
 * lines). Throws with the token position when the file ends early or holds a non-integer.
 */
export function parseBr(text: string): BrInstance[] {
  const tokens = text.split(/\s+/).filter((t) => t.length > 0);
  let pos = 0;
  const next = (): number => {
    if (pos >= tokens.length) throw new Error(`BR file ends early (token ${pos + 1})`);
    const t = tokens[pos++];
    if (!/^-?\d+$/.test(t)) throw new Error(`BR file: expected an integer at token ${pos}, got "${t}"`);
    return Number(t);
  };
  const count = next();
  const out: BrInstance[] = [];
  for (let k = 0; k < count; k++) {
    const number = next();
    const seed = next();
    const container: [number, number, number] = [next(), next(), next()];
    const n = next();
    const boxes: BrBoxType[] = [];
    for (let i = 0; i < n; i++) {
      const type = next();
      const l = next(), fl = next(), w = next(), fw = next(), h = next(), fh = next();
      boxes.push({ type, dims: [l, w, h], upright: [fl === 1, fw === 1, fh === 1], quantity: next() });
    }
    out.push({ number, seed, container, boxes });
  }
  return out;
}

/** Writes instances in the BR file format (what `parseBr` reads). */
export function formatBr(instances: BrInstance[]): string {
  const lines = [` ${instances.length}`];
  for (const inst of instances) {
    lines.push(` ${inst.number} ${inst.seed}`, ` ${inst.container.join(' ')}`, ` ${inst.boxes.length}`);
    for (const b of inst.boxes) {
      const f = b.upright.map((u) => (u ? 1 : 0));
      lines.push(` ${b.type} ${b.dims[0]} ${f[0]} ${b.dims[1]} ${f[1]} ${b.dims[2]} ${f[2]} ${b.quantity}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** One container, no door limits, no payload limit; orientation flags honoured. */
export function brToInput(inst: BrInstance, opts: { seconds: number; support: 'full' | 'none'; seed?: number }): SolveInput {
  const [L, W, H] = inst.container;
  return {
    equipment: [{
      id: 'container', equipmentTypeId: null, name: 'BR container',
      innerLengthMm: L, innerWidthMm: W, innerHeightMm: H, doorWidthMm: W, doorHeightMm: H,
      openings: ['rear'], maxPayloadG: Number.MAX_SAFE_INTEGER, tareG: 0, axleProfile: null, maxUnits: 1,
    }],
    lines: inst.boxes.map((b) => ({
      id: `t${b.type}`, name: `type ${b.type}`, quantity: b.quantity,
      lengthMm: b.dims[0], widthMm: b.dims[1], heightMm: b.dims[2], weightG: 1,
      orientations: orientationsFromUprightFlags(b.upright[0], b.upright[1], b.upright[2]),
      stackable: true, fragile: false, groupKey: null, stop: null, minSupportPermille: 1000, frictionSurface: null,
    })),
    fixed: [],
    securing: null,
    options: {
      seed: opts.seed ?? inst.seed, timeBudgetMs: Math.round(opts.seconds * 1000), maxUnitsTotal: 1,
      supportRule: opts.support === 'none' ? 'none' : 'per-line',
    },
  };
}
