import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { asLanguage } from '@salon/shared';
import type { Db } from '../../db/client';
import { halls, registrations, users } from '../../db/schema';
import { renderBadgePdf, type BadgeData } from './badge-pdf';
import { createBadgePdfPool } from './badge-pdf-pool';
import { qrSvgPath } from './badge-qr';
import type { BadgeSigner } from './badge-token';
import type { AttachmentBuilder } from '../mail/attachments';
import { SHOW_NAME } from '../files/pdf/document';
import { currentShow } from '../show/show-facts';
import { currentEdition } from '../show/current-edition';
import { registrationsWithHolder } from '../show/registration-joins';

/** A registration's badge, as the PDF, the e-badge page and the mail attachment need it. */
export interface LoadedBadge {
  registrationId: number;
  userId: number;
  /** For a collaborator: the exhibitor it works for, who may also get its badge. */
  exhibitorId: number | null;
  data: BadgeData;
  /** The hall and stand of an exhibitor's or a collaborator's badge (the organiser's, copied). */
  place: { hall: string | null; stand: string | null };
}

/** 'badge-sib-2024-42.pdf': the badge's edition's year and its registration. */
export const badgeFileName = (badge: LoadedBadge) =>
  `badge-sib-${badge.data.event.startsOn.slice(0, 4)}-${badge.registrationId}.pdf`;

/**
 * Badges read from the data and signed with the badge key. The token's issue date is the
 * registration's, so the PDF, the mail and the e-badge page always show the same QR code.
 */
export function createBadgeService(db: Db, signer: BadgeSigner) {
  /** The mails' badges are drawn in a thread of their own (started with the first one). */
  const pdfThread = createBadgePdfPool();

  /** A live badge of the current edition (not revoked, account not deleted), or null. */
  async function load(registrationId: number): Promise<LoadedBadge | null> {
    return loadWhere(eq(registrations.id, registrationId));
  }

  async function loadWhere(which: SQL, live = true): Promise<(LoadedBadge & { live: boolean }) | null> {
    const [row] = await registrationsWithHolder(db, {
      live: sql<boolean>`coalesce(${registrations.eventId} = ${currentEdition} and ${registrations.revokedAt} is null and ${users.deletedAt} is null, false)`,
      id: registrations.id,
      eventId: registrations.eventId,
      type: registrations.type,
      createdAt: registrations.createdAt,
      userId: users.id,
      exhibitorId: users.exhibitorId,
      name: users.name,
      company: users.company,
      jobPosition: users.jobPosition,
      language: users.language,
      hall: halls.name,
      stand: registrations.booth,
    }).where(
      live
        ? and(
            which,
            eq(registrations.eventId, currentEdition),
            isNull(registrations.revokedAt),
            isNull(users.deletedAt),
          )
        : which,
    );
    if (!row) return null;
    const { event, hours } = await currentShow(db);
    const issuedAt = Math.floor(row.createdAt.getTime() / 1000);
    const lang = asLanguage(row.language);
    return {
      live: row.live,
      registrationId: row.id,
      userId: row.userId,
      exhibitorId: row.exhibitorId,
      place: { hall: row.hall, stand: row.stand },
      data: {
        token: signer.sign({ registrationId: row.id, type: row.type, eventId: row.eventId, issuedAt }),
        type: row.type,
        name: row.name,
        company: row.company,
        jobPosition: row.jobPosition,
        lang,
        event: {
          name: SHOW_NAME,
          edition: event.edition,
          startsOn: event.startsOn,
          endsOn: event.endsOn,
          city: event.city,
        },
        hours,
        issuedAt: row.createdAt,
      },
    };
  }

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return {
    load,
    /**
     * A registration's badge whatever its state, for the Wallet pass its devices keep: `live`
     * false once it is cancelled, its account deleted or its edition past (the pass is voided).
     */
    loadAnyState: (registrationId: number) => loadWhere(eq(registrations.id, registrationId), false),
    /** The badge whose e-badge link carries this key (anything else than a key: null). */
    loadByKey: (key: string) => (UUID.test(key) ? loadWhere(eq(registrations.badgeKey, key)) : Promise.resolve(null)),
    async pdf(badge: LoadedBadge): Promise<Buffer> {
      return renderBadgePdf(badge.data);
    },
    /** What the e-badge page shows: the holder, the type and the QR code as an SVG path. */
    view(badge: LoadedBadge) {
      const { data } = badge;
      return {
        registration: { id: badge.registrationId, type: data.type },
        name: data.name,
        company: data.company ?? null,
        jobPosition: data.jobPosition ?? null,
        lang: data.lang,
        token: data.token,
        qr: qrSvgPath(data.token),
        event: data.event,
        hours: data.hours.map((h) => ({ day: h.day, opens: h.opens.slice(0, 5), closes: h.closes.slice(0, 5) })),
      };
    },
    /** The mail outbox's `{ kind: 'badge', registrationId }` attachment. */
    attachment: (async (descriptor) => {
      const badge = await load(Number(descriptor.registrationId));
      if (!badge) throw new Error(`badge ${String(descriptor.registrationId)}: registration not found or revoked`);
      return {
        filename: badgeFileName(badge),
        content: await pdfThread.render(badge.data),
        contentType: 'application/pdf',
      };
    }) satisfies AttachmentBuilder,
    /** Ends the thread that draws the mails' badges (mails being sent: finish them first). */
    close: () => pdfThread.close(),
  };
}
export type BadgeService = ReturnType<typeof createBadgeService>;
