import { and, eq, sql } from 'drizzle-orm';
import { AREA_REGISTRATION_TYPES } from '@salon/shared';
import type { Db } from '../../db/client';
import { gates, media, participationInvitations, registrations, roles, users } from '../../db/schema';
import { showRegistration } from '../editions/current-edition';

type UserRow = typeof users.$inferSelect;
type MediaRow = typeof media.$inferSelect;

export function mediaUrl(m: Pick<MediaRow, 'path'>): string {
  return `/uploads/${m.path}`;
}

export function serializeMedia(m: MediaRow | null | undefined) {
  if (!m) return null;
  const url = mediaUrl(m);
  // Logos are small vectors or already-sized images: every format is the original file.
  return {
    id: m.id,
    name: m.name,
    alternativeText: m.alt,
    mime: m.mime,
    width: m.width,
    height: m.height,
    url,
    formats: { small: { url }, thumbnail: { url } },
  };
}

/**
 * A returning exhibitor's registration, made when it confirmed its participation from the mailed
 * invitation ('Inviter les exposants de 2024'), opens the area once the organiser confirms it:
 * until then the account signs in as one without a registration does not.
 */
const notAwaitingOrganiser = sql`(${registrations.confirmed} or not exists (select 1 from ${participationInvitations} i
  where i.user_id = ${registrations.userId} and i.event_id = ${registrations.eventId} and i.answered_at is not null))`;

/** The exhibitor or collaborator registration that opens the exhibitor area for the current edition. */
export async function findAreaRegistration(db: Db, userId: number) {
  const [row] = await db
    .select({ registration: registrations, gate: gates })
    .from(registrations)
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .where(
      and(eq(registrations.userId, userId), showRegistration({ types: AREA_REGISTRATION_TYPES }), notAwaitingOrganiser),
    )
    .limit(1);
  return row ?? null;
}

/** The user as the API shows it: hall and stand come from the current edition’s registration. */
export async function loadUserView(db: Db, user: UserRow) {
  // One round trip: this runs on every users/me and every sign-in.
  const [row] = await db
    .select({ role: roles, avatar: media, booth: registrations.booth, hall: gates.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(media, eq(media.id, users.avatarId))
    .leftJoin(
      registrations,
      and(eq(registrations.userId, users.id), showRegistration({ types: AREA_REGISTRATION_TYPES })),
    )
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .where(eq(users.id, user.id))
    .limit(1);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    phone: user.phone,
    company: user.company,
    jobPosition: user.jobPosition,
    secteur_activite: user.secteurActivite,
    businessSector: user.businessSector,
    adresse: user.adresse,
    pays: user.pays,
    numero_stand: row?.booth ?? null,
    hall: row?.hall ?? null,
    type: user.type,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    exhibitor: user.exhibitorId,
    role: row ? { id: row.role.id, name: row.role.name, type: row.role.type } : null,
    avatar: serializeMedia(row?.avatar),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type UserView = Awaited<ReturnType<typeof loadUserView>>;
