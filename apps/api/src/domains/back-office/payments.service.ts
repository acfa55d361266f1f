import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CONFIRMED_STATUSES, normalizeEmail, type PaymentForm } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { bookingStands, payments, standBookings, stands, users } from '../../db/schema';
import { HttpError, isUniqueViolation, notFound } from '../../lib/errors';
import type { MailLinks } from '../mail/links';
import { recordAudit } from '../audit/audit.service';
import { currentEditionId } from '../show/current-edition';
import { settleStep } from '../stand-sales/invoicing.service';
import { readTerms } from '../stand-sales/offer.service';
import { getExhibitor } from './exhibitor-accounts.service';
import { confirmParticipationIn } from './exhibitor-actions.service';
import { createExhibitorIn } from './exhibitor-edits.service';
import { parseStatement, type StatementLine } from './statement-csv';

/**
 * Money received for confirmed bookings: a payment typed by an organiser, or the lines of a bank
 * statement matched by the booking's reference. A booking whose deposit is in is 'Acompte reçu',
 * whose invoices are all paid 'Soldé'; when it reaches the step the offer names, its company's
 * exhibitor account is opened for the edition (or its existing account joined to it) with its
 * stand, through the same records as the back-office's 'Exposants' form and its 'Confirmer'.
 */

type Booking = typeof standBookings.$inferSelect;

export interface PaymentDeps {
  db: Db;
  now: Date;
  organiserId: number;
  mail: MailLinks;
}

async function lockBookings(tx: Tx, ids: number[]): Promise<Booking[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(standBookings)
    .where(inArray(standBookings.id, ids))
    .orderBy(asc(standBookings.id))
    .for('update');
}

/**
 * Records payments of one locked, confirmed booking, then moves it on: 'Acompte reçu' once its
 * deposit is in, 'Soldé' once all is; its account opened at the step the offer names.
 */
async function recordIn(
  tx: Tx,
  deps: PaymentDeps,
  booking: Booking,
  received: (PaymentForm & { statementLine?: string })[],
  action: string,
) {
  await tx.insert(payments).values(
    received.map((p) => ({
      eventId: booking.eventId,
      bookingId: booking.id,
      amount: p.amount,
      receivedOn: p.receivedOn,
      method: p.method,
      label: p.label ?? '',
      statementLine: p.statementLine ?? null,
      createdBy: deps.organiserId,
    })),
  );
  const {
    status,
    account: { open: _open, ...account },
  } = await settleStep(tx, booking);
  const terms = await readTerms(tx, booking.eventId);
  // The account opens once, when the booking first reaches the step the offer names.
  const opensAt = (step: string) => step === 'paid' || (step === 'deposit' && terms.accountOn === 'deposit');
  const exhibitorId =
    opensAt(status) && !opensAt(booking.status) ? await openAccount(tx, deps, booking) : booking.exhibitorId;
  await recordAudit(tx, {
    userId: deps.organiserId,
    action,
    resource: 'stand-bookings',
    recordId: booking.id,
    before: { status: booking.status, exhibitorId: booking.exhibitorId },
    after: { status, exhibitorId, received: received.map((p) => p.amount), ...account },
  });
  return { status, exhibitorId, ...account };
}

/**
 * The company's exhibitor account for the booking's edition, with its first stand and that
 * stand's hall: the returning exhibitor whose link booked it, or a live exhibitor with the
 * booking's e-mail, is joined to the edition (its stand set when it had none); anyone else
 * (a visitor too) gets an account as the back-office makes one; either is confirmed and mailed.
 * An address that is a collaborator's or a staff member's opens nothing (the audit says so).
 */
async function openAccount(tx: Tx, deps: PaymentDeps, booking: Booking): Promise<number | null> {
  if (booking.eventId !== (await currentEditionId(tx))) return null;
  const [first] = await tx
    .select({ number: bookingStands.number, gateId: stands.gateId })
    .from(bookingStands)
    .leftJoin(
      stands,
      and(eq(stands.eventId, bookingStands.eventId), sql`lower(${stands.number}) = lower(${bookingStands.number})`),
    )
    .where(and(eq(bookingStands.bookingId, booking.id), isNull(bookingStands.releasedAt)))
    .orderBy(asc(bookingStands.number))
    .limit(1);
  // The returning exhibitor that booked through its own link, else whoever has the booking's address.
  const [known] = await tx
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(
      and(
        booking.exhibitorId
          ? eq(users.id, booking.exhibitorId)
          : sql`lower(${users.email}) = ${normalizeEmail(booking.email)}`,
        isNull(users.deletedAt),
      ),
    );
  let id: number;
  if (known?.type === 'exhibitor') {
    id = known.id;
    await joinEdition(tx, id, booking.eventId, first?.gateId ?? null, first?.number ?? null);
  } else if (!known || known.type === 'visitor') {
    const made = await createExhibitorIn(
      tx,
      deps.now,
      deps.organiserId,
      {
        company: booking.companyName,
        name: booking.contactName,
        email: booking.email,
        phone: booking.phone,
        adresse: `${booking.address}, ${booking.city}`,
        gateId: first?.gateId ?? null,
        booth: first?.number ?? '',
        language: booking.language,
      },
      'stand booking paid',
    );
    id = made.id;
  } else return null;
  const exhibitor = await getExhibitor(tx, id);
  if (exhibitor.status === 'pending') await confirmParticipationIn(tx, deps.mail, id, exhibitor);
  await tx.update(standBookings).set({ exhibitorId: id }).where(eq(standBookings.id, booking.id));
  return id;
}

/** An exhibitor of an earlier edition registered for this one, on its new stand (its team follows as the back-office's edits do). */
async function joinEdition(tx: Tx, userId: number, eventId: number, gateId: number | null, booth: string | null) {
  await tx.execute(sql`
    insert into registrations (event_id, user_id, type, confirmed, gate_id, booth)
    select ${eventId}, ${userId}, 'exhibitor', false, ${gateId}, ${booth}
     where not exists (select 1 from registrations where event_id = ${eventId} and user_id = ${userId})`);
  await tx.execute(sql`update registrations set gate_id = ${gateId}, booth = ${booth}
     where event_id = ${eventId} and user_id = ${userId} and booth is null`);
}

/** A payment typed by an organiser for a confirmed booking. */
export function recordPayment(deps: PaymentDeps, id: number | null, form: PaymentForm) {
  return deps.db.transaction(async (tx) => {
    const [booking] = id === null ? [] : await lockBookings(tx, [id]);
    if (!booking) throw notFound('Réservation introuvable.');
    if (!(CONFIRMED_STATUSES as readonly string[]).includes(booking.status))
      throw new HttpError(409, 'Seule une réservation confirmée reçoit des paiements.', {
        code: 'notConfirmed',
        status: booking.status,
      });
    return recordIn(tx, deps, booking, [form], 'POST /admin/stand-bookings/:id/payments');
  });
}

export const bookingPayments = (db: Db | Tx, bookingId: number) =>
  db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));

export type LineOutcome = 'matched' | 'unmatched' | 'duplicate' | 'notConfirmed' | 'debit' | 'invalid';

/**
 * A bank statement: each credit line matched by the booking's reference it names, then, with
 * `commit`, recorded in one transaction (a line already recorded, by its fingerprint, is not
 * recorded again). Answers each line's outcome and the totals.
 */
export async function importStatement(deps: PaymentDeps, csv: string, commit: boolean) {
  const parsed = parseStatement(csv);
  const run = async (tx: Tx) => {
    const references = [...new Set(parsed.flatMap((l) => (l.reference ? [l.reference] : [])))];
    const found = references.length
      ? await tx
          .select({ id: standBookings.id, reference: standBookings.reference, status: standBookings.status })
          .from(standBookings)
          .where(inArray(standBookings.reference, references))
      : [];
    const byReference = new Map(found.map((b) => [b.reference, b]));
    const prints = parsed.flatMap((l) => (l.fingerprint ? [l.fingerprint] : []));
    const seen = new Set(
      prints.length
        ? (
            await tx
              .select({ line: payments.statementLine })
              .from(payments)
              .where(inArray(payments.statementLine, prints))
          ).map((r) => r.line)
        : [],
    );
    const lines = parsed.map((l) => ({ ...l, ...outcomeOf(l, byReference, seen) }));
    const matched = lines.filter((l) => l.outcome === 'matched');
    let recorded = 0;
    if (commit && matched.length) {
      const ids = [...new Set(matched.map((l) => l.bookingId!))];
      for (const booking of await lockBookings(tx, ids)) {
        const mine = matched.filter((l) => l.bookingId === booking.id);
        await recordIn(
          tx,
          deps,
          booking,
          mine.map((l) => ({
            amount: l.amount!,
            receivedOn: l.date!,
            method: 'transfer' as const,
            label: l.label,
            statementLine: l.fingerprint!,
          })),
          'POST /admin/payments/import',
        );
        recorded += mine.length;
      }
    }
    const count = (o: LineOutcome) => lines.filter((l) => l.outcome === o).length;
    return {
      lines: lines.map(({ line, date, label, amount, reference, outcome, bookingId }) => ({
        line,
        date,
        label,
        amount,
        reference,
        outcome,
        bookingId,
      })),
      matched: count('matched'),
      unmatched: count('unmatched'),
      duplicates: count('duplicate'),
      amountMatched: matched.reduce((sum, l) => sum + l.amount!, 0),
      recorded,
    };
  };
  try {
    return await deps.db.transaction(run);
  } catch (error) {
    // Another organiser recorded some of these lines meanwhile: the unique fingerprint decided.
    if (isUniqueViolation(error))
      throw new HttpError(
        409,
        'Ce relevé vient d’être enregistré en partie par un autre organisateur : rapprochez-le à nouveau.',
        {
          code: 'statementRecorded',
        },
      );
    throw error;
  }
}

function outcomeOf(
  l: StatementLine,
  byReference: Map<string, { id: number; status: string }>,
  seen: Set<string | null>,
): { outcome: LineOutcome; bookingId: number | null } {
  if (l.error) return { outcome: 'invalid', bookingId: null };
  if (l.amount! <= 0) return { outcome: 'debit', bookingId: null };
  const booking = l.reference ? byReference.get(l.reference) : undefined;
  if (!booking) return { outcome: 'unmatched', bookingId: null };
  if (seen.has(l.fingerprint)) return { outcome: 'duplicate', bookingId: booking.id };
  if (!(CONFIRMED_STATUSES as readonly string[]).includes(booking.status))
    return { outcome: 'notConfirmed', bookingId: booking.id };
  return { outcome: 'matched', bookingId: booking.id };
}
