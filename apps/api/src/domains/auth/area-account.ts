import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { AREA_REGISTRATION_TYPES } from '@salon/shared';
import type { Db } from '../../db/client';
import { halls, media, participationInvitations, registrations, roles, users } from '../../db/schema';
import { currentEdition, showRegistration } from '../show/current-edition';
import { notFound } from '../../lib/errors';
import { serializeMedia } from '../media/media-view';

/**
 * The exhibitor or collaborator registration that opens the exhibitor area to `userId` for the
 * current edition, as a subquery of its id (null: none): live, the person's own badge, and, for a
 * returning exhibitor's registration made when it confirmed its participation from the mailed
 * invitation ('Inviter les exposants de 2024'), confirmed by the organiser. The sign-in, the
 * link pages and every signed-in request (plugins/auth.ts) ask this one rule, so an edition switch
 * closes the area to whoever has no registration for the new edition, sessions included. A
 * session lets `revoked` ones in: a revoked badge comes with a deactivated or deleted account,
 * which ends the session by itself, and the area shows the badge as revoked.
 */
export const areaRegistrationId = (userId: SQLWrapper, options: { revoked?: boolean } = {}) => sql<
  number | null
>`(select r.id from ${registrations} r
  where r.user_id = ${userId} and r.event_id = ${currentEdition} and r.type in ('exhibitor', 'collaborator')
    and r.conference_id is null ${options.revoked ? sql`` : sql`and r.revoked_at is null`}
    and (r.confirmed or not exists (select 1 from ${participationInvitations} i
      where i.user_id = r.user_id and i.event_id = r.event_id and i.answered_at is not null))
  order by r.id limit 1)`;

/** The registration that opens the exhibitor area (areaRegistrationId), with its hall. */
export async function findAreaRegistration(db: Db, userId: number) {
  const [row] = await db
    .select({ registration: registrations, gate: halls })
    .from(registrations)
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .where(eq(registrations.id, areaRegistrationId(sql`${userId}::int`)))
    .limit(1);
  return row ?? null;
}

/** One of the person's live badges as the user record lists it (the collaborators' list's shape). */
export interface RegistrationItem {
  id: number;
  type: string;
  confirmed: boolean;
  booth: string | null;
  event: { id: number };
  gate: { id: number; name: string } | null;
}

/**
 * The person's live badges, oldest first (conference seats aside), as a column of a query on
 * `users`: the specification's `registrations` list of the user record (`auth/local`, `users/me`)
 * lists them all; the collaborators' list, its collaborator badges of the editions asked (two
 * different editions at once: none is of both).
 */
export const registrationItems = ({ type, events = [] }: { type?: 'collaborator'; events?: number[] } = {}) => {
  const editions = [...new Set(events)];
  const ofType = type ? sql`and r.type = ${type}` : sql``;
  const ofEdition =
    editions.length > 1 ? sql`and false` : editions.length ? sql`and r.event_id = ${editions[0]}` : sql``;
  return sql<RegistrationItem[]>`coalesce((select json_agg(json_build_object(
    'id', r.id, 'type', r.type, 'confirmed', r.confirmed, 'booth', r.booth,
    'event', json_build_object('id', r.event_id),
    'gate', case when g.id is null then null else json_build_object('id', g.id, 'name', g.name) end
  ) order by r.id)
  from ${registrations} r left join ${halls} g on g.id = r.gate_id
  where r.user_id = "users"."id" and r.conference_id is null and r.revoked_at is null ${ofType} ${ofEdition}), '[]'::json)`;
};

/**
 * The user as the API shows it: hall and stand come from the current edition’s registration,
 * `registrations` lists the person's badges. Never the password hash nor the session version.
 */
export async function loadUserView(db: Db, userId: number) {
  // One round trip: this runs on every users/me and every sign-in.
  const [row] = await db
    .select({
      user: users,
      role: roles,
      avatar: media,
      booth: registrations.booth,
      hall: halls.name,
      registrations: registrationItems(),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(media, eq(media.id, users.avatarId))
    .leftJoin(
      registrations,
      and(eq(registrations.userId, users.id), showRegistration({ types: AREA_REGISTRATION_TYPES })),
    )
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Utilisateur introuvable.');
  const { user } = row;
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
    numero_stand: row.booth ?? null,
    hall: row.hall ?? null,
    type: user.type,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    exhibitor: user.exhibitorId,
    role: { id: row.role.id, name: row.role.name, type: row.role.type },
    avatar: serializeMedia(row.avatar),
    registrations: row.registrations,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type UserView = Awaited<ReturnType<typeof loadUserView>>;
