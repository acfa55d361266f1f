import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AREA_REGISTRATION_TYPES, EVENT_ID } from '@salon/shared';
import type { Db } from '../db/client';
import { gates, media, registrations, roles, users } from '../db/schema';

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

/** The exhibitor or collaborator registration that opens the exhibitor area for event 7. */
export async function findAreaRegistration(db: Db, userId: number) {
  const [row] = await db
    .select({ registration: registrations, gate: gates })
    .from(registrations)
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .where(
      and(
        eq(registrations.userId, userId),
        eq(registrations.eventId, EVENT_ID),
        inArray(registrations.type, [...AREA_REGISTRATION_TYPES]),
        isNull(registrations.conferenceId),
        isNull(registrations.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The user as the API shows it: hall and stand come from the event-7 registration. */
export async function loadUserView(db: Db, user: UserRow) {
  const [area, role, avatar] = await Promise.all([
    findAreaRegistration(db, user.id),
    db.select().from(roles).where(eq(roles.id, user.roleId)).then((r) => r[0]),
    user.avatarId
      ? db.select().from(media).where(eq(media.id, user.avatarId)).then((r) => r[0])
      : Promise.resolve(undefined),
  ]);
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
    numero_stand: area?.registration.booth ?? null,
    hall: area?.gate?.name ?? null,
    type: user.type,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    exhibitor: user.exhibitorId,
    role: role ? { id: role.id, name: role.name, type: role.type } : null,
    avatar: serializeMedia(avatar),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type UserView = Awaited<ReturnType<typeof loadUserView>>;
