import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { idFilter, parseListQuery, readPage, searchFilter } from '../../lib/admin-list';

/** A page of the audit log (who did what, newest first), as the list query asks. */
export async function listAuditLog(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: { id: auditLog.id, createdAt: auditLog.createdAt },
    defaultSort: [desc(auditLog.createdAt), desc(auditLog.id)],
    filters: {
      resource: (value) => {
        if (typeof value !== 'string' || value.length > 60) throw badRequest('Filtre resource : un nom de ressource.');
        return eq(auditLog.resource, value);
      },
      userId: idFilter(auditLog.userId, 'userId'),
      q: searchFilter(auditLog.action, auditLog.resource, auditLog.recordId, users.name),
    },
  });
  const { rows, total } = await readPage(
    list,
    db
      .select({
        id: auditLog.id,
        userId: auditLog.userId,
        user: users.name,
        action: auditLog.action,
        resource: auditLog.resource,
        recordId: auditLog.recordId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .$dynamic(),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).$dynamic(),
  );
  return { list, rows, total };
}
