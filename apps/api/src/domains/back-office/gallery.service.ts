import { gallerySchema } from '@salon/shared';
import { asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { galeries } from '../../db/schema';
import { parseFormBody } from '../../lib/request-inputs';
import { changedTexts, eachLanguage, multilingualValue } from '../../db/multilingual';
import { searchFilter } from '../../lib/admin-list';
import { checkMediaRefs, withMedia } from './media-records';
import { nextPosition, resourceRecords } from './record-resource.service';

/** The photo gallery. */
export const galleryRecords = resourceRecords({
  table: galeries,
  id: galeries.id,
  sortable: { id: galeries.id, position: galeries.position },
  defaultSort: [asc(galeries.position), asc(galeries.id)],
  filters: { q: searchFilter(...eachLanguage(galeries.caption)) },
  query: (dbOrTx) => dbOrTx.select().from(galeries).$dynamic(),
  present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['imageId'] as const),
  async create(tx, body) {
    const form = parseFormBody(gallerySchema, body);
    await checkMediaRefs(tx, [['imageId', form.imageId, 'image']]);
    const values = {
      ...form,
      caption: multilingualValue(form.caption),
      position: form.position ?? (await nextPosition(tx, galeries.position, galeries)),
    };
    const [row] = await tx.insert(galeries).values(values).returning({ id: galeries.id });
    return row!.id;
  },
  async update(tx, id, body) {
    const form = parseFormBody(z.partial(gallerySchema), body);
    await checkMediaRefs(tx, [['imageId', form.imageId, 'image']]);
    if (Object.values(form).some((v) => v !== undefined)) {
      const caption = form.caption && changedTexts(galeries.caption, form.caption);
      await tx
        .update(galeries)
        .set({ ...form, caption })
        .where(eq(galeries.id, id));
    }
  },
  async remove(tx, id) {
    await tx.delete(galeries).where(eq(galeries.id, id));
  },
});
