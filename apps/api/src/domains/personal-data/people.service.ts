import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { personalColumns, registrations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { editionFilterId, parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { textValue } from '../../lib/list-params';
import { recordAudit } from '../audit/audit.service';
import { currentEdition, showRegistration } from '../show/current-edition';
import { type MailLinks } from '../mail/links';
import { queueBadgeMail } from '../badges/badge-mail';
import { rotatePassTokens } from '../badges/wallet/pass-updates';

/** The people the back-office shows (visitors, and anyone but organisers by id), and a visitor's badge sent again. */

/**
 * The person's badge of the current show (their own type's, not a conference's) is revoked.
 * Written with qualified names: drizzle leaves a column bare where it thinks one table is in
 * play, and a bare "id" inside the subquery would be the registration's.
 */
const badgeRevoked = sql<boolean>`coalesce((
  select r.revoked_at is not null from registrations r
  where r.user_id = "users"."id" and r.event_id = ${currentEdition}
    and r.conference_id is null and r.type::text = "users"."type"::text
  limit 1), false)`.mapWith(Boolean);

/**
 * A person's own fields as the back-office lists them: all of them but the sign-in name (the
 * e-mail again) and the postal address (a collaborator's, kept in its area).
 */
const { username: _username, adresse: _adresse, ...listedFields } = personalColumns;

/** A person as the back-office shows them (`personRecordSchema`). */
export const personColumns = {
  id: users.id,
  ...listedFields,
  language: users.language,
  createdAt: users.createdAt,
  badgeRevoked,
  anonymisedAt: users.anonymisedAt,
};

/** Visitors the back-office lists: live accounts, erased ones included (they show as erased). */
export const isVisitor = and(eq(users.type, 'visitor'), isNull(users.deletedAt));

const exact = (column: typeof users.secteurActivite | typeof users.pays, name: string) => (value: unknown) => {
  const text = textValue(value, name);
  if (text === null) throw badRequest(`Filtre ${name} : un texte.`);
  return eq(column, text);
};

const visitorFilters: Record<string, (value: unknown) => SQL> = {
  q: searchFilter(users.name, users.email, users.company, users.phone),
  secteurActivite: exact(users.secteurActivite, 'secteurActivite'),
  pays: exact(users.pays, 'pays'),
  // The visitors registered for an edition (the back-office's list opens on the current one's).
  edition: (value) => {
    const id = editionFilterId(value, 'edition');
    return sql`exists (select 1 from registrations r where r.user_id = ${users.id} and r.event_id = ${id}
      and r.type = 'visitor' and r.conference_id is null)`;
  },
};

/** A page of the visitors, as the list query (sort, range, filter) asks. */
export async function listVisitors(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: { id: users.id, name: users.name, company: users.company, createdAt: users.createdAt },
    defaultSort: [desc(users.createdAt), desc(users.id)],
    filters: visitorFilters,
  });
  const { rows, total } = await readPage(
    list,
    db.select(personColumns).from(users).$dynamic(),
    db.select({ n: count() }).from(users).$dynamic(),
    isVisitor,
  );
  return { list, rows, total };
}

/** The visitors the export's filter keeps (the list's filters; no sort, no range). */
export function visitorsExportWhere(query: Record<string, unknown>) {
  const list = parseListQuery(query, { sortable: {}, defaultSort: [], filters: visitorFilters });
  return and(...list.where);
}

export async function getVisitor(db: Db | Tx, id: number) {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(isVisitor, eq(users.id, id)));
  if (!row) throw notFound('Visiteur introuvable.');
  return row;
}

/** The same record for anyone the people API may see (organisers are not among them). */
export async function getPerson(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ ...personColumns, type: users.type })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.type} <> 'organiser'`));
  if (!row) throw notFound('Personne introuvable.');
  return row;
}

// ---- Badge ---------------------------------------------------------------------------------------

/** Queues the visitor's badge mail again, as on registration; the caller wakes the mail worker. */
export function resendBadge(db: Db, ctx: MailLinks, organiserId: number, id: number) {
  return db.transaction(async (tx) => {
    const before = await getVisitor(tx, id);
    if (before.anonymisedAt) throw badRequest('Cette personne a été supprimée : il n’y a plus de badge à envoyer.');
    const [registration] = await tx
      .select({ id: registrations.id, revokedAt: registrations.revokedAt })
      .from(registrations)
      .where(and(eq(registrations.userId, id), showRegistration({ types: ['visitor'], revoked: true })));
    if (!registration) throw badRequest('Ce visiteur n’est pas inscrit au salon : il n’a pas de badge.');
    if (registration.revokedAt) throw badRequest('Le badge de ce visiteur est révoqué : il ne peut pas être renvoyé.');
    // The mail carries a pass with a new token: a copy of the pass sent before stops working.
    await rotatePassTokens(tx, [registration.id]);
    await queueBadgeMail(tx, ctx, registration.id);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/visitors/:id/resend-badge',
      resource: 'visitors',
      recordId: id,
      // Ids only: the audit log outlives an erasure and should not keep the person's details.
      before: { registrationId: registration.id },
      after: { registrationId: registration.id, badgeMail: 'queued' },
    });
    return { queued: true as const };
  });
}
