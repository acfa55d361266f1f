import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Db, Tx } from '../../db/client';
import { agence, sib, siteSettings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { parseFormBody } from '../../lib/query-params';
import { checkMediaRefs, withMedia } from './media-records';
import { sibSchema, agenceSchema } from './content-forms';
import { siteSettingsSchema } from '@salon/shared';
import { readSettingsRow } from '../content/site-settings.service';
import type { AdminDeps } from './deps';

/**
 * The show record, the agency record and the site settings ('Lieu, contacts et visite'): one row
 * each, id 1.
 */
export const adminShowRecordRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, siteSettings: store }) => {
  const tags = ['admin'];

  // A singleton, like admin/sib/1: react-admin edits it as record 1.
  app.get('/site-settings/1', { schema: { tags } }, async () => readSettingsRow(db));

  app.put('/site-settings/1', { schema: { tags } }, async (request) => {
    const form = parseFormBody(siteSettingsSchema, request.body);
    const record = await db.transaction(async (tx) => {
      await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
      const before = await readSettingsRow(tx);
      if (Object.values(form).some((v) => v !== undefined)) {
        await tx.update(siteSettings).set(form).where(eq(siteSettings.id, 1));
      }
      const after = await readSettingsRow(tx);
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'PUT /admin/site-settings/1',
        resource: 'site-settings',
        recordId: 1,
        before,
        after,
      });
      return after;
    });
    store.changed();
    return record;
  });

  const sibFiles = [
    ['logoSponsorOfficielId', 'image'],
    ['logoPaysInviteHonneurId', 'image'],
    ['mediaFullBackgroundId', 'image'],
    ['planPdfId', 'pdf'],
    ['programmePdfId', 'pdf'],
    ['cataloguePdfId', 'pdf'],
  ] as const;
  const readSib = async (dbOrTx: Db | Tx) => {
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

  app.get('/sib/1', { schema: { tags } }, async () => {
    const record = await readSib(db);
    if (!record) throw notFound('Fiche du salon introuvable.');
    return record;
  });

  /** The show's logos and background, and the PDFs that replace the generated plan, programme and catalogue. */
  app.put('/sib/1', { schema: { tags } }, async (request) => {
    const form = parseFormBody(sibSchema, request.body);
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
        userId: currentUser(request).id,
        action: 'PUT /admin/sib/1',
        resource: 'sib',
        recordId: 1,
        before,
        after,
      });
      return after;
    });
  });

  const agenceFiles = ['logoId', 'logoFooterId', 'imageId'] as const;
  const readAgence = async (dbOrTx: Db | Tx) => {
    const rows = await dbOrTx.select().from(agence).where(eq(agence.id, 1));
    return (await withMedia(dbOrTx, rows, agenceFiles))[0] ?? null;
  };

  app.get('/agence/1', { schema: { tags } }, async () => {
    const record = await readAgence(db);
    if (!record) throw notFound('Fiche de l’agence introuvable.');
    return record;
  });

  app.put('/agence/1', { schema: { tags } }, async (request) => {
    const form = parseFormBody(z.partial(agenceSchema), request.body);
    return db.transaction(async (tx) => {
      await checkMediaRefs(
        tx,
        agenceFiles.map((field) => [field, form[field], 'image']),
      );
      const before = await readAgence(tx);
      if (!before) {
        // The reference data makes the row; should it be missing, the form must name the agency.
        const full = parseFormBody(agenceSchema, request.body);
        await tx.insert(agence).values({ ...full, id: 1 });
      } else if (Object.values(form).some((v) => v !== undefined)) {
        await tx.update(agence).set(form).where(eq(agence.id, 1));
      }
      const after = (await readAgence(tx))!;
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'PUT /admin/agence/1',
        resource: 'agence',
        recordId: 1,
        before: before ?? {},
        after,
      });
      return after;
    });
  });
};
