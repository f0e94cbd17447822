// Which variants get one Unit's improvement time (pack/improve.ts).
import test from 'ava';
import { beamedVariants, improveUnit, raceField, searchesRegions, stageTrace, type Stage } from '../../solver/pack/improve.ts';
import { greedy } from '../../solver/pack/search.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import type { Ticker } from '../../solver/ticker.ts';
import { fakeTicker, placements, sixTypes as items, sixTypesProblem, smallSpec as spec } from './helpers.ts';

const policies: Pick<UnitSpec, 'anchor' | 'order'>[] = [
  { anchor: 'corner', order: 'volume' }, { anchor: 'wall', order: 'section' }, { anchor: 'wall', order: 'volume' },
];

function variantsOn(ticker: Ticker) {
  return (k: number, noise: number) => sixTypesProblem(ticker, { ...spec, ...policies[k] }, noise);
}

test('out of time after the first greedy, that greedy is the plan', (t) => {
  const ticker = fakeTicker();
  const root = new PackState(spec, items.length);
  const first = greedy(variantsOn(fakeTicker())(0, 0), root.clone());
  t.is(improveUnit(variantsOn(ticker), policies.length, root, 0, ticker, 1).volume, first.volume);
});

test('the improvement never loads less than the best variant greedy, and the same input and seed give the same plan', (t) => {
  const root = new PackState(spec, items.length);
  const best = Math.max(...policies.map((_, k) => greedy(variantsOn(fakeTicker())(k, 0), root.clone()).volume));
  const run = () => {
    const ticker = fakeTicker();
    return improveUnit(variantsOn(ticker), policies.length, root, 2000, ticker, 7);
  };
  const a = run();
  t.true(a.volume >= best);
  t.deepEqual(run().placed.map((p) => [p.x, p.y, p.z, p.block.item]), a.placed.map((p) => [p.x, p.y, p.z, p.block.item]));
});

// Seven variants ranked by their greedy's volume; 0, 2 and 4 build general blocks.
const ranked = [3, 4, 1, 2, 6, 0, 5].map((k) => ({ k }));
const general = [true, false, true, false, true, false, false];

test('a single container\'s load under a support rule, with time for fewer than every variant: the two best with general blocks get the beam time', (t) => {
  t.deepEqual(beamedVariants(ranked, general, 4, true), [4, 2]);
});

test('with time for every variant, every variant gets beam time in rank order', (t) => {
  t.deepEqual(beamedVariants(ranked, general, 7, true), [3, 4, 1, 2, 6, 0, 5]);
});

test('otherwise (no support rule, or a fleet\'s cargo of more than one load) the best ranked variants get the beam time, general blocks or not', (t) => {
  t.deepEqual(beamedVariants(ranked, general, 4, false), [3, 4, 1, 2]);
});

// Seven variants as the fleet makes them: 0 and 1 fill from a floor corner first.
const corner = [true, true, false, false, false, false, false];

test('without a support rule, on few piece heights only the corner variants race, in rank order', (t) => {
  t.deepEqual(raceField([3, 1, 4, 0, 2], corner, false), [1, 0]);
});

test('on many piece heights every beamed variant races', (t) => {
  t.deepEqual(raceField([3, 1, 4, 0, 2], corner, true), [3, 1, 4, 0, 2]);
});

test('with no corner variant beamed, every beamed variant races', (t) => {
  t.deepEqual(raceField([3, 4, 2], corner, false), [3, 4, 2]);
});

test('under a support rule regions are searched again, for a single container\'s load and a fleet\'s Unit alike', (t) => {
  t.true(searchesRegions(false, true));
  t.true(searchesRegions(false, false));
});

test('without a support rule regions are searched again only for a single container\'s load', (t) => {
  t.true(searchesRegions(true, true));
  t.false(searchesRegions(true, false));
});

/** One improvement of the six types on `unit` with the stage trace on: its plan and the stages told. */
function traceStages(unit: UnitSpec) {
  const ticker = fakeTicker();
  const root = new PackState(unit, items.length);
  const seen: { stage: Stage; volume: number }[] = [];
  stageTrace.fn = (stage, volume) => { seen.push({ stage, volume }); };
  try {
    const plan = improveUnit((k, noise) => sixTypesProblem(ticker, { ...unit, ...policies[k] }, noise), policies.length, root, 2000, ticker, 7);
    return { plan, seen };
  } finally {
    stageTrace.fn = null;
  }
}

test('the stage trace is told each stage in order with the best volume so far, and changes no plan', (t) => {
  const tight = { ...spec, L: 1000 };
  const root = new PackState(tight, items.length);
  const ticker = fakeTicker();
  const plain = improveUnit((k, noise) => sixTypesProblem(ticker, { ...tight, ...policies[k] }, noise), policies.length, root, 2000, ticker, 7);
  const { plan: traced, seen } = traceStages(tight);
  t.deepEqual(placements(traced), placements(plain));
  const stages = seen.filter((s) => s.stage !== 'beam');
  t.deepEqual(stages.map((s) => s.stage), ['greedies', 'beams', 'tail', 'regions', 'end']);
  for (let k = 1; k < stages.length; k++) t.true(stages[k].volume >= stages[k - 1].volume);
  t.is(stages[stages.length - 1].volume, traced.volume);
  t.true(seen.some((s) => s.stage === 'beam'));
});

// The six types' cargo (1.40 m3) is 98 % of a 1,100 mm long Unit (one load) and 107 % of a 1,000 mm one (more).
test('without a support rule a single container\'s load has regions of its best plan searched again', (t) => {
  const { seen } = traceStages({ ...spec, L: 1100, supportNone: true });
  t.deepEqual(seen.filter((s) => s.stage !== 'beam').map((s) => s.stage), ['greedies', 'beams', 'tail', 'regions', 'end']);
});

test('without a support rule cargo of more than one load (a fleet\'s Unit) gets the tail search but no regions', (t) => {
  const { seen } = traceStages({ ...spec, L: 1000, supportNone: true });
  t.deepEqual(seen.filter((s) => s.stage !== 'beam').map((s) => s.stage), ['greedies', 'beams', 'tail', 'end']);
});

test('a caller that gives up after the greedies gets the best greedy plan and no beam runs', (t) => {
  const tight = { ...spec, L: 1000 };
  const root = new PackState(tight, items.length);
  const best = Math.max(...policies.map((_, k) => greedy(sixTypesProblem(fakeTicker(), { ...tight, ...policies[k] }, 0), root.clone()).volume));
  const ticker = fakeTicker();
  const asked: number[] = [];
  const seen: Stage[] = [];
  stageTrace.fn = (stage) => { seen.push(stage); };
  try {
    const plan = improveUnit((k, noise) => sixTypesProblem(ticker, { ...tight, ...policies[k] }, noise), policies.length, root, 2000, ticker, 7, (s) => {
      asked.push(s.volume);
      return true;
    });
    t.is(plan.volume, best);
  } finally {
    stageTrace.fn = null;
  }
  t.deepEqual(asked, [best]);
  t.deepEqual(seen, ['greedies']);
});

test('a caller that gives up after the first beam ends the search there: the beam\'s plan if it loads more', (t) => {
  const tight = { ...spec, L: 1000 };
  const root = new PackState(tight, items.length);
  const ticker = fakeTicker();
  const seen: Stage[] = [];
  let asked = 0;
  stageTrace.fn = (stage) => { seen.push(stage); };
  try {
    improveUnit((k, noise) => sixTypesProblem(ticker, { ...tight, ...policies[k] }, noise), policies.length, root, 2000, ticker, 7, () => ++asked > 1);
  } finally {
    stageTrace.fn = null;
  }
  t.is(asked, 2);
  t.deepEqual(seen.filter((s) => s !== 'beams'), ['greedies', 'beam']);
});
