import { eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { type siteSettingsSchema, agenceSchema, type sibSchema } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { agence, sib, siteSettings } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { parseFormBody } from '../../lib/request-inputs';
import { readSettingsRow } from '../content/site-settings.service';
import { checkMediaRefs, withMedia } from './media-records';

/**
 * The show record, the agency record and the site settings ('Lieu, contacts et visite'): one row
 * each, id 1, each change audited.
 */

/** The site settings changed by the form: the settings as they read now. */
export function updateSiteSettings(db: Db, userId: number, form: z.output<typeof siteSettingsSchema>) {
  return db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const before = await readSettingsRow(tx);
    if (Object.values(form).some((v) => v !== undefined)) {
      await tx.update(siteSettings).set(form).where(eq(siteSettings.id, 1));
    }
    const after = await readSettingsRow(tx);
    await recordAudit(tx, {
      userId,
      action: 'PUT /admin/site-settings/1',
      resource: 'site-settings',
      recordId: 1,
      before,
      after,
    });
    return after;
  });
}

const sibFiles = [
  ['logoSponsorOfficielId', 'image'],
  ['logoPaysInviteHonneurId', 'image'],
  ['mediaFullBackgroundId', 'image'],
  ['planPdfId', 'pdf'],
  ['programmePdfId', 'pdf'],
  ['cataloguePdfId', 'pdf'],
] as const;
export const readSib = async (dbOrTx: Db | Tx) => {
  const rows = await dbOrTx.select().from(sib).where(eq(sib.id, 1));
  return (
    (
      await withMedia(
        dbOrTx,
        rows,
        sibFiles.map(([f]) => f),
      )
    )[0] ?? null
  );
};

/** The show's logos and background, and the PDFs that replace the generated plan, programme and catalogue. */
export function updateSib(db: Db, userId: number, form: z.output<typeof sibSchema>) {
  return db.transaction(async (tx) => {
    await checkMediaRefs(
      tx,
      sibFiles.map(([field, kind]) => [field, form[field], kind]),
    );
    await tx.insert(sib).values({ id: 1 }).onConflictDoNothing();
    const before = (await readSib(tx))!;
    if (Object.values(form).some((v) => v !== undefined)) await tx.update(sib).set(form).where(eq(sib.id, 1));
    const after = (await readSib(tx))!;
    await recordAudit(tx, {
      userId,
      action: 'PUT /admin/sib/1',
      resource: 'sib',
      recordId: 1,
      before,
      after,
    });
    return after;
  });
}

const agenceFiles = ['logoId', 'logoFooterId', 'imageId'] as const;
export const readAgence = async (dbOrTx: Db | Tx) => {
  const rows = await dbOrTx.select().from(agence).where(eq(agence.id, 1));
  return (await withMedia(dbOrTx, rows, agenceFiles))[0] ?? null;
};

/** The agency record changed by the form (`body`, the whole record should the row be missing). */
export function updateAgence(db: Db, userId: number, form: Partial<z.output<typeof agenceSchema>>, body: unknown) {
  return db.transaction(async (tx) => {
    await checkMediaRefs(
      tx,
      agenceFiles.map((field) => [field, form[field], 'image']),
    );
    const before = await readAgence(tx);
    if (!before) {
      // The reference data makes the row; should it be missing, the form must name the agency.
      const full = parseFormBody(agenceSchema, body);
      await tx.insert(agence).values({ ...full, id: 1 });
    } else if (Object.values(form).some((v) => v !== undefined)) {
      await tx.update(agence).set(form).where(eq(agence.id, 1));
    }
    const after = (await readAgence(tx))!;
    await recordAudit(tx, {
      userId,
      action: 'PUT /admin/agence/1',
      resource: 'agence',
      recordId: 1,
      before: before ?? {},
      after,
    });
    return after;
  });
}
