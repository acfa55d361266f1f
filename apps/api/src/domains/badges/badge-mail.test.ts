import { asc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, registrations } from '../../db/schema';
import { createBadgeSigner, verifyBadgeToken } from './badge-token';
import { createBadgeService } from './badges.service';
import { createAttachmentResolver } from '../mail/attachments';
import { createSmtpTransport, type MailTransport } from '../mail/transport';
import { createMailWorker, type MailWorker } from '../mail/worker';
import { decodeBadgeQrFromPdf, pdfText, TYPED_NAMES } from './badge-pdf.test-support';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { startSmtp, type Received, type TestSmtp } from '../../../test/smtp';
import { linkIssuers } from '../../link-issuers';

const PUBLIC_URL = 'https://salon.example';
const FROM = 'Salon BTP <no-reply@example.com>';
const SUBJECT_FR = 'Votre badge — Salon International du Bâtiment 2024';
const SUBJECT_EN = 'Your badge — International Building Show 2024';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let ctx: TestContext;
let smtp: TestSmtp;
let transport: MailTransport;
let worker: MailWorker;
/** A distinct client address per registration: the registration form is rate-limited per address. */
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
});
afterAll(() => ctx.close());

// Each test has its own SMTP server and worker, and starts from an empty outbox.
beforeEach(async () => {
  await ctx.db.delete(mailOutbox);
  smtp = await startSmtp();
  transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, FROM);
  const badges = createBadgeService(ctx.db, createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY));
  worker = createMailWorker({
    db: ctx.db,
    transport,
    resolveAttachments: createAttachmentResolver({ badge: badges.attachment }),
    issuers: linkIssuers,
    log: silent,
    // A failed mail is due again a few milliseconds later, but only runOnce() sends it.
    options: { retryDelaysMs: [5] },
  });
  return async () => {
    await worker.stop();
    transport.close();
    await smtp.stop();
  };
});

interface Registered {
  data: { registration: { id: number; type: string }; badgeUrl: string; ebadgeUrl: string };
}
interface EbadgeBody {
  data: { registration: { id: number; type: string }; name: string; token: string };
}

function register(email: string, name: string, extra: Record<string, unknown> = {}) {
  return call(ctx.app, 'POST', 'visiteurs/putVisitor', {
    body: {
      data: {
        name,
        email,
        phone: '+212 6 61 23 45 67',
        company: 'Atlas Béton',
        jobPosition: 'Acheteuse',
        ...extra,
      },
    },
    remoteAddress: `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
  });
}

async function registerOk(email: string, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await register(email, name, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Registered>().data.registration.id;
}

const mailsTo = (to: string) => smtp.received.filter((r) => r.rcptTo.includes(to.toLowerCase()));

/** The one PDF attachment of a mail, checked. */
function badgePdf(mail: ParsedMail, registrationId: number): Buffer {
  expect(mail.attachments).toHaveLength(1);
  const [attachment] = mail.attachments;
  expect(attachment!.contentType).toBe('application/pdf');
  expect(attachment!.filename).toBe(`badge-sib-2024-${registrationId}.pdf`);
  expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return attachment!.content;
}

/** The e-badge link of the plain-text part. */
function ebadgeLink(mail: ParsedMail): string {
  const link = /https:\/\/salon\.example\/ebadge\?token=[^\s"<]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  return link!;
}

const outbox = () => ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

describe('badge mail, from the registration form to the SMTP server', () => {
  it('the visitor’s mail arrives with the badge PDF attached, whose QR code decodes to a token that verifies with the served public key', async () => {
    // A name and a company typed in Arabic, the company with Latin too, printed as typed.
    const registrationId = await registerOk('nadia.berrada@example.com', TYPED_NAMES.arabic, {
      company: TYPED_NAMES.mixedCompany,
    });

    expect(await worker.runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [{ rcptTo, mail }] = mailsTo('nadia.berrada@example.com') as [Received];
    expect(rcptTo).toEqual(['nadia.berrada@example.com']);
    expect(mail.subject).toBe(SUBJECT_FR);
    expect(mail.from?.text).toBe('"Salon BTP" <no-reply@example.com>');
    expect(mail.text).toMatch(/^Bonjour,\n/);
    // What a scan at a stand passes on, in the form's words (decision 049).
    expect(mail.text).toContain(
      '\n\nQuand vous faites scanner votre badge sur un stand, l’exposant reçoit vos nom, e-mail, téléphone, société et fonction. Votre e-badge liste les stands qui l’ont scanné ; vous pouvez demander à chacun de ne plus vous contacter.\n\n',
    );
    expect(mail.html).toContain('Quand vous faites scanner votre badge sur un stand, l’exposant reçoit vos nom');
    // The name typed in the form is on the badge, as typed, not in the mail.
    expect(mail.text).not.toContain(TYPED_NAMES.arabic);
    expect(mail.html).not.toContain(TYPED_NAMES.arabic);
    const printed = await pdfText(badgePdf(mail, registrationId));
    expect(printed).toContain(TYPED_NAMES.arabic);
    expect(printed).toContain(TYPED_NAMES.mixedCompany);
    expect(printed).not.toContain('?');
    const link = ebadgeLink(mail);
    expect(link).toContain('/ebadge?token=');
    // The HTML part links to the same page (its & would be &amp;, a token has none).
    expect(mail.html).toContain(`href="${link}"`);

    const qr = await decodeBadgeQrFromPdf(badgePdf(mail, registrationId));

    const key = await call(ctx.app, 'GET', 'badges/public-key');
    expect(key.statusCode, key.body).toBe(200);
    const { data } = key.json<{ data: { publicKey: string } }>();
    const [registration] = await ctx.db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(verifyBadgeToken(qr, data.publicKey)).toEqual({
      registrationId,
      type: 'visitor',
      eventId: 7,
      issuedAt: Math.floor(registration!.createdAt.getTime() / 1000),
    });

    // The link in the mail opens the e-badge page of the same person, with the same QR code.
    const linkToken = new URL(link).searchParams.get('token')!;
    const page = await call(ctx.app, 'GET', `registrations/ebadge?token=${encodeURIComponent(linkToken)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<EbadgeBody>().data).toMatchObject({
      registration: { id: registrationId, type: 'visitor' },
      name: TYPED_NAMES.arabic,
      token: qr,
    });

    // 'Ajouter à mon agenda': the show's days as a calendar file, by the same key.
    const calendar = new URL(/^Ajouter à mon agenda : (\S+)$/m.exec(mail.text ?? '')![1]!);
    expect(calendar.pathname).toBe('/backend/api/registrations/ebadge/calendar.ics');
    expect(calendar.searchParams.get('token')).toBe(linkToken);
    expect(mail.html).toContain(`href="${calendar.href.replace('&', '&amp;')}"`);
    const ics = await call(ctx.app, 'GET', `registrations/ebadge/calendar.ics${calendar.search}`);
    expect(ics.statusCode).toBe(200);
    expect(ics.payload.match(/BEGIN:VEVENT/g)).toHaveLength(4);

    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 1, lastError: null }]);
  });

  it('a registration made again sends the same badge again, and the QR code is the same', async () => {
    const registrationId = await registerOk('omar.tazi@example.com', 'Omar Tazi');
    expect(await worker.runOnce()).toBe(1);
    const [first] = mailsTo('omar.tazi@example.com');
    const firstQr = await decodeBadgeQrFromPdf(badgePdf(first!.mail, registrationId));

    const again = await register('  Omar.TAZI@Example.COM ', 'Omar Tazi');
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json<{ error: { message: string } }>().error.message).toContain('déjà enregistrée');
    expect(await worker.runOnce()).toBe(1);

    const mails = mailsTo('omar.tazi@example.com');
    expect(smtp.received).toHaveLength(2);
    expect(mails).toHaveLength(2);
    const second = mails[1]!.mail;
    expect(mails[1]!.rcptTo).toEqual(['omar.tazi@example.com']);
    expect(second.subject).toBe(SUBJECT_FR);
    expect(second.messageId).not.toBe(first!.mail.messageId);
    expect(await decodeBadgeQrFromPdf(badgePdf(second, registrationId))).toBe(firstQr);
    expect((await outbox()).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('with the SMTP server stopped, registrations still succeed, and every mail arrives exactly once when it is back', async () => {
    await smtp.stop();
    const people = Array.from({ length: 5 }, (_, i) => ({
      email: `panne${i}@example.com`,
      name: `Visiteur Panne ${i}`,
    }));
    const ids = new Map<string, number>();
    for (const p of people) ids.set(p.email, await registerOk(p.email, p.name));

    expect(await worker.runOnce()).toBe(5);
    expect(smtp.received).toHaveLength(0);
    for (const row of await outbox()) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
    }

    await smtp.restart();
    // The retry delay is a few milliseconds: run until nothing is left (bounded).
    for (let round = 0; round < 50; round++) {
      const rows = await outbox();
      if (rows.every((r) => r.status === 'sent')) break;
      await new Promise((r) => setTimeout(r, 10));
      await worker.runOnce();
    }
    // Nothing is due any more.
    expect(await worker.runOnce()).toBe(0);

    expect(smtp.received).toHaveLength(5);
    expect(smtp.received.flatMap((r) => r.rcptTo).sort()).toEqual(people.map((p) => p.email).sort());
    expect(new Set(smtp.received.map((r) => r.mail.messageId)).size).toBe(5);
    for (const p of people) {
      const mails = mailsTo(p.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.mail.text).toMatch(/^Bonjour,\n/);
      badgePdf(mails[0]!.mail, ids.get(p.email)!);
    }
    const rows = await outbox();
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('an English registration gets its mail and badge in English', async () => {
    const registrationId = await registerOk('james.walker@example.com', 'James Walker', { lang: 'en' });

    expect(await worker.runOnce()).toBe(1);

    const [received] = mailsTo('james.walker@example.com');
    expect(smtp.received).toHaveLength(1);
    const mail = received!.mail;
    expect(mail.subject).toBe(SUBJECT_EN);
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('Show my badge');
    expect(mail.text).toContain(
      'When you have your badge scanned at a stand, the exhibitor receives your name, e-mail, phone, company and position. Your e-badge lists the stands that scanned it; you can ask each of them not to contact you again.',
    );
    expect(ebadgeLink(mail)).toContain('/ebadge?token=');

    const text = await pdfText(badgePdf(mail, registrationId));
    // The type band prints its label in capitals.
    expect(text).toContain('VISITOR');
    expect(text).toContain('Opening hours');
    expect(text).not.toContain('VISITEUR');
    expect(text).toContain('James Walker');
  });
});
