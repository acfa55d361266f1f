import { eq } from 'drizzle-orm';
import type { VisitorCard, VisitorCardForm } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { exhibitorPages } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { recordAudit } from '../audit/audit.service';
import { loadMedia } from '../media/media.service';
import { ownFiles, refused } from './page-versions.service';

/**
 * 'Carte de contact pour les visiteurs' and 'Document remis aux visiteurs' in 'Fiche annuaire':
 * what the visitors the exhibitor scanned get on their e-badge page ('Stands visités', decision
 * 037). The exhibitor's alone (never its collaborators'); not moderated, as no public page shows
 * it; each change audited with the page's.
 */

export async function readVisitorCard(db: Db | Tx, caller: Caller): Promise<VisitorCard> {
  const [row] = await db
    .select({
      name: exhibitorPages.visitorContactName,
      email: exhibitorPages.visitorContactEmail,
      phone: exhibitorPages.visitorContactPhone,
      documentId: exhibitorPages.visitorDocumentId,
    })
    .from(exhibitorPages)
    .where(eq(exhibitorPages.userId, caller.id));
  const documentId = row?.documentId ?? null;
  const files = await loadMedia(db, [documentId]);
  return {
    name: row?.name ?? null,
    email: row?.email ?? null,
    phone: row?.phone ?? null,
    document: files.get(documentId),
  };
}

/** Saves the whole card (a field left out is none); a document that is not one of its PDFs is a 400. */
export function saveVisitorCard(db: Db, caller: Caller, form: VisitorCardForm) {
  return db.transaction(async (tx) => {
    const documentId = form.documentId ?? null;
    if (documentId !== null && !(await ownFiles(tx, caller.id, [documentId], 'pdf')).has(documentId)) {
      throw refused('documentId', 'notYourFile');
    }
    const before = await readVisitorCard(tx, caller);
    const values = {
      visitorContactName: form.name ?? null,
      visitorContactEmail: form.email ?? null,
      visitorContactPhone: form.phone ?? null,
      visitorDocumentId: documentId,
    };
    await tx
      .insert(exhibitorPages)
      .values({ userId: caller.id, ...values })
      .onConflictDoUpdate({ target: exhibitorPages.userId, set: values });
    const after = await readVisitorCard(tx, caller);
    await recordAudit(tx, {
      userId: caller.id,
      action: 'PUT /exhibitor-page/visitor-card',
      resource: 'exhibitor-pages',
      recordId: caller.id,
      before,
      after,
    });
    return after;
  });
}
