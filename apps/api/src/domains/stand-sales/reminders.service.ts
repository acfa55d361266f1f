import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, asLanguage, dayText, moneyText, showDay, type Clock } from '@salon/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { mailOutbox, paymentReminders, standBookings } from '../../db/schema';
import { mailTexts } from '../../texts';
import { greeting, render } from '../mail/template-kit';
import { bookingAccount, type Invoice } from './invoicing.service';

/**
 * Payment reminders through the outbox, in the company's language, the invoice attached: one
 * `REMIND_BEFORE_DAYS` days before an invoice's due date, one the day after it, while what it
 * asks for is not in. A booking's payments pay its deposit first, then its balance. Each reminder
 * is sent once (`payment_reminders`), whichever instance runs the job.
 */

export const REMIND_BEFORE_DAYS = 7;

/** What is still owed on `invoice`: payments go to the invoices in the order they were issued. */
function owedOn(invoice: Invoice, open: Invoice[], paid: number): number {
  let left = paid;
  for (const i of open) {
    const total = i.totalExclTax + i.vat;
    if (i.id === invoice.id) return Math.max(0, total - left);
    left = Math.max(0, left - total);
  }
  return 0;
}

/** Sends the reminders due today at the show's place. Answers how many were queued. */
export async function sendReminders(tx: Tx, now: Date): Promise<number> {
  const today = showDay(now);
  const soon = addDays(today, REMIND_BEFORE_DAYS);
  const yesterday = addDays(today, -1);
  // The confirmed bookings with an invoice due in a week or due yesterday.
  const due = await queryRows<{ booking_id: number }>(
    tx,
    sql`select distinct i.booking_id from invoices i join stand_bookings b on b.id = i.booking_id
         where b.status in ('signed', 'deposit') and i.kind <> 'credit' and i.due_on in (${soon}, ${yesterday})`,
  );
  let queued = 0;
  for (const { booking_id: bookingId } of due) {
    const [booking] = await tx.select().from(standBookings).where(eq(standBookings.id, bookingId));
    const { open, paid } = await bookingAccount(tx, bookingId);
    const candidates = open.filter((i) => i.dueOn === soon || i.dueOn === yesterday);
    const sent = new Set(
      (
        await tx
          .select({ invoiceId: paymentReminders.invoiceId, kind: paymentReminders.kind })
          .from(paymentReminders)
          .where(
            inArray(
              paymentReminders.invoiceId,
              candidates.map((i) => i.id),
            ),
          )
      ).map((r) => `${r.invoiceId}:${r.kind}`),
    );
    for (const invoice of candidates) {
      const kind = invoice.dueOn === soon ? 'before' : 'after';
      const owed = owedOn(invoice, open, paid);
      if (!owed || sent.has(`${invoice.id}:${kind}`)) continue;
      await tx.insert(paymentReminders).values({ invoiceId: invoice.id, kind }).onConflictDoNothing();
      const lang = asLanguage(booking!.language);
      const m = mailTexts(lang);
      const t = m.paymentReminder;
      const day = dayText(invoice.dueOn, lang);
      const amount = moneyText(owed, lang);
      await tx.insert(mailOutbox).values({
        to: booking!.email,
        subject: kind === 'before' ? t.subjectBefore(invoice.label, day) : t.subjectAfter(invoice.label, day),
        ...render(lang, kind === 'before' ? t.titleBefore : t.titleAfter, {
          paragraphs: [
            greeting(lang, booking!.contactName),
            kind === 'before' ? t.before(invoice.label, amount, day) : t.after(invoice.label, amount, day),
            t.pay(invoice.seller.bank ?? '', invoice.seller.rib ?? '', invoice.reference),
            t.already,
          ],
        }),
        attachments: [{ kind: 'invoice', invoiceId: invoice.id }],
      });
      queued += 1;
    }
  }
  return queued;
}

const REMINDERS_LOCK = 0x72656d69; // 'remi'
const EVERY_MS = 3600_000;

export interface RemindersDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  onQueued: () => void;
}

/** One pass of the job, one instance at a time. */
export async function runReminders({ db, clock, log, onQueued }: RemindersDeps): Promise<number> {
  const queued = await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${REMINDERS_LOCK}) as locked`,
    );
    return lock?.locked ? sendReminders(tx, clock()) : 0;
  });
  if (queued) {
    log.info({ queued }, 'payment reminders queued');
    onQueued();
  }
  return queued;
}

/** Runs the reminders shortly after start, then every hour (a reminder is sent once). */
export function startReminders(deps: RemindersDeps, firstDelayMs = 90_000) {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runReminders(deps).catch((err: unknown) => deps.log.error({ err }, 'payment reminders failed'));
  };
  const first = setTimeout(tick, firstDelayMs);
  const timer = setInterval(tick, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
