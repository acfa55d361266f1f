import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collaboratorFormSchema, collaboratorInfoSchema, exhibitorInfoSchema, PAGE_SIZE } from '@salon/shared';
import type { Db } from '../db/client';
import { forbidden, notFound } from '../lib/errors';
import { assertQueryKeys, intValue, parseFilters } from '../lib/query';
import { currentUser, type SessionUser } from '../plugins/auth';
import {
  createCollaborator,
  deleteCollaborator,
  listCollaborators,
  resendAccess,
  updateOwnInfo,
} from '../services/collaborators.service';
import type { DirectoryCache } from '../services/directory.service';
import { idParam, paginationMeta, parseFormBody, parsePagination, parsePopulate } from '../services/query-params';
import { loadUserView } from '../services/users.service';
import type { MailLinks } from '../services/visitors.service';

/** Only an exhibitor has collaborators: anyone else is refused. */
function exhibitorOnly(user: SessionUser): SessionUser {
  if (user.type !== 'exhibitor') throw forbidden('Réservé aux exposants.');
  return user;
}

/**
 * The exhibitor area's people: the signed-in user's own record, and an exhibitor's
 * collaborators. Every answer is scoped to the caller; an id outside that scope is a 404.
 */
export const usersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mail: MailLinks;
  onQueued: () => void;
  directoryCache: DirectoryCache;
}> = async (app, { db, mail, onQueued, directoryCache }) => {
  const tags = ['users'];
  const signedIn = { preHandler: app.authenticate };

  app.get('/users/me', { schema: { tags }, ...signedIn }, async (request) => {
    assertQueryKeys(request.query as Record<string, unknown>, ['populate']);
    return { data: await loadUserView(db, currentUser(request)), meta: {} };
  });

  /**
   * 'Collaborateurs': `filters[exhibitor][id]` may only name the caller (anything else is an
   * empty list: filters never widen); 50 a page.
   */
  app.get('/users', { schema: { tags }, ...signedIn }, async (request) => {
    const user = exhibitorOnly(currentUser(request));
    const query = request.query as Record<string, unknown>;
    assertQueryKeys(query, ['filters', 'populate', 'pagination']);
    parsePopulate(query.populate, ['registrations', 'registrations.event']);
    const page = parsePagination(query.pagination, {
      defaultPageSize: PAGE_SIZE.collaborators,
      maxPageSize: PAGE_SIZE.collaborators,
    });
    for (const f of parseFilters(query.filters, ['exhibitor.id', 'exhibitor'])) {
      if (intValue(f.value, f.path) !== user.id) {
        return { data: [], meta: { pagination: paginationMeta(page, 0) } };
      }
    }
    return listCollaborators(db, user.id, page);
  });

  /** 'Informations' → 'Sauvegarder': one's own record, with only the fields of one's form. */
  app.put('/users/:id', { schema: { tags }, ...signedIn }, async (request) => {
    const user = currentUser(request);
    const id = idParam((request.params as { id: string }).id);
    if (id !== user.id) throw notFound('Utilisateur introuvable.');
    let form;
    if (user.type === 'exhibitor') form = parseFormBody(exhibitorInfoSchema, request.body);
    else if (user.type === 'collaborator') form = parseFormBody(collaboratorInfoSchema, request.body);
    else throw forbidden('Réservé aux exposants et à leurs collaborateurs.');
    const updated = await updateOwnInfo(db, user, form);
    // The directory lists exhibitors by company.
    if (user.type === 'exhibitor') directoryCache.clear();
    return { data: await loadUserView(db, updated), meta: {} };
  });

  /** Deletes one of the exhibitor's collaborators (after the screen's confirmation). */
  app.delete('/users/:id', { schema: { tags }, ...signedIn }, async (request) => {
    const user = exhibitorOnly(currentUser(request));
    const id = idParam((request.params as { id: string }).id);
    if (id === null) throw notFound('Collaborateur introuvable.');
    await deleteCollaborator(db, user.id, id, mail.now());
    return { data: { id }, meta: {} };
  });

  /**
   * 'Ajouter un collaborateur'. The specification's call table sends it to
   * `auth/local/register/` (with the trailing slash); without it, that path is the visitor
   * registration (routes/visitors.ts).
   */
  app.post('/auth/local/register/', { schema: { tags }, ...signedIn }, async (request, reply) => {
    const user = exhibitorOnly(currentUser(request));
    const form = parseFormBody(collaboratorFormSchema, request.body);
    const created = await createCollaborator(db, mail, user, form);
    onQueued();
    return reply.status(201).send({ data: created, meta: {} });
  });

  /** 'Renvoyer l'accès' ('Accès envoyé avec succès.'): a new set-password link. */
  app.post(
    '/sendAuthCollaborateur/:id',
    { schema: { tags }, ...signedIn, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const user = exhibitorOnly(currentUser(request));
      const id = idParam((request.params as { id: string }).id);
      if (id === null) throw notFound('Collaborateur introuvable.');
      await resendAccess(db, mail, user.id, id);
      onQueued();
      return { data: { sent: true }, meta: {} };
    },
  );
};
