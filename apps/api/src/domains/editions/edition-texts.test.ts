import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ShowEdition } from '@salon/shared';
import { mailOutbox } from '../../db/schema';
import { call, createTestApp, createUser, PASSWORD, signSession, type TestContext } from '../../../test/helper';
import { pdfText } from '../badges/badge-pdf.test-support';

/**
 * The badge, its mail and its file name say the current edition's number, year, dates and city,
 * in French and in English; the organiser's change to them reaches the next badge at once.
 */

let ctx: TestContext;
let token: string;

const NEXT = {
  edition: 7,
  name: '7e édition du Salon',
  startsOn: '2026-06-03',
  endsOn: '2026-06-05',
  city: 'Casablanca',
  theme: { fr: 'Bâtir durable', en: 'Building to last' },
  // Over on today's clock: its registration kept open, as its organiser would.
  registrationClosesAt: '2100-01-01T00:00:00.000Z',
};

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(organiser.id, organiser.tokenVersion);
});
afterAll(() => ctx.close());

const admin = (method: 'POST' | 'PUT', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token, body });

let visitors = 0;
async function register(lang: 'fr' | 'en') {
  const email = `edition-${++visitors}@example.com`;
  const res = await call(ctx.app, 'POST', 'visiteurs/putVisitor', {
    body: {
      data: {
        name: 'Nadia Edition',
        email,
        phone: `06000001${String(visitors).padStart(2, '0')}`,
        company: 'Édition & Co',
        jobPosition: 'Acheteuse',
        lang,
      },
    },
    remoteAddress: `10.9.0.${visitors}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = res.json<{ data: { badgeUrl: string; registration: { id: number } } }>();
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const pdf = await call(ctx.app, 'GET', data.badgeUrl.replace('/backend/api/', ''));
  expect(pdf.statusCode, pdf.body).toBe(200);
  return { id: data.registration.id, mail: mail!, pdf };
}

describe('the current edition in badges and mails', () => {
  it('prints the 2024 edition on a new install', async () => {
    const { id, mail, pdf } = await register('fr');
    expect(mail.subject).toBe('Votre badge — Salon International du Bâtiment 2024');
    expect(mail.text).toContain('du 29 mai au 1er juin 2024 à Marrakech');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="badge-sib-2024-${id}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('6e édition');
    expect(text).toContain('Du 29 mai au 1er juin 2024 — Marrakech');
  });

  it('prints another edition once it is current, in French and English, and its changed dates at once', async () => {
    const created = await admin('POST', 'editions', NEXT);
    expect(created.statusCode, created.body).toBe(201);
    const next = created.json<ShowEdition>();
    expect((await admin('POST', `editions/${next.id}/make-current`)).statusCode).toBe(200);

    const fr = await register('fr');
    expect(fr.mail.subject).toBe('Votre badge — Salon International du Bâtiment 2026');
    expect(fr.mail.text).toContain('du 3 au 5 juin 2026 à Casablanca');
    expect(fr.pdf.headers['content-disposition']).toBe(`attachment; filename="badge-sib-2026-${fr.id}.pdf"`);
    const frText = await pdfText(fr.pdf.rawPayload);
    expect(frText).toContain('7e édition');
    expect(frText).toContain('Du 3 au 5 juin 2026 — Casablanca');
    expect(frText).not.toMatch(/2024|Marrakech/);

    const en = await register('en');
    expect(en.mail.subject).toBe('Your badge — International Building Show 2026');
    expect(en.mail.text).toContain('from 3 to 5 June 2026 in Casablanca');
    const enText = await pdfText(en.pdf.rawPayload);
    expect(enText).toContain('7th edition');
    expect(enText).toContain('From 3 to 5 June 2026 — Casablanca');

    const moved = await admin('PUT', `editions/${next.id}`, { ...NEXT, startsOn: '2026-06-10', endsOn: '2026-06-13' });
    expect(moved.statusCode, moved.body).toBe(200);
    const later = await register('fr');
    expect(later.mail.text).toContain('du 10 au 13 juin 2026 à Casablanca');

    expect((await admin('POST', `editions/${DEMO_EDITION_ID}/make-current`)).statusCode).toBe(200);
  });
});
