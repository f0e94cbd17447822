// What the API serves without a key: the OpenAPI document, an interactive reference from
// locally installed assets (no CDN), and a Postman v2.1 collection from the same document.
import { createReadStream, existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import swaggerUi from 'swagger-ui-dist';
import { buildOpenApiDocument } from './openapi.ts';
import { postmanCollection } from './postman.ts';
import { ApiError } from './errors.ts';
import type { ApiMiddleware } from './context.ts';

const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

function referencePage(prefix: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Load-Planning API reference</title>
<link rel="stylesheet" href="${prefix}/reference/swagger-ui.css"></head>
<body><div id="reference"></div>
<p style="font-family:sans-serif;margin:1em">OpenAPI document: <a href="${prefix}/spec.json">${prefix}/spec.json</a> ·
Postman collection: <a href="${prefix}/postman.json">${prefix}/postman.json</a></p>
<script src="${prefix}/reference/swagger-ui-bundle.js"></script>
<script src="${prefix}/reference/reference-init.js"></script>
</body></html>`;
}

function initScript(prefix: string): string {
  return `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(prefix + '/spec.json')}, dom_id: '#reference', deepLinking: true });`;
}

export function docs(prefix: string): ApiMiddleware {
  let spec: ReturnType<typeof buildOpenApiDocument> | null = null;
  const document = () => (spec ??= buildOpenApiDocument(prefix));
  const pages = new Set([prefix, `${prefix}/`, `${prefix}/spec.json`, `${prefix}/postman.json`]);
  return async (ctx, next) => {
    const path = ctx.path;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      if (pages.has(path) || path.startsWith(`${prefix}/reference/`)) {
        throw new ApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${path}`, undefined, { Allow: 'GET, HEAD' });
      }
      return next();
    }
    if (path === `${prefix}/spec.json`) {
      ctx.body = document();
    } else if (path === prefix || path === `${prefix}/`) {
      ctx.type = 'html';
      ctx.body = referencePage(prefix);
    } else if (path === `${prefix}/postman.json`) {
      ctx.set('Content-Disposition', 'attachment; filename="load-planning-api.postman_collection.json"');
      ctx.body = postmanCollection(document(), ctx.origin + prefix);
    } else if (path === `${prefix}/reference/reference-init.js`) {
      ctx.type = 'application/javascript';
      ctx.body = initScript(prefix);
    } else if (path.startsWith(`${prefix}/reference/`)) {
      const name = normalize(path.slice(`${prefix}/reference/`.length));
      const file = join(swaggerUi.getAbsoluteFSPath(), name);
      if (!ASSETS.has(name) || !existsSync(file)) return next();
      ctx.type = name.split('.').pop()!;
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = createReadStream(file);
    } else {
      return next();
    }
  };
}
