import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { STAND_CSV_MAX_CHARS, standImportPreviewSchema } from '@salon/shared';
import { currentUser } from '../../plugins/auth';
import { parseFormBody } from '../../lib/request-inputs';
import type { AdminDeps } from './deps';
import { registerResource } from './record-resource';
import { importStands, standRecords } from './stands.service';
import { planFeatureRecords } from './plan-features.service';

/**
 * The floor plan's stands: each one edited by hand (moved, resized, renumbered), or a hall's whole
 * layout replaced by a CSV file, previewed first. Every write is audited, and refused whole when a
 * stand would leave its hall, overlap another or repeat a number. Each edition has its own
 * layout: a stand belongs to its hall's edition.
 */
export const standImportSchema = z.object({
  csv: z.string({ error: 'required' }).check(z.maxLength(STAND_CSV_MAX_CHARS)),
  /** The edition whose layout the file is (its id); the current one when not given. */
  edition: z.optional(z.nullable(z.number())),
  /** false (the default): only the preview. */
  commit: z.optional(z.boolean()),
});

export const adminStandRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, directoryCache }) => {
  registerResource(
    app,
    // The public plan is kept a few seconds with the directory's answers (floor-plan.routes.ts).
    { db, onChange: () => directoryCache.clear() },
    { path: 'stands', missing: 'Stand introuvable.', ...standRecords },
  );
  // Entrances, aisles, services and the forum's room: edited like stands, and cleared from the cache alike.
  registerResource(
    app,
    { db, onChange: () => directoryCache.clear() },
    { path: 'plan-features', missing: 'Élément du plan introuvable.', ...planFeatureRecords },
  );

  /**
   * A layout CSV: the preview (what each hall would hold, the errors line by line, the exhibitors
   * whose stand would no longer be drawn), and with `commit` the import itself. The file replaces
   * every stand of the halls it names, and only theirs; with a single error nothing is written.
   */
  app.post(
    '/stands/import',
    { schema: { tags: ['admin'], response: { 200: standImportPreviewSchema } } },
    async (request) => {
      const { csv, commit = false } = parseFormBody(standImportSchema, request.body);
      const result = await importStands(db, currentUser(request).id, request.body, { csv, commit });
      if (result.imported) directoryCache.clear();
      return result;
    },
  );
};
