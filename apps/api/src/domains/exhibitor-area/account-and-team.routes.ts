import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collaboratorInfoSchema,
  deleteInvitation,
  deleteUser,
  exhibitorInfoSchema,
  getFormerTeam,
  getMe,
  getUsers,
  infoFormSchema,
  PAGE_SIZE,
  postCollaborator,
  postCollaboratorAccess,
  postConfirmEmail,
  postFormerTeam,
  postInvitationAccept,
  postInvitationView,
  putUser,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { Jwt } from '../../lib/jwt';
import { ONLY_WITH_TRAILING_SLASH } from '../../lib/trailing-slash';
import { idParam, parseFormBody } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { intValue, parseFilters } from '../../lib/strapi-filters';
import { paginationMeta, parsePagination, parsePopulateQuery } from '../../lib/list-params';
import { assertAudience, AUDIENCES, currentUser } from '../../plugins/auth';
import {
  createCollaborator,
  deleteCollaborator,
  listCollaborators,
  resendAccess,
  updateOwnInfo,
} from './collaborators.service';
import { acceptInvitation, cancelInvitation, viewInvitation } from './collaborator-invitations.service';
import type { DirectoryCache } from '../directory/directory.service';
import { confirmEmailChange } from './email-change.service';
import { currentPasswordChecks } from './current-password';
import { loadUserView } from '../auth/area-account';
import { formerTeam, inviteFormerTeam } from './former-team.service';
import { type MailLinks } from '../mail/links';

/**
 * The exhibitor area's account and team: the signed-in user's own record, and an exhibitor's
 * collaborators. Every answer is scoped to the caller; an id outside that scope is a 404.
 */
export const accountAndTeamRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mail: MailLinks;
  onQueued: () => void;
  directoryCache: DirectoryCache;
  jwt: Jwt;
}> = async (app, { db, mail, onQueued, directoryCache, jwt }) => {
  // Only an exhibitor has collaborators: anyone else is refused (the calls' audience).
  const checkCurrentPassword = currentPasswordChecks(app, db, onQueued);
  /** The pages opened from a mailed link: a guessed secret gets few tries. */
  const linkPage = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };
  /** The answer of a page that signs its person in, as `auth/local` does. */
  const signedInAs = async (user: { id: number; tokenVersion: number }) => ({
    jwt: await jwt.sign(user.id, user.tokenVersion, mail.now()),
    user: await loadUserView(db, user.id),
  });

  route(app, getMe, {}, async (request) => ({ data: await loadUserView(db, currentUser(request).id), meta: {} }));

  /**
   * 'Collaborateurs': `filters[exhibitor][id]` may only name the caller (anything else is an
   * empty list: filters never widen); 50 a page. Each collaborator carries its `registrations`
   * (the call table's `populate[registrations][filters][event][id][$eq]=7` keeps one event's).
   */
  route(app, getUsers, {}, async (request) => {
    const user = currentUser(request);
    const { query } = request;
    const populate = parsePopulateQuery(
      query.populate,
      ['registrations', 'registrations.event', 'registrations.gate'],
      {
        registrations: ['event.id'],
      },
    );
    const events = (populate.filters.registrations ?? []).map((f) => {
      if (f.op !== '$eq')
        throw badRequest(`Opérateur ${f.op} non pris en charge pour populate[registrations][filters][event].`);
      return intValue(f.value, 'populate[registrations][filters][event]');
    });
    const page = parsePagination(query.pagination, {
      defaultPageSize: PAGE_SIZE.collaborators,
      maxPageSize: PAGE_SIZE.collaborators,
    });
    for (const f of parseFilters(query.filters, ['exhibitor.id', 'exhibitor'])) {
      if (f.op !== '$eq' || intValue(f.value, f.path) !== user.id) {
        return { data: [], meta: { pagination: paginationMeta(page, 0) } };
      }
    }
    return listCollaborators(db, user.id, page, mail.now(), events);
  });

  /**
   * 'Informations' → 'Sauvegarder': one's own record, with only the fields of one's form. A new
   * e-mail waits for the link mailed to it (`meta.emailPending`), and needs the current password,
   * of which the account gets CURRENT_PASSWORD_TRIES tries in a window.
   */
  route(app, putUser, {}, async (request, reply) => {
    const user = currentUser(request);
    const id = idParam(request.params.id);
    // Someone else's record is not found, whoever asks; one's own is for exhibitors and collaborators.
    if (id !== user.id) throw notFound('Utilisateur introuvable.');
    assertAudience(request, AUDIENCES.exhibitorsAndTeams);
    const form = parseFormBody(
      infoFormSchema(user.type === 'exhibitor' ? exhibitorInfoSchema : collaboratorInfoSchema, user.email),
      request.body,
    );
    const { updated, emailPending } = await updateOwnInfo(db, mail, user, form, checkCurrentPassword(request, reply));
    if (emailPending) onQueued();
    // The directory lists exhibitors by company.
    if (user.type === 'exhibitor') directoryCache.clear();
    return { data: await loadUserView(db, updated.id), meta: { emailPending } };
  });

  /** The link mailed to a new sign-in address: the address changes and the page is signed in. */
  route(app, postConfirmEmail, linkPage, async (request) => {
    const user = await confirmEmailChange(db, mail, request.body.token);
    onQueued();
    return signedInAs(user);
  });

  /** The invitation page, before the person decides: who invites them, and whether a password is needed. */
  route(app, postInvitationView, linkPage, async (request) => ({
    data: await viewInvitation(db, request.body.token, mail.now()),
    meta: {},
  }));

  /** 'Accepter l'invitation': the person joins the exhibitor's team and is signed in. */
  route(app, postInvitationAccept, linkPage, async (request) => {
    const form = request.body;
    return signedInAs(await acceptInvitation(db, form.token, form.password, mail.now()));
  });

  /**
   * 'Reprendre mes collaborateurs de 2024': who of the team of the last edition the exhibitor
   * exhibited at is not in this one's yet, and inviting them again (former-team.service).
   */
  route(app, getFormerTeam, {}, async (request) => {
    const user = currentUser(request);
    return { data: await formerTeam(db, user.id, mail.now()), meta: {} };
  });
  route(app, postFormerTeam, {}, async (request) => {
    const user = currentUser(request);
    const result = await inviteFormerTeam(db, mail, user);
    if (result.invited) onQueued();
    return { data: result, meta: {} };
  });

  /** Cancels one of the exhibitor's pending invitations (a row of 'Collaborateurs'). */
  route(app, deleteInvitation, {}, async (request) => {
    const user = currentUser(request);
    const id = idParam(request.params.id);
    if (id === null) throw notFound('Invitation introuvable.');
    await cancelInvitation(db, user.id, id, mail.now());
    return { data: { id }, meta: {} };
  });

  /** Deletes one of the exhibitor's collaborators (after the screen's confirmation). */
  route(app, deleteUser, {}, async (request) => {
    const user = currentUser(request);
    const id = idParam(request.params.id);
    if (id === null) throw notFound('Collaborateur introuvable.');
    await deleteCollaborator(db, user.id, id, mail.now());
    return { data: { id }, meta: {} };
  });

  /**
   * 'Ajouter un collaborateur'. The specification's call table sends it to
   * `auth/local/register/` (with the trailing slash); without it, that path is the visitor
   * registration (domains/registration/visitors.routes.ts). The router ignores trailing slashes everywhere else, so this
   * route asks for the slash (lib/trailing-slash.ts). 201 with `{ id, registrationId }` for a new account, or
   * `{ invitation }` for an existing person, who must accept first.
   */
  route(app, postCollaborator, { constraints: ONLY_WITH_TRAILING_SLASH }, async (request, reply) => {
    const user = currentUser(request);
    const created = await createCollaborator(db, mail, user, request.body);
    onQueued();
    return reply.status(201).send({ data: created, meta: {} });
  });

  /** 'Renvoyer l'accès' ('Accès envoyé avec succès.'): a new set-password link. */
  route(
    app,
    postCollaboratorAccess,
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const user = currentUser(request);
      const id = idParam(request.params.id);
      if (id === null) throw notFound('Collaborateur introuvable.');
      await resendAccess(db, mail, user.id, id);
      onQueued();
      return { data: { sent: true }, meta: {} };
    },
  );
};
