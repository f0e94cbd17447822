// Phase lists kept across Units: a kept list brought to fewer pieces (or to a phase that took
// in more items) is the list a fresh build gives, block for block and in the same order.
import test from 'ava';
import type { Block, Item } from '../../solver/model.ts';
import { makeRng } from '../../solver/prng.ts';
import type { Orientation } from '../../solver/types.ts';
import { Ticker } from '../../solver/ticker.ts';
import { UnitProblem, type Phase, type PhaseIndex } from '../../solver/pack/problem.ts';
import type { UnitSpec } from '../../solver/pack/state.ts';

const spec: UnitSpec = { L: 12_000, W: 2350, H: 2690, payload: 1e12, supportNone: false, anchor: 'wall', order: 'section' };
const ALL: Orientation[] = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];

/** Pallets and cartons of a few sizes (pallets upright, some not stackable, some fragile cartons). */
function cargo(n: number, seed: number): Item[] {
  const rng = makeRng(seed);
  const items: Item[] = [];
  for (let index = 0; index < n; index++) {
    const pallet = rng() < 0.4;
    // Few sizes, so blocks of different lines tie in the sort (the order of ties is checked too).
    const l = pallet ? 1200 : 400 + Math.floor(rng() * 2) * 200;
    const w = pallet ? 800 : 400;
    const h = pallet ? 1000 + Math.floor(rng() * 3) * 200 : 400 + Math.floor(rng() * 2) * 200;
    items.push({
      index, lineIndex: index, lineId: `l${index}`, l, w, h, volume: l * w * h, weight: pallet ? 300_000 : 10_000,
      orientations: pallet ? ['LWH', 'WLH'] : ALL, stackable: !pallet || rng() < 0.6, fragile: !pallet && rng() < 0.1,
      stop: null, phaseRank: 0, supportPermille: pallet ? 800 : 1000, group: -1,
    });
  }
  return items;
}

function problem(items: Item[], remaining: number[], phase: Phase, order: UnitSpec['order']): UnitProblem {
  const orientations = new Map(items.map((it) => [it.index, it.orientations]));
  // A fresh orientation function per call keeps the simple-block cache apart between problems.
  const orientationsOf = (i: number) => orientations.get(i)!;
  return new UnitProblem({ ...spec, order }, items, remaining, [phase], orientationsOf, () => null, 100, new Ticker(), null, 0, new Map(), true);
}

/** What the search can tell apart of a block. */
function shape(b: Block): string {
  const parts = b.parts?.map((p) => `${p.block.item}:${p.block.count}:${p.block.dx}x${p.block.dy}x${p.block.dz}@${p.z}`).join('/') ?? '';
  return `${b.item}:${b.count}:${b.dx}x${b.dy}x${b.dz}:${b.rotation}:${parts}`;
}

for (const order of ['section', 'volume'] as const) {
  test(`a kept list brought to fewer pieces is the fresh list (${order} first)`, (t) => {
    for (const seed of [1, 2, 3]) {
      const items = cargo(45, seed);
      const rng = makeRng(seed + 100);
      const before = items.map(() => 1 + Math.floor(rng() * 4));
      const after = before.map((n) => (rng() < 0.3 ? Math.floor(rng() * n) : n));
      const memo = new Map<string, PhaseIndex>();
      problem(items, before, { items: items.map((it) => it.index), groups: [], memo }, order).blocks(0);
      const kept = memo.get(`${order}:1`);
      const phase = (memo: Map<string, PhaseIndex> | undefined): Phase => ({ items: items.filter((it) => after[it.index] > 0).map((it) => it.index), groups: [], memo });
      const brought = problem(items, after, phase(memo), order).blocks(0);
      const fresh = problem(items, after, phase(undefined), order).blocks(0);
      t.not(memo.get(`${order}:1`), kept, 'the list was brought to the phase, not reused');
      t.deepEqual(brought.map(shape), fresh.map(shape));
    }
  });

  test(`a kept list brought to a phase that took in more items is the fresh list (${order} first)`, (t) => {
    for (const seed of [4, 5]) {
      const items = cargo(60, seed);
      const rng = makeRng(seed + 200);
      const before = items.map(() => 1 + Math.floor(rng() * 3));
      const after = before.map((n) => (rng() < 0.2 ? Math.floor(rng() * n) : n));
      const memo = new Map<string, PhaseIndex>();
      problem(items, before, { items: items.slice(0, 40).map((it) => it.index), groups: [], memo }, order).blocks(0);
      const phase = (memo: Map<string, PhaseIndex> | undefined): Phase => ({ items: items.filter((it) => after[it.index] > 0).map((it) => it.index), groups: [], memo });
      const brought = problem(items, after, phase(memo), order).blocks(0);
      const fresh = problem(items, after, phase(undefined), order).blocks(0);
      t.deepEqual(brought.map(shape), fresh.map(shape));
    }
  });
}

/** Every figure the search reads of a list, per block (its pieces list included). */
function figures(index: PhaseIndex): string[] {
  const f = index.figs;
  return index.list.map((_, i) => {
    const need: string[] = [];
    for (let j = f.needStart[i]; j < f.needStart[i + 1]; j++) need.push(`${f.needItem[j]}x${f.needCount[j]}`);
    return [f.dx[i], f.dy[i], f.dz[i], f.weight[i], f.full[i], f.rests[i], f.item[i], f.count[i], index.volume[i], index.minVolumeUpTo[i], index.minSectionUpTo[i], index.minFootprintUpTo[i], need.join(',')].join(' ');
  });
}

for (const order of ['section', 'volume'] as const) {
  // The kept list's simple blocks and columns are the same objects as the shrink's (one row's block
  // cache, as in a fleet): the figures it copies from the kept list must be a fresh build's.
  test(`a list shrunk in its row's block cache is the fresh list, figures included (${order} first)`, (t) => {
    for (const seed of [6, 7, 8]) {
      const items = cargo(50, seed);
      const orientations = new Map(items.map((it) => [it.index, it.orientations]));
      const sameRow = (i: number) => orientations.get(i)!;
      const rng = makeRng(seed + 300);
      let left = items.map(() => 1 + Math.floor(rng() * 4));
      const memo = new Map<string, PhaseIndex>();
      const phaseOf = (memo?: Map<string, PhaseIndex>): Phase => ({ items: items.filter((it) => left[it.index] > 0).map((it) => it.index), groups: [], memo });
      const make = (phase: Phase, orientationsOf: (i: number) => Orientation[]) =>
        new UnitProblem({ ...spec, order }, items, left, [phase], orientationsOf, () => null, 100, new Ticker(), null, 0, new Map(), true);
      make(phaseOf(memo), sameRow).blocks(0);
      // Pieces run out three times over, as Unit after Unit loads them.
      for (let round = 0; round < 3; round++) {
        left = left.map((n) => (rng() < 0.25 ? Math.floor(rng() * n) : n));
        const kept = memo.get(`${order}:1`)!;
        make(phaseOf(memo), sameRow).blocks(0);
        const brought = memo.get(`${order}:1`)!;
        t.not(brought, kept, 'the list was brought to the phase, not reused');
        const freshMemo = new Map<string, PhaseIndex>();
        make(phaseOf(freshMemo), (i) => orientations.get(i)!).blocks(0);
        const fresh = freshMemo.get(`${order}:1`)!;
        t.deepEqual(brought.list.map(shape), fresh.list.map(shape));
        t.deepEqual(figures(brought), figures(fresh));
      }
    }
  });
}
