import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postStandsImport } from '@salon/shared';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import type { AdminDeps } from './deps';
import { importStands } from './stands.service';

/**
 * The floor plan's stands are a record resource (records.routes.ts), each one edited by hand
 * (moved, resized, renumbered); a hall's whole layout is replaced by a CSV file, previewed first.
 * Every write is audited, and refused whole when a stand would leave its hall, overlap another or
 * repeat a number. Each edition has its own layout: a stand belongs to its hall's edition.
 */
export const adminStandRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, directoryCache }) => {
  /**
   * A layout CSV: the preview (what each hall would hold, the errors line by line, the exhibitors
   * whose stand would no longer be drawn), and with `commit` the import itself. The file replaces
   * every stand of the halls it names, and only theirs; with a single error nothing is written.
   */
  route(app, postStandsImport, {}, async (request) => {
    const { csv, commit = false } = request.body;
    const result = await importStands(db, currentUser(request).id, request.body, { csv, commit });
    // The public plan is kept a few seconds with the directory's answers (floor-plan.routes.ts).
    if (result.imported) directoryCache.clear();
    return result;
  });
};
