// The Share Link page renderers, for the server to mount:
//   GET /share/:token                 -> renderReportPage(view, { basePath: `/share/${token}` })
//   GET /share/:token/steps/:n        -> renderStepPage(view, n, { basePath })   (null -> 404)
//   GET /share/:token/steps/:n.svg    -> renderStepSvg(view, n)  image/svg+xml   (null -> 404)
//   GET /share/:token/placements.csv  -> placementsCsv(view)     CSV_CONTENT_TYPE
//   GET /share/:token/plan.pdf        -> planPdf(view)           PDF_CONTENT_TYPE (a Promise)
//   GET /share/:token/assets/<name>   -> resolveAsset(name) / readAsset(name)   (null -> 404)
//   unknown, expired or revoked token -> 404 with renderNotFoundPage()
// Pages are text/html; charset=utf-8. All renderers are pure apart from readAsset.
export type { SharedPlanView, SharedEquipment, SharedCargoLine } from './view-model.ts';
export type { PageOptions } from './layout.ts';
export { renderReportPage } from './report.ts';
export { renderStepPage, renderStepSvg, stepCount } from './steps.ts';
export { placementsCsv, CSV_CONTENT_TYPE } from './csv.ts';
export { planPdf, PDF_CONTENT_TYPE } from './plan-pdf.ts';
export { renderNotFoundPage } from './not-found.ts';
export { resolveAsset, readAsset, SHARE_ASSETS, ASSET_CACHE_CONTROL } from './assets.ts';
export { loadingSteps } from './loading-steps.ts';

export const SVG_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
