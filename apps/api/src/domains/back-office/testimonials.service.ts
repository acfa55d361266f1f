import { testimonialChangeSchema, testimonialSchema } from '@salon/shared';
import { asc, eq } from 'drizzle-orm';
import { temoignages } from '../../db/schema';
import { changedTexts, eachLanguage, multilingualValue } from '../../db/multilingual';
import { parseFormBody } from '../../lib/request-inputs';
import { searchFilter } from '../../lib/admin-list';
import { checkMediaRefs, withMedia } from './media-records';
import { nextPosition, resourceRecords } from './record-resource.service';

/** The testimonials. */
export const testimonialRecords = resourceRecords({
  table: temoignages,
  id: temoignages.id,
  sortable: { id: temoignages.id, position: temoignages.position, author: temoignages.author },
  defaultSort: [asc(temoignages.position), asc(temoignages.id)],
  filters: { q: searchFilter(temoignages.author, ...eachLanguage(temoignages.quote)) },
  query: (dbOrTx) => dbOrTx.select().from(temoignages).$dynamic(),
  present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['photoId'] as const),
  async create(tx, body) {
    const form = parseFormBody(testimonialSchema, body);
    await checkMediaRefs(tx, [['photoId', form.photoId, 'image']]);
    const values = {
      ...form,
      role: multilingualValue(form.role),
      position: form.position ?? (await nextPosition(tx, temoignages.position, temoignages)),
    };
    const [row] = await tx.insert(temoignages).values(values).returning({ id: temoignages.id });
    return row!.id;
  },
  async update(tx, id, body) {
    const form = parseFormBody(testimonialChangeSchema, body);
    await checkMediaRefs(tx, [['photoId', form.photoId, 'image']]);
    if (Object.values(form).some((v) => v !== undefined)) {
      const role = form.role && changedTexts(temoignages.role, form.role);
      const quote = form.quote && changedTexts(temoignages.quote, form.quote);
      await tx
        .update(temoignages)
        .set({ ...form, role, quote })
        .where(eq(temoignages.id, id));
    }
  },
  async remove(tx, id) {
    await tx.delete(temoignages).where(eq(temoignages.id, id));
  },
});
