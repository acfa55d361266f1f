import { asc, count, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { newsletters } from '../../db/schema';
import { freshDatabase } from '../../../test/helper';
import { readPage, type ListQuery } from '../../lib/admin-list';

/** readPage, which every back-office list reads its page and its total with, on a real database. */

let database: Database;
let drop: () => Promise<void>;

// Seven subscribers, a to g: a, c, e and g read English.
const EMAILS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter) => `${letter}@example.com`);
const english = (email: string) => 'aceg'.includes(email[0]!);

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.db
    .insert(newsletters)
    .values(EMAILS.map((email) => ({ email, language: english(email) ? 'en' : 'fr' })));
});
afterAll(async () => {
  await database.close();
  await drop();
});

const list = (query: Partial<ListQuery>): ListQuery => ({
  orderBy: [asc(newsletters.email)],
  where: [],
  offset: 0,
  limit: 25,
  ...query,
});

const read = (query: Partial<ListQuery>, scope?: Parameters<typeof readPage>[3]) =>
  readPage(
    list(query),
    database.db.select({ email: newsletters.email }).from(newsletters).$dynamic(),
    database.db.select({ n: count() }).from(newsletters).$dynamic(),
    scope,
  );
const emails = (rows: { email: string }[]) => rows.map((row) => row.email);

describe('readPage', () => {
  it('gives the rows of the page asked for, in the order of the list', async () => {
    const { rows } = await read({ orderBy: [desc(newsletters.email)], offset: 2, limit: 3 });
    expect(emails(rows)).toEqual(['e@example.com', 'd@example.com', 'c@example.com']);
  });

  it('counts every row of the list, not only those of the page', async () => {
    const { rows, total } = await read({ offset: 1, limit: 2 });
    expect(emails(rows)).toEqual(['b@example.com', 'c@example.com']);
    expect(total).toBe(7);
  });

  it('applies the filter to the page and to the total alike', async () => {
    const { rows, total } = await read({ where: [eq(newsletters.language, 'en')], limit: 3 });
    expect(emails(rows)).toEqual(['a@example.com', 'c@example.com', 'e@example.com']);
    expect(total).toBe(4);
  });

  it('keeps to the scope as well as to the filter, in the page and in the total', async () => {
    const { rows, total } = await read(
      { where: [eq(newsletters.language, 'en')] },
      like(newsletters.email, '%g@example.com'),
    );
    expect(emails(rows)).toEqual(['g@example.com']);
    expect(total).toBe(1);
  });

  it('answers an empty page past the end of the list, with the total still right', async () => {
    const { rows, total } = await read({ where: [eq(newsletters.language, 'fr')], offset: 3, limit: 25 });
    expect(rows).toEqual([]);
    expect(total).toBe(3);
  });

  it('answers an empty page and a total of 0 when the filter keeps no row', async () => {
    const { rows, total } = await read({ where: [eq(newsletters.language, 'de')] });
    expect(rows).toEqual([]);
    expect(total).toBe(0);
  });
});
