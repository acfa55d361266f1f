import { bannerSchema } from '@salon/shared';
import { desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { bannieres } from '../../db/schema';
import { parseFormBody } from '../../lib/request-inputs';
import { booleanFilter, oneOfFilter, searchFilter } from '../../lib/admin-list';
import { checkMediaRefs, withMedia } from './media-records';
import { resourceRecords } from './record-resource.service';

/** The home page's banners. */
export const bannerRecords = resourceRecords({
  table: bannieres,
  id: bannieres.id,
  sortable: {
    id: bannieres.id,
    createdAt: bannieres.createdAt,
    emplacement: bannieres.emplacement,
    actif: bannieres.actif,
  },
  defaultSort: [desc(bannieres.id)],
  filters: {
    q: searchFilter(bannieres.lien),
    actif: booleanFilter(bannieres.actif, 'actif'),
    emplacement: oneOfFilter(bannieres.emplacement, 'emplacement', ['Haut', 'Bas']),
  },
  query: (dbOrTx) => dbOrTx.select().from(bannieres).$dynamic(),
  present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['fichierDesktopId', 'fichierMobileId'] as const),
  async create(tx, body) {
    const form = parseFormBody(bannerSchema, body);
    await checkMediaRefs(tx, [
      ['fichierDesktopId', form.fichierDesktopId, 'image'],
      ['fichierMobileId', form.fichierMobileId, 'image'],
    ]);
    const [row] = await tx.insert(bannieres).values(form).returning({ id: bannieres.id });
    return row!.id;
  },
  async update(tx, id, body) {
    const form = parseFormBody(z.partial(bannerSchema), body);
    await checkMediaRefs(tx, [
      ['fichierDesktopId', form.fichierDesktopId, 'image'],
      ['fichierMobileId', form.fichierMobileId, 'image'],
    ]);
    if (Object.values(form).some((v) => v !== undefined))
      await tx.update(bannieres).set(form).where(eq(bannieres.id, id));
  },
  async remove(tx, id) {
    await tx.delete(bannieres).where(eq(bannieres.id, id));
  },
});
