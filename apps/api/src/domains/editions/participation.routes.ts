import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import {
  announcementPlanSchema,
  announcementSentSchema,
  participationPlanSchema,
  participationSentSchema,
  postParticipationConfirm,
  postParticipationView,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { idParam } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import {
  confirmParticipation,
  inviteReturningExhibitors,
  participationPlan,
  viewParticipation,
} from './participation.service';
import { announceEdition, announcementPlan } from './announcement';
import { type MailLinks } from '../mail/links';

/** The page of the mailed link: a guessed secret gets few tries. */
const linkPage = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };

/**
 * The exhibitor's side of 'Inviter les exposants de 2024': the page of the mailed link shows its
 * details (`view`), then confirms its participation in the current edition (`confirm`).
 */
export const participationRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailLinks }> = async (app, { db, mail }) => {
  route(app, postParticipationView, linkPage, async (request) => ({
    data: await viewParticipation(db, request.body.token, mail.now()),
    meta: {},
  }));

  route(app, postParticipationConfirm, linkPage, async (request) => ({
    data: await confirmParticipation(db, request.body, mail.now()),
    meta: {},
  }));
};

/**
 * The organisers' side, under /admin: how many exhibitors of a past edition an invitation would
 * reach, and sending it; how many newsletter subscribers the current edition's invitation would
 * reach, and sending it (each audited).
 */
export const adminParticipationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mail: MailLinks;
  onQueued: () => void;
}> = async (app, { db, mail, onQueued }) => {
  const tags = ['admin'];
  const editionId = (params: unknown) => {
    const id = idParam((params as { id: string }).id);
    if (id === null) throw notFound('Édition introuvable.');
    return id;
  };

  /**
   * A mailing from an edition's page: `GET` says what it would reach (`plan`), `POST` sends it, in
   * one transaction with its audit entry (the plan as it stood before, what left after). Each
   * answers its contract (`answers`).
   */
  function mailing<Plan, Sent>(
    path: string,
    answers: { plan: z.ZodMiniType<Plan>; sent: z.ZodMiniType<Sent> },
    plan: (db: Db | Tx, id: number) => Promise<NoInfer<Plan>>,
    send: (tx: Tx, id: number) => Promise<NoInfer<Sent>>,
  ) {
    // Widened for Fastify, whose types cannot resolve a generic answer: the signature ties each to its contract.
    const planAnswer: z.ZodMiniType = answers.plan;
    const sentAnswer: z.ZodMiniType = answers.sent;
    app.get(`/editions/:id/${path}`, { schema: { tags, response: { 200: planAnswer } } }, async (request) =>
      plan(db, editionId(request.params)),
    );
    app.post(`/editions/:id/${path}`, { schema: { tags, response: { 200: sentAnswer } } }, async (request) => {
      const id = editionId(request.params);
      const sent = await db.transaction(async (tx) => {
        const before = await plan(tx, id);
        const after = await send(tx, id);
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: `POST /admin/editions/:id/${path}`,
          resource: 'editions',
          recordId: id,
          before,
          after,
        });
        return after;
      });
      onQueued();
      return sent;
    });
  }

  // 'Inviter les exposants de 2024', on a past edition (participation.service.ts).
  mailing(
    'invite-exhibitors',
    { plan: participationPlanSchema, sent: participationSentSchema },
    participationPlan,
    (tx, id) => inviteReturningExhibitors(tx, mail, id),
  );
  // 'Inviter les abonnés à la newsletter', on the current edition (announcement.ts).
  mailing('announce', { plan: announcementPlanSchema, sent: announcementSentSchema }, announcementPlan, (tx, id) =>
    announceEdition(tx, mail, id),
  );
};
