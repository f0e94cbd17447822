// Sends fuzz cases to a running API and sorts the answers: 5xx, answers outside the one
// error body, statuses the document does not list for the route. Keeps a ledger of the
// writes the 2xx answers acknowledge, to compare with what reads and the tables hold after.
import { request } from 'undici';
import type { Sql } from '../../../db/connect.ts';
import { fuzzCase, operationsOf, type FuzzCase, type PathIds } from './cases.ts';
import { seededRandom } from './random.ts';
import type { Doc } from './sample.ts';

export interface Finding {
  case: FuzzCase;
  status: number;
  text: string;
}

export interface Ledger {
  projectsCreated: number;
  loadPlansCreated: number;
  cargoLinesAdded: number;
  /** writes whose client gave up (or whose connection failed): each was sent again with its Idempotency-Key */
  unanswered: number;
  /** of those, writes the server had committed all the same (the retry was answered by a replay) */
  writtenUnseen: number;
  /** of those, writes the retries never got an answer for */
  neverAnswered: number;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<number, number>;
  byMutation: Record<string, number>;
  serverErrors: Finding[];
  nonStandardBodies: Finding[];
  outsideSpec: Finding[];
  ledger: Ledger;
}

export interface FuzzTarget {
  baseUrl: string;
  /** read_write key of the fuzzed organization */
  apiKey: string;
  doc: Doc;
  /** existing ids for the path parameters (projectId, loadPlanId, id) */
  ids: PathIds;
}

/** The one error body: `{defined, code, status, message, data?}`, with issues on invalid input. */
export function isErrorBody(body: any, status: number): boolean {
  if (!body || typeof body !== 'object') return false;
  if (typeof body.defined !== 'boolean' || typeof body.code !== 'string' || body.status !== status || typeof body.message !== 'string') return false;
  if (body.data?.reason === 'invalid_input') {
    const issues = body.data.issues;
    if (!Array.isArray(issues) || issues.length === 0) return false;
    return issues.every((i: any) => Array.isArray(i.path) && typeof i.message === 'string' && typeof i.code === 'string');
  }
  return true;
}

type Answer = { status: number; text: string; replayed: boolean };

async function send(baseUrl: string, apiKey: string, c: FuzzCase, abortAfterMs?: number): Promise<Answer | null> {
  try {
    const res = await request(baseUrl + c.path, {
      signal: abortAfterMs === undefined ? undefined : AbortSignal.timeout(abortAfterMs),
      method: c.method as any,
      headers: { authorization: `Bearer ${apiKey}`, ...c.headers },
      body: c.body,
      headersTimeout: 120_000,
      bodyTimeout: 120_000,
    });
    return { status: res.statusCode, text: await res.body.text(), replayed: res.headers['idempotent-replayed'] === 'true' };
  } catch {
    return null;
  }
}

export async function runFuzz(target: FuzzTarget, options: { count: number; seed: number; concurrency?: number; onProgress?: (sent: number) => void }): Promise<FuzzReport> {
  const random = seededRandom(options.seed);
  const operations = operationsOf(target.doc);
  const cases = Array.from({ length: options.count }, () => fuzzCase(target.doc, operations, target.ids, random, `fuzz-${options.seed}`));
  const report: FuzzReport = {
    sent: 0,
    byStatus: {},
    byMutation: {},
    serverErrors: [],
    nonStandardBodies: [],
    outsideSpec: [],
    ledger: { projectsCreated: 0, loadPlansCreated: 0, cargoLinesAdded: 0, unanswered: 0, writtenUnseen: 0, neverAnswered: 0 },
  };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const answer = await send(target.baseUrl, target.apiKey, c, c.abortAfterMs);
      report.sent++;
      report.byMutation[c.mutation] = (report.byMutation[c.mutation] ?? 0) + 1;
      if (report.sent % 1000 === 0) options.onProgress?.(report.sent);
      if (!answer) {
        if (c.method !== 'GET' && c.method !== 'HEAD') unanswered.push(c);
        continue;
      }
      record(report, c, answer);
    }
  };
  const unanswered: FuzzCase[] = [];
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  report.ledger.unanswered = unanswered.length;
  for (const c of unanswered) await retryUntilAnswered(target, report, c);
  return report;
}

/**
 * A write the client never heard back from is sent again with the same Idempotency-Key:
 * the answer (the first response replayed, or a first run) tells whether it was written.
 */
async function retryUntilAnswered(target: FuzzTarget, report: FuzzReport, c: FuzzCase): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await send(target.baseUrl, target.apiKey, c);
    report.sent++;
    const stillRunning = answer?.status === 409 && JSON.parse(answer.text).data?.reason === 'idempotency_key_in_use';
    if (answer && !stillRunning) {
      // a replay here stands for a first response nobody saw: it was written. Count it once.
      if (answer.replayed) report.ledger.writtenUnseen++;
      record(report, c, { ...answer, replayed: false });
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  report.ledger.neverAnswered++;
}

function record(report: FuzzReport, c: FuzzCase, answer: Answer): void {
  const { status, text } = answer;
  report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
  const finding = { case: c, status, text: text.slice(0, 500) };
  if (status >= 500) report.serverErrors.push(finding);
  if (!c.specStatuses.includes(String(status))) report.outsideSpec.push(finding);
  if (status >= 400 && c.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!isErrorBody(body, status)) report.nonStandardBodies.push(finding);
  }
  if (status >= 200 && status < 300 && !answer.replayed && c.method === 'POST') {
    if (c.operationId === 'createProject') report.ledger.projectsCreated++;
    if (c.operationId === 'createLoadPlan') report.ledger.loadPlansCreated++;
    if (c.operationId === 'importCargo') report.ledger.cargoLinesAdded += JSON.parse(text).count;
  }
}

export interface Counts {
  projects: number;
  loadPlans: number;
  cargoLines: number;
  /** what the API reads of the fuzzed Project: its cargoLineCount, Load Plan headers, cargo totalCount */
  readCargoLineCount: number;
  readLoadPlans: number;
  readCargoTotal: number;
}

/** Rows in the tables and what reads say, for the fuzzed organization and Project. */
export async function countWrites(sql: Sql, target: FuzzTarget, organizationId: string): Promise<Counts> {
  const projectId = target.ids.projectId;
  const [rows] = await sql`
    select (select count(*) from projects where organization_id = ${organizationId})::int as projects,
           (select count(*) from load_plans where project_id = ${projectId})::int as load_plans,
           (select count(*) from cargo_lines where project_id = ${projectId})::int as cargo_lines`;
  const get = async (path: string) => {
    const res = await request(`${target.baseUrl}${path}`, { headers: { authorization: `Bearer ${target.apiKey}` } });
    return (await res.body.json()) as any;
  };
  const project = await get(`/projects/${projectId}`);
  const cargo = await get(`/projects/${projectId}/cargo?limit=1`);
  return {
    projects: rows.projects,
    loadPlans: rows.load_plans,
    cargoLines: rows.cargo_lines,
    readCargoLineCount: project.cargoLineCount,
    readLoadPlans: project.loadPlans.length,
    readCargoTotal: cargo.totalCount,
  };
}

/** Where the tables or the reads disagree with the acknowledged writes (empty = they agree). */
export function ledgerDisagreements(before: Counts, after: Counts, ledger: Ledger): string[] {
  const out: string[] = [];
  const check = (what: string, actual: number, expected: number) => {
    if (actual !== expected) out.push(`${what}: ${actual}, but the 2xx answers account for ${expected}`);
  };
  check('projects in the organization', after.projects - before.projects, ledger.projectsCreated);
  check('load plans of the Project', after.loadPlans - before.loadPlans, ledger.loadPlansCreated);
  check('cargo lines of the Project', after.cargoLines - before.cargoLines, ledger.cargoLinesAdded);
  check('cargoLineCount read', after.readCargoLineCount, after.cargoLines);
  check('Load Plan headers read', after.readLoadPlans, after.loadPlans);
  check('cargo totalCount read', after.readCargoTotal, after.cargoLines);
  return out;
}
