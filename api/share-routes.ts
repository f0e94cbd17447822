// The view-only pages a Share Link's url opens (no API key):
//   GET /share/:token                 the report
//   GET /share/:token/steps/:n        a loading step page      (404 when steps are hidden)
//   GET /share/:token/steps/:n.svg    that step's image        (404 when steps are hidden)
//   GET /share/:token/placements.csv  the placements, in loading order
//   GET /share/:token/plan.pdf        the plan for the loading crew, as a PDF
//   GET /share/:token/assets/:name    the pages' scripts and stylesheet
// Unknown, expired and revoked tokens, and any other path under /share/, answer the same
// 404 page. Mounted ahead of the API's cross-origin refusal: people open these links from
// mail and chat, which are other sites.
import { createHash, randomBytes } from 'node:crypto';
import { findLiveShareLink, type ShareLink } from '../db/share-links.ts';
import { readSharedPlan } from '../db/shared-plan.ts';
import {
  ASSET_CACHE_CONTROL,
  CSV_CONTENT_TYPE,
  HTML_CONTENT_TYPE,
  PDF_CONTENT_TYPE,
  SVG_CONTENT_TYPE,
  placementsCsv,
  planPdf,
  readAsset,
  renderNotFoundPage,
  renderReportPage,
  renderStepPage,
  renderStepSvg,
  type SharedPlanView,
} from '../share-page/index.ts';
import { limitSharePages } from './middleware/rate-limit.ts';
import { ApiError } from './errors.ts';
import type { ApiContext, ApiMiddleware } from './context.ts';

export const SHARE_PREFIX = '/share/';

/** base64url of 32 bytes is 43 characters; anything far from that is not a token. */
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;
const STEP = /^[1-9]\d{0,5}$/;

type ShareRoute =
  | { kind: 'report'; token: string }
  | { kind: 'step'; token: string; n: number }
  | { kind: 'step-svg'; token: string; n: number }
  | { kind: 'csv'; token: string }
  | { kind: 'pdf'; token: string }
  | { kind: 'asset'; token: string; name: string };

/** The route a path under /share/ names, or null (the 404 page). */
export function matchShareRoute(path: string): ShareRoute | null {
  const [token, ...rest] = path.slice(SHARE_PREFIX.length).split('/');
  if (!TOKEN.test(token)) return null;
  if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) return { kind: 'report', token };
  if (rest.length === 1 && rest[0] === 'placements.csv') return { kind: 'csv', token };
  if (rest.length === 1 && rest[0] === 'plan.pdf') return { kind: 'pdf', token };
  if (rest.length === 2 && rest[0] === 'assets') return { kind: 'asset', token, name: rest[1] };
  if (rest.length === 2 && rest[0] === 'steps') {
    if (STEP.test(rest[1])) return { kind: 'step', token, n: Number(rest[1]) };
    const svg = /^(.+)\.svg$/.exec(rest[1]);
    if (svg && STEP.test(svg[1])) return { kind: 'step-svg', token, n: Number(svg[1]) };
  }
  return null;
}

const NOT_FOUND_PAGE = renderNotFoundPage();
/** The 404 page stands alone with an inline stylesheet; its hash lets the CSP allow just that. */
const NOT_FOUND_STYLE = /<style>([\s\S]*?)<\/style>/.exec(NOT_FOUND_PAGE)?.[1] ?? '';
const NOT_FOUND_STYLE_HASH = createHash('sha256').update(NOT_FOUND_STYLE).digest('base64');

const LOCKED_DOWN = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function pageCsp(nonce: string): string {
  return `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self'; img-src 'self'; connect-src 'self'; ${LOCKED_DOWN}`;
}

function send(ctx: ApiContext, status: number, contentType: string, body: string | Buffer, cacheControl = 'no-store'): void {
  ctx.status = status;
  ctx.type = contentType;
  ctx.set('Cache-Control', cacheControl);
  ctx.body = body;
}

function sendNotFound(ctx: ApiContext): void {
  ctx.set('Content-Security-Policy', `default-src 'none'; style-src 'sha256-${NOT_FOUND_STYLE_HASH}'; ${LOCKED_DOWN}`);
  send(ctx, 404, HTML_CONTENT_TYPE, NOT_FOUND_PAGE);
}

function sendPage(ctx: ApiContext, render: (nonce: string) => string | null): void {
  const nonce = randomBytes(16).toString('base64');
  const html = render(nonce);
  if (html === null) return sendNotFound(ctx);
  ctx.set('Content-Security-Policy', pageCsp(nonce));
  send(ctx, 200, HTML_CONTENT_TYPE, html);
}

/** One snapshot: a Calculate storing a new result meanwhile cannot mix old and new rows. */
async function planOf(ctx: ApiContext, link: ShareLink): Promise<SharedPlanView | null> {
  return ctx.services.sql.begin('isolation level repeatable read read only', (tx) =>
    readSharedPlan(tx, link.loadPlanId, link.showLoadingSteps),
  ) as Promise<SharedPlanView | null>;
}

async function serve(ctx: ApiContext, route: ShareRoute, link: ShareLink): Promise<void> {
  const basePath = `/share/${route.token}`;
  if (route.kind === 'asset') {
    const asset = await readAsset(route.name);
    if (!asset) return sendNotFound(ctx);
    return send(ctx, 200, asset.contentType, asset.body, ASSET_CACHE_CONTROL);
  }
  // the step addresses do not exist for a link that hides loading steps
  if ((route.kind === 'step' || route.kind === 'step-svg') && !link.showLoadingSteps) return sendNotFound(ctx);
  const view = await planOf(ctx, link);
  if (!view) return sendNotFound(ctx);
  switch (route.kind) {
    case 'report':
      return sendPage(ctx, (nonce) => renderReportPage(view, { basePath, nonce }));
    case 'step':
      return sendPage(ctx, (nonce) => renderStepPage(view, route.n, { basePath, nonce }));
    case 'step-svg': {
      const svg = renderStepSvg(view, route.n);
      if (svg === null) return sendNotFound(ctx);
      ctx.set('Content-Security-Policy', `default-src 'none'; ${LOCKED_DOWN}`);
      return send(ctx, 200, SVG_CONTENT_TYPE, svg);
    }
    case 'csv':
      ctx.set('Content-Disposition', 'attachment; filename="placements.csv"');
      return send(ctx, 200, CSV_CONTENT_TYPE, placementsCsv(view));
    case 'pdf':
      ctx.set('Content-Disposition', 'attachment; filename="plan.pdf"');
      return send(ctx, 200, PDF_CONTENT_TYPE, await planPdf(view));
  }
}

const routeShare: ApiMiddleware = async (ctx) => {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    throw new ApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on Share Link pages`, undefined, { Allow: 'GET, HEAD' });
  }
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  const route = matchShareRoute(ctx.path);
  const link = route ? await findLiveShareLink(ctx.state.db, route.token) : null;
  if (!route || !link) return sendNotFound(ctx);
  await serve(ctx, route, link);
};

/** Paths under /share/ are answered here (after their own per-IP limit); all others pass on. */
export const shareRoutes: ApiMiddleware = async (ctx, next) => {
  if (!ctx.path.startsWith(SHARE_PREFIX)) return next();
  await limitSharePages(ctx, () => routeShare(ctx, next));
};
