// The layers and their allowed arrows (ARCHITECTURE.md): each rule is checked on the imports
// of every source file, so a back-import fails the suite the day it is written.
import test from 'ava';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const ROOT = resolve('.');
const LAYERS = ['api', 'services', 'temporal', 'workflows', 'activities', 'db', 'solver', 'share-page', 'bin', 'config', 'ops'];

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (/\.(ts|mjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

/** The top-level folders a layer's files import from (relative imports only). */
function importedLayers(layer: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(join(ROOT, layer))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(ROOT, resolve(dirname(file), match[1])).split('/')[0];
      if (target === layer) continue;
      found.set(target, [...(found.get(target) ?? []), relative(ROOT, file)]);
    }
  }
  return found;
}

function assertOnly(t: import('ava').ExecutionContext, layer: string, allowed: string[]) {
  const wrong = [...importedLayers(layer)].filter(([target]) => LAYERS.includes(target) && !allowed.includes(target));
  t.deepEqual(wrong.map(([target, files]) => `${layer} -> ${target} (${[...new Set(files)].join(', ')})`), []);
}

test('solver/ is pure: it imports no other layer', (t) => assertOnly(t, 'solver', []));
test('temporal/ imports no other layer', (t) => assertOnly(t, 'temporal', []));
test('db/ imports nothing above it (the solver\'s types and config only)', (t) => assertOnly(t, 'db', ['solver', 'config']));
test('services/ use db, the solver, the Temporal boundary and config, never api/ or the processes', (t) =>
  assertOnly(t, 'services', ['db', 'solver', 'temporal', 'config']));
test('activities/ are adapters over services, db and the solver; never workflows/ or api/', (t) =>
  assertOnly(t, 'activities', ['services', 'db', 'solver', 'temporal', 'config']));
test('workflows/ see only the Temporal contracts and the activities\' types', (t) => assertOnly(t, 'workflows', ['temporal', 'activities']));
test('share-page/ renders: it reads the solver\'s and db\'s types, nothing else', (t) => assertOnly(t, 'share-page', ['solver', 'db']));
test('api/ speaks HTTP over services, db, the Temporal boundary, the share page and the operations kit', (t) =>
  assertOnly(t, 'api', ['services', 'db', 'temporal', 'solver', 'share-page', 'ops', 'config']));
test('ops/ (health, metrics, logs) reads db and config only, so every process can use it', (t) => assertOnly(t, 'ops', ['db', 'config']));

test('workflows import activities as types only (the sandbox bundles no I/O)', (t) => {
  const valueImports = sourceFiles(join(ROOT, 'workflows')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*from\s+'(\.\.\/activities\/[^']+)'/gm)].map((m) => `${relative(ROOT, file)}: ${m[1]}`),
  );
  t.deepEqual(valueImports, []);
});
