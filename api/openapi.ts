// The OpenAPI 3.1 document, generated from the same route contracts the router validates with.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { OpenApiBuilder, type OpenAPIObject } from 'openapi3-ts/oas31';
import { ERROR_DESCRIPTIONS, ERROR_STATUS, type ErrorCode } from './errors.ts';
import { ErrorBodySchema, IdempotencyKeyHeader } from './contract/common.ts';
import { errorsOf, isWriteRoute, routes, type RouteContract } from './contract/routes.ts';
import { WEBHOOK_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, eventBody } from './contract/webhooks.ts';
import { z } from './contract/zod.ts';

function errorResponses(codes: ErrorCode[]): RouteConfig['responses'] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: RouteConfig['responses'] = {};
  for (const [status, group] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: group.map((c) => `\`${c}\`: ${ERROR_DESCRIPTIONS[c]}`).join(' '),
      content: { 'application/json': { schema: ErrorBodySchema } },
    };
  }
  return responses;
}

function routeConfig(route: RouteContract): RouteConfig {
  const headers = route.idempotent ? z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) : undefined;
  const scope = isWriteRoute(route) ? 'Needs a `read_write` key.' : 'Any key scope.';
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, scope].filter(Boolean).join('\n\n'),
    deprecated: route.deprecated ? true : undefined,
    security: [{ bearerAuth: [] }],
    request: {
      params: route.params,
      query: route.query,
      headers,
      body: route.body
        ? { required: route.bodyRequired !== false, content: { 'application/json': { schema: route.body } } }
        : undefined,
    },
    responses: {
      [String(route.success.status)]: {
        description: route.success.description,
        content: { 'application/json': { schema: route.success.schema } },
      },
      ...errorResponses(errorsOf(route)),
    },
  };
}

function webhookConfig(type: (typeof WEBHOOK_EVENT_TYPES)[number]): RouteConfig {
  return {
    method: 'post',
    path: type,
    operationId: `on-${type.replace('.', '-')}`,
    summary: type,
    security: [{ webhookSignature: [] }],
    description: `${WEBHOOK_DESCRIPTIONS[type]} Signed per Standard Webhooks: verify \`webhook-signature\` over \`webhook-id.webhook-timestamp.body\`.`,
    request: {
      headers: z.object({
        'webhook-id': z.string().openapi({ description: 'same on every retry and redelivery' }),
        'webhook-timestamp': z.string().openapi({ description: 'Unix seconds' }),
        'webhook-signature': z.string().openapi({ description: 'space-separated `v1,<base64>` signatures' }),
      }),
      body: { content: { 'application/json': { schema: eventBody(type) } } },
    },
    responses: { '200': { description: 'Any 2xx within 10 seconds acknowledges the delivery.' } },
  };
}

export function buildOpenApiDocument(serverUrl = '/api/v1'): OpenAPIObject {
  const registry = new OpenAPIRegistry();
  registry.register('Error', ErrorBodySchema);
  for (const route of routes) registry.registerPath(routeConfig(route));
  for (const type of WEBHOOK_EVENT_TYPES) registry.registerWebhook(webhookConfig(type));

  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Load-Planning API',
      version: '1.0.0',
      description:
        'Create Projects, import cargo, choose equipment, run a Calculate, read the stored Load Plan, mint Share Links, and receive signed webhooks. Every error has the `Error` body.',
    },
    servers: [{ url: serverUrl }],
  });
  return OpenApiBuilder.create(generated as OpenAPIObject)
    .addSecurityScheme('bearerAuth', {
      type: 'http',
      scheme: 'bearer',
      description: 'An organization API key (`sc_live_…`).',
    })
    .addSecurityScheme('webhookSignature', {
      type: 'apiKey',
      in: 'header',
      name: 'webhook-signature',
      description: 'Standard Webhooks signature: base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` with the endpoint secret (`whsec_…`).',
    })
    .getSpec();
}
