import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  EXHIBITOR_PAGE_STATUSES,
  type ExhibitorPageForm,
  type ExhibitorPageStatus,
  type ExhibitorPageVersion,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { exhibitorPages, halls, registrations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import {
  applyForm,
  publishVersion,
  readVersions,
  statusOf,
  type PageVersions,
} from '../exhibitor-area/page-versions.service';
import { loadMedia } from '../media/media.service';
import { showRegistration } from '../show/current-edition';

/**
 * 'Fiches exposants': the organiser reviews the pages of the current edition's exhibitors. With
 * moderation on, an exhibitor's change waits as a pending version: 'Publier' puts it live,
 * 'Refuser' holds it with a reason the exhibitor reads (the public page stays as it was),
 * 'Corriger' publishes the organiser's corrected version. Each action audited.
 */

const ofThisEdition = and(
  eq(users.type, 'exhibitor'),
  isNull(users.deletedAt),
  eq(registrations.userId, users.id),
  showRegistration({ types: ['exhibitor'] }),
);

const statusCondition = (status: ExhibitorPageStatus): SQL =>
  status === 'live'
    ? isNull(exhibitorPages.pending)
    : and(isNotNull(exhibitorPages.pending), (status === 'held' ? isNotNull : isNull)(exhibitorPages.heldReason))!;

const rows = (db: Db | Tx) =>
  db
    .select({
      id: users.id,
      company: users.company,
      gate: halls.name,
      booth: registrations.booth,
      changedAt: exhibitorPages.updatedAt,
      pending: sql<boolean>`${exhibitorPages.pending} is not null`,
      reason: exhibitorPages.heldReason,
    })
    .from(users)
    .innerJoin(registrations, ofThisEdition)
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .leftJoin(exhibitorPages, eq(exhibitorPages.userId, users.id))
    .$dynamic();

type Row = Awaited<ReturnType<typeof rows>>[number];
const presentRow = ({ pending, ...row }: Row) => ({
  ...row,
  status: statusOf(pending ? true : null, row.reason),
});

/** A page of the list, as react-admin asks for it; `status` filters by where a page stands. */
export async function listExhibitorPages(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: {
      id: users.id,
      company: users.company,
      booth: registrations.booth,
      changedAt: exhibitorPages.updatedAt,
    },
    defaultSort: [sql`${exhibitorPages.updatedAt} desc nulls last`, asc(users.company), desc(users.id)],
    filters: {
      q: searchFilter(users.company, registrations.booth),
      status: (value) => {
        if (!EXHIBITOR_PAGE_STATUSES.includes(value as ExhibitorPageStatus))
          throw badRequest(`Filtre status : ${EXHIBITOR_PAGE_STATUSES.join(', ')}.`);
        return statusCondition(value as ExhibitorPageStatus);
      },
    },
  });
  const counted = db
    .select({ n: count() })
    .from(users)
    .innerJoin(registrations, ofThisEdition)
    .leftJoin(exhibitorPages, eq(exhibitorPages.userId, users.id))
    .$dynamic();
  const page = await readPage(list, rows(db), counted);
  return { list, rows: page.rows.map(presentRow), total: page.total };
}

/** A version as the back-office shows it, its files' records beside their ids. */
async function showVersion(db: Db | Tx, version: ExhibitorPageVersion) {
  const { documentIds, logoId, ...text } = version;
  const files = await loadMedia(db, [logoId, ...documentIds]);
  return { ...text, logo: files.get(logoId), documents: documentIds.flatMap((id) => files.get(id) ?? []) };
}

/** One page: its row, both versions, and the fields 'Corriger' edits. A 404 for anyone but an exhibitor of the current edition. */
export async function getExhibitorPage(db: Db | Tx, id: number) {
  const [row] = await rows(db).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Fiche exposant introuvable.');
  const versions = await readVersions(db, id);
  const { documentIds: _d, logoId: _l, ...fields } = versions.pending ?? versions.live;
  return {
    ...presentRow(row),
    ...fields,
    live: await showVersion(db, versions.live),
    pending: versions.pending && (await showVersion(db, versions.pending)),
  };
}

/** An organiser's action on a page, in one transaction with its audit entry: the page as it reads now. */
function act(
  db: Db,
  userId: number,
  id: number,
  action: string,
  change: (tx: Tx, versions: PageVersions) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const before = await getExhibitorPage(tx, id);
    await change(tx, await readVersions(tx, id));
    const after = await getExhibitorPage(tx, id);
    await recordAudit(tx, { userId, action, resource: 'exhibitor-pages', recordId: id, before, after });
    return after;
  });
}

const nothingPending = () => badRequest('Aucune modification n’attend de validation sur cette fiche.');

/** 'Publier': the pending version goes live. */
export const publishPage = (db: Db, userId: number, id: number) =>
  act(db, userId, id, 'POST /admin/exhibitor-pages/:id/publish', async (tx, versions) => {
    if (!versions.pending) throw nothingPending();
    await publishVersion(tx, id, versions.pending);
  });

/** 'Refuser': the pending version is held with a reason the exhibitor reads; the public page stays. */
export const holdPage = (db: Db, userId: number, id: number, reason: string) =>
  act(db, userId, id, 'POST /admin/exhibitor-pages/:id/hold', async (tx, versions) => {
    if (!versions.pending) throw nothingPending();
    await tx
      .update(exhibitorPages)
      .set({ heldReason: reason, updatedAt: new Date() })
      .where(eq(exhibitorPages.userId, id));
  });

/** 'Corriger': the version under review (pending, else live) changed by the organiser's form, published. */
export const correctPage = (db: Db, userId: number, id: number, form: ExhibitorPageForm) =>
  act(db, userId, id, 'PUT /admin/exhibitor-pages/:id', async (tx, versions) => {
    await publishVersion(tx, id, await applyForm(tx, id, versions.pending ?? versions.live, form));
  });
