import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { queryRows, type Db } from '../../src/db/client';
import {
  bannieres,
  conferences,
  galeries,
  halls,
  media,
  partenaires,
  partenairesPresses,
  planFeatures,
  standClasses,
  exhibitorServices,
  stands,
  temoignages,
} from '../../src/db/schema';
import { createMedia } from '../helper';
import type { Route } from '../route-table';
import type { AdminArea, AdminCase, AdminWrite } from './area';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A small PNG of its own colour (so each one is a new file), as a browser's form would send it. */
export async function pngForm(name = 'logo.png', hue = counter++): Promise<FormData> {
  const png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: hue % 256, g: (hue * 7) % 256, b: 120 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  return form;
}

/** The id the next row of a table will get (its serial's next value, without taking it). */
export async function nextId(db: Db, table: PgTable): Promise<number> {
  const [row] = await queryRows<{ last_value: string; is_called: boolean }>(
    db,
    sql.raw(`select last_value, is_called from ${getTableName(table)}_id_seq`),
  );
  return Number(row!.last_value) + (row!.is_called ? 1 : 0);
}

const image = async (c: AdminCase) => (await createMedia(c.ctx.db)).id;

async function freshBanner(c: AdminCase) {
  const [row] = await c.ctx.db
    .insert(bannieres)
    .values({ emplacement: 'Bas', actif: false, fichierDesktopId: await image(c) })
    .returning();
  return row!.id;
}
async function freshPartner(c: AdminCase, table: typeof partenaires | typeof partenairesPresses) {
  const [row] = await c.ctx.db
    .insert(table)
    .values({ name: `Partenaire ${unique()}`, position: 50, actif: false })
    .returning({ id: table.id });
  return row!.id;
}
async function freshConference(c: AdminCase) {
  const [row] = await c.ctx.db
    .insert(conferences)
    .values({
      eventId: DEMO_EDITION_ID,
      number: `T-${unique()}`,
      title: { fr: 'Conférence de test', en: 'Test conference' },
      theme: {},
      description: {},
      day: '2024-05-30',
      startsAt: '09:00',
      endsAt: '10:00',
    })
    .returning({ id: conferences.id });
  return row!.id;
}
async function freshGate(c: AdminCase) {
  const [row] = await c.ctx.db
    .insert(halls)
    .values({ eventId: DEMO_EDITION_ID, name: `Hall ${unique()}`, position: 90, planWidth: 40, planHeight: 20 })
    .returning({ id: halls.id });
  return row!.id;
}
/** A stand alone in a hall of its own. */
async function freshStand(c: AdminCase) {
  const [row] = await c.ctx.db
    .insert(stands)
    .values({
      eventId: DEMO_EDITION_ID,
      gateId: await freshGate(c),
      number: `S-${unique()}`,
      x: 0,
      y: 0,
      width: 4,
      height: 3,
    })
    .returning({ id: stands.id });
  return row!.id;
}
/** A café alone in a hall of its own. */
async function freshFeature(c: AdminCase) {
  const [row] = await c.ctx.db
    .insert(planFeatures)
    .values({ eventId: DEMO_EDITION_ID, gateId: await freshGate(c), kind: 'cafe', x: 0, y: 0, width: 4, height: 3 })
    .returning({ id: planFeatures.id });
  return row!.id;
}
/** A layout file for a hall of its own: two stands side by side. */
async function standCsv(c: AdminCase) {
  const gateId = await freshGate(c);
  const [hall] = await c.ctx.db.select({ name: halls.name }).from(halls).where(eq(halls.id, gateId));
  const csv = `hall,stand,x,y,width,height\n${hall!.name},I-${unique()},0,0,4,3\n${hall!.name},I-${unique()},4,0,4,3\n`;
  return { gateId, csv };
}
async function freshRow(c: AdminCase, resource: string): Promise<number> {
  switch (resource) {
    case 'bannieres':
      return freshBanner(c);
    case 'partenaires':
      return freshPartner(c, partenaires);
    case 'partenaires-presses':
      return freshPartner(c, partenairesPresses);
    case 'galeries': {
      const [row] = await c.ctx.db
        .insert(galeries)
        .values({ imageId: await image(c), position: 90, caption: { fr: null, en: null } })
        .returning();
      return row!.id;
    }
    case 'temoignages': {
      const [row] = await c.ctx.db
        .insert(temoignages)
        .values({
          author: 'Auteur Test',
          role: { fr: null, en: null },
          quote: { fr: 'Citation', en: 'Quote' },
          position: 90,
        })
        .returning();
      return row!.id;
    }
    case 'conferences':
      return freshConference(c);
    case 'stands':
      return freshStand(c);
    case 'plan-features':
      return freshFeature(c);
    case 'exhibitor-services': {
      const [row] = await c.ctx.db
        .insert(exhibitorServices)
        .values({
          eventId: DEMO_EDITION_ID,
          name: { fr: `Service ${unique()}`, en: 'Service' },
          unit: { fr: 'pièce', en: 'piece' },
          price: 10_000,
          orderBy: '2099-12-31',
        })
        .returning({ id: exhibitorServices.id });
      return row!.id;
    }
    case 'stand-classes': {
      const [row] = await c.ctx.db
        .insert(standClasses)
        .values({ eventId: DEMO_EDITION_ID, name: { fr: `Classe ${unique()}`, en: 'Class' }, pricePerM2: 100_000 })
        .returning({ id: standClasses.id });
      return row!.id;
    }
    default:
      return freshGate(c);
  }
}

/** A valid new record of each resource, as react-admin's create form sends it. */
async function newRecord(c: AdminCase, resource: string): Promise<Record<string, unknown>> {
  switch (resource) {
    case 'bannieres':
      return { emplacement: 'Bas', actif: false, lien: '/annuaire', fichierDesktopId: await image(c) };
    case 'partenaires':
    case 'partenaires-presses':
      return {
        name: `Partenaire ${unique()}`,
        url: 'https://partenaire.example.com',
        actif: false,
        logoId: await image(c),
      };
    case 'galeries':
      return { imageId: await image(c), caption: { fr: 'Le hall 1', en: 'Hall 1' } };
    case 'temoignages':
      return { author: 'Samira Test', quote: { fr: 'Un salon utile.', en: 'A useful show.' } };
    case 'conferences':
      return {
        number: `N-${unique()}`,
        kind: 'academy',
        title: { fr: 'Atelier béton', en: 'Concrete workshop' },
        day: '2024-05-31',
        startsAt: '14:00',
        endsAt: '15:30',
      };
    case 'stands':
      return { gateId: await freshGate(c), number: `N-${unique()}`, x: 2, y: 2, width: 6, height: 4 };
    case 'exhibitor-services':
      return {
        name: { fr: `Mobilier ${unique()}`, en: 'Furniture' },
        unit: { fr: 'pièce', en: 'piece' },
        price: 25_000,
        stock: 40,
        orderBy: '2099-05-01',
      };
    case 'stand-classes':
      return { name: { fr: `Stand équipé ${unique()}`, en: 'Shell scheme' }, pricePerM2: 210_000 };
    case 'plan-features':
      return { gateId: await freshGate(c), kind: 'forum', label: 'Salle du forum', x: 2, y: 2, width: 12, height: 6 };
    default:
      return { name: `Hall ${unique()}` };
  }
}

/** A change of each resource, as react-admin's edit form sends it (the whole record would do too). */
const CHANGES: Record<string, Record<string, unknown>> = {
  bannieres: { lien: 'https://exemple.example.com/offre' },
  partenaires: { name: 'Partenaire renommé' },
  'partenaires-presses': { name: 'Presse renommée' },
  galeries: { caption: { fr: 'Nouvelle légende' } },
  temoignages: { quote: { fr: 'Nouvelle citation.' } },
  conferences: { title: { fr: 'Titre changé' } },
  gates: { position: 42 },
  stands: { x: 10, y: 5 },
  'plan-features': { x: 10, y: 5 },
  'stand-classes': { pricePerM2: 180_000 },
  'exhibitor-services': { price: 30_000 },
};

const RESOURCES = Object.keys(CHANGES);
const TABLES: Record<string, PgTable> = {
  bannieres,
  partenaires,
  'partenaires-presses': partenairesPresses,
  galeries,
  temoignages,
  conferences,
  gates: halls,
  stands,
  'plan-features': planFeatures,
  'stand-classes': standClasses,
  'exhibitor-services': exhibitorServices,
};

const route = (method: string, path: string) => `${method} /backend/api/admin/${path}` as Route;

/** Uploads, and every record of the public pages. */
export const contentArea: AdminArea = {
  rows: [
    {
      route: route('POST', 'media'),
      when: 'uploads an image in the back-office',
      status: 201,
      request: async () => ({ url: 'admin/media', body: await pngForm() }),
      check: (res) => {
        if (res.statusCode === 201) expect(res.json<{ mime: string }>().mime).toBe('image/webp');
      },
    },
    { route: route('GET', 'media'), when: 'lists the uploaded files' },
    {
      route: route('GET', 'media/:id'),
      when: 'reads one uploaded file',
      request: async (c) => ({ url: `admin/media/${await image(c)}` }),
    },
    ...RESOURCES.flatMap((resource) => [
      { route: route('GET', resource), when: `lists the ${resource} in the back-office` },
      {
        route: route('GET', `${resource}/:id`),
        when: `reads one of the ${resource}`,
        request: async (c: AdminCase) => ({ url: `admin/${resource}/${await freshRow(c, resource)}` }),
      },
      {
        route: route('POST', resource),
        when: `creates one of the ${resource}`,
        status: 201,
        request: async (c: AdminCase) => ({ url: `admin/${resource}`, body: await newRecord(c, resource) }),
      },
      {
        route: route('PUT', `${resource}/:id`),
        when: `changes one of the ${resource}`,
        request: async (c: AdminCase) => ({
          url: `admin/${resource}/${await freshRow(c, resource)}`,
          body: CHANGES[resource],
        }),
      },
      {
        route: route('DELETE', `${resource}/:id`),
        when: `deletes one of the ${resource} (a fresh one)`,
        request: async (c: AdminCase) => ({ url: `admin/${resource}/${await freshRow(c, resource)}` }),
        check: async (res: { statusCode: number }, c: AdminCase, request: { url: string }) => {
          const id = Number(request.url.split('/').pop());
          const table = TABLES[resource]!;
          const rows = await queryRows(c.ctx.db, sql`select 1 from ${table} where id = ${id}`);
          expect(rows).toHaveLength(res.statusCode === 200 ? 0 : 1);
        },
      },
    ]),
    ...(['partenaires', 'partenaires-presses'] as const).map((resource) => ({
      route: route('POST', `${resource}/reorder`),
      when: `reorders the ${resource}`,
      request: async (c: AdminCase) => {
        const table = resource === 'partenaires' ? partenaires : partenairesPresses;
        return {
          url: `admin/${resource}/reorder`,
          body: { ids: [await freshPartner(c, table), await freshPartner(c, table)] },
        };
      },
    })),
    {
      route: route('POST', 'stands/import'),
      when: 'imports a layout file',
      request: async (c) => ({ url: 'admin/stands/import', body: { csv: (await standCsv(c)).csv, commit: true } }),
    },
    { route: route('GET', 'sib/1'), when: 'reads the show record' },
    {
      route: route('PUT', 'sib/1'),
      when: 'changes the show record',
      request: async (c) => ({ url: 'admin/sib/1', body: { logoSponsorOfficielId: await image(c) } }),
    },
    { route: route('GET', 'agence/1'), when: 'reads the agency record' },
    {
      route: route('PUT', 'agence/1'),
      when: 'changes the agency record',
      request: () => ({ url: 'admin/agence/1', body: { website: 'https://agence.example.com' } }),
    },
  ],
  writes: {
    [route('POST', 'media')]: async (c: AdminCase): Promise<AdminWrite> => ({
      url: 'admin/media',
      body: await pngForm('audit.png'),
      recordId: String(await nextId(c.ctx.db, media)),
      status: 201,
    }),
    ...Object.fromEntries(
      RESOURCES.flatMap((resource) => [
        [
          route('POST', resource),
          async (c: AdminCase): Promise<AdminWrite> => ({
            url: `admin/${resource}`,
            body: await newRecord(c, resource),
            recordId: String(await nextId(c.ctx.db, TABLES[resource]!)),
            status: 201,
          }),
        ],
        [
          route('PUT', `${resource}/:id`),
          async (c: AdminCase): Promise<AdminWrite> => {
            const id = await freshRow(c, resource);
            return { url: `admin/${resource}/${id}`, body: CHANGES[resource], recordId: String(id) };
          },
        ],
        [
          route('DELETE', `${resource}/:id`),
          async (c: AdminCase): Promise<AdminWrite> => {
            const id = await freshRow(c, resource);
            return { url: `admin/${resource}/${id}`, recordId: String(id) };
          },
        ],
      ]),
    ),
    ...Object.fromEntries(
      (['partenaires', 'partenaires-presses'] as const).map((resource) => [
        route('POST', `${resource}/reorder`),
        async (c: AdminCase): Promise<AdminWrite> => {
          const table = resource === 'partenaires' ? partenaires : partenairesPresses;
          const ids = [await freshPartner(c, table), await freshPartner(c, table)];
          return { url: `admin/${resource}/reorder`, body: { ids }, recordId: ids.join(',') };
        },
      ]),
    ),
    [route('POST', 'stands/import')]: async (c: AdminCase): Promise<AdminWrite> => {
      const { gateId, csv } = await standCsv(c);
      return { url: 'admin/stands/import', body: { csv, commit: true }, recordId: String(gateId) };
    },
    [route('PUT', 'sib/1')]: async (c: AdminCase): Promise<AdminWrite> => ({
      url: 'admin/sib/1',
      body: { mediaFullBackgroundId: await image(c) },
      recordId: '1',
    }),
    [route('PUT', 'agence/1')]: async (): Promise<AdminWrite> => ({
      url: 'admin/agence/1',
      body: { email: 'agence@example.com' },
      recordId: '1',
    }),
  },
};
