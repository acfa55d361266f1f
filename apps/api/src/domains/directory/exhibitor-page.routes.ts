import { exhibitorIdOfSlug, getExhibitorPage } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { loadExhibitorPage } from './exhibitor-page.service';

/**
 * `GET exhibitors/<slug>`: an exhibitor's page of the directory, public. The address's last
 * number names the exhibitor; the answer's `slug` is its address now, which the web redirects a
 * former one (a renamed company) to.
 */
export const exhibitorPageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, getExhibitorPage, {}, async (request, reply) => {
    const id = exhibitorIdOfSlug(request.params.slug);
    const page = id === null ? null : await loadExhibitorPage(db, id);
    if (!page) throw notFound('Exposant introuvable.');
    reply.header('cache-control', 'public, max-age=60');
    return { data: page, meta: {} };
  });
};
