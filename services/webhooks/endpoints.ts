// Webhook endpoints as the app's Settings page manages them (the operator CLI here): who may
// register, which events, which URLs, the signing secret shown once, rotation, test events.
// Secrets are sealed with the endpoint id as associated data, so a sealed secret only opens
// on its own row.
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { getMember, getOrganization, isOwnerOrAdmin } from '../../db/organizations.ts';
import { getEndpoint, insertEndpoint, insertTestEvent, rotateSecretCiphertext, type SealedSecrets, type WebhookEndpoint } from '../../db/webhooks.ts';
import { SUBSCRIBABLE_EVENT_TYPES, type WebhookEventType } from './event-types.ts';
import { decryptSecret, encryptSecret } from './secret-box.ts';
import { generateSecret } from './signature.ts';
import { allowLoopbackFromEnv, checkUrlSyntax, checkWebhookUrl, type LookupAll } from './url-policy.ts';

export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A refusal the operator can act on (bad input or a rule); the CLI shows `message`. */
export class WebhookError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface UrlCheckOptions {
  allowLoopback?: boolean;
  lookup?: LookupAll;
  env?: NodeJS.ProcessEnv;
}

function parseEventTypes(types: readonly string[]): WebhookEventType[] {
  const unique = [...new Set(types.map((t) => t.trim()).filter((t) => t !== ''))];
  if (unique.length === 0) throw new WebhookError('no_event_types', `Choose at least one event type: ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}.`);
  for (const t of unique) {
    if (!(SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(t)) {
      throw new WebhookError('unknown_event_type', `Unknown event type '${t}': choose from ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}.`);
    }
  }
  return unique as WebhookEventType[];
}

/** Both URL checks of "checked when saved": the syntax rules, then one lookup of every address. */
export async function checkEndpointUrl(url: string, options: UrlCheckOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  const policy = { allowLoopback: options.allowLoopback ?? allowLoopbackFromEnv(env), lookup: options.lookup, env };
  const syntax = checkUrlSyntax(url, policy);
  if (!syntax.ok) throw new WebhookError(syntax.code, syntax.message);
  const full = await checkWebhookUrl(url, policy);
  if (!full.ok) throw new WebhookError(full.code, full.message);
}

/** Registers an endpoint for a current owner or admin of an Enterprise organization. */
export async function registerEndpoint(
  db: Db,
  input: { memberId: string; url: string; eventTypes: readonly string[] },
  options: UrlCheckOptions = {},
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const member = await getMember(db, input.memberId);
  if (!member || !isOwnerOrAdmin(member)) {
    throw new WebhookError('not_owner_or_admin', `${input.memberId} is not a current owner or admin: only they can manage webhooks.`);
  }
  const org = await getOrganization(db, member.organizationId);
  if (!org || org.plan !== 'enterprise') throw new WebhookError('not_enterprise', 'Webhooks need the Enterprise plan.');
  const eventTypes = parseEventTypes(input.eventTypes);
  await checkEndpointUrl(input.url, options);

  const id = newId('whe');
  const secret = generateSecret();
  const endpoint = await insertEndpoint(db, {
    id, organizationId: org.id, url: input.url, eventTypes, secretCiphertext: encryptSecret(secret, id), createdByMemberId: member.id,
  });
  return { endpoint, secret };
}

/** A new secret; the current one keeps signing for 24 hours beside it. */
export async function rotateEndpointSecret(db: Db, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string } | null> {
  const secret = generateSecret();
  const endpoint = await rotateSecretCiphertext(db, id, encryptSecret(secret, id), SECRET_OVERLAP_MS);
  return endpoint ? { endpoint, secret } : null;
}

/** The secrets that sign a request at `now`: the current one, and the previous one during its overlap. */
export function signingSecrets(row: SealedSecrets, now: Date): string[] {
  const secrets = [decryptSecret(row.secret_ciphertext, row.id)];
  if (row.previous_secret_ciphertext && row.previous_secret_until && row.previous_secret_until > now) {
    secrets.push(decryptSecret(row.previous_secret_ciphertext, row.id));
  }
  return secrets;
}

/** A `webhook.test` event for one enabled endpoint, with the contract's body. */
export async function createTestEvent(db: Db, endpointId: string): Promise<string> {
  const endpoint = await getEndpoint(db, endpointId);
  if (!endpoint) throw new WebhookError('not_found', `No endpoint ${endpointId}.`);
  if (!endpoint.enabled) throw new WebhookError('endpoint_disabled', `Endpoint ${endpointId} is disabled: enable it before sending a test.`);
  const id = newId('evt');
  const createdAt = new Date();
  const payload = {
    id,
    type: 'webhook.test',
    createdAt: createdAt.toISOString(),
    data: { endpointId, message: 'A test event from loadplan: your endpoint receives and verifies webhooks.' },
  };
  await insertTestEvent(db, { id, organizationId: endpoint.organizationId, endpointId, payload, createdAt });
  return id;
}
