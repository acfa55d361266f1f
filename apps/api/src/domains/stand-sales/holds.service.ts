import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, asLanguage, holdEnd, type Clock, type StandBookingForm } from '@salon/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { auditLog, bookingStands, mailOutbox, standBookings, stands as standsTable } from '../../db/schema';
import { HttpError, isUniqueViolation } from '../../lib/errors';
import { mayMail } from '../mail/recipient-caps';
import { loadEvent } from '../show/edition';
import { editionById } from '../show/current-edition';
import { exposerUrl, holdExpiredMail, holdMail, holdOrganiserMail } from './hold-mails';
import { readTerms, saleInForce, standsForSale, type OfferTerms } from './offer.service';
import { bookingReference, oneIsland, totalsOf } from './pricing';

/**
 * Holds on stands: a company picks adjoining stands of the plan, the server prices them and
 * holds them until a date. Two companies on one stand at the same moment, on any instance: the
 * unique index of `booking_stands` lets one through, and the other is told the stand is taken.
 * An option past its date frees its stands (the job below, or the next hold on them) and says so
 * by mail.
 */

/** A refusal the form shows under a field: `key` is a message key of the site and the back-office. */
const fieldRefusal = (
  status: number,
  field: string,
  key: string,
  message: string,
  values: Record<string, unknown> = {},
) => new HttpError(status, message, { code: key, ...values, errors: [{ path: ['body', field], message: key }] });

export const salesClosed = () =>
  new HttpError(404, 'La réservation de stands en ligne n’est pas ouverte.', { code: 'salesClosed' });

/**
 * The stands asked for are another company's. `known`: those of them read taken from the database
 * (else one of them is, which the index said without naming it).
 */
export const standTakenRefusal = (numbers: string[], known: string[] = []) =>
  Object.assign(
    fieldRefusal(409, 'stands', 'standTaken', `Stand déjà pris : ${numbers.join(', ')}.`, { stands: numbers }),
    { takenStands: known },
  );

/** The stands a refusal knows to be taken, when it is one. */
export const takenStandsOf = (error: unknown): string[] =>
  (error as { takenStands?: string[] } | null)?.takenStands ?? [];

/**
 * The stands asked for, priced and checked: for sale, free, in one island, at least the minimum
 * area. `exhibitor`: a returning exhibitor's own link, to which its stand kept for it is free.
 */
export async function quoteStands(
  db: Db | Tx,
  edition: number,
  numbers: string[],
  now: Date,
  known?: OfferTerms,
  exhibitor: number | null = null,
) {
  const terms = known ?? (await readTerms(db, edition));
  if (!terms.open) throw salesClosed();
  const wanted = numbers.map((n) => n.toLowerCase());
  const found = await standsForSale(
    db,
    edition,
    now,
    inArray(sql`lower(${standsTable.number})`, wanted),
    terms,
    exhibitor,
  );
  const missing = numbers.filter((n) => !found.some((s) => s.number.toLowerCase() === n.toLowerCase()));
  if (missing.length)
    throw fieldRefusal(400, 'stands', 'standNotForSale', `Stand non proposé à la vente : ${missing.join(', ')}.`, {
      stands: missing,
    });
  const taken = found.filter((s) => s.state !== 'free');
  // A stand kept for a returning exhibitor is not remembered as taken: its own link may come next.
  if (taken.length)
    throw standTakenRefusal(
      taken.map((s) => s.number),
      taken.filter((s) => !s.kept).map((s) => s.number),
    );
  if (new Set(found.map((s) => s.gateId)).size > 1 || !oneIsland(found))
    throw fieldRefusal(400, 'stands', 'notAdjoining', 'Les stands choisis doivent se toucher, dans un même hall.');
  const area = found.reduce((sum, s) => sum + s.area, 0);
  if (area < terms.minimumArea)
    throw fieldRefusal(400, 'stands', 'belowMinimumArea', `Surface minimale : ${terms.minimumArea} m².`, {
      minimumArea: terms.minimumArea,
    });
  const totals = totalsOf(
    found.map((s) => s.price),
    terms.vatRate,
  );
  return { terms, stands: found, area, ...totals };
}

export interface HoldLinks {
  publicUrl: string;
  organiserEmail: string;
}

/**
 * Holds the stands for the company, in one transaction: nothing is kept when any check fails.
 * Answers the booking's reference, its date and its price.
 */
export async function holdStands(
  db: Db,
  clock: Clock,
  edition: number,
  form: StandBookingForm,
  links: HoldLinks,
  enquiryId: number | null = null,
  /** The returning exhibitor whose link this is: its stand kept for it is free to it, and the booking is its account's. */
  exhibitor: number | null = null,
) {
  const lang = asLanguage(form.lang ?? DEFAULT_LANGUAGE);
  try {
    return await db.transaction(async (tx) => {
      const now = clock();
      const sale = await saleInForce(tx, edition);
      if (!sale?.terms.open || !sale.conditions) throw salesClosed();
      const { terms, conditions } = sale;
      if (conditions.version !== form.conditionsVersion)
        throw fieldRefusal(
          409,
          'accept',
          'conditionsChanged',
          `Les conditions générales de vente ont changé (version ${conditions.version}) : lisez-les et acceptez-les à nouveau.`,
          { conditionsVersion: conditions.version },
        );
      let quote = await quoteStands(tx, edition, form.stands, now, terms, exhibitor);
      // Options past their date on these stands end now, as the job would: their stands are free.
      if (quote.stands.some((s) => s.lapsed)) {
        await expireHolds(tx, now, links.publicUrl, form.stands);
        quote = await quoteStands(tx, edition, form.stands, now, terms, exhibitor);
      }
      const holdUntil = holdEnd(now, terms.holdDays);
      const {
        lang: _lang,
        accept: _accept,
        stands: _stands,
        conditionsVersion: _version,
        enquiry: _enquiry,
        priority: _priority,
        ...identity
      } = form;
      const event = sale.show;
      const id = sale.nextId;
      const reference = bookingReference(Number(event.startsOn.slice(0, 4)), id);
      await tx.insert(standBookings).values({
        ...identity,
        id,
        eventId: edition,
        enquiryId,
        exhibitorId: exhibitor,
        reference,
        holdUntil,
        language: lang,
        conditionsId: conditions.id,
        totalExclTax: quote.totalExclTax,
        vat: quote.vat,
        vatRate: terms.vatRate,
      });
      await tx.insert(bookingStands).values(
        quote.stands.map((s) => ({
          bookingId: id,
          eventId: edition,
          number: s.number,
          hall: s.hall,
          className: s.className,
          area: s.area,
          corner: s.corner,
          pricePerM2: s.pricePerM2,
          price: s.price,
        })),
      );
      const held = {
        ...identity,
        reference,
        holdUntil,
        totalExclTax: quote.totalExclTax,
        vat: quote.vat,
        conditionsVersion: conditions.version,
        stands: quote.stands,
      };
      const conditionsUrl = new URL(conditions.url, links.publicUrl).href;
      const toCompany = (await mayMail(tx, form.email, 'standHold'))
        ? [
            {
              to: form.email,
              kind: 'standHold',
              ...holdMail(lang, event, held, { choose: exposerUrl(links.publicUrl), conditions: conditionsUrl }),
            },
          ]
        : [];
      await tx.insert(mailOutbox).values([...toCompany, { to: links.organiserEmail, ...holdOrganiserMail(held) }]);
      return {
        reference,
        holdUntil,
        stands: quote.stands.map((s) => ({ number: s.number, hall: s.hall, area: s.area, price: s.price })),
        area: quote.area,
        totalExclTax: quote.totalExclTax,
        vat: quote.vat,
        totalInclTax: quote.totalInclTax,
      };
    });
  } catch (error) {
    // Another company's hold on one of these stands committed first: the index decided.
    if (isUniqueViolation(error)) throw standTakenRefusal(form.stands);
    throw error;
  }
}

/**
 * Ends the options past their date (all of them, or those holding one of `numbers`): each
 * booking 'Annulé' for 'expired', its stands free again, a mail to the company and an audit
 * entry without a user. Answers how many ended.
 */
export async function expireHolds(tx: Tx, now: Date, publicUrl: string, numbers?: string[]): Promise<number> {
  const due = await tx
    .select({
      id: standBookings.id,
      eventId: standBookings.eventId,
      reference: standBookings.reference,
      email: standBookings.email,
      contactName: standBookings.contactName,
      language: standBookings.language,
    })
    .from(standBookings)
    .where(
      and(
        eq(standBookings.status, 'option'),
        lte(standBookings.holdUntil, now),
        numbers
          ? sql`exists (select 1 from ${bookingStands} bs where bs.booking_id = "stand_bookings"."id"
              and bs.released_at is null and lower(bs.number) in (${sql.join(
                numbers.map((n) => sql`${n.toLowerCase()}`),
                sql`, `,
              )}))`
          : undefined,
      ),
    )
    .orderBy(standBookings.id)
    .limit(500)
    // Two instances expiring at once: each takes the options the other has not.
    .for('update', { skipLocked: true });
  if (!due.length) return 0;
  const ids = due.map((b) => b.id);
  await tx
    .update(standBookings)
    .set({ status: 'cancelled', endReason: 'expired' })
    .where(inArray(standBookings.id, ids));
  const released = await tx
    .update(bookingStands)
    .set({ releasedAt: now })
    .where(and(inArray(bookingStands.bookingId, ids), isNull(bookingStands.releasedAt)))
    .returning({ bookingId: bookingStands.bookingId, number: bookingStands.number });
  for (const b of due) {
    const stands = released.filter((s) => s.bookingId === b.id);
    const event = await loadEvent(tx, editionById(b.eventId));
    await tx.insert(mailOutbox).values({
      to: b.email,
      ...holdExpiredMail(asLanguage(b.language), event, { ...b, stands }, exposerUrl(publicUrl)),
    });
  }
  // No organiser did this: each entry has no user, and says which rule did it.
  await tx.insert(auditLog).values(
    due.map((b) => ({
      userId: null,
      action: 'stand holds expiry',
      resource: 'stand-bookings',
      recordId: String(b.id),
      before: { status: 'option' },
      after: { status: 'cancelled', endReason: 'expired', at: now },
    })),
  );
  return due.length;
}

/** Key of the advisory lock the expiry job takes, so one instance at a time runs it. */
const EXPIRY_LOCK = 0x686f6c64; // 'hold'
const EXPIRY_EVERY_MS = 60_000;

export interface HoldExpiryDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  onQueued: () => void;
}

/** One pass of the job: every option past its date ends. Answers how many. */
export async function runHoldExpiry({ db, clock, publicUrl, log, onQueued }: HoldExpiryDeps): Promise<number> {
  const ended = await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${EXPIRY_LOCK}) as locked`,
    );
    if (!lock?.locked) return 0;
    return expireHolds(tx, clock(), publicUrl);
  });
  if (ended) {
    log.info({ ended }, 'stand holds expired');
    onQueued();
  }
  return ended;
}

/** Runs the expiry every minute until stopped (it waits for a pass in progress). */
export function startHoldExpiry(deps: HoldExpiryDeps) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runHoldExpiry(deps).catch((err: unknown) => deps.log.error({ err }, 'stand hold expiry failed'));
  }, EXPIRY_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
