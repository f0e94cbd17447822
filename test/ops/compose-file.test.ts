// temporal-dev.yml and the Dockerfile cannot run here (no Docker): parsing them keeps them
// honest. Every script, file and environment variable they name must exist.
import test from 'ava';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ENV_VARIABLES, readEnv } from '../../config/env.ts';

const compose = parse(readFileSync('temporal-dev.yml', 'utf8'), { merge: true });
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const dockerfile = readFileSync('Dockerfile', 'utf8');
const services: Record<string, any> = compose.services;
const ours = Object.entries(services).filter(([, s]) => s.build || s.image === 'loadplan');
const knownEnv = new Set<string>(ENV_VARIABLES);

test('the stack runs the service itself: two API replicas and two workers next to Postgres, Temporal and its UI', (t) => {
  for (const name of ['postgres', 'temporal', 'temporal-ui']) t.truthy(services[name], name);
  const commands = ours.map(([, s]) => ({ command: [s.command].flat().join(' '), replicas: s.deploy?.replicas ?? 1 }));
  const count = (script: string) => commands.filter((c) => c.command.includes(script)).reduce((n, c) => n + c.replicas, 0);
  t.is(count('start:api'), 2);
  t.is(count('start:worker'), 2);
});

test('every npm script the stack and the image run exists in package.json', (t) => {
  const scripts = [...ours.flatMap(([, s]) => [s.command].flat().join(' ').match(/start:\w+/g) ?? []), ...(dockerfile.match(/start:\w+/g) ?? [])];
  t.true(scripts.length >= 2);
  for (const script of scripts) t.truthy(pkg.scripts[script], script);
  for (const script of ['start:api', 'start:worker']) t.true(existsSync(pkg.scripts[script].split(' ')[1]), pkg.scripts[script]);
});

test('every environment variable the stack sets is one the service reads', (t) => {
  for (const [name, service] of ours) {
    for (const variable of Object.keys(service.environment ?? {})) t.true(knownEnv.has(variable), `${name}: ${variable}`);
  }
  for (const variable of dockerfile.matchAll(/^\s*(?:ENV )?(\w+)=/gm)) {
    if (variable[1] !== 'SCARF_ANALYTICS') t.true(knownEnv.has(variable[1]), `Dockerfile: ${variable[1]}`);
  }
});

test('the README documents every environment variable the service reads', (t) => {
  const readme = readFileSync('README.md', 'utf8');
  for (const variable of ENV_VARIABLES) t.true(readme.includes(`\`${variable}\``), variable);
});

test('the stack\'s environment is valid for config/env.ts and reaches Postgres and Temporal by service name', (t) => {
  for (const [name, service] of ours) {
    const env = readEnv(service.environment);
    t.regex(env.DATABASE_URL ?? '', /@postgres:5432\//, name);
    t.is(env.TEMPORAL_ADDRESS, 'temporal:7233', name);
    t.is(env.HOST, '0.0.0.0', `${name} listens beyond its container`);
  }
});

test('each service health-checks its own operations port', (t) => {
  for (const [name, service] of ours) {
    const port = readEnv(service.environment).OPS_PORT ?? (/worker/.test(name) ? 9465 : 9464);
    t.true([service.healthcheck?.test].flat().join(' ').includes(`:${port}/readyz`), name);
  }
});

test('the image is multi-stage, runs as a non-root user, installs production dependencies only on Node 20', (t) => {
  t.true((dockerfile.match(/^FROM node:20/gm) ?? []).length >= 2);
  t.regex(dockerfile, /npm ci --omit=dev/);
  t.regex(dockerfile, /^USER (?!root)\w+/m);
  for (const copied of dockerfile.matchAll(/^COPY (?!--from)(?:--chown=\S+ )?(.+) \S+$/gm)) {
    for (const path of copied[1].split(' ')) t.true(existsSync(path), `COPY ${path}`);
  }
});
