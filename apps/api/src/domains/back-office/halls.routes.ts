import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResource } from './record-resource';
import { hallRecords } from './halls.service';
import type { AdminDeps } from './deps';

/** Halls (the gates controllers work at; exhibitors have a hall and a stand), edition by edition. */
export const adminHallRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, directoryCache }) => {
  registerResource(
    app,
    // Hall names show in the public directory, which keeps answers for a few seconds.
    { db, onChange: () => directoryCache.clear() },
    { path: 'gates', missing: 'Hall introuvable.', ...hallRecords },
  );
};
