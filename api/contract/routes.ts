// Every route of the contract, declared once. The router validates with these schemas, the
// handlers take their types from them, and the OpenAPI document is generated from them.
import type { ZodTypeAny, AnyZodObject } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { ErrorBodySchema } from './common.ts';
import { CalculateAccepted, CalculateBody, CalculateRunSchema, CancelBody } from './calculates.ts';
import { CargoListQuery, CargoPage, ImportCargoBody } from './cargo.ts';
import { PatchEquipmentBody, PatchEquipmentResponse } from './equipment.ts';
import { CargoLibraryPage, CargoLibraryQuery, EquipmentLibraryQuery, EquipmentTypePage } from './libraries.ts';
import { CreateLoadPlanBody, CreatedLoadPlan, GenericIdParams, LoadPlanParams, LoadPlanSchema } from './load-plans.ts';
import { CreateProjectBody, ProjectParams, ProjectReadSchema, ProjectSchema } from './projects.ts';
import { ShareLinkBody, ShareLinkSchema } from './share-links.ts';
import { z } from './zod.ts';

export interface Deprecation {
  /** When it was deprecated (sent as `Deprecation: @<unix seconds>`); absent = `true`. */
  since?: Date;
  /** Removal date (`Sunset`), at least 6 months after the announcement. */
  sunset?: Date;
  /** Migration page (`Link rel="deprecation"`). */
  link?: string;
}

export interface RouteContract {
  operationId: string;
  method: 'get' | 'post' | 'patch';
  /** OpenAPI form: /projects/{projectId} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: AnyZodObject;
  query?: AnyZodObject;
  body?: ZodTypeAny;
  /** false: the body may be left out entirely. */
  bodyRequired?: boolean;
  /** The route needs an Idempotency-Key header. */
  idempotent?: boolean;
  /**
   * The handler's writes are inserts that go in the Idempotency-Key's own statement
   * (ctx.state.claimWrites): claim, writes, stored response and audit row in one statement
   * and one round trip (api/middleware/idempotency.ts). Only for a handler that reads
   * nothing first and writes nothing else.
   */
  oneStatement?: boolean;
  success: { status: number; description: string; schema: ZodTypeAny };
  /** Codes specific to this route; the ones every authenticated route can answer are added. */
  errors: ErrorCode[];
  deprecated?: Deprecation;
}

/** What any authenticated route can answer, whatever it does. */
export const COMMON_ERRORS: ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR'];

export const routes: RouteContract[] = [
  {
    operationId: 'createProject',
    method: 'post',
    path: '/projects',
    tag: 'Projects',
    summary: 'Create a Project',
    body: CreateProjectBody,
    idempotent: true,
    oneStatement: true,
    success: { status: 201, description: 'The new Project', schema: ProjectSchema },
    errors: ['BAD_REQUEST', 'CONFLICT', 'PLAN_LIMIT', 'PAYLOAD_TOO_LARGE'],
  },
  {
    operationId: 'getProject',
    method: 'get',
    path: '/projects/{projectId}',
    tag: 'Projects',
    summary: 'Read a Project with one header per Load Plan, oldest first',
    params: ProjectParams,
    success: { status: 200, description: 'Project metadata, cargoLineCount and Load Plan headers', schema: ProjectReadSchema },
    errors: [],
  },
  {
    operationId: 'createLoadPlan',
    method: 'post',
    path: '/projects/{projectId}/load-plans',
    tag: 'Load Plans',
    summary: 'Create a Load Plan in a Project',
    params: ProjectParams,
    body: CreateLoadPlanBody,
    idempotent: true,
    success: { status: 201, description: 'The new Load Plan', schema: CreatedLoadPlan },
    errors: ['BAD_REQUEST', 'CONFLICT', 'PAYLOAD_TOO_LARGE'],
  },
  {
    operationId: 'importCargo',
    method: 'post',
    path: '/projects/{projectId}/cargo',
    tag: 'Cargo',
    summary: 'Import cargo lines (up to 5,000), appended whole or not at all',
    params: ProjectParams,
    body: ImportCargoBody,
    idempotent: true,
    success: { status: 201, description: 'How many lines were appended', schema: z.object({ count: z.number().int() }) },
    errors: ['BAD_REQUEST', 'CONFLICT', 'PAYLOAD_TOO_LARGE'],
  },
  {
    operationId: 'listCargo',
    method: 'get',
    path: '/projects/{projectId}/cargo',
    tag: 'Cargo',
    summary: 'List cargo lines in grid order',
    params: ProjectParams,
    query: CargoListQuery,
    success: { status: 200, description: 'A page of cargo lines', schema: CargoPage },
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'patchEquipment',
    method: 'patch',
    path: '/load-plans/{loadPlanId}/equipment',
    tag: 'Load Plans',
    summary: "Change a Load Plan's equipment",
    params: LoadPlanParams,
    body: PatchEquipmentBody,
    success: { status: 200, description: 'The new revision and the equipment rows', schema: PatchEquipmentResponse },
    errors: ['BAD_REQUEST', 'PRECONDITION_FAILED', 'PAYLOAD_TOO_LARGE'],
  },
  {
    operationId: 'calculate',
    method: 'post',
    path: '/load-plans/{loadPlanId}/calculate',
    tag: 'Calculate',
    summary: 'Enqueue a Calculate run',
    params: LoadPlanParams,
    body: CalculateBody,
    idempotent: true,
    success: { status: 202, description: 'The run was queued', schema: CalculateAccepted },
    errors: ['BAD_REQUEST', 'CONFLICT', 'PLAN_LIMIT', 'PAYLOAD_TOO_LARGE'],
  },
  {
    operationId: 'getCalculate',
    method: 'get',
    path: '/calculates/{id}',
    tag: 'Calculate',
    summary: 'Read a Calculate run',
    params: GenericIdParams,
    success: { status: 200, description: 'The run', schema: CalculateRunSchema },
    errors: [],
  },
  {
    operationId: 'cancelCalculate',
    method: 'post',
    path: '/calculates/{id}/cancel',
    tag: 'Calculate',
    summary: 'Cancel a queued or running Calculate (repeatable)',
    params: GenericIdParams,
    body: CancelBody,
    bodyRequired: false,
    success: { status: 200, description: 'The run as it is after the cancel', schema: CalculateRunSchema },
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'getLoadPlan',
    method: 'get',
    path: '/load-plans/{loadPlanId}',
    tag: 'Load Plans',
    summary: 'Read the full Load Plan with its placements',
    params: LoadPlanParams,
    success: { status: 200, description: 'The Load Plan', schema: LoadPlanSchema },
    errors: [],
  },
  {
    operationId: 'createShareLink',
    method: 'post',
    path: '/load-plans/{loadPlanId}/share-links',
    tag: 'Share Links',
    summary: 'Mint a view-only Share Link',
    params: LoadPlanParams,
    body: ShareLinkBody,
    bodyRequired: false,
    idempotent: true,
    success: { status: 201, description: 'The Share Link; url and token only on the minting response', schema: ShareLinkSchema },
    errors: ['BAD_REQUEST', 'CONFLICT', 'PLAN_LIMIT', 'PAYLOAD_TOO_LARGE'],
  },
  {
    operationId: 'listCargoLibrary',
    method: 'get',
    path: '/libraries/cargo',
    tag: 'Libraries',
    summary: 'List Cargo Library items',
    query: CargoLibraryQuery,
    success: { status: 200, description: 'A page of Cargo Library items', schema: CargoLibraryPage },
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'listEquipmentTypes',
    method: 'get',
    path: '/libraries/equipment',
    tag: 'Libraries',
    summary: 'List Equipment Types (built-in Sea and Road types included)',
    query: EquipmentLibraryQuery,
    success: { status: 200, description: 'A page of Equipment Types', schema: EquipmentTypePage },
    errors: ['BAD_REQUEST'],
  },
];

export { ErrorBodySchema };

/** /projects/{projectId} -> /projects/:projectId */
export function koaPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export function isWriteRoute(route: Pick<RouteContract, 'method'>): boolean {
  return route.method !== 'get';
}

export function errorsOf(route: RouteContract): ErrorCode[] {
  const all = new Set<ErrorCode>([...route.errors, ...COMMON_ERRORS]);
  if (route.idempotent || route.body || route.query || route.params) all.add('BAD_REQUEST');
  if (route.body) all.add('PAYLOAD_TOO_LARGE');
  all.add('METHOD_NOT_ALLOWED');
  return [...all];
}
