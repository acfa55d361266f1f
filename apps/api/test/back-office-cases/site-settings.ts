import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { queryRows } from '../../src/db/client';
import { editions } from '../../src/db/schema';
import type { Route } from '../route-table';
import type { AdminArea, AdminCase, AdminWrite } from './area';

const route = (method: string, path: string) => `${method} /backend/api/admin/${path}` as Route;

/**
 * A past edition of the fixtures (2017's, seedPastEditions) for the rows that only read or mail
 * from one: a fresh edition per row and caller would use up the numbers below.
 */
const PAST_EDITION_ID = 5;

/** Edition numbers no other edition has (1 to 6 are the fixtures'); at most 99. Edition n is held in 2100 + n (one edition a year). */
let number = 20;

async function nextEditionId(c: AdminCase): Promise<number> {
  const [row] = await queryRows<{ id: number }>(c.ctx.db, sql`select coalesce(max(id), 0)::int + 1 as id from events`);
  return row!.id;
}

/** A past edition made for one case. */
async function freshEdition(c: AdminCase): Promise<number> {
  const id = await nextEditionId(c);
  const edition = number++;
  await c.ctx.db.insert(editions).values({
    id,
    edition,
    name: 'Édition de test',
    year: 2100 + edition,
    startsOn: `${2100 + edition}-05-02`,
    endsOn: `${2100 + edition}-05-05`,
    city: 'Agadir',
  });
  return id;
}

const newEdition = () => {
  const edition = number++;
  return {
    edition,
    name: 'Nouvelle édition',
    year: 2100 + edition,
    startsOn: `${2100 + edition}-11-12`,
    endsOn: `${2100 + edition}-11-15`,
    city: 'Tanger',
    theme: { fr: 'Thème de test' },
    exhibitors: 120,
    visitors: 9000,
  };
};

/** 'Préparer l'édition suivante' from a fresh edition: the next number (and its year) kept free for it. */
async function nextEdition(c: AdminCase) {
  const id = await freshEdition(c);
  const edition = number++;
  return {
    url: `admin/editions/${id}/next`,
    body: {
      name: 'Édition suivante',
      startsOn: `${2100 + edition}-06-03`,
      endsOn: `${2100 + edition}-06-05`,
      city: 'Rabat',
      halls: true,
    },
  };
}

/** The site settings (venue, public contacts, tour) and the editions of the history page. */
export const siteSettingsArea: AdminArea = {
  rows: [
    { route: route('GET', 'site-settings/1'), when: 'reads the site settings' },
    {
      route: route('PUT', 'site-settings/1'),
      when: 'changes the site settings',
      request: () => ({ url: 'admin/site-settings/1', body: { pressPhone: '+212 5 22 00 00 00' } }),
    },
    { route: route('GET', 'editions'), when: 'lists the editions' },
    {
      route: route('GET', 'editions/:id'),
      when: 'reads one edition',
      request: async (c) => ({ url: `admin/editions/${await freshEdition(c)}` }),
    },
    {
      route: route('POST', 'editions'),
      when: 'adds an edition',
      status: 201,
      request: () => ({ url: 'admin/editions', body: newEdition() }),
    },
    {
      route: route('PUT', 'editions/:id'),
      when: 'changes an edition',
      request: async (c) => ({
        url: `admin/editions/${await freshEdition(c)}`,
        body: { ...newEdition(), theme: { fr: 'Thème changé' } },
      }),
    },
    {
      route: route('DELETE', 'editions/:id'),
      when: 'deletes an edition (a fresh one)',
      request: async (c) => ({ url: `admin/editions/${await freshEdition(c)}` }),
      check: async (res, c, request) => {
        const id = Number(request.url.split('/').pop());
        const rows = await queryRows(c.ctx.db, sql`select 1 from events where id = ${id}`);
        expect(rows).toHaveLength(res.statusCode === 200 ? 0 : 1);
      },
    },
    {
      route: route('GET', 'editions/:id/preview'),
      when: 'previews the public site for an edition',
      request: () => ({ url: `admin/editions/${DEMO_EDITION_ID}/preview` }),
    },
    {
      route: route('POST', 'editions/:id/next'),
      when: 'prepares the next edition',
      status: 201,
      request: nextEdition,
    },
    {
      route: route('GET', 'editions/:id/invite-exhibitors'),
      when: 'counts the exhibitors of a past edition an invitation would reach',
      request: () => ({ url: `admin/editions/${PAST_EDITION_ID}/invite-exhibitors` }),
    },
    {
      route: route('POST', 'editions/:id/invite-exhibitors'),
      when: 'invites the exhibitors of a past edition to the current one',
      request: () => ({ url: `admin/editions/${PAST_EDITION_ID}/invite-exhibitors` }),
    },
    {
      route: route('GET', 'editions/:id/announce'),
      when: 'counts the newsletter subscribers the current edition’s invitation would reach',
      request: () => ({ url: `admin/editions/${DEMO_EDITION_ID}/announce` }),
    },
    {
      route: route('POST', 'editions/:id/announce'),
      when: 'invites the newsletter subscribers to the current edition',
      request: () => ({ url: `admin/editions/${DEMO_EDITION_ID}/announce` }),
    },
    {
      route: route('GET', 'editions/:id/outdated-content'),
      when: 'lists the texts that name the current edition’s year, before another is made current',
      request: () => ({ url: `admin/editions/${DEMO_EDITION_ID}/outdated-content` }),
    },
    {
      route: route('POST', 'editions/:id/make-current'),
      // The one current already: the cases after this one need 2024 current (current-edition.test.ts
      // makes others current).
      when: 'makes the current edition current again',
      request: () => ({ url: `admin/editions/${DEMO_EDITION_ID}/make-current` }),
      check: async (_res, c) => {
        const rows = await queryRows<{ id: number }>(c.ctx.db, sql`select id from events where current`);
        expect(rows.map((r) => r.id)).toEqual([DEMO_EDITION_ID]);
      },
    },
  ],
  writes: {
    [route('PUT', 'site-settings/1')]: async (): Promise<AdminWrite> => ({
      url: 'admin/site-settings/1',
      body: { generalEmail: 'audit@salon.example.org' },
      recordId: '1',
    }),
    [route('POST', 'editions')]: async (c: AdminCase): Promise<AdminWrite> => ({
      url: 'admin/editions',
      body: newEdition(),
      recordId: String(await nextEditionId(c)),
      status: 201,
    }),
    [route('PUT', 'editions/:id')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await freshEdition(c);
      return { url: `admin/editions/${id}`, body: { ...newEdition(), city: 'Fès' }, recordId: String(id) };
    },
    [route('DELETE', 'editions/:id')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await freshEdition(c);
      return { url: `admin/editions/${id}`, recordId: String(id) };
    },
    [route('POST', 'editions/:id/next')]: async (c: AdminCase): Promise<AdminWrite> => {
      const request = await nextEdition(c);
      return { ...request, recordId: String(await nextEditionId(c)), status: 201 };
    },
    [route('POST', 'editions/:id/invite-exhibitors')]: async (): Promise<AdminWrite> => ({
      url: `admin/editions/${PAST_EDITION_ID}/invite-exhibitors`,
      recordId: String(PAST_EDITION_ID),
    }),
    [route('POST', 'editions/:id/announce')]: async (): Promise<AdminWrite> => ({
      url: `admin/editions/${DEMO_EDITION_ID}/announce`,
      recordId: String(DEMO_EDITION_ID),
    }),
    [route('POST', 'editions/:id/make-current')]: async (): Promise<AdminWrite> => ({
      url: `admin/editions/${DEMO_EDITION_ID}/make-current`,
      recordId: String(DEMO_EDITION_ID),
    }),
  },
};
