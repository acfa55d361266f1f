import { count, desc, eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, ENQUIRY_STATUSES, asLanguage, type EnquiryFollowUpForm } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { demandesExposants, enquiryColumns, mailOutbox } from '../../db/schema';
import type { MailLinks } from '../mail/links';
import { loadEvent } from '../show/edition';
import { exposerUrl, standLinkMail } from '../stand-sales/hold-mails';
import { badRequest, notFound } from '../../lib/errors';
import { parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';

/** The exhibitor enquiries sent from the home page, and the organisers' follow-up. */

/** An enquiry as the follow-up shows it: what was sent, then the organisers' follow-up. */
const followUpColumns = {
  ...enquiryColumns,
  language: demandesExposants.language,
  status: demandesExposants.status,
  notes: demandesExposants.notes,
  exhibitorId: demandesExposants.exhibitorId,
  createdAt: demandesExposants.createdAt,
};

/** A page of the enquiries, as the list query (sort, range, filter) asks. */
export async function listEnquiries(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: { id: demandesExposants.id, createdAt: demandesExposants.createdAt, status: demandesExposants.status },
    defaultSort: [desc(demandesExposants.createdAt), desc(demandesExposants.id)],
    filters: {
      q: searchFilter(demandesExposants.nom, demandesExposants.email, demandesExposants.societe),
      status: (value) => {
        const status = ENQUIRY_STATUSES.find((s) => s === value);
        if (!status) throw badRequest(`Filtre status : ${ENQUIRY_STATUSES.join(', ')}.`);
        return eq(demandesExposants.status, status);
      },
    },
  });
  const { rows, total } = await readPage(
    list,
    db.select(followUpColumns).from(demandesExposants).$dynamic(),
    db.select({ n: count() }).from(demandesExposants).$dynamic(),
  );
  return { list, rows, total };
}

export async function getEnquiry(db: Db | Tx, id: number) {
  const [row] = await db.select(followUpColumns).from(demandesExposants).where(eq(demandesExposants.id, id));
  if (!row) throw notFound('Demande introuvable.');
  return row;
}

/** A converted enquiry stays 'converti': its exhibitor exists. */
export function followUpEnquiry(db: Db, now: Date, organiserId: number, id: number, form: EnquiryFollowUpForm) {
  return db.transaction(async (tx) => {
    const before = await getEnquiry(tx, id);
    if (before.exhibitorId && form.status !== 'converti')
      throw badRequest('Données invalides.', { errors: [{ path: ['body', 'status'], message: 'alreadyConverted' }] });
    await tx
      .update(demandesExposants)
      .set({ status: form.status, notes: form.notes || null, handledAt: form.status === 'nouveau' ? null : now })
      .where(eq(demandesExposants.id, id));
    const after = await getEnquiry(tx, id);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'PUT /admin/enquiries/:id',
      resource: 'enquiries',
      recordId: id,
      before,
      after,
    });
    return after;
  });
}

/** How long the link to /exposer mailed from an enquiry's follow-up works. */
const STAND_LINK_SECONDS = 60 * 24 * 3600;

/**
 * Mails the enquirer, in its language, the link to choose and hold a stand on /exposer: its form
 * starts from what the enquiry said, and the booking is the enquiry's.
 */
export function sendStandLink(db: Db, mail: MailLinks, organiserId: number, id: number) {
  return db.transaction(async (tx) => {
    const enquiry = await getEnquiry(tx, id);
    const token = mail.links.sign('enquiry_stand', id, STAND_LINK_SECONDS, mail.now());
    const lang = asLanguage(enquiry.language);
    const url = `${exposerUrl(mail.publicUrl)}?${new URLSearchParams({ demande: token, ...(lang === DEFAULT_LANGUAGE ? {} : { lang }) }).toString()}`;
    await tx
      .insert(mailOutbox)
      .values({ to: enquiry.email, ...standLinkMail(lang, await loadEvent(tx), enquiry.nom, url) });
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/enquiries/:id/stand-link',
      resource: 'enquiries',
      recordId: id,
      before: { status: enquiry.status },
      after: { status: enquiry.status, standLinkSent: true },
    });
  });
}
