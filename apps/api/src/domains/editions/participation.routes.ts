import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import {
  ANNOUNCE_EDITION,
  INVITE_EXHIBITORS,
  postParticipationConfirm,
  postParticipationView,
  type MailingCalls,
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
    data: await viewParticipation(db, mail.links, request.body.token, mail.now()),
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
  const editionId = (value: string) => {
    const id = idParam(value);
    if (id === null) throw notFound('Édition introuvable.');
    return id;
  };

  /**
   * A mailing from an edition's page: `GET` says what it would reach (`plan`), `POST` sends it, in
   * one transaction with its audit entry (the plan as it stood before, what left after). Each
   * answers its call's contract.
   */
  function mailing<P extends z.ZodMiniType, S extends z.ZodMiniType>(
    calls: MailingCalls<P, S>,
    plan: (db: Db | Tx, id: number) => Promise<z.input<P>>,
    send: (tx: Tx, id: number) => Promise<z.input<S>>,
  ) {
    route(app, calls.plan, {}, async (request) => plan(db, editionId(request.params.id)));
    route(app, calls.send, {}, async (request) => {
      const id = editionId(request.params.id);
      const sent = await db.transaction(async (tx) => {
        const before = await plan(tx, id);
        const after = await send(tx, id);
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: `POST ${calls.send.path}`,
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
  mailing(INVITE_EXHIBITORS, participationPlan, (tx, id) => inviteReturningExhibitors(tx, mail, id));
  // 'Inviter les abonnés à la newsletter', on the current edition (announcement.ts).
  mailing(ANNOUNCE_EDITION, announcementPlan, (tx, id) => announceEdition(tx, mail, id));
};
