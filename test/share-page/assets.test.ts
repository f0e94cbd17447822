import test from 'ava';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readAsset, resolveAsset, SHARE_ASSETS } from '../../share-page/assets.ts';

test('every served asset is a file on disk', (t) => {
  t.deepEqual(
    ['OrbitControls.js', 'share.css', 'three.module.js', 'viewer.js'].filter((name) => !(name in SHARE_ASSETS)),
    [],
  );
  for (const [name, asset] of Object.entries(SHARE_ASSETS)) t.true(existsSync(asset.path), name);
});

test('an asset name resolves to its file and content type', (t) => {
  t.regex(resolveAsset('viewer.js')?.path ?? '', /share-page\/viewer\.js$/);
  t.regex(resolveAsset('three.module.js')?.path ?? '', /three\/build\/three\.module\.js$/);
  t.is(resolveAsset('share.css')?.contentType, 'text/css; charset=utf-8');
});

test('path traversal and unknown names resolve to nothing', (t) => {
  for (const name of [
    '../package.json', '..%2Fpackage.json', '..\\package.json', '/etc/passwd', 'viewer.js/../../../package.json',
    './viewer.js', 'VIEWER.JS', '', '.', '..', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
    'assets.ts', 'viewer.js\0',
  ]) {
    t.is(resolveAsset(name), null, JSON.stringify(name));
  }
});

test('readAsset reads a known asset and refuses others', async (t) => {
  const css = await readAsset('share.css');
  t.regex(css?.body.toString('utf8') ?? '', /@media print/);
  t.is(await readAsset('../csv.ts'), null);
});

test('viewer.js is a valid ES module importing three.js only through the import map', (t) => {
  const path = SHARE_ASSETS['viewer.js'].path;
  const check = spawnSync(process.execPath, ['--check', path], { encoding: 'utf8' });
  t.is(check.status, 0, check.stderr);
  const source = readFileSync(path, 'utf8');
  const specifiers = [...source.matchAll(/\bimport\s*(?:\(|[^'"]*from\s*)\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  t.deepEqual([...new Set(specifiers)].sort(), ['three', 'three/addons/controls/OrbitControls.js']);
  t.false(/https?:\/\//.test(source));
});

test('OrbitControls imports three by the bare name the import map provides', (t) => {
  const source = readFileSync(SHARE_ASSETS['OrbitControls.js'].path, 'utf8');
  const specifiers = [...source.matchAll(/from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  t.deepEqual([...new Set(specifiers)], ['three']);
});

test('the stylesheet prints on A4 landscape without the 3D view', (t) => {
  const css = readFileSync(SHARE_ASSETS['share.css'].path, 'utf8');
  const print = css.slice(css.indexOf('@media print'));
  t.regex(print, /@page\s*\{\s*size:\s*A4 landscape/);
  t.regex(print, /\.viewer[^{]*\{\s*display:\s*none/);
  t.regex(css, /\.table-scroll\s*\{\s*overflow-x:\s*auto/);
  t.regex(css, /min-height:\s*44px/);
});
