import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  userId: number;
  /** The route, e.g. 'DELETE /admin/kiosk-sessions/:id'. */
  action: string;
  resource: string;
  recordId: string | number | null;
  before: unknown;
  after: unknown;
}

/** Records an organiser's action, in the transaction of the change when there is one. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId === null ? null : String(entry.recordId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
