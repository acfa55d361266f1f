import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptInvitationSchema, participationSchema } from '@salon/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { idParam, parseFormBody } from '../../lib/query-params';
import { currentUser } from '../../plugins/auth';
import type { AdminDeps } from '../back-office/deps';
import { recordAudit } from '../back-office/audit.service';
import type { MailLinks } from '../registration/visitors.service';
import {
  confirmParticipation,
  inviteReturningExhibitors,
  participationPlan,
  viewParticipation,
} from './participation.service';
import { announceEdition, announcementPlan } from './announcement';

/** The page of the mailed link: a guessed secret gets few tries. */
const linkPage = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };

/**
 * The exhibitor's side of 'Inviter les exposants de 2024': the page of the mailed link shows its
 * details (`view`), then confirms its participation in the current edition (`confirm`).
 */
export const participationRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailLinks }> = async (app, { db, mail }) => {
  const tags = ['editions'];

  app.post('/participation/view', { schema: { tags }, ...linkPage }, async (request) => {
    const form = parseFormBody(acceptInvitationSchema, request.body);
    return { data: await viewParticipation(db, form.token, mail.now()), meta: {} };
  });

  app.post('/participation/confirm', { schema: { tags }, ...linkPage }, async (request) => {
    const form = parseFormBody(participationSchema, request.body);
    return { data: await confirmParticipation(db, form, mail.now()), meta: {} };
  });
};

/**
 * The organisers' side, under /admin: how many exhibitors of a past edition an invitation would
 * reach, and sending it; how many newsletter subscribers the current edition's invitation would
 * reach, and sending it (each audited).
 */
export const adminParticipationRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, mail, onQueued }) => {
  const tags = ['admin'];
  const editionId = (params: unknown) => {
    const id = idParam((params as { id: string }).id);
    if (id === null) throw notFound('Édition introuvable.');
    return id;
  };

  app.get('/editions/:id/invite-exhibitors', { schema: { tags } }, async (request) =>
    participationPlan(db, editionId(request.params)),
  );

  app.post('/editions/:id/invite-exhibitors', { schema: { tags } }, async (request) => {
    const id = editionId(request.params);
    const sent = await db.transaction(async (tx) => {
      const before = await participationPlan(tx, id);
      const result = await inviteReturningExhibitors(tx, mail, id);
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'POST /admin/editions/:id/invite-exhibitors',
        resource: 'editions',
        recordId: id,
        before,
        after: result,
      });
      return result;
    });
    if (sent.invited) onQueued();
    return sent;
  });

  // 'Inviter les abonnés à la newsletter', on the current edition (announcement.ts).
  app.get('/editions/:id/announce', { schema: { tags } }, async (request) =>
    announcementPlan(db, editionId(request.params)),
  );

  app.post('/editions/:id/announce', { schema: { tags } }, async (request) => {
    const id = editionId(request.params);
    const sent = await db.transaction(async (tx) => {
      const before = await announcementPlan(tx, id);
      const result = await announceEdition(tx, mail, id);
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'POST /admin/editions/:id/announce',
        resource: 'editions',
        recordId: id,
        before,
        after: result,
      });
      return result;
    });
    if (sent.sent) onQueued();
    return sent;
  });
};
