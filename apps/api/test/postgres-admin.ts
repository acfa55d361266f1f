import pg from 'pg';

/** Runs one statement on the PostgreSQL server of `base` (a database created or dropped), on a connection of its own. */
export async function adminQuery(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The address of the database `name` on the server of `base`. */
export const databaseUrl = (base: string, name: string): string =>
  Object.assign(new URL(base), { pathname: `/${name}` }).toString();
