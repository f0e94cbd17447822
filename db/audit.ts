import type { Db } from './connect.ts';

export interface AuditEntry {
  organizationId: string;
  apiKeyId: string;
  operation: string;
  status: number;
  resourceId: string | null;
  requestId: string | null;
}

/**
 * The audit row's insert, as a fragment (another statement may carry it, e.g. the stored
 * response's); `from` ends its select (e.g. `from claimed`: only when the claim got the key).
 */
export function auditInsert(db: Db, entry: AuditEntry, from = db``) {
  return db`
    insert into audit_log (organization_id, api_key_id, operation, status, resource_id, request_id)
    select ${entry.organizationId}, ${entry.apiKeyId}, ${entry.operation}, ${entry.status}, ${entry.resourceId}, ${entry.requestId} ${from}`;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await auditInsert(db, entry);
}

export async function listAudit(db: Db, organizationId: string, limit = 100): Promise<(AuditEntry & { id: number; createdAt: Date })[]> {
  const rows = await db`
    select * from audit_log where organization_id = ${organizationId} order by id desc limit ${limit}`;
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: r.organization_id,
    apiKeyId: r.api_key_id,
    operation: r.operation,
    status: r.status,
    resourceId: r.resource_id,
    requestId: r.request_id,
    createdAt: r.created_at,
  }));
}
