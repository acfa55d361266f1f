import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, exhibitorSlug } from '@salon/shared';
import {
  conferenceExhibitors,
  conferences,
  editions,
  exhibitorPages,
  registrations,
  sectors,
  users,
} from '../../db/schema';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { createExhibitor, createMedia, createVisitor } from '../../../test/fixtures';

/** An exhibitor's page of the directory (`GET exhibitors/<slug>`), as the public reads it. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const pageOf = (slug: string) => call(ctx.app, 'GET', `exhibitors/${slug}`);

async function conference(eventId: number, number: string) {
  const [row] = await ctx.db
    .insert(conferences)
    .values({
      eventId,
      number,
      title: { fr: `Le béton ${number}`, en: `Concrete ${number}` },
      theme: {},
      description: {},
      day: '2024-05-30',
      startsAt: '10:00',
      endsAt: '11:00',
    })
    .returning();
  return row!;
}

describe('an exhibitor’s page', () => {
  it('shows what the exhibitor wrote, its sectors in its order, its stand, its PDFs and its conferences, and nothing private', async () => {
    const logo = await createMedia(ctx.db);
    const pdf = await createMedia(ctx.db, {
      name: 'catalogue.pdf',
      mime: 'application/pdf',
      width: null,
      height: null,
    });
    const image = await createMedia(ctx.db);
    const exhibitor = await createExhibitor(ctx.db, { company: 'Ciments du Maroc', avatarId: logo.id, booth: 'C-12' });
    const choices = await ctx.db.select().from(sectors).where(eq(sectors.kind, 'choice')).limit(2);
    const [first, second] = choices;
    await ctx.db.insert(exhibitorPages).values({
      userId: exhibitor.user.id,
      description: { fr: 'Ciment et béton prêt à l’emploi.', en: 'Cement and ready-mixed concrete.' },
      sectorIds: [second!.id, first!.id, 999_999],
      brands: ['Atlas', 'Rif'],
      website: 'https://ciments.example',
      linkedin: 'https://www.linkedin.com/company/ciments',
      documentIds: [pdf.id, image.id],
    });
    const given = await conference(DEMO_EDITION_ID, `X-${exhibitor.user.id}`);
    const [past] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.current, false)).limit(1);
    const old = past ? await conference(past.id, `P-${exhibitor.user.id}`) : null;
    await ctx.db
      .insert(conferenceExhibitors)
      .values([given, ...(old ? [old] : [])].map((c) => ({ conferenceId: c.id, userId: exhibitor.user.id })));

    const res = await pageOf(exhibitorSlug('Ciments du Maroc', exhibitor.user.id));
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({
      id: exhibitor.user.id,
      slug: `ciments-du-maroc-${exhibitor.user.id}`,
      company: 'Ciments du Maroc',
      logo: expect.objectContaining({ id: logo.id }) as unknown,
      secteurActivite: exhibitor.user.secteurActivite,
      pays: exhibitor.user.pays,
      sectors: [
        { id: second!.id, name: second!.name, nameFr: second!.name.fr, nameEn: second!.name.en },
        { id: first!.id, name: first!.name, nameFr: first!.name.fr, nameEn: first!.name.en },
      ],
      description: { fr: 'Ciment et béton prêt à l’emploi.', en: 'Cement and ready-mixed concrete.' },
      descriptionFr: 'Ciment et béton prêt à l’emploi.',
      descriptionEn: 'Cement and ready-mixed concrete.',
      brands: ['Atlas', 'Rif'],
      links: [
        { kind: 'website', url: 'https://ciments.example' },
        { kind: 'linkedin', url: 'https://www.linkedin.com/company/ciments' },
      ],
      gate: { id: exhibitor.gate.id, name: exhibitor.gate.name },
      booth: 'C-12',
      documents: [expect.objectContaining({ id: pdf.id, mime: 'application/pdf' }) as unknown],
      conferences: [
        {
          id: given.id,
          number: given.number,
          title: given.title,
          titleFr: given.title.fr,
          titleEn: given.title.en,
          day: '2024-05-30',
          startsAt: '10:00:00',
          endsAt: '11:00:00',
        },
      ],
    });
    expect(res.body).not.toContain(exhibitor.user.email);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('shows what the account holds for an exhibitor that wrote nothing yet', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Briques Atlas' });
    const res = await pageOf(`briques-atlas-${exhibitor.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      company: 'Briques Atlas',
      sectors: [],
      descriptionFr: null,
      brands: [],
      links: [],
      documents: [],
      conferences: [],
      booth: 'A-01',
    });
  });

  it('answers a former name’s address with the address it has now, for the web to redirect', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Nouveau Nom' });
    for (const slug of [`ancien-nom-${exhibitor.user.id}`, String(exhibitor.user.id)]) {
      const res = await pageOf(slug);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { slug: string } }>().data.slug).toBe(`nouveau-nom-${exhibitor.user.id}`);
    }
  });

  it('is the same 404 for an exhibitor not confirmed, revoked or deleted, a visitor, an unknown id and an address without a number', async () => {
    const pending = await createExhibitor(ctx.db);
    await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
    const revoked = await createExhibitor(ctx.db);
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revoked.registration.id));
    const deleted = await createExhibitor(ctx.db);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    const nameless = await createExhibitor(ctx.db, { company: '  ' });
    const visitor = await createVisitor(ctx.db);
    const slugs = [
      ...[pending, revoked, deleted, nameless, visitor].map((p) => `societe-${p.user.id}`),
      '999999999',
      'ciments-du-maroc',
      'ciments-du-maroc-0',
      '%2E%2E%2Fadmin-1',
    ];
    for (const slug of slugs) {
      const res = await pageOf(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json<{ error: { message: string } }>().error.message).toBe('Exposant introuvable.');
    }
  });

  it('refuses query parameters and an address over 100 characters', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    expect((await call(ctx.app, 'GET', `exhibitors/x-${exhibitor.user.id}?populate=*`)).statusCode).toBe(400);
    // The router's own limit on a path's part: 'Adresse trop longue.'
    expect((await pageOf(`${'a'.repeat(100)}-${exhibitor.user.id}`)).statusCode).toBe(414);
  });
});
