import { and, asc, eq, inArray } from 'drizzle-orm';
import { descriptionFields, EXHIBITOR_LINKS, exhibitorSlug, pickFilled, type ExhibitorPage } from '@salon/shared';
import type { Db } from '../../db/client';
import {
  conferenceExhibitors,
  conferences,
  exhibitorPages,
  halls,
  registrations,
  sectors,
  users,
} from '../../db/schema';
import { loadMedia } from '../media/media.service';
import { currentEdition } from '../show/current-edition';
import { listedExhibitorOf } from './directory.service';

/**
 * An exhibitor's page of the directory: a listed exhibitor of the current edition (the directory's
 * own scope), what its account and its page hold, its stand and the conferences it gives. Null
 * for anyone else, so that an id one higher tells nothing about an account.
 */
export async function loadExhibitorPage(db: Db, id: number): Promise<ExhibitorPage | null> {
  const [row] = await db
    .select({
      id: users.id,
      company: users.company,
      avatarId: users.avatarId,
      secteurActivite: users.secteurActivite,
      pays: users.pays,
      booth: registrations.booth,
      gateId: halls.id,
      gateName: halls.name,
      profile: exhibitorPages,
    })
    .from(users)
    .innerJoin(registrations, and(eq(registrations.userId, users.id), listedExhibitorOf(currentEdition)))
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .leftJoin(exhibitorPages, eq(exhibitorPages.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  const profile = row.profile;
  const sectorIds = profile?.sectorIds ?? [];
  const documentIds = profile?.documentIds ?? [];
  const [chosen, files, given] = await Promise.all([
    sectorIds.length
      ? db
          .select({ id: sectors.id, name: sectors.name })
          .from(sectors)
          .where(and(eq(sectors.kind, 'choice'), inArray(sectors.id, sectorIds)))
      : [],
    loadMedia(db, [row.avatarId, ...documentIds]),
    db
      .select({
        id: conferences.id,
        number: conferences.number,
        title: conferences.title,
        day: conferences.day,
        startsAt: conferences.startsAt,
        endsAt: conferences.endsAt,
      })
      .from(conferenceExhibitors)
      .innerJoin(conferences, eq(conferences.id, conferenceExhibitors.conferenceId))
      .where(and(eq(conferenceExhibitors.userId, id), eq(conferences.eventId, currentEdition)))
      .orderBy(asc(conferences.day), asc(conferences.startsAt), asc(conferences.number)),
  ]);
  const company = row.company!.trim();
  return {
    id: row.id,
    slug: exhibitorSlug(company, row.id),
    company,
    logo: files.get(row.avatarId),
    secteurActivite: row.secteurActivite,
    pays: row.pays,
    sectors: sectorIds.flatMap((sid) =>
      chosen
        .filter((s) => s.id === sid)
        .map((s) => ({ id: s.id, name: s.name, nameFr: pickFilled('fr', s.name), nameEn: pickFilled('en', s.name) })),
    ),
    ...descriptionFields(profile?.description ?? {}),
    brands: profile?.brands ?? [],
    links: EXHIBITOR_LINKS.flatMap((kind) => (profile?.[kind] ? [{ kind, url: profile[kind] }] : [])),
    gate: row.gateId === null ? null : { id: row.gateId, name: row.gateName! },
    booth: row.booth,
    documents: documentIds.flatMap((docId) => {
      const file = files.get(docId);
      return file?.mime === 'application/pdf' ? [file] : [];
    }),
    conferences: given.map(({ title, ...c }) => ({
      ...c,
      title,
      titleFr: pickFilled('fr', title),
      titleEn: pickFilled('en', title),
    })),
  };
}

/** The addresses of the current edition's listed exhibitors' pages, for the sitemap. */
export async function listedExhibitorSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, company: users.company })
    .from(users)
    .innerJoin(registrations, and(eq(registrations.userId, users.id), listedExhibitorOf(currentEdition)))
    .orderBy(asc(users.id));
  return rows.map((r) => exhibitorSlug(r.company!.trim(), r.id));
}
