import { adminTestimonialSchema } from '@salon/shared';
import { asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { temoignages } from '../../db/schema';
import { parseFormBody } from '../../lib/request-inputs';
import { searchFilter } from '../../lib/admin-list';
import { checkMediaRefs, withMedia } from './media-records';
import { testimonialSchema } from './content-forms';
import { nextPosition, resourceRecords } from './record-resource.service';

/** The testimonials. */
export const testimonialRecords = resourceRecords({
  record: adminTestimonialSchema,
  table: temoignages,
  id: temoignages.id,
  sortable: { id: temoignages.id, position: temoignages.position, author: temoignages.author },
  defaultSort: [asc(temoignages.position), asc(temoignages.id)],
  filters: { q: searchFilter(temoignages.author, temoignages.quoteFr, temoignages.quoteEn) },
  query: (dbOrTx) => dbOrTx.select().from(temoignages).$dynamic(),
  present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['photoId'] as const),
  async create(tx, body) {
    const form = parseFormBody(testimonialSchema, body);
    await checkMediaRefs(tx, [['photoId', form.photoId, 'image']]);
    const values = {
      ...form,
      position: form.position ?? (await nextPosition(tx, temoignages.position, temoignages)),
    };
    const [row] = await tx.insert(temoignages).values(values).returning({ id: temoignages.id });
    return row!.id;
  },
  async update(tx, id, body) {
    const form = parseFormBody(z.partial(testimonialSchema), body);
    await checkMediaRefs(tx, [['photoId', form.photoId, 'image']]);
    if (Object.values(form).some((v) => v !== undefined)) {
      await tx.update(temoignages).set(form).where(eq(temoignages.id, id));
    }
  },
  async remove(tx, id) {
    await tx.delete(temoignages).where(eq(temoignages.id, id));
  },
});
