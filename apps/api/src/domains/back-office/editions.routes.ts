import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECORD_RESOURCES,
  getEditionPreview,
  getOutdatedContent,
  nextEditionSchema,
  postMakeEditionCurrent,
  postNextEdition,
} from '@salon/shared';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { idParam, parseFormBody } from '../../lib/request-inputs';
import { registerResource } from './record-resource';
import { route } from '../../lib/route';
import { resourceRoutes } from './records.routes';
import { makeEditionCurrent, outdatedContent, prepareNext, readEdition } from './editions.service';
import type { AdminDeps } from './deps';
import { sessionVersion } from '../auth/auth.service';

/**
 * The site's settings (venue, public contacts, virtual tour; one record, id 1) and the editions of
 * the history page. Every change is audited, and the public pages show it at once on every
 * instance (the settings' cache is cleared through the cache bus).
 */
export const adminEditionRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { db, editionChanged, jwt, clock } = deps;
  // Without the uploads' multipart bodies (records.routes.ts).
  registerResource(app, db, RECORD_RESOURCES.editions, resourceRoutes(deps).editions);

  // 'Aperçu du site': the public site as it reads for this edition, for this organiser, two hours
  // (domains/editions/preview.ts). A read: nothing changes until the edition is made current.
  route(app, getEditionPreview, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    const edition = id === null ? null : await readEdition(db, id);
    if (!edition) throw notFound('Édition introuvable.');
    if (!edition.startsOn || !edition.city) {
      throw badRequest('Cette édition n’a pas encore ses dates et sa ville : ajoutez-les avant de la prévisualiser.', {
        errors: [{ path: ['params', 'id'], message: 'editionNotDated' }],
      });
    }
    const user = currentUser(request);
    const token = await jwt.signPreview(
      { userId: user.id, version: await sessionVersion(db, user.id), editionId: edition.id },
      clock(),
    );
    void reply.header('cache-control', 'no-store');
    return { url: `/?apercu=${token}` };
  });

  // 'Préparer l'édition suivante': a new edition after this one (domains/editions/next-edition.ts).
  route(app, postNextEdition, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) throw notFound('Édition introuvable.');
    const form = parseFormBody(nextEditionSchema, request.body);
    const record = await prepareNext(db, currentUser(request).id, id, form);
    editionChanged();
    return reply.status(201).send(record);
  });

  // Before 'Rendre courante' (and in its preview): the site's texts that name the current edition's year.
  route(app, getOutdatedContent, {}, async (request) => {
    const id = idParam(request.params.id);
    if (id === null || !(await readEdition(db, id))) throw notFound('Édition introuvable.');
    return outdatedContent(db, id);
  });

  // 'Rendre courante': the site, its registrations, the exhibitor area and the gates follow this
  // edition from now on, on every instance (the caches that hold the last one are cleared).
  route(app, postMakeEditionCurrent, {}, async (request) => {
    const id = idParam(request.params.id);
    if (id === null) throw notFound('Édition introuvable.');
    const record = await makeEditionCurrent(db, currentUser(request).id, id);
    editionChanged();
    return record;
  });
};
