import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { pickFilled } from '@salon/shared';
import { queryRows, type Db, type Tx } from '../../../db/client';
import { conferences, editions, halls, planFeatures, registrations, stands, users } from '../../../db/schema';
import { listedExhibitorOf } from '../../directory/directory.service';
import { registrationsWithHolder } from '../../show/registration-joins';

/**
 * What the PDFs are made of, and the fingerprints that say when they must be made again. A
 * fingerprint hashes, in the database, exactly the columns a PDF prints: any change to them,
 * however it was written (API, back-office, SQL by hand), gives a new one; nothing else does.
 */

export interface ConferenceRow {
  id: number;
  number: string;
  kind: 'conference' | 'academy' | 'sponsor';
  title: string;
  theme: string | null;
  description: string | null;
  day: string;
  startsAt: string;
  endsAt: string;
}

export interface HallRow {
  id: number;
  name: string;
  position: number;
}

export interface ExhibitorRow {
  registrationId: number;
  company: string;
  sector: string | null;
  country: string | null;
  booth: string | null;
  gateId: number | null;
  hall: string | null;
}

export interface Fingerprint {
  /** md5 hex of the printed data. */
  hash: string;
  /** When that data last changed, as far as the rows say; the PDF's creation date. */
  changedAt: Date;
}

export type PdfKind = 'programme' | 'catalogue' | 'plan';

const listedRows = (
  edition: SQLWrapper,
) => sql`select row(${registrations.id}, ${registrations.gateId}, ${registrations.booth},
    ${users.company}, ${users.secteurActivite}, ${users.pays})::text as printed, ${registrations.id} as id,
    greatest(${registrations.updatedAt}, ${users.updatedAt}) as changed
  from ${registrations} inner join ${users} on ${users.id} = ${registrations.userId} where ${listedExhibitorOf(edition)}`;

/**
 * One query, cheap enough to run on every request, 304s included. The date is hashed too, so
 * that one fingerprint always means the very same bytes, on every instance.
 */
export async function fingerprint(db: Db | Tx, kind: PdfKind, edition: SQLWrapper): Promise<Fingerprint> {
  const parts: SQL[] = [sql`md5(row(e.name, e.edition, e.starts_on, e.ends_on, e.city, e.theme)::text)`];
  if (kind === 'programme') {
    parts.push(sql`(select md5(coalesce(string_agg(c::text, '|' order by c.id), ''))
      from ${conferences} c where c.event_id = e.id)`);
  } else {
    // The catalogue prints hall names, the plan every hall even when empty, to its size.
    const hall =
      kind === 'plan'
        ? sql`row(g.id, g.name, g.position, g.plan_width, g.plan_height)`
        : sql`row(g.id, g.name, g.position)`;
    parts.push(sql`(select md5(coalesce(string_agg(${hall}::text, '|' order by g.id), ''))
      from ${halls} g where g.event_id = e.id)`);
    parts.push(sql`x.hash`);
    if (kind === 'plan') {
      parts.push(sql`(select md5(coalesce(string_agg(row(s.gate_id, s.number, s.x, s.y, s.width, s.height)::text, '|'
        order by s.id), '')) from ${stands} s where s.event_id = e.id)`);
      parts.push(sql`(select md5(coalesce(string_agg(row(f.gate_id, f.kind, f.label, f.x, f.y, f.width, f.height)::text,
        '|' order by f.id), '')) from ${planFeatures} f where f.event_id = e.id)`);
    }
  }
  const changed = kind === 'programme' ? sql`e.created_at` : sql`coalesce(x.changed, e.created_at)`;
  parts.push(sql`extract(epoch from ${changed})::text`);
  const query =
    kind === 'programme'
      ? sql`select md5(${sql.join(parts, sql` || ':' || `)}) as hash, ${changed} as changed_at
          from ${editions} e where e.id = ${edition}`
      : sql`with listed as (${listedRows(edition)}),
          x as (select md5(coalesce(string_agg(printed, '|' order by id), '')) as hash, max(changed) as changed
            from listed)
          select md5(${sql.join(parts, sql` || ':' || `)}) as hash, ${changed} as changed_at
          from ${editions} e, x where e.id = ${edition}`;
  const [row] = await queryRows<{ hash: string; changed_at: Date | string }>(db, query);
  if (!row) throw new Error('no such edition');
  return { hash: row.hash, changedAt: new Date(row.changed_at) };
}

export async function loadConferences(db: Db | Tx, edition: SQLWrapper): Promise<ConferenceRow[]> {
  const rows = await db
    .select({
      id: conferences.id,
      number: conferences.number,
      kind: conferences.kind,
      title: conferences.title,
      theme: conferences.theme,
      description: conferences.description,
      day: conferences.day,
      startsAt: conferences.startsAt,
      endsAt: conferences.endsAt,
    })
    .from(conferences)
    .where(eq(conferences.eventId, edition))
    .orderBy(asc(conferences.day), asc(conferences.startsAt), asc(conferences.id));
  // The programme is printed in French.
  return rows.map((c) => ({
    ...c,
    title: pickFilled('fr', c.title),
    theme: pickFilled('fr', c.theme) || null,
    description: pickFilled('fr', c.description) || null,
  }));
}

export async function loadHalls(db: Db | Tx, edition: SQLWrapper): Promise<HallRow[]> {
  return db
    .select({ id: halls.id, name: halls.name, position: halls.position })
    .from(halls)
    .where(eq(halls.eventId, edition))
    .orderBy(asc(halls.position), asc(halls.id));
}

/** In no particular order: each PDF sorts them its own way. */
export async function loadExhibitors(db: Db | Tx, edition: SQLWrapper): Promise<ExhibitorRow[]> {
  const rows = await registrationsWithHolder(db, {
    registrationId: registrations.id,
    company: users.company,
    sector: users.secteurActivite,
    country: users.pays,
    booth: registrations.booth,
    gateId: registrations.gateId,
    hall: halls.name,
  }).where(listedExhibitorOf(edition));
  return rows.map((r) => ({ ...r, company: (r.company ?? '').trim() }));
}
