import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveVersion } from '../src/domains/exhibitor-area/page-versions.service';
import { migrationsFolder } from '../src/paths';

/**
 * Migrations 0041, 0042 and 0043 turn each `…_fr`/`…_en` pair (the sectors', the conferences', the
 * editions' theme, the exhibitors' presentation) into one multilingual value `{ "fr": …, "en": … }`:
 * a database written before them keeps every text.
 */

const TAG = '0041_multilingual_sectors_conferences';
let db: PGlite;
let before: string;

/** The migrations folder as it was before `TAG`: the same files, the journal stopping short of it. */
async function foldersBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'salon-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

const rows = async <T>(query: string) => (await db.query<T>(query)).rows;

beforeAll(async () => {
  before = await foldersBefore(TAG);
  db = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(db), { migrationsFolder: before });
  await db.exec(`
    insert into sectors (kind, position, name_fr, name_en, description_fr, description_en) values
      ('page', 900, 'Énergie', 'Energy', 'Le solaire et l’éolien.', 'Solar and wind.'),
      ('choice', 900, 'Toiture', 'Roofing', null, null);
    insert into events (id, name, edition, year) values (9001, 'Salon test', 91, 2031);
    insert into conferences (event_id, number, title_fr, title_en, theme_fr, theme_en, description_fr, description_en, day, starts_at, ends_at) values
      (9001, 'M1', 'Le béton', 'Concrete', 'Matériaux', null, 'Avec K. Alaoui.', 'With K. Alaoui.', '2031-05-29', '10:00', '11:00');
  `);
  await migrate(drizzle(db), { migrationsFolder });
}, 60_000);

afterAll(async () => {
  await db?.close();
  await rm(before, { recursive: true, force: true });
});

/** A database migrated up to `tag`, written by `write`, then migrated to the end. */
async function writtenBefore(tag: string, write: string): Promise<PGlite> {
  const dir = await foldersBefore(tag);
  const written = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(written), { migrationsFolder: dir });
    await written.exec(write);
    await migrate(drizzle(written), { migrationsFolder });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return written;
}

describe('migration 0041, the sectors’ and conferences’ texts as multilingual values', () => {
  it('keeps each sector’s name and description in both languages, a missing description as null', async () => {
    expect(await rows(`select kind, name, description from sectors where position = 900 order by kind`)).toEqual([
      {
        kind: 'page',
        name: { fr: 'Énergie', en: 'Energy' },
        description: { fr: 'Le solaire et l’éolien.', en: 'Solar and wind.' },
      },
      { kind: 'choice', name: { fr: 'Toiture', en: 'Roofing' }, description: { fr: null, en: null } },
    ]);
  });

  it('keeps each conference’s title, theme and description in both languages', async () => {
    expect(await rows(`select number, title, theme, description from conferences where event_id = 9001`)).toEqual([
      {
        number: 'M1',
        title: { fr: 'Le béton', en: 'Concrete' },
        theme: { fr: 'Matériaux', en: null },
        description: { fr: 'Avec K. Alaoui.', en: 'With K. Alaoui.' },
      },
    ]);
  });

  it('leaves no …_fr or …_en column in these tables', async () => {
    const columns = await rows<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_name in ('sectors', 'conferences') and column_name ~ '_(fr|en)$'`,
    );
    expect(columns).toEqual([]);
  });

  it('still refuses two sectors of a kind with one French name, and takes it in another kind', async () => {
    await expect(
      db.exec(`insert into sectors (kind, position, name, description)
        values ('choice', 901, '{"fr": "Toiture", "en": "Roofs"}', '{}')`),
    ).rejects.toThrow(/sectors_kind_name/);
    await db.exec(`insert into sectors (kind, position, name, description)
      values ('page', 901, '{"fr": "Toiture", "en": "Roofing"}', '{}')`);
  });
});

describe('migration 0042, the editions’ theme as one multilingual value', () => {
  let editions: PGlite;
  beforeAll(async () => {
    editions = await writtenBefore(
      '0042_multilingual_edition_theme',
      `insert into events (id, name, edition, year, theme, theme_en) values
         (9101, 'Deux langues', 92, 2032, 'Bâtir durable', 'Building to last'),
         (9102, 'Français seul', 93, 2033, 'Bâtir ensemble', null),
         (9103, 'Sans thème', 94, 2034, null, null);`,
    );
  }, 60_000);
  afterAll(async () => {
    await editions?.close();
  });

  it('keeps each edition’s theme in both languages, a missing one as null', async () => {
    const { rows: themes } = await editions.query(`select id, theme from events where id > 9100 order by id`);
    expect(themes).toEqual([
      { id: 9101, theme: { fr: 'Bâtir durable', en: 'Building to last' } },
      { id: 9102, theme: { fr: 'Bâtir ensemble', en: null } },
      { id: 9103, theme: { fr: null, en: null } },
    ]);
  });

  it('leaves no theme_en column, and gives a new edition no theme', async () => {
    const { rows: columns } = await editions.query(
      `select column_name from information_schema.columns where table_name = 'events' and column_name ~ '_(fr|en)$'`,
    );
    expect(columns).toEqual([]);
    await editions.exec(`insert into events (id, name, edition, year) values (9104, 'Nouvelle', 95, 2035)`);
    expect((await editions.query(`select theme from events where id = 9104`)).rows).toEqual([{ theme: {} }]);
  });
});

describe('migration 0043, the exhibitors’ presentation as one multilingual value', () => {
  let pages: PGlite;
  /** A version waiting for review, as the exhibitor's save kept it before 0043. */
  const waiting = (fr: string | null, en: string | null) =>
    JSON.stringify({
      descriptionFr: fr,
      descriptionEn: en,
      sectorIds: [3],
      brands: ['Atlas'],
      website: 'https://atlas.example/',
      linkedin: null,
      facebook: null,
      instagram: null,
      youtube: null,
      x: null,
      documentIds: [],
      logoId: null,
    });
  beforeAll(async () => {
    pages = await writtenBefore(
      '0043_multilingual_exhibitor_description',
      `insert into roles (id, name, type) values (1, 'Authenticated', 'authenticated');
       insert into users (id, type, role_id, name, email, username) values
         (9201, 'exhibitor', 1, 'Atlas', 'atlas@example.test', 'atlas'),
         (9202, 'exhibitor', 1, 'Rif', 'rif@example.test', 'rif'),
         (9203, 'exhibitor', 1, 'Souss', 'souss@example.test', 'souss');
       insert into exhibitor_profiles (user_id, description_fr, description_en, brands, pending, held_reason) values
         (9201, 'Du béton prêt à l’emploi.', 'Ready-mixed concrete.', '{Atlas}', '${waiting('Du béton, partout.', null)}', 'Trop vague.'),
         (9202, 'Des briques.', null, '{}', null, null),
         (9203, null, null, '{}', '${waiting(null, 'Aggregates.')}', null);`,
    );
  }, 60_000);
  afterAll(async () => {
    await pages?.close();
  });

  it('keeps each page’s presentation in both languages, a missing one as null', async () => {
    const { rows: found } = await pages.query(`select user_id, description from exhibitor_profiles order by user_id`);
    expect(found).toEqual([
      { user_id: 9201, description: { fr: 'Du béton prêt à l’emploi.', en: 'Ready-mixed concrete.' } },
      { user_id: 9202, description: { fr: 'Des briques.', en: null } },
      { user_id: 9203, description: { fr: null, en: null } },
    ]);
  });

  it('rewrites each version waiting for review to the same shape, its other fields and the reason kept', async () => {
    const { rows: found } = await pages.query(
      `select user_id, pending, held_reason from exhibitor_profiles order by user_id`,
    );
    const rest = {
      sectorIds: [3],
      brands: ['Atlas'],
      website: 'https://atlas.example/',
      documentIds: [],
      logoId: null,
    };
    expect(found).toEqual([
      {
        user_id: 9201,
        pending: expect.objectContaining({ ...rest, description: { fr: 'Du béton, partout.', en: null } }) as unknown,
        held_reason: 'Trop vague.',
      },
      { user_id: 9202, pending: null, held_reason: null },
      {
        user_id: 9203,
        pending: expect.objectContaining({ ...rest, description: { fr: null, en: 'Aggregates.' } }) as unknown,
        held_reason: null,
      },
    ]);
    // Exactly the fields of a version as the app reads it, so that 'Publier' puts it live as it is.
    const fields = Object.keys(liveVersion(null, null)).sort();
    for (const { pending } of found as { pending: object | null }[]) {
      if (pending) expect(Object.keys(pending).sort()).toEqual(fields);
    }
  });

  it('leaves no description_fr or description_en column, and gives a new page an empty presentation', async () => {
    const { rows: columns } = await pages.query(
      `select column_name from information_schema.columns where table_name = 'exhibitor_profiles' and column_name ~ '_(fr|en)$'`,
    );
    expect(columns).toEqual([]);
    await pages.exec(`insert into users (id, type, role_id, name, email, username)
      values (9204, 'exhibitor', 1, 'Cèdre', 'cedre@example.test', 'cedre');
      insert into exhibitor_profiles (user_id) values (9204)`);
    expect((await pages.query(`select description from exhibitor_profiles where user_id = 9204`)).rows).toEqual([
      { description: {} },
    ]);
  });
});
